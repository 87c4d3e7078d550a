// `npm run bench`: every benchmark, each printed as a ratio against a baseline from the same run.
// `npm run bench -- engine` runs one suite (`hostcpu`, part of `bridge`, runs alone only when named).
// `reliability` runs every test/bench/reliability-*.ts, each of which default-exports an async function
// that prints its trials' figures.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchBridge } from './bridge.js';
import { benchCli } from './cli.js';
import { benchEngine } from './engine.js';
import { benchHostCpu } from './host-cpu.js';
import { benchHistory } from './history.js';
import { benchMcp } from './mcp.js';
import { benchPanel } from './panel.js';
import { benchSpawnSize } from './spawn-size.js';
import { benchStart } from './start.js';
import { benchValidate } from './validate.js';
import { benchWatchChurn } from './watch-churn.js';

const only = process.argv[2];
const suites: Record<string, () => Promise<void>> = {
  validate: benchValidate,
  engine: benchEngine,
  bridge: benchBridge,
  spawn: benchSpawnSize,
  cli: benchCli,
  start: benchStart,
  mcp: benchMcp,
  history: benchHistory,
  panel: benchPanel,
  watch: benchWatchChurn,
  reliability: benchReliability,
  // Also part of `bridge`: run on its own only when named.
  hostcpu: () => benchHostCpu(),
};
for (const [name, run] of Object.entries(suites)) {
  if (only ? only !== name : name === 'hostcpu') continue;
  await run();
}

async function benchReliability(): Promise<void> {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const file of readdirSync(here)
    .filter((f) => /^reliability-.*\.js$/.test(f))
    .sort()) {
    const suite = (await import(new URL(file, import.meta.url).href)) as { default: () => Promise<void> };
    await suite.default();
  }
}
