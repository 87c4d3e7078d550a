// Which Chromium the end-to-end tier drives. For the tests that show desktop notifications, in this
// order: HOOKPANEL_CHROMIUM (an explicit choice is never second-guessed), Playwright's own browser where
// `npx playwright install chromium` put one, a system Chromium or Chrome, and last the Chromium that
// arrives inside @sparticuz/chromium from npm (Linux x64 only), extracted once per version into the
// user's cache. For every other test, that npm Chromium first where it fits: a headless shell, a third
// of a full Chromium's CPU (findHeadlessShell).
import { execFile } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';

export interface ChromiumChoice {
  path: string;
  /** Where it came from, said once per run so a person knows which browser the screenshots are from. */
  from: string;
}

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];
const SYSTEM_APPS: Partial<Record<NodeJS.Platform, string[]>> = {
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  win32: [
    `${process.env.PROGRAMFILES ?? 'C:\\Program Files'}\\Google\\Chrome\\Application\\chrome.exe`,
    `${process.env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)'}\\Google\\Chrome\\Application\\chrome.exe`,
  ],
};

export const NO_CHROMIUM = [
  'No Chromium for the end-to-end tier.',
  `@sparticuz/chromium (the fallback that arrives with npm install) ships only a Linux x64 build; this is ${process.platform}-${process.arch}.`,
  'Install one of: Google Chrome or Chromium (Debian/Ubuntu: apt install chromium;',
  "macOS: Google Chrome, or brew install --cask chromium), or Playwright's own: npx playwright install chromium;",
  'or point HOOKPANEL_CHROMIUM at a Chromium or Chrome binary.',
].join(' ');

/** A regular, executable file: a path hidden behind /dev/null or an empty mount is no browser. */
export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, path: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (dir && isExecutableFile(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The installed choices, without extracting anything: null when only the npm fallback is left. */
export function findInstalledChromium(env: NodeJS.ProcessEnv = process.env): ChromiumChoice | null {
  const explicit = env.HOOKPANEL_CHROMIUM;
  if (explicit) {
    if (!isExecutableFile(explicit))
      throw new Error(
        `HOOKPANEL_CHROMIUM=${explicit} is not an executable file; unset it to let the tests choose`,
      );
    return { path: explicit, from: 'HOOKPANEL_CHROMIUM' };
  }
  const playwrights = playwrightsOwn();
  if (playwrights && isExecutableFile(playwrights))
    return { path: playwrights, from: "Playwright's own Chromium" };
  for (const name of SYSTEM_NAMES) {
    const found = onPath(name, env.PATH ?? '');
    if (found) return { path: found, from: `the system's ${name}` };
  }
  const app = (SYSTEM_APPS[process.platform] ?? []).find(isExecutableFile);
  return app ? { path: app, from: `the system's ${app}` } : null;
}

function playwrightsOwn(): string | null {
  try {
    return chromium.executablePath();
  } catch {
    return null; // a platform Playwright has no build for
  }
}

const SPARTICUZ_ENTRY = createRequire(import.meta.url).resolve('@sparticuz/chromium');
const SPARTICUZ_VERSION = (
  JSON.parse(readFileSync(join(dirname(SPARTICUZ_ENTRY), '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Whether @sparticuz/chromium carries a browser for this machine: its package holds a Linux x64 build. */
export function sparticuzFits(): boolean {
  return process.platform === 'linux' && process.arch === 'x64';
}

/** Where the npm Chromium is kept: one folder per package version, in the user's cache. */
export function sparticuzHome(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(cache, 'hookpanel', `sparticuz-chromium-${SPARTICUZ_VERSION}`);
}

/**
 * Extracts @sparticuz/chromium's browser (about 210 MB from 67 MB) unless a complete copy is there. The
 * package itself would extract into /tmp and call a half-written binary done; here each run extracts
 * into a folder of its own beside the target and renames it into place, so two runs at once both end up
 * with the one complete copy (the loser of the rename throws its own away).
 */
export async function extractSparticuz(home = sparticuzHome()): Promise<string> {
  const binary = join(home, 'chromium');
  if (isExecutableFile(binary)) return binary;
  const parent = dirname(home);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, '.extracting-'));
  try {
    // The package extracts into os.tmpdir(); a child with TMPDIR set to the staging folder keeps it
    // there without changing this process's environment.
    const entry = JSON.stringify(pathToFileURL(SPARTICUZ_ENTRY).href);
    const script = `const m = await import(${entry}); await m.default.executablePath();`;
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: staging },
    });
    if (!isExecutableFile(join(staging, 'chromium')))
      throw new Error(`@sparticuz/chromium left no chromium binary in ${staging}`);
    try {
      renameSync(staging, home);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
      if (!isExecutableFile(binary))
        throw new Error(`${home} exists without a chromium binary in it: remove the folder and run again`, {
          cause: e,
        });
    }
  } finally {
    if (existsSync(staging)) rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}

/** The browser to launch; extracts the npm fallback the first time it is the only one. */
export async function findChromium(): Promise<ChromiumChoice> {
  const installed = findInstalledChromium();
  if (installed) return installed;
  if (!sparticuzFits()) throw new Error(NO_CHROMIUM);
  return { path: await extractSparticuz(), from: '@sparticuz/chromium from npm' };
}

/**
 * The browser for every test that does not need desktop notifications: @sparticuz/chromium's headless
 * shell where it fits. A full Chromium's headless mode runs the whole browser underneath; the shell ran
 * panel.spec.ts's nine tests on 15 CPU s of Chromium against 42–45 (docs/engine.md). HOOKPANEL_CHROMIUM
 * still chooses for every test.
 */
export async function findHeadlessShell(): Promise<ChromiumChoice> {
  if (process.env.HOOKPANEL_CHROMIUM || !sparticuzFits()) return findChromium();
  return { path: await extractSparticuz(), from: "@sparticuz/chromium's headless shell from npm" };
}
