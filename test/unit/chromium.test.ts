// The end-to-end tier's browser choice: the order it looks in, and the npm fallback's extraction, which
// two runs may do at once.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { extractSparticuz, isExecutableFile, sparticuzFits, sparticuzHome } from '../e2e/chromium.js';
import { REPO } from '../helpers/env.js';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'hookpanel-chromium-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function executable(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '#!/bin/sh\necho fake\n', { mode: 0o755 });
  return path;
}

/**
 * What a fresh process would choose with this environment (Playwright reads where its browsers live
 * when it loads), with Playwright's browsers looked for in an empty folder of the test's own.
 */
function choose(env: Record<string, string>): { path: string; from: string } | null | string {
  const module = join(REPO, 'dist', 'test', 'e2e', 'chromium.js');
  const script = `import(${JSON.stringify(module)}).then((m) => {
    try { console.log(JSON.stringify(m.findInstalledChromium(process.env))); }
    catch (e) { console.log(JSON.stringify(e.message)); }
  })`;
  const r = spawnSync(process.execPath, ['-e', script], {
    env: { PLAYWRIGHT_BROWSERS_PATH: join(dir, 'ms-playwright'), PATH: '', ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

/** The same for the tests that show no desktop notifications (findHeadlessShell). */
function chooseShell(env: Record<string, string>): { path: string; from: string } {
  const module = join(REPO, 'dist', 'test', 'e2e', 'chromium.js');
  const script = `import(${JSON.stringify(module)}).then(async (m) => console.log(JSON.stringify(await m.findHeadlessShell())))`;
  const r = spawnSync(process.execPath, ['-e', script], {
    env: { PLAYWRIGHT_BROWSERS_PATH: join(dir, 'ms-playwright'), PATH: '', ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

function playwrightsOwnPath(): string {
  const script = "import('@playwright/test').then((m) => console.log(m.chromium.executablePath()))";
  return execFileSync(process.execPath, ['-e', script], {
    cwd: REPO,
    env: { ...process.env, PLAYWRIGHT_BROWSERS_PATH: join(dir, 'ms-playwright') },
    encoding: 'utf8',
  }).trim();
}

describe('which Chromium the e2e tier drives', () => {
  test('HOOKPANEL_CHROMIUM first; one that is no executable file is an error, not a fallback', () => {
    const own = executable(join(dir, 'mine', 'chrome'));
    executable(join(dir, 'bin', 'chromium'));
    expect(choose({ HOOKPANEL_CHROMIUM: own, PATH: join(dir, 'bin') })).toEqual({
      path: own,
      from: 'HOOKPANEL_CHROMIUM',
    });
    expect(choose({ HOOKPANEL_CHROMIUM: join(dir, 'nope'), PATH: join(dir, 'bin') })).toBe(
      `HOOKPANEL_CHROMIUM=${join(dir, 'nope')} is not an executable file; unset it to let the tests choose`,
    );
  });

  test('the tests that show no notifications: the headless shell first, unless HOOKPANEL_CHROMIUM chooses', () => {
    const system = executable(join(dir, 'bin', 'chromium'));
    const cache = join(dir, 'cache');
    // An extracted copy in the cache is used as it is.
    const shell = executable(join(sparticuzHome({ XDG_CACHE_HOME: cache }), 'chromium'));
    const env = { PATH: join(dir, 'bin'), XDG_CACHE_HOME: cache };
    expect(chooseShell(env)).toEqual(
      sparticuzFits()
        ? { path: shell, from: "@sparticuz/chromium's headless shell from npm" }
        : { path: system, from: "the system's chromium" },
    );
    const own = executable(join(dir, 'mine', 'chrome'));
    expect(chooseShell({ ...env, HOOKPANEL_CHROMIUM: own })).toEqual({
      path: own,
      from: 'HOOKPANEL_CHROMIUM',
    });
  });

  test("Playwright's own browser before a system one", () => {
    const system = executable(join(dir, 'bin', 'google-chrome'));
    expect(choose({ PATH: join(dir, 'bin') })).toEqual({ path: system, from: "the system's google-chrome" });
    const pw = playwrightsOwnPath();
    expect(pw.startsWith(join(dir, 'ms-playwright'))).toBe(true);
    executable(pw);
    expect(choose({ PATH: join(dir, 'bin') })).toEqual({ path: pw, from: "Playwright's own Chromium" });
  });

  test('a browser hidden behind /dev/null, a folder or a file without x is passed over', () => {
    expect(isExecutableFile('/dev/null')).toBe(false);
    expect(isExecutableFile(dir)).toBe(false);
    writeFileSync(join(dir, 'chromium'), 'x', { mode: 0o644 });
    expect(isExecutableFile(join(dir, 'chromium'))).toBe(false);
    mkdirSync(join(dir, 'bin', 'chromium-browser'), { recursive: true });
    expect(choose({ PATH: `${join(dir, 'bin')}:${dir}` })).toBeNull();
  });

  test('the npm fallback lives in the user cache, one folder per package version', () => {
    expect(sparticuzHome({ HOME: '/home/u' })).toMatch(
      /^\/home\/u\/\.cache\/hookpanel\/sparticuz-chromium-\d+\.\d+\.\d+$/,
    );
    expect(sparticuzHome({ HOME: '/home/u', XDG_CACHE_HOME: '/c' })).toMatch(/^\/c\/hookpanel\//);
  });

  test.skipIf(!sparticuzFits())(
    'two runs extracting @sparticuz/chromium at once both get the one complete copy',
    async () => {
      const home = join(dir, 'cache', 'hookpanel', 'sparticuz-chromium-test');
      const [a, b] = await Promise.all([extractSparticuz(home), extractSparticuz(home)]);
      expect(a).toBe(join(home, 'chromium'));
      expect(b).toBe(a);
      expect(execFileSync(a, ['--version'], { encoding: 'utf8' })).toMatch(/^Chromium \d+/);
      // Nothing half-done is left beside it, and a third run finds it without extracting.
      expect(readdirSync(dirname(home))).toEqual(['sparticuz-chromium-test']);
      expect(await extractSparticuz(home)).toBe(a);
    },
    60_000,
  );
});
