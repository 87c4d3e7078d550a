// `npm run bench`: every benchmark, each printed as a ratio against a baseline from the same run.
import { benchValidate } from './validate.js';

const only = process.argv[2];
const suites: Record<string, () => Promise<void>> = { validate: benchValidate };
for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  await run();
}
