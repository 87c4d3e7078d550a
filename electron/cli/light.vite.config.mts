// The module on the bridge's light path that stays a file of its own, bundled with what it imports into
// the file tsc emitted for it: loading many small files is what costs there. `hookpanel emit` loads its
// entry (main.vite.config.mts, which holds the intake protocol) before it sends, and this one while the
// host works: electron/cli/answer.ts, with the answer check generated from the answer's schema.
// Unbundled, as tsc alone leaves it, it behaves the same, only slower.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const LIGHT_ENTRIES = {
  'electron/cli/answer': `${root}electron/cli/answer.ts`,
};

export default defineConfig({
  logLevel: 'warn',
  build: {
    lib: { entry: LIGHT_ENTRIES, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    outDir: `${root}dist`,
    emptyOutDir: false,
    minify: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: { external: [/^node:/], output: { sourcemapExcludeSources: true } },
  },
});
