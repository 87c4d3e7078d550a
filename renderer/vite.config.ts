import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  build: {
    outDir: `${here}../dist/renderer`,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // The notifications service worker (renderer/src/notify/sw.ts) is a second entry, built to the
      // panel's root under a fixed name: its scope is the folder it is served from, and a page registers
      // it by name. It imports nothing at run time, so it stays one classic script.
      input: { index: `${here}index.html`, 'notify-sw': `${here}src/notify/sw.ts` },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'notify-sw' ? 'notify-sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
