// Sources per workspace, reloaded only when something they depend on changed: the hook files, the
// scripts their rules run, the trust index or Hookpanel's settings (cheap stats, so every event sees
// today's files, as the CLI, which always reads afresh, does).
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Source } from '../../../shared/model.js';
import type { DialectModule, LoadContext } from '../dialects/dialect.js';
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

/**
 * A hook file that turned unreadable (torn, emptied, gone) this recently may be in the middle of being
 * rewritten in place: its last good version is used meanwhile, so a guard never drops out for the
 * moment a writer has truncated it. Past this, what the file says stands (an invalid file, say).
 */
export const MID_WRITE_MS = 2000;
/** With no good version known yet (a fresh process), such a file is read again, this often, this long. */
const MID_WRITE_RETRY_MS = 10;
const MID_WRITE_RETRIES = 20;

export class SourceCache {
  private readonly entries = new Map<string, Entry>();
  /** Each hook file's last version that could be read, by dialect and path. */
  private readonly lastGood = new Map<string, Source>();
  /** Files standing in with their last good version, each until its window has passed. */
  private readonly standing = new Map<string, NodeJS.Timeout>();
  /**
   * Told when a file stood in with its last good version and its window has passed: what it says now
   * stands, and nothing else may change to make a reader look again (the panel, say).
   */
  onStandInOver: ((path: string) => void) | null = null;

  constructor(
    private readonly context: (workspace: string | null) => LoadContext,
    private readonly trust: TrustStore,
    /** The dialects whose files are read: every one, unless a one-event host names fewer. */
    private readonly dialects: readonly DialectModule[],
    /** A one-event host's: scripts looked for only where they can change a file's trust (loadSources). */
    private readonly scriptsOnlyForTrust = false,
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
      const load = () =>
        loadSources(ctx, this.trust, this.dialects, { scriptsOnlyForTrust: this.scriptsOnlyForTrust });
      let sources = await load();
      for (let i = 0; i < MID_WRITE_RETRIES && sources.some((s) => this.unsettled(s)); i++) {
        await delay(MID_WRITE_RETRY_MS);
        sources = await load();
      }
      const held = this.holdLastGood(sources);
      // A file read while being written is read again at the next check, until it settles.
      if (held) entry.racy = true;
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

  /** Unreadable just now with no good version to stand in: worth reading again in a moment. */
  private unsettled(s: Source): boolean {
    return s.state !== 'absent' && unreadable(s) && !this.lastGood.has(keyOf(s)) && changedJustNow(s.path);
  }

  /** Puts each file's last good version in place of one that turned unreadable just now; whether any did. */
  private holdLastGood(sources: Source[]): boolean {
    let held = false;
    for (const [i, s] of sources.entries()) {
      const key = keyOf(s);
      if (!unreadable(s)) {
        this.lastGood.set(key, s);
        continue;
      }
      const good = this.lastGood.get(key);
      if (good && changedJustNow(s.path)) {
        sources[i] = good;
        held = true;
        this.standInUntilSettled(key, s.path);
      } else this.lastGood.delete(key);
    }
    return held;
  }

  private standInUntilSettled(key: string, path: string): void {
    if (this.standing.has(key)) return;
    const timer = setTimeout(() => {
      this.standing.delete(key);
      this.invalidate();
      this.onStandInOver?.(path);
    }, MID_WRITE_MS + 50);
    timer.unref();
    this.standing.set(key, timer);
  }

  private fingerprint(
    ctx: LoadContext,
    scripts: string[],
    folders: string[],
  ): { fingerprint: string; racy: boolean } {
    const paths = [
      ...this.dialects.flatMap((m) => m.locate(ctx).map((c) => c.path)),
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

const keyOf = (s: Source) => `${s.dialect}\0${s.path}`;

/** Invalid (a syntax error, say), emptied, or gone: what a file being rewritten in place can look like. */
function unreadable(s: Source): boolean {
  return s.state === 'invalid' || s.state === 'absent' || s.diagnostics.some((d) => d.code === 'empty_file');
}

/** Whether the file (or, when it is gone, its folder) changed within MID_WRITE_MS. */
function changedJustNow(path: string): boolean {
  for (const p of [path, dirname(path)]) {
    try {
      const st = statSync(p, { throwIfNoEntry: false });
      if (st) return Date.now() - st.ctimeMs < MID_WRITE_MS;
    } catch {
      return false;
    }
  }
  return false;
}
