// `npm run bench`: every benchmark, each printed as a ratio against a baseline from the same run.
// `npm run bench -- engine` runs one suite; `npm run bench -- reliability` runs every reliability-*.ts.
import { readdirSync } from 'node:fs';
import { benchEngine } from './engine.js';
import { benchHistory } from './history.js';
import { benchMcp } from './mcp.js';
import { benchPanel } from './panel.js';
import { benchValidate } from './validate.js';

const only = process.argv[2];
const suites: Record<string, () => Promise<void>> = {
  validate: benchValidate,
  engine: benchEngine,
  mcp: benchMcp,
  history: benchHistory,
  panel: benchPanel,
  // Each reliability-*.ts here exports its run as the default.
  reliability: async () => {
    const here = new URL('.', import.meta.url);
    for (const file of readdirSync(here)
      .filter((f) => /^reliability-.*\.js$/.test(f))
      .sort()) {
      const suite = (await import(new URL(file, here).href)) as { default: () => Promise<void> };
      await suite.default();
    }
  },
};
for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  await run();
}
