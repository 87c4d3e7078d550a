import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  outputDir: '../../test-results/e2e',
  // A deadline for a hang, not a measure.
  timeout: 120_000,
  // An assertion's wait is a deadline for a hang too: the panel's answer to a CLI run (`hookpanel emit`)
  // may take seconds on two busy cores.
  expect: { timeout: 20_000 },
  // Two files at once: every test has its own home and its own `hookpanel serve`, and most of a test's
  // time is spent waiting on the panel. (Two workers beside the Node 24 pass once lost desktop
  // notifications: the panel marked one shown before the browser had shown it, and one show the
  // browser never settled held back the rest, fixed in renderer/src/notify/browser-notify.ts.)
  // Tests within a file run in order, on one worker. HOOKPANEL_TEST_WORKERS sets the number.
  workers: Number(process.env.HOOKPANEL_TEST_WORKERS) || 2,
  // A stray test.only would silently run one test and pass the tier.
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    viewport: { width: 1400, height: 900 },
    // The browser itself is chosen by chromium.ts when a browser-mode test first needs one: a headless
    // shell for every spec but those of desktop notifications (showsNotifications), which need a full
    // Chromium. The shell ran panel.spec.ts on 15 CPU s of Chromium, a full Chromium on 42–45; flags
    // did not close that (--in-process-gpu --no-zygote --disable-gpu-compositing
    // --disable-site-isolation-trials: 43). Figures in docs/engine.md, "What starting a host costs".
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
