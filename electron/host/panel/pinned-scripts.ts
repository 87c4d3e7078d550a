// What the running host does after every change it notices: it learns which scripts the hooks of the
// known workspaces now run (so the watcher watches them like hook files), and takes back Codex's own
// trust of any hook whose pinned script changed since its file was trusted (dialects/codex/script-pins),
// and switches off in Gemini CLI any hook that changed, or whose script did (dialects/gemini/script-pins).
import { withdrawChangedScripts, type CodexWithdrawal } from '../dialects/codex/script-pins.js';
import { blockChangedHooks, type GeminiBlock } from '../dialects/gemini/script-pins.js';
import type { HookHost } from '../service.js';
import { loadSources } from '../sources/load.js';
import type { WatchedScripts } from './watch.js';

export interface ScriptsFollowed {
  scripts: WatchedScripts;
  withdrawn: CodexWithdrawal[];
  blocked: GeminiBlock[];
}

export async function followScripts(
  host: HookHost,
  workspaces: readonly (string | null)[],
): Promise<ScriptsFollowed> {
  const files = new Set<string>();
  const folders = new Set<string>();
  const withdrawn: CodexWithdrawal[] = [];
  const blocked: GeminiBlock[] = [];
  // Read afresh, not through the host's cache: a pass at start-up must not leave the cache holding
  // files as they were a moment before a request that comes right after.
  await host.trust.reload();
  for (const ws of new Set(workspaces)) {
    const sources = await loadSources(host.context(ws), host.trust);
    for (const s of sources) for (const x of s.scripts) (x.folder ? folders : files).add(x.path);
    if (!ws) continue;
    withdrawn.push(...(await withdrawChangedScripts(sources, host.trust, host.context(ws))));
    blocked.push(...(await blockChangedHooks(sources, host.trust, host.context(ws))));
  }
  return { scripts: { files: [...files].sort(), folders: [...folders].sort() }, withdrawn, blocked };
}
