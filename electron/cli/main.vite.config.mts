// The `hookpanel` command's entry with the path `emit` takes on every tool call (the command table, the
// hot argument reader, emit, its request to the host, the answer's check, the intake protocol and
// UsageError) in one file: files loaded one by one cost Node 24 more to resolve and link than their code
// costs to run (~1.5 ms each). What emit does not take on that path stays where it was: every other
// command and program.ts (imported on demand, one file each) and emit-local's bundle.
import { defineConfig } from 'vite';
import { moduleUrlsAsUnbundled, nodeBundle, ownModulesUnbundled, root } from './bundle-plugins.mts';

const ENTRY = 'electron/cli/main';

export default defineConfig({
  // No chunks: emit's modules, imported on demand, go into the entry itself.
  ...nodeBundle({ input: { [ENTRY]: `${root}${ENTRY}.ts` }, external: [] }),
  plugins: [
    moduleUrlsAsUnbundled(),
    ownModulesUnbundled([], { dynamicBut: ['electron/cli/commands/emit.ts'] }),
  ],
});
