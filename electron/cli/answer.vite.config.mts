// Bundles electron/cli/answer.ts with the zod/mini it needs into the answer.js tsc emits, so
// `hookpanel emit` checks the host's answer by loading one small file (zod's own files cost ~50 ms).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  logLevel: 'warn',
  build: {
    lib: { entry: `${here}answer.ts`, formats: ['es'], fileName: () => 'answer.js' },
    outDir: `${here}../../dist/electron/cli`,
    emptyOutDir: false,
    minify: true,
    sourcemap: false,
    target: 'node20',
  },
});
