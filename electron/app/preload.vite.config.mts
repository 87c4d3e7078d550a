// Builds the sandboxed preload as one CommonJS file with the contract's channel names bundled in
// (a sandboxed preload may require only 'electron'): dist/electron/app/preload.cjs, which window.ts loads.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  logLevel: 'warn',
  build: {
    lib: { entry: `${here}preload.source.cts`, formats: ['cjs'], fileName: () => 'preload.cjs' },
    outDir: `${here}../../dist/electron/app`,
    emptyOutDir: false,
    minify: false,
    sourcemap: false,
    target: 'node20',
    rollupOptions: { external: ['electron'] },
  },
});
