// The modules on the bridge's light path, each bundled with what it imports into the file tsc emitted
// for it: loading many small files is what costs there, so `hookpanel emit` loads one file before it
// sends and one once the host answers. Unbundled, as tsc alone leaves them, they behave the same, only
// slower.
//  - electron/host/intake/protocol.ts, with the table of dialects made from their manifests;
//  - electron/cli/answer.ts, with the answer check generated from the answer's schema.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const LIGHT_ENTRIES = {
  'electron/host/intake/protocol': `${root}electron/host/intake/protocol.ts`,
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
