// The `hookpanel` command's entry with the path `emit` takes on every tool call (the command table, the
// hot argument reader, emit and its request to the host) in one file: a dozen files loaded one by one
// cost Node 24 more to resolve and link than their code costs to run. What emit does not take on that
// path stays where it was: every other command and program.ts (imported on demand, one file each), the
// light bundles (intake/protocol.js, answer.js), emit-local's bundle, and output.ts, whose UsageError
// main.ts tells by `instanceof` from every command.
import { defineConfig } from 'vite';
import { moduleUrlsAsUnbundled, nodeBundle, ownModulesUnbundled, root } from './bundle-plugins.mts';

const ENTRY = 'electron/cli/main';

export default defineConfig({
  // No chunks: emit's modules, imported on demand, go into the entry itself.
  ...nodeBundle({ input: { [ENTRY]: `${root}${ENTRY}.ts` }, external: [] }),
  plugins: [
    moduleUrlsAsUnbundled(),
    ownModulesUnbundled(
      ['electron/cli/output.ts', 'electron/host/intake/protocol.ts', 'electron/cli/answer.ts'],
      { dynamicBut: ['electron/cli/commands/emit.ts'] },
    ),
  ],
});
