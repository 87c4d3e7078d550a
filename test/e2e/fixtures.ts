// A temporary home and workspace with files of every dialect, and `hookpanel serve` running on it.
import {
  _electron,
  test as base,
  expect,
  type Browser,
  type ElectronApplication,
  type Page,
  type Worker,
} from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, runCli } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { stopChild } from '../helpers/stop-child.js';
import { appNode } from './app-node.js';
import { findChromium, findHeadlessShell } from './chromium.js';

export const SHOTS = join(REPO, 'test-results', 'screenshots');

export interface Panel {
  env: TestEnv;
  url: string;
  serve: ChildProcess | null;
  app: ElectronApplication | null;
  /** Opens the panel: the browser goes to the URL; the Electron window is already there. */
  goto(page: Page): Promise<void>;
  emit(dialect: string, event: string, payload?: unknown): ReturnType<typeof runCli>;
  shot(page: Page, name: string): Promise<void>;
}

export function populate(env: TestEnv): void {
  env.place('~/.arya/polish/hooks.json', 'arya/mixed.json');
  env.place('~/.config/io/io.toml', 'io/user-valid.toml');
  env.place('~/.chrys/hooks/hooks.yaml', 'chrys/warnings.yaml');
  env.place('~/.claude/settings.json', 'claude/settings.json');
  env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'command',
                command: 'grep -q "rm -rf" && { echo "no rm -rf here" >&2; exit 2; }; exit 0',
              },
              { type: 'command', command: '/bin/echo', args: ['audit', 'argument with spaces'] },
            ],
          },
        ],
        Stop: [{ hooks: [{ type: 'command', command: 'echo turn finished' }] }],
      },
    }),
  );
}

export function electronBinary(): { path: string | null; why: string } {
  const pathFile = join(REPO, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile))
    return {
      path: null,
      why: 'no Electron binary: it cannot be downloaded here (ELECTRON_SKIP_BINARY_DOWNLOAD); the browser project runs the same specs',
    };
  const bin = join(REPO, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin)
    ? { path: bin, why: '' }
    : { path: null, why: `the Electron binary ${bin} is missing` };
}

const electronInfo = electronBinary();
let saidWhy = false;
/** An emit's deadline where the test has none (`--timeout 0`): a held request's own, 590 s, and then some. */
const HELD_EMIT_LIMIT_MS = 600_000;

/** Resolves with the URL `hookpanel serve` prints, or rejects with everything it said if it exits first. */
function panelUrl(serve: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      const url = /Panel: (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    };
    serve.stdout!.on('data', onData);
    serve.stderr!.on('data', onData);
    serve.once('exit', (code, signal) =>
      reject(new Error(`hookpanel serve exited (${signal ?? code}) before serving the panel:\n${out}`)),
    );
  });
}

/** A headless shell (the lighter browser, denying every notification), or a full Chromium that shows them. */
type BrowserKind = 'shell' | 'full';

export const test = base.extend<
  { panel: Panel; page: Page; panelEnv: Record<string, string>; showsNotifications: boolean },
  { launchChromium: (kind: BrowserKind) => Promise<Browser> }
>({
  /** More environment for the panel's host (a spec's own ssh config, say): `test.use({ panelEnv })`. */
  panelEnv: [{}, { option: true }],
  /** A spec of desktop notifications in the browser: `test.use({ showsNotifications: true })`. */
  showsNotifications: [false, { option: true }],
  // One browser of each kind per worker, launched the first time a browser-mode test asks for a page of
  // it: the Electron project never asks, so it never starts (or extracts) a browser it does not use.
  launchChromium: [
    async ({ playwright, launchOptions, headless }, use) => {
      const browsers: Partial<Record<BrowserKind, Promise<Browser>>> = {};
      // The browsers' temporary folder, the worker's own: an empty .org.chromium.Chromium.* was left
      // in /tmp now and then (about one a run, with the full system Chromium CI uses). Their config and
      // cache folders too: a full Chromium keeps its crash reports' database in ~/.config/chromium
      // whatever its --user-data-dir, and GTK's settings in ~/.cache/dconf, in the runner's own home.
      const tmp = mkdtempSync(join(tmpdir(), 'hookpanel-e2e-browser-'));
      const launch = async (kind: BrowserKind) => {
        const chosen = kind === 'full' ? await findChromium() : await findHeadlessShell();
        console.log(`e2e: Chromium from ${chosen.from}: ${chosen.path}`);
        return playwright.chromium.launch({
          ...launchOptions,
          headless,
          executablePath: chosen.path,
          env: {
            ...process.env,
            TMPDIR: tmp,
            XDG_CONFIG_HOME: join(tmp, 'config'),
            XDG_CACHE_HOME: join(tmp, 'cache'),
          },
        });
      };
      try {
        await use((kind) => (browsers[kind] ??= launch(kind)));
        for (const browser of Object.values(browsers)) await (await browser).close();
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  // In the Electron project the page is the app's window; in the browser project, a fresh context.
  page: async (
    { panel, launchChromium, showsNotifications, contextOptions, viewport, colorScheme },
    use,
    testInfo,
  ) => {
    if (panel.app) {
      await use(await panel.app.firstWindow());
      return;
    }
    const browser = await launchChromium(showsNotifications ? 'full' : 'shell');
    const context = await browser.newContext({ ...contextOptions, viewport, colorScheme });
    // What the panel said on its console (its own errors: a notification it could not show, say),
    // printed when the test fails, so a failure on CI says more than the assertion.
    const said: string[] = [];
    const listen = (where: string, from: Page | Worker) =>
      from.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') said.push(`${where} ${m.type()}: ${m.text()}`);
      });
    context.on('page', (p) => listen('page', p));
    context.on('serviceworker', (w) => listen('worker', w));
    const page = await context.newPage();
    page.on('pageerror', (e) => said.push(`page error: ${e.message}`));
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      if (said.length)
        console.log(`e2e: the panel's console in "${testInfo.title}":\n  ${said.join('\n  ')}`);
      // What the view showed, for the end of npm test's log (test/tiers/e2e-context.mjs): the whole page
      // where the view is gone (a render that threw leaves nothing of it).
      writeFileSync(testInfo.outputPath(VIEW_SNAPSHOT), await viewSnapshot(page));
      if (said.length) writeFileSync(testInfo.outputPath(PANEL_CONSOLE), said.join('\n'));
    }
    await context.close();
  },
  panel: async ({ browserName: _browser, panelEnv }, use, testInfo) => {
    const env = makeEnv();
    const hostNode = appNode();
    Object.assign(env.processEnv, hostNode.env, panelEnv);
    // Claude Code's guarded-mode switch writes here, never to the real /etc/claude-code.
    env.processEnv.HOOKPANEL_TEST_CLAUDE_MANAGED_DIR = join(env.root, 'claude-managed');
    populate(env);
    mkdirSync(SHOTS, { recursive: true });
    // An emit may be a request held for the test to answer through the panel, many steps later: its
    // deadline is the test's own (runCli's default, 20 s, once killed a held request under load, so the
    // card the test went on to answer was gone), read when it starts (test.slow() raises it).
    const emit: Panel['emit'] = (dialect, event, payload = {}) =>
      runCli(['emit', dialect, event], {
        env: env.processEnv,
        cwd: env.workspace,
        input: JSON.stringify(payload),
        timeoutMs: testInfo.timeout || HELD_EMIT_LIMIT_MS,
        node: hostNode.node,
      });
    const shot: Panel['shot'] = async (page, name) => {
      await page.screenshot({
        path: join(SHOTS, `${testInfo.project.name === 'electron' ? 'electron-' : ''}${name}.png`),
      });
    };
    if (testInfo.project.name === 'electron') {
      if (!electronInfo.path) {
        if (!saidWhy) console.log(`Electron specs skipped: ${electronInfo.why}`);
        saidWhy = true;
        await env.cleanup();
        testInfo.skip(true, electronInfo.why);
        return;
      }
      env.write('hp/settings.json', JSON.stringify({ workspaces: [env.workspace] }));
      const app = await _electron.launch({
        executablePath: electronInfo.path,
        args: [join(REPO, 'dist', 'electron', 'app', 'main.js')],
        env: { ...env.processEnv, DISPLAY: process.env.DISPLAY ?? ':99' },
      });
      await use({
        env,
        url: '',
        serve: null,
        app,
        goto: async (page) => page.waitForLoadState(),
        emit,
        shot,
      });
      await app.close();
      await env.cleanup();
      return;
    }
    const serve = spawn(hostNode.node, [CLI, 'serve', '--project', env.workspace], {
      env: env.processEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await panelUrl(serve);
    await use({ env, url, serve, app: null, goto: async (page) => void (await page.goto(url)), emit, shot });
    await stopChild(serve, 'SIGTERM', { killAfterMs: 12_000 });
    await env.cleanup();
  },
});

/** A failed test's files beside Playwright's error-context.md, read by test/tiers/e2e-context.mjs. */
const VIEW_SNAPSHOT = 'view-snapshot.yaml';
const PANEL_CONSOLE = 'panel-console.txt';

async function viewSnapshot(page: Page): Promise<string> {
  try {
    const view = page.locator('#view');
    return (await view.count())
      ? await view.ariaSnapshot({ timeout: 5_000 })
      : await page.locator('body').ariaSnapshot({ timeout: 5_000 });
  } catch (e) {
    return `(no snapshot: ${(e as Error).message})`;
  }
}

/** Requests on a channel whose answers the test lets through (holdAnswers). */
export interface HeldAnswer {
  /** A held request was sent. */
  asked: boolean;
  /** The held answers were let through to the page. */
  answered: boolean;
  release(): void;
}

/**
 * Holds the host's answers to the panel's requests on `channel` until `release()` (the first request
 * only, or every one asked before the release, or every one whose payload `which` picks): a busy host
 * answering late, in the order it finishes rather than the order asked. Call before `panel.goto`.
 */
export async function holdAnswers(
  page: Page,
  channel: string,
  which: 'first' | 'every' | ((payload: unknown) => boolean) = 'first',
): Promise<HeldAnswer> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: HeldAnswer = { asked: false, answered: false, release: () => release() };
  let open = true;
  void released.then(() => (open = false));
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    const ids = new Set<number>();
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { id: number; channel: string; payload?: unknown };
      const picked = typeof which === 'function' ? which(msg.payload) : which === 'every' || !held.asked;
      if (msg.channel === channel && open && picked) {
        ids.add(msg.id);
        held.asked = true;
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const answer = JSON.parse(String(m)) as { id?: number };
      if (answer.id === undefined || !ids.has(answer.id)) return ws.send(m);
      void released.then(() => {
        ws.send(m);
        held.answered = true;
      });
    });
  });
  return held;
}

/** History's rows (events or rule runs), without its header row. */
export function historyRows(page: Page) {
  return page.getByRole('row').filter({ has: page.getByRole('cell') });
}

/** Opens History showing events or rule runs. */
export async function openHistory(page: Page, show: 'Events' | 'Rule runs'): Promise<void> {
  await page.getByRole('tab', { name: /History/ }).click();
  await page.getByRole('group', { name: 'show' }).getByRole('button', { name: show }).click();
}

/**
 * Waits until the host has written Ask me on for `agent` to its settings file, which it reads at each
 * event. The checkbox turns at once (the panel's copy is optimistic), so an event sent right after the
 * click could reach the host before the setting does and not be held.
 */
export async function askMeSaved(panel: Panel, agent: string): Promise<void> {
  const saved = () =>
    savedSettings<{ askMe?: Record<string, { on?: boolean }> }>(panel)?.askMe?.[agent]?.on === true;
  await expect.poll(saved).toBe(true);
}

/** The settings file as the host last wrote it; null while it is not written yet. */
export function savedSettings<T>(panel: Panel): T | null {
  try {
    return JSON.parse(readFileSync(join(panel.env.hookpanelHome, 'settings.json'), 'utf8')) as T;
  } catch {
    return null;
  }
}

export { expect };
