// What the running host does after every change it notices: it learns which scripts the hooks of the
// known workspaces now run (so the watcher watches them like hook files), and has each agent whose own
// trust does not cover those scripts close its gate on a hook whose pinned script changed since its
// file was trusted (electron/host/agents/script-pins.ts).
import { followPinnedScripts, type AgentPinnedChanges } from '../agents/script-pins.js';
import type { HookHost } from '../service.js';
import { loadSources } from '../sources/load.js';
import type { WatchedScripts } from './watch.js';

export interface ScriptsFollowed {
  scripts: WatchedScripts;
  /** What each agent changed, in every workspace. */
  changed: AgentPinnedChanges[];
}

export async function followScripts(
  host: HookHost,
  workspaces: readonly (string | null)[],
): Promise<ScriptsFollowed> {
  const files = new Set<string>();
  const folders = new Set<string>();
  const changed: AgentPinnedChanges[] = [];
  // Read afresh, not through the host's cache: a pass at start-up must not leave the cache holding
  // files as they were a moment before a request that comes right after.
  await host.trust.reload();
  for (const ws of new Set(workspaces)) {
    const sources = await loadSources(host.context(ws), host.trust);
    for (const s of sources) for (const x of s.scripts) (x.folder ? folders : files).add(x.path);
    if (!ws) continue;
    for (const found of await followPinnedScripts(sources, host.trust, host.context(ws))) {
      const mine = changed.find((c) => c.id === found.id);
      if (mine) mine.changes.push(...found.changes);
      else changed.push(found);
    }
  }
  return { scripts: { files: [...files].sort(), folders: [...folders].sort() }, changed };
}
