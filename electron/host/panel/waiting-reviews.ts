// Project hook files that wait for review in every workspace the person named (the one the panel
// opened on and those in Settings), not only the one picked in the sidebar: the sidebar's badge
// counts them all, and a workspace added in Settings says at once what waits there.
import type { WaitingReviews } from '../../../shared/ipc.js';
import type { Source } from '../../../shared/model.js';
import type { HookHost } from '../service.js';

/** A project file no one has trusted in this version (new, or changed since). */
export const waitsForReview = (s: Source) => s.projectScoped && s.state === 'untrusted';

/** Per workspace with any, the project files waiting for review, in the order the workspaces are named. */
export async function waitingReviews(
  host: HookHost,
  workspaces: readonly (string | null)[],
): Promise<WaitingReviews> {
  const out: WaitingReviews = [];
  for (const ws of new Set(workspaces.filter((w): w is string => !!w))) {
    const sources = await host.sources(ws);
    const waiting = sources.filter(waitsForReview);
    if (waiting.length)
      out.push({ workspace: ws, files: waiting.map((s) => ({ path: s.path, dialect: s.dialect })) });
  }
  return out;
}
