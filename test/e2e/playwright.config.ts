import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  outputDir: '../../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    viewport: { width: 1400, height: 900 },
    // The browser itself is chosen by chromium.ts when a browser-mode test first needs one.
    launchOptions: {
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
  // The same specs in the browser panel and in the Electron app (which skip, saying why, without a binary).
  projects: [{ name: 'browser' }, { name: 'electron' }],
});
