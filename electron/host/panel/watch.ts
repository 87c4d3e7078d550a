// Live reload: watch every hook file location (and its folder, so a file that appears is seen) plus
// the trust index and settings; tell the views when anything changes.
import { watch, type FSWatcher } from 'chokidar';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { DIALECT_MODULES } from '../dialects/registry.js';
import type { HookHost } from '../service.js';

export function watchSources(host: HookHost, workspaces: () => (string | null)[]): { close(): Promise<void>; rearm(): void } {
  let watcher: FSWatcher | null = null;
  let timer: NodeJS.Timeout | null = null;
  let settingsTouched = false;
  const changed = (path: string) => {
    if (path === host.paths.settings) settingsTouched = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      void (async () => {
        if (settingsTouched) await host.reloadSettings().catch(() => {});
        settingsTouched = false;
        host.invalidate();
        host.emit('sourcesChanged', `changed on disk: ${path}`);
      })();
    }, 150);
  };
  const arm = () => {
    void watcher?.close();
    const paths = new Set<string>([host.paths.trustIndex, host.paths.settings]);
    for (const ws of workspaces()) {
      for (const m of DIALECT_MODULES) {
        for (const c of m.locate(host.context(ws))) {
          paths.add(c.path);
          for (let d = dirname(c.path), i = 0; i < 3; d = dirname(d), i++) if (existsSync(d)) {
            paths.add(d);
            break;
          }
        }
      }
    }
    watcher = watch([...paths], { depth: 0, ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 80, pollInterval: 20 } });
    watcher.on('all', (_event, path) => changed(path));
    watcher.on('error', () => {});
  };
  arm();
  return {
    rearm: arm,
    close: async () => {
      if (timer) clearTimeout(timer);
      await watcher?.close();
    },
  };
}
