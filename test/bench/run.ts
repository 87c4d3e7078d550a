// `npm run bench`: every benchmark, each printed as a ratio against a baseline from the same run.
// `npm run bench -- engine` runs one suite.
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
};
for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  await run();
}
