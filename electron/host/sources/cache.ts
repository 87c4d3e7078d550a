// Sources per workspace, reloaded only when something they depend on changed: the hook files, the
// scripts their rules run, the trust index or Hookpanel's settings (cheap stats, so every event sees
// today's files, as the CLI, which always reads afresh, does).
import { statSync } from 'node:fs';
import type { Source } from '../../../shared/model.js';
import type { LoadContext } from '../dialects/dialect.js';
import { DIALECT_MODULES } from '../dialects/registry.js';
import { homePaths } from '../paths.js';
import type { TrustStore } from '../trust/store.js';
import { folderStamp } from './folders.js';
import { loadSources } from './load.js';

interface Entry {
  fingerprint: string;
  sources: Promise<Source[]>;
  checkedAt: number;
  /** The scripts the loaded sources point at: their stats are part of the next fingerprint. */
  scripts: string[];
  /** The folders they watch (files Hookpanel cannot pin): the stats of everything under them too. */
  folders: string[];
  /** A file changed too recently for its stat to vouch for its bytes: look again next time. */
  racy: boolean;
}

/**
 * Within a burst of events (an agent's tool calls) the files are checked once per this many ms; the
 * host's file watcher and every change made through Hookpanel invalidate at once regardless.
 */
export const RECHECK_MS = 100;

/**
 * A file whose ctime is this recent may still change within the same timestamp tick without its stat
 * changing (as in git's "racily clean" index entries), so it is not trusted to prove nothing changed.
 */
export const RACY_MS = 1000;

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
    const scripts = hit?.scripts ?? [];
    const folders = hit?.folders ?? [];
    const { fingerprint, racy } = this.fingerprint(ctx, scripts, folders);
    if (hit && !hit.racy && hit.fingerprint === fingerprint) {
      hit.checkedAt = now;
      return hit.sources;
    }
    const entry: Entry = {
      fingerprint,
      sources: Promise.resolve([]),
      checkedAt: now,
      scripts,
      folders,
      racy,
    };
    entry.sources = (async () => {
      await this.trust.reload();
      const sources = await loadSources(ctx, this.trust);
      const refs = sources.flatMap((s) => s.scripts);
      const loaded = [...new Set(refs.filter((x) => !x.folder).map((x) => x.path))].sort();
      const watched = [...new Set(refs.filter((x) => x.folder).map((x) => x.path))].sort();
      // Scripts not in this fingerprint were never stat'ed: look again, with them, next time.
      if (loaded.join('\0') !== scripts.join('\0') || watched.join('\0') !== folders.join('\0'))
        entry.racy = true;
      entry.scripts = loaded;
      entry.folders = watched;
      return sources;
    })();
    this.entries.set(key, entry);
    return entry.sources;
  }

  invalidate(): void {
    this.entries.clear();
  }

  private fingerprint(
    ctx: LoadContext,
    scripts: string[],
    folders: string[],
  ): { fingerprint: string; racy: boolean } {
    const paths = [
      ...DIALECT_MODULES.flatMap((m) => m.locate(ctx).map((c) => c.path)),
      homePaths(ctx.host).trustIndex,
      homePaths(ctx.host).settings,
      ...scripts,
    ];
    const now = BigInt(Date.now()) * 1_000_000n;
    let racy = false;
    // Synchronous stats: for a score of small files they cost microseconds, the async ones a
    // thread-pool hop each. ctime is in it because nothing but a change sets it: bytes restored over
    // the same inode with `cp` and their mtime put back with `touch -r` still move it.
    const parts = paths.map((p) => {
      let s;
      try {
        s = statSync(p, { throwIfNoEntry: false, bigint: true });
      } catch (e) {
        return `!${(e as NodeJS.ErrnoException).code}`; // ENOTDIR, EACCES: the load reports it
      }
      if (!s) return '-';
      if (now - s.ctimeNs < BigInt(RACY_MS) * 1_000_000n) racy = true;
      return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
    });
    for (const folder of folders) {
      const { stamp, newest } = folderStamp(folder, ctx.workspace);
      if (Date.now() - newest < RACY_MS) racy = true;
      parts.push(stamp);
    }
    return { fingerprint: `${JSON.stringify(ctx.settings)}|${parts.join('|')}`, racy };
  }
}
