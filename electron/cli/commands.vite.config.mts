// The `hookpanel` commands that load the host (check, trust, connect, history, serve, …) and the
// history's worker thread, each bundled into the file tsc emitted for it, with one shared set of chunks:
// a command run loads a few files where, as tsc leaves them, Node resolved and read some four hundred
// (the host, zod, yaml, every dialect), which cost more CPU than the command's own work (README.md,
// "Test": the figures). main.ts, the command
// table, commander and `emit` (its own bundles) stay as tsc emits them, and so does output.ts, whose
// UsageError main.ts tells by `instanceof`. Left in node_modules: native and WebAssembly modules (libsql,
// koffi, web-tree-sitter), those loaded on demand only (the MCP SDK, sudo-prompt, proper-lockfile, whose
// graceful-fs patches fs at load) and the CommonJS ones that probe at load (ws, chokidar). Unbundled, as
// tsc alone leaves them, the commands behave the same, only slower.
import { defineConfig } from 'vite';
import {
  freshChunks,
  moduleUrlsAsUnbundled,
  nodeBundle,
  ownModulesUnbundled,
  partsByConvention,
  root,
} from './bundle-plugins.mts';

const COMMANDS = 'electron/cli/commands';
const CHUNKS = `${COMMANDS}-chunks`;
/** Every command module definitions.ts runs, but emit's (emit, emit-socket, emit-local: bundled apart). */
const BUNDLED_COMMANDS = [
  'ask-me',
  'check',
  'completion',
  'connect',
  'guard',
  'history',
  'remote',
  'requests',
  'serve',
  'trust',
];

/**
 * The history worker, which every host starts (history/store.ts): a thread of its own that loaded its
 * modules one file at a time as tsc leaves them. Bundled with the commands, it shares their chunks.
 */
const HISTORY_WORKER = 'electron/host/history/worker';

const PACKAGES_KEPT = [
  'libsql',
  'koffi',
  'web-tree-sitter',
  '@modelcontextprotocol/sdk',
  '@vscode/sudo-prompt',
  'proper-lockfile',
  'ws',
  'chokidar',
];

export default defineConfig({
  ...nodeBundle({
    input: {
      ...Object.fromEntries(BUNDLED_COMMANDS.map((c) => [`${COMMANDS}/${c}`, `${root}${COMMANDS}/${c}.ts`])),
      [HISTORY_WORKER]: `${root}${HISTORY_WORKER}.ts`,
    },
    chunks: CHUNKS,
    external: PACKAGES_KEPT,
  }),
  plugins: [
    freshChunks(CHUNKS),
    partsByConvention(),
    moduleUrlsAsUnbundled(),
    ownModulesUnbundled(['electron/cli/output.ts', 'electron/cli/definitions.ts']),
  ],
});
