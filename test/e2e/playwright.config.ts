import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  outputDir: '../../test-results/e2e',
  // A deadline for a hang, not a measure.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // One worker, on a machine of its own: with two (and the Node 24 pass beside them) the desktop
  // notifications of browser-notifications.spec came late or not at all in 2 of 2 CI runs here (a
  // different test each time), which one worker alone never showed. HOOKPANEL_TEST_WORKERS sets more.
  workers: Number(process.env.HOOKPANEL_TEST_WORKERS) || 1,
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
