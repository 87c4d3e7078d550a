// The in-process `hookpanel emit` (no host running: it runs the engine itself) bundled into the file tsc
// emitted for it, with everything it imports but libsql (a native module) and the MCP SDK (loaded only
// by an mcp_tool hook). An agent may call emit on every tool call: Node loading some four hundred small
// modules one by one (the host, zod, yaml, the dialects, execa) cost more than the engine's whole work.
// execa stays a chunk of its own, loaded by the first hook that runs a process. Unbundled, as tsc alone
// leaves it, it behaves the same, only slower.
import { defineConfig } from 'vite';
import {
  dialectsByConvention,
  freshChunks,
  moduleUrlsAsUnbundled,
  ownModulesStatic,
  root,
} from './bundle-plugins.mts';

const ENTRY = 'electron/cli/commands/emit-local';

export default defineConfig({
  logLevel: 'warn',
  plugins: [
    freshChunks(`${ENTRY}-chunks`),
    dialectsByConvention(),
    moduleUrlsAsUnbundled(),
    ownModulesStatic(),
  ],
  ssr: { target: 'node', noExternal: true, external: ['libsql', '@modelcontextprotocol/sdk'] },
  build: {
    ssr: true,
    outDir: `${root}dist`,
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'node20',
    rollupOptions: {
      input: { [ENTRY]: `${root}${ENTRY}.ts` },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        // Named without a hash, so a new build replaces the last one's chunks.
        chunkFileNames: `${ENTRY}-chunks/[name].js`,
      },
    },
  },
});
