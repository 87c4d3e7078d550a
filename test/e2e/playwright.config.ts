import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  outputDir: '../../test-results/e2e',
  // Two workers share the cores (and the Node 24 pass runs beside them): a deadline for a hang.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Every test has its own home and its own `hookpanel serve`, so files run side by side: two workers
  // (each with its browser) keep two cores busy while the other waits on the panel. On a machine shared
  // with other work, HOOKPANEL_TEST_WORKERS sets the number, as for vitest.
  workers: Number(process.env.HOOKPANEL_TEST_WORKERS) || 2,
  // A stray test.only would silently run one test and pass the tier.
  forbidOnly: !!process.env.CI,
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
