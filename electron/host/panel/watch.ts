// Live reload: watch every hook file location (and its folder, so a file that appears is seen), the
// scripts the loaded hooks run (and the folders of those it cannot pin), plus the trust index and
// settings; tell the views when one of them changes. Only those files count: the folders watched to
// see them appear also hold Hookpanel's history, logs and socket, an agent's own state in the home
// folder and the files it edits in the workspace, and a change there must not clear the host's source
// cache (every event would reload every hook file) nor refresh the panel.
//
// The files that exist are chokidar's; the folders are node:fs's own watch, whose event names the entry
// that changed, so one check says whether it counts. chokidar read a watched folder again on every
// change in it, an lstat per entry, whatever changed: a shell appending its history to the home folder
// cost the host 1.9 ms a command with 10 entries there and 28.5 ms with 1,000 (docs/engine.md,
// "Freshness").
import { watch, type FSWatcher } from 'chokidar';
import {
  existsSync,
  mkdirSync,
  statSync,
  watch as watchFolder,
  type FSWatcher as FolderWatcher,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';
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
  let watcher: Armed | null = null;
  const open = new Set<Armed>();
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
    // Of a folder's entries: a watched file, or a folder on the way to one (it appeared: the file may
    // now be inside).
    const matters = (path: string) =>
      files.has(path) ||
      [...files].some((f) => f.startsWith(path + sep)) ||
      folders.some((d) => path.startsWith(d + sep));
    // What exists of them, each path stat'ed once: folders to node:fs's watch, files to chokidar.
    const presentFolders: string[] = [];
    const presentFiles: string[] = [];
    for (const p of paths) {
      const kind = kindOf(p);
      if (kind === 'folder') presentFolders.push(p);
      else if (kind === 'file') presentFiles.push(p);
    }
    // Folders: every change in one names its entry; only an entry that matters is taken.
    const folderWatchers = presentFolders.flatMap((folder) => {
      try {
        const w = watchFolder(folder, { persistent: false }, (_type, name) => {
          // No name (a platform that does not give one): anything in the folder may have changed.
          const path = name ? join(folder, name.toString()) : folder;
          if (!name || matters(path)) changed(path);
        });
        w.on('error', () => {});
        return [w];
      } catch {
        return []; // gone since it was listed: its parent's watch sees it come back
      }
    });
    // Files (a hook file, a script, settings.json, the trust index), each watched itself: an edit
    // through a symlink reaches its target, which its folder's watch does not see. chokidar given no
    // path is never ready: with none, there is no chokidar.
    const next: FSWatcher | null = presentFiles.length
      ? watch(presentFiles, {
          ignoreInitial: true,
          awaitWriteFinish: { stabilityThreshold: 80, pollInterval: 20 },
        })
      : null;
    // It is given watched files only: each of its events is one that matters.
    next?.on('all', (_event, path) => changed(path));
    next?.on('error', () => {});
    const fileWatchReady = new Promise<void>((resolve) => (next ? next.once('ready', resolve) : resolve()));
    // The old watchers keep watching until the new ones are ready, so no change falls between them.
    const armedNow: Armed = { files: next, folders: folderWatchers };
    open.add(armedNow);
    const armed = fileWatchReady.then(() => {
      if (previous) {
        open.delete(previous);
        inBackground(closeArmed(previous), 'live reload');
      }
      markReady();
    });
    watcher = armedNow;
    return armed;
  };
  inBackground(arm(), 'live reload');
  return {
    ready,
    rearm: arm,
    close: async () => {
      if (timer) clearTimeout(timer);
      await Promise.all([...open].map(closeArmed));
      open.clear();
    },
  };
}

/** One arming's watchers: chokidar's of the files, node:fs's of the folders. */
interface Armed {
  files: FSWatcher | null;
  folders: FolderWatcher[];
}

async function closeArmed(armed: Armed): Promise<void> {
  for (const w of armed.folders) w.close();
  await armed.files?.close();
}

/** A folder, anything else that exists (followed through symlinks), or nothing (absent, unreadable). */
function kindOf(path: string): 'folder' | 'file' | null {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return null;
  }
}
