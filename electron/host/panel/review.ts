// Trust review for the panel: every project file with hooks or MCP servers, reviewed by what it would
// run (electron/host/trust/review-item.ts), and trusting exactly the version that was shown.
import type { ReviewItem } from '../../../shared/ipc.js';
import type { Source } from '../../../shared/model.js';
import { serversOf } from '../../../shared/mcp.js';
import type { LoadContext } from '../dialects/dialect.js';
import { reviewSource } from '../trust/review-item.js';
import type { TrustStore } from '../trust/store.js';

export async function reviewItems(
  sources: Source[],
  trust: TrustStore,
  ctx: LoadContext,
): Promise<ReviewItem[]> {
  const reviewable = sources.filter(
    (s) =>
      s.projectScoped && s.state !== 'absent' && (s.rules.length > 0 || Object.keys(serversOf(s)).length > 0),
  );
  return Promise.all(reviewable.map((s) => reviewSource(s, trust, ctx)));
}

/** Whether the scripts read now are the ones whose digests the person was shown. */
export function sameScripts(
  shown: { path: string; sha256: string | null }[],
  now: { path: string; sha256?: string | null }[],
): boolean {
  return (
    shown.length === now.length &&
    now.every((s) => shown.some((x) => x.path === s.path && x.sha256 === (s.sha256 ?? null)))
  );
}
