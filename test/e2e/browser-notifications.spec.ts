// Ask me in browser mode (docs/engine.md, "Browser mode"): real desktop notifications through the browser's
// Notifications API and the panel's service worker. A held permission request (a real bridge process held
// by the host) shows one with Allow and Deny, read back from the browser itself; answering it anywhere
// closes it; the worker's click handler answers the agent; turn done shows one unless its kind is switched
// off.
//
// Chromium's headless shell (the @sparticuz build the other specs run on, and the one this tier falls
// back to) answers "denied" to every notification whatever the context grants, and lists nothing: these
// tests ask for a full Chromium (showsNotifications), and skip, saying so, where only the shell is found;
// CI installs Debian's `chromium` and requires them (HOOKPANEL_REQUIRE_NOTIFICATIONS=1).
import type { Page, Worker } from '@playwright/test';
import { axeViolations } from './axe.js';
import { askMeSaved, expect, test, type Panel } from './fixtures.js';

// Every test here, the browser's own permission prompt included: a full Chromium, never the shell.
test.use({ showsNotifications: true });

interface Shown {
  title: string;
  body: string;
  tag: string;
  actions: { action: string; title: string }[];
}

// Browser-side code is passed as text: this project compiles without the DOM library. Every listing
// holds the lock the panel holds while it lists and shows (NOTIFICATIONS_LOCK, browser-notify.ts): Chromium
// drops a notification shown while another call lists them, so a test that listed freely lost one.
const LISTED = `navigator.locks.request('hookpanel-notifications', () =>
  navigator.serviceWorker.ready.then((r) => r.getNotifications()))`;
const LIST_SHOWN = `${LISTED}
  .then((list) => list.map((n) => ({
    title: n.title,
    body: n.body,
    tag: n.tag,
    actions: (n.actions ?? []).map((a) => ({ action: a.action, title: a.title })),
  })))`;
const PERMISSION = 'Notification.permission';

/** The notifications the browser lists as shown by the panel's service worker. */
function shown(page: Page): Promise<Shown[]> {
  return page.evaluate<Shown[]>(LIST_SHOWN);
}

/** Each shown notification's data, as JSON. */
function notificationData(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`${LISTED}.then((l) => l.map((n) => JSON.stringify(n.data)))`);
}

/** Skips unless this browser really shows notifications to the granted page. */
async function needsNotifications(page: Page, panel: Panel): Promise<void> {
  test.skip(!!panel.app, 'browser mode only: the desktop app shows native notifications');
  await panel.goto(page);
  const permission = await page.evaluate<string>(PERMISSION);
  if (permission !== 'granted')
    console.log(
      `browser-notifications: Notification.permission is "${permission}" here; set HOOKPANEL_CHROMIUM to a full Chromium to run the shown-notification tests`,
    );
  // CI installs a full Chromium (.ci/run) and sets this: there a browser that cannot notify fails.
  if (permission !== 'granted' && process.env.HOOKPANEL_REQUIRE_NOTIFICATIONS === '1')
    throw new Error(
      `HOOKPANEL_REQUIRE_NOTIFICATIONS=1 but this Chromium says Notification.permission is "${permission}": the shown-notification tests need a full Chromium`,
    );
  test.skip(
    permission !== 'granted',
    `this Chromium says Notification.permission is "${permission}" although the context granted it (the headless shell denies every notification): run with HOOKPANEL_CHROMIUM set to a full Chromium`,
  );
}

async function askMeOn(page: Page, panel: Panel): Promise<void> {
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByLabel(/Ask me: Claude Code's permission requests/).check();
  await askMeSaved(panel, 'claude');
  await expect(page.getByLabel('Desktop notifications in this browser')).toBeChecked();
}

async function worker(page: Page): Promise<Worker> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  return page.context().serviceWorkers()[0] ?? page.context().waitForEvent('serviceworker');
}

const REQUEST = (cwd: string) => ({
  session_id: 's',
  tool_name: 'Bash',
  tool_input: { command: 'git push --force origin main', description: 'push' },
  cwd,
});

test.describe('with notifications granted', () => {
  test.use({ contextOptions: { permissions: ['notifications'] } });

  test('a held request shows a notification with Allow and Deny; answering in the card closes it', async ({
    page,
    panel,
  }) => {
    await needsNotifications(page, panel);
    await askMeOn(page, panel);
    const held = panel.emit('claude', 'PermissionRequest', REQUEST(panel.env.workspace));
    const card = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
    await expect(card).toBeVisible();
    const id = (await card.getAttribute('id'))!.replace(/^request-/, '');
    await expect
      .poll(() => shown(page))
      .toEqual([
        {
          title: 'Claude Code asks to use Bash',
          body: `git push --force origin main\nin ${panel.env.workspace.split('/').at(-1)}`,
          tag: `hookpanel-request:${id}`,
          actions: [
            { action: 'allow', title: 'Allow' },
            { action: 'deny', title: 'Deny' },
          ],
        },
      ]);
    // The browser keeps a notification's data after the page is gone: the token is never in it.
    const token = new URL(panel.url).searchParams.get('token')!;
    for (const d of await notificationData(page)) {
      expect(d).not.toContain(token);
      expect(JSON.parse(d).panel).toBe(new URL('/', panel.url).href);
    }
    await card.getByRole('button', { name: 'Deny' }).click();
    expect(JSON.parse((await held).stdout).hookSpecificOutput.decision.behavior).toBe('deny');
    await expect.poll(() => shown(page)).toEqual([]);
  });

  test("the worker's Allow and Deny answer the agent; a click on the notification opens its card", async ({
    page,
    panel,
  }) => {
    await needsNotifications(page, panel);
    await askMeOn(page, panel);
    const sw = await worker(page);
    const click = async (action: string) => {
      await expect.poll(async () => (await shown(page)).length).toBe(1);
      const { tag } = (await shown(page))[0]!;
      // The same function the worker's notificationclick runs; only the desktop's click is not real.
      await sw.evaluate(`self.clickNotification(${JSON.stringify(tag)}, ${JSON.stringify(action)})`);
    };

    const allowed = panel.emit('claude', 'PermissionRequest', REQUEST(panel.env.workspace));
    await click('allow');
    expect(JSON.parse((await allowed).stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
    await expect(page.getByRole('region', { name: 'Waiting for you' })).toHaveCount(0);
    await expect.poll(() => shown(page)).toEqual([]);

    const denied = panel.emit('claude', 'PermissionRequest', REQUEST(panel.env.workspace));
    await click('deny');
    expect(JSON.parse((await denied).stdout).hookSpecificOutput.decision).toEqual({
      behavior: 'deny',
      message: 'Denied in Hookpanel',
    });

    // A click on the notification itself (no action): the panel shows the card, focused.
    const waiting = panel.emit('claude', 'PermissionRequest', REQUEST(panel.env.workspace));
    await page.getByRole('tab', { name: /History/ }).click();
    await click('');
    const card = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
    await expect(card).toBeFocused();
    await panel.shot(page, 'browser-notify-card-focused');
    await card.getByRole('button', { name: 'Allow' }).click();
    expect(JSON.parse((await waiting).stdout).hookSpecificOutput.decision.behavior).toBe('allow');
  });

  test('turn done shows a notification; with its kind switched off, none', async ({ page, panel }) => {
    await needsNotifications(page, panel);
    await panel.emit('claude', 'Stop', { session_id: 's' });
    await expect
      .poll(async () => (await shown(page)).map((n) => n.title))
      .toEqual(['Claude Code finished a turn']);
    const token = new URL(panel.url).searchParams.get('token')!;
    for (const d of await notificationData(page)) expect(d).not.toContain(token);
    // A click on it opens what it is about: the turn's event in History.
    await page.getByRole('tab', { name: /Settings/ }).click();
    const tag = (await shown(page))[0]!.tag;
    await (await worker(page)).evaluate(`self.clickNotification(${JSON.stringify(tag)}, '')`);
    await expect(page.getByRole('tab', { name: /History/ })).toHaveAttribute('aria-selected', 'true');
    await page.evaluate(`${LISTED}.then((l) => l.forEach((n) => n.close()))`);

    await page.getByRole('tab', { name: /Settings/ }).click();
    await page.getByLabel('An agent finished a turn').uncheck();
    await page.getByLabel(/An agent asks for permission/).uncheck();
    await page.getByLabel(/Ask me: Claude Code's permission requests/).check();
    await askMeSaved(panel, 'claude');
    // Switched off: a turn done and a waiting request show nothing. A blocked action (still on) shows,
    // and as notifications are shown in the order they came, nothing before it is still to come.
    await panel.emit('claude', 'Stop', { session_id: 's' });
    const held = panel.emit('claude', 'PermissionRequest', REQUEST(panel.env.workspace));
    await expect(page.getByRole('article', { name: 'Claude Code asks to use Bash' })).toBeVisible();
    await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    await expect.poll(async () => (await shown(page)).length).toBe(1);
    expect((await shown(page))[0]!.title).toMatch(/^Blocked by/);
    // Switched back on, the waiting request shows at once.
    await page.getByLabel(/An agent asks for permission/).check();
    await expect
      .poll(async () => (await shown(page)).map((n) => n.title))
      .toContain('Claude Code asks to use Bash');
    await page
      .getByRole('article', { name: 'Claude Code asks to use Bash' })
      .getByRole('button', { name: 'Allow' })
      .click();
    await held;
    await expect
      .poll(async () => (await shown(page)).map((n) => n.title))
      .not.toContain('Claude Code asks to use Bash');
  });
});

test('the worker is served with its type and CSP, without the token, and holds none', async ({
  page,
  panel,
}) => {
  test.skip(!!panel.app, 'browser mode only');
  await panel.goto(page);
  const token = new URL(panel.url).searchParams.get('token')!;
  const res = await page.request.get(new URL('/notify-sw.js', panel.url).href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/javascript');
  expect(res.headers()['content-security-policy']).toContain("default-src 'none'");
  const text = await res.text();
  expect(text).toContain('notificationclick');
  expect(text).not.toContain(token);
  const registration = await page.evaluate(
    'navigator.serviceWorker.ready.then((r) => ({ scope: r.scope, script: r.active?.scriptURL }))',
  );
  expect(registration).toEqual({
    scope: new URL('/', panel.url).href,
    script: new URL('/notify-sw.js', panel.url).href,
  });
});

test('Settings says plainly when the browser blocks notifications; axe finds nothing', async ({
  page,
  panel,
}) => {
  test.skip(!!panel.app, 'browser mode only');
  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const toggle = page.getByLabel('Desktop notifications in this browser');
  const before = await page.evaluate<string>(PERMISSION);
  if (before === 'default') {
    // The first thing that would notify offers it, once.
    await panel.emit('claude', 'Stop', { session_id: 's' });
    const offer = page.getByRole('region', { name: 'Desktop notifications' });
    await expect(offer).toBeVisible();
    await panel.shot(page, 'browser-notify-offer');
    // Headless Chromium answers the browser's question itself; the panel says what came of it.
    await offer.getByRole('button', { name: 'Turn on desktop notifications' }).click();
    await expect(offer.getByRole('status')).toHaveText(/blocks notifications|without an answer|On:/);
  }
  const permission = await page.evaluate<string>(PERMISSION);
  await expect(toggle).not.toBeChecked();
  await expect(page.locator('#browser-notify-state')).toHaveText(
    permission === 'denied'
      ? /^This browser blocks notifications from the panel\. Allow them in the site settings/
      : /^Off: checking it asks this browser for permission\./,
  );
  const section = page.getByRole('group', { name: 'Notifications' });
  await section.scrollIntoViewIfNeeded();
  await panel.shot(page, 'browser-notify-settings');
  expect(await axeViolations(page, { include: '#settings-notifications', everyImpact: true })).toEqual([]);
});
