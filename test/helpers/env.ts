// A temporary home, workspace and Hookpanel home, so tests touch real files and nothing of the user's.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Dialect, Source } from '../../shared/model.js';
import type { LoadContext } from '../../electron/host/dialects/dialect.js';
import type { HostEnv } from '../../electron/host/paths.js';
import { DEFAULT_SETTINGS, type Settings } from '../../electron/host/settings/settings.js';
import { REPO } from './repo.js';
import { noteTestHome } from './test-homes.js';

export { REPO };
export const FIXTURES = join(REPO, 'test', 'fixtures');

export interface TestEnv {
  root: string;
  home: string;
  workspace: string;
  hookpanelHome: string;
  host: HostEnv;
  /** Environment variables for a child `hookpanel` process. */
  processEnv: Record<string, string>;
  ctx(settings?: Partial<Settings>): LoadContext;
  /** Copies a fixture to a path under the home (`~/…`) or the workspace (`ws/…`). */
  place(target: string, fixture: string): string;
  write(target: string, text: string | Buffer): string;
  path(target: string): string;
  load(settings?: Partial<Settings>): Promise<Source[]>;
  source(target: string, settings?: Partial<Settings>): Promise<Source>;
  /** Work to finish before the files go (hosts writing history in the background). */
  onCleanup(fn: () => Promise<void>): void;
  cleanup(): Promise<void>;
}

export function makeEnv(): TestEnv {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'hookpanel-test-')));
  const home = join(root, 'home');
  const workspace = join(root, 'ws');
  const hookpanelHome = join(root, 'hookpanel');
  // The processes' temporary folder, inside the root: what they leave there (an agent's scratch
  // files, the history's overflow spool) goes with it.
  const tmp = join(root, 'tmp');
  for (const d of [home, workspace, tmp]) mkdirSync(d, { recursive: true });
  noteTestHome(root);
  const processEnv: Record<string, string> = {
    HOME: home,
    HOOKPANEL_HOME: hookpanelHome,
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    TMPDIR: tmp,
  };
  const host: HostEnv = { home, platform: process.platform, env: processEnv };
  const waiters: (() => Promise<void>)[] = [];
  const resolveTarget = (target: string) =>
    target.startsWith('~/')
      ? join(home, target.slice(2))
      : target.startsWith('ws/')
        ? join(workspace, target.slice(3))
        : target.startsWith('hp/')
          ? join(hookpanelHome, target.slice(3))
          : join(root, target);
  const env: TestEnv = {
    root,
    home,
    workspace,
    hookpanelHome,
    host,
    processEnv,
    ctx: (settings = {}) => ({ host, workspace, settings: { ...DEFAULT_SETTINGS, ...settings } }),
    place(target, fixture) {
      const to = resolveTarget(target);
      mkdirSync(dirname(to), { recursive: true });
      cpSync(join(FIXTURES, fixture), to);
      return to;
    },
    write(target, text) {
      const to = resolveTarget(target);
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, text);
      return to;
    },
    path: resolveTarget,
    async load(settings) {
      // Imported here: a file that only starts CLIs would otherwise load the host's whole loader (every
      // dialect's schemas) for nothing, 0.16 of the 0.60 CPU s its test process cost (Node 24).
      const [{ loadSources }, { TrustStore }] = await Promise.all([
        import('../../electron/host/sources/load.js'),
        import('../../electron/host/trust/store.js'),
      ]);
      return loadSources(env.ctx(settings), await TrustStore.open(host));
    },
    async source(target, settings) {
      const path = resolveTarget(target);
      const found = (await env.load(settings)).find((s) => s.path === path);
      if (!found) throw new Error(`no source at ${path}`);
      return found;
    },
    onCleanup: (fn) => void waiters.push(fn),
    cleanup: async () => {
      await Promise.allSettled(waiters.map((w) => w()));
      rmSync(root, { recursive: true, force: true });
    },
  };
  return env;
}

/** The diagnostics of a source as compact tuples, for readable assertions. */
export function diag(s: Source): [string, string, number | null, number | null][] {
  return s.diagnostics.map((d) => [d.severity, d.code, d.line, d.column]);
}

export function byDialect(sources: Source[], dialect: Dialect): Source[] {
  return sources.filter((s) => s.dialect === dialect);
}
