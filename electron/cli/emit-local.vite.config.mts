// The in-process `hookpanel emit` (no host running: it runs the engine itself) bundled into the file tsc
// emitted for it, with everything it imports but libsql and koffi (native modules) and the MCP SDK
// (loaded only by an mcp_tool hook). An agent may call emit on every tool call: Node loading some four
// hundred small modules one by one (the host, zod, yaml, the dialects, execa) cost more than the engine's
// whole work. execa stays a chunk of its own, loaded by the first hook that runs a process where
// posix_spawn is not used (process/spawn-hook.ts). Unbundled, as tsc alone leaves it, it behaves the
// same, only slower.
import { defineConfig } from 'vite';
import {
  dialectsByConvention,
  freshChunks,
  moduleUrlsAsUnbundled,
  nodeBundle,
  ownModulesStatic,
  root,
} from './bundle-plugins.mts';

const ENTRY = 'electron/cli/commands/emit-local';

export default defineConfig({
  ...nodeBundle({
    input: { [ENTRY]: `${root}${ENTRY}.ts` },
    chunks: `${ENTRY}-chunks`,
    external: ['libsql', 'koffi', '@modelcontextprotocol/sdk'],
  }),
  plugins: [
    freshChunks(`${ENTRY}-chunks`),
    dialectsByConvention(),
    moduleUrlsAsUnbundled(),
    ownModulesStatic(),
  ],
});
