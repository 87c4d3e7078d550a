// Live reload: watch every hook file location (and its folder, so a file that appears is seen), the
// scripts the loaded hooks run (and the folders of those it cannot pin), plus the trust index and
// settings; tell the views when one of them changes. Only those files count: the folders watched to
// see them appear also hold Hookpanel's history, logs and socket, an agent's own state in the home
// folder and the files it edits in the workspace, and a change there must not clear the host's source
// cache (every event would reload every hook file) nor refresh the panel.
import { watch, type FSWatcher } from 'chokidar';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { DIALECT_MODULES } from '../dialects/registry.js';
import type { HookHost } from '../service.js';
import { inBackground } from '../background.js';

/** What the loaded hooks run, watched like the hook files: the scripts pinned, the folders watched. */
export interface WatchedScripts {
  files: string[];
  folders: string[];
}

export function watchSources(
  host: HookHost,
  workspaces: () => (string | null)[],
  scripts: () => WatchedScripts = () => ({ files: [], folders: [] }),
): { close(): Promise<void>; rearm(): Promise<void>; ready: Promise<void> } {
  let watcher: FSWatcher | null = null;
  const open = new Set<FSWatcher>();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let timer: NodeJS.Timeout | null = null;
  let settingsTouched = false;
  /** The bursts' reloads, one after another: an older read that ended last would undo a newer one. */
  let reloading: Promise<void> = Promise.resolve();
  /** Every path that changed in this burst, named in the reason (so one taken wrongly shows). */
  const burst = new Set<string>();
  const changed = (path: string) => {
    if (path === host.paths.settings || path === host.paths.root) settingsTouched = true;
    burst.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = [...burst].join(', ');
      burst.clear();
      // Taken now: a change to settings.json during this reload is the next burst's to reload.
      const reload = settingsTouched;
      settingsTouched = false;
      const step = reloading.then(async () => {
        if (reload) await host.reloadSettings().catch(() => {});
        host.invalidate();
        host.emit('sourcesChanged', `changed on disk: ${paths}`);
      });
      reloading = step.catch(() => {});
      inBackground(step, 'live reload');
    }, 150);
  };
  /** Watches what is known now; resolves once the new watcher is ready. */
  const arm = (): Promise<void> => {
    const previous = watcher;
    // Hookpanel's home and trust folder themselves, so settings.json and the trust index are seen even
    // when they are created after the watch started.
    mkdirSync(dirname(host.paths.trustIndex), { recursive: true, mode: 0o700 });
    const files = new Set<string>([host.paths.trustIndex, host.paths.settings]);
    for (const ws of workspaces())
      for (const m of DIALECT_MODULES) for (const c of m.locate(host.context(ws))) files.add(c.path);
    const run = scripts();
    for (const f of run.files) files.add(f);
    // A folder a hook may run any file of: a change of what is in it re-gates the hook.
    const folders = run.folders.filter((d) => existsSync(d));
    const paths = new Set<string>([host.paths.root, dirname(host.paths.trustIndex), ...folders]);
    for (const f of files) {
      paths.add(f);
      for (let d = dirname(f), i = 0; i < 3; d = dirname(d), i++)
        if (existsSync(d)) {
          paths.add(d);
          break;
        }
    }
    // A watched file, or a folder on the way to one (it appeared: the file may now be inside).
    const matters = (path: string) =>
      files.has(path) ||
      [...files].some((f) => f.startsWith(path + sep)) ||
      folders.some((d) => path.startsWith(d + sep));
    // Only paths that exist: chokidar 4 silently watches nothing when one path in the list is missing.
    // Files that do not exist yet are seen through their folder, which is in the list; everything else
    // in that folder is ignored (not even stat'ed for awaitWriteFinish).
    const next: FSWatcher = watch(
      [...paths].filter((p) => existsSync(p)),
      {
        depth: 0,
        ignoreInitial: true,
        ignored: (path) => !paths.has(path) && !matters(path),
        awaitWriteFinish: { stabilityThreshold: 80, pollInterval: 20 },
      },
    );
    next.on('all', (_event, path) => void (matters(path) && changed(path)));
    next.on('error', () => {});
    // The old watcher keeps watching until the new one is ready, so no change falls between them.
    open.add(next);
    const armed = new Promise<void>((resolve) =>
      next.once('ready', () => {
        if (previous) {
          open.delete(previous);
          inBackground(previous.close(), 'live reload');
        }
        markReady();
        resolve();
      }),
    );
    watcher = next;
    return armed;
  };
  inBackground(arm(), 'live reload');
  return {
    ready,
    rearm: arm,
    close: async () => {
      if (timer) clearTimeout(timer);
      await Promise.all([...open].map((w) => w.close()));
      open.clear();
    },
  };
}
