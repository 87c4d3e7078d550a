// Sources per workspace, reloaded only when something they depend on changed: the hook files,
// the trust index or Hookpanel's settings (cheap stats, so every event sees today's files).
import { statSync } from 'node:fs';
import type { Source } from '../../../shared/model.js';
import type { LoadContext } from '../dialects/dialect.js';
import { DIALECT_MODULES } from '../dialects/registry.js';
import { homePaths } from '../paths.js';
import type { TrustStore } from '../trust/store.js';
import { loadSources } from './load.js';

interface Entry {
  fingerprint: string;
  sources: Promise<Source[]>;
  checkedAt: number;
}

/**
 * Within a burst of events (an agent's tool calls) the files are checked once per this many ms; the
 * host's file watcher and every change made through Hookpanel invalidate at once regardless.
 */
export const RECHECK_MS = 100;

export class SourceCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly context: (workspace: string | null) => LoadContext,
    private readonly trust: TrustStore,
  ) {}

  async get(workspace: string | null): Promise<Source[]> {
    const key = workspace ?? '';
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.checkedAt < RECHECK_MS) return hit.sources;
    const ctx = this.context(workspace);
    const fingerprint = this.fingerprint(ctx);
    if (hit && hit.fingerprint === fingerprint) {
      hit.checkedAt = now;
      return hit.sources;
    }
    const sources = (async () => {
      await this.trust.reload();
      return loadSources(ctx, this.trust);
    })();
    this.entries.set(key, { fingerprint, sources, checkedAt: now });
    return sources;
  }

  invalidate(): void {
    this.entries.clear();
  }

  private fingerprint(ctx: LoadContext): string {
    const paths = [
      ...DIALECT_MODULES.flatMap((m) => m.locate(ctx).map((c) => c.path)),
      homePaths(ctx.host).trustIndex,
      homePaths(ctx.host).settings,
    ];
    // Synchronous stats: for a score of small files they cost microseconds, the async ones a thread-pool hop each.
    const parts = paths.map((p) => {
      const s = statSync(p, { throwIfNoEntry: false });
      return s ? `${s.mtimeMs}:${s.size}:${s.ino}` : '-';
    });
    return `${JSON.stringify(ctx.settings)}|${parts.join('|')}`;
  }
}
