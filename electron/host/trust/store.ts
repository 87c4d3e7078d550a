// Trust binds a project file to its exact bytes and to the bytes of every script its rules point at.
// The store keeps a copy of the trusted bytes so a later change can be shown as a diff.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Source } from '../../../shared/model.js';
import { sha256 } from '../documents/read.js';
import { homePaths, type HostEnv } from '../paths.js';
import { folderDigest } from '../sources/folders.js';
import { writeFileAtomic } from '../util/atomic.js';
import { withFileLock } from '../util/lock.js';

const EntrySchema = z.object({
  path: z.string(),
  dialect: z.string(),
  sha256: z.string(),
  scripts: z.array(
    z.object({ path: z.string(), sha256: z.string().nullable(), folder: z.boolean().optional() }),
  ),
  trustedAt: z.string(),
});
export type TrustEntry = z.infer<typeof EntrySchema>;
const IndexSchema = z.object({ version: z.literal(1), entries: z.array(EntrySchema) });
type TrustIndex = z.infer<typeof IndexSchema>;

/** A script's bytes as read for `trust` (a watched folder has no bytes of its own, only a digest). */
export interface ReadScript {
  path: string;
  bytes: Buffer | null;
  /** The bytes' digest, or a folder's (readScripts fills it in). */
  sha256?: string | null;
  folder?: boolean;
}

/**
 * The current bytes of the scripts a source points at (null where one is missing), and the current
 * digest of each folder it watches, for `trust`.
 */
export function readScripts(source: Pick<Source, 'scripts' | 'workspace'>): Promise<ReadScript[]> {
  return Promise.all(
    source.scripts.map(async (s): Promise<ReadScript> => {
      if (s.folder)
        return { path: s.path, bytes: null, sha256: folderDigest(s.path, source.workspace), folder: true };
      const bytes = await readFile(s.path).catch(() => null);
      return { path: s.path, bytes, sha256: bytes ? sha256(bytes) : null };
    }),
  );
}

export type TrustStatus = 'trusted' | 'untrusted' | 'changed';

export class TrustStore {
  private readonly paths;
  /** Called after every change this process makes (the host drops its cached sources). */
  onChange: (() => void) | null = null;

  constructor(
    host: HostEnv,
    private entries: TrustEntry[] = [],
  ) {
    this.paths = homePaths(host);
  }

  static async open(host: HostEnv): Promise<TrustStore> {
    const store = new TrustStore(host);
    await store.reload();
    return store;
  }

  async reload(): Promise<void> {
    this.entries = (await this.readIndex()).entries;
  }

  list(): readonly TrustEntry[] {
    return this.entries;
  }

  entry(path: string): TrustEntry | undefined {
    return this.entries.find((e) => e.path === path);
  }

  status(source: Pick<Source, 'path' | 'sha256' | 'scripts'>): TrustStatus {
    const e = this.entry(source.path);
    if (!e) return 'untrusted';
    if (e.sha256 !== source.sha256) return 'changed';
    const trusted = new Map(e.scripts.map((s) => [s.path, s.sha256]));
    const same =
      source.scripts.length === trusted.size &&
      source.scripts.every((s) => trusted.has(s.path) && trusted.get(s.path) === s.sha256);
    return same ? 'trusted' : 'changed';
  }

  /** The bytes that were trusted last, for a diff; null when never trusted or the copy is gone. */
  async trustedText(path: string, digest?: string): Promise<string | null> {
    const e = this.entry(path);
    const want = digest ?? e?.sha256;
    if (!want) return null;
    return readFile(join(this.paths.trustDir, 'blobs', want), 'utf8').catch(() => null);
  }

  /** Trusts the exact bytes given (read by the caller from the file shown to the person). */
  async trust(
    source: Pick<Source, 'path' | 'dialect'>,
    bytes: Buffer,
    scripts: ReadScript[],
  ): Promise<TrustEntry> {
    const entry: TrustEntry = {
      path: source.path,
      dialect: source.dialect,
      sha256: sha256(bytes),
      scripts: scripts.map((s) => ({
        path: s.path,
        sha256: s.folder ? (s.sha256 ?? null) : s.bytes ? sha256(s.bytes) : null,
        ...(s.folder ? { folder: true } : {}),
      })),
      trustedAt: new Date().toISOString(),
    };
    await mkdir(join(this.paths.trustDir, 'blobs'), { recursive: true, mode: 0o700 });
    for (const [digest, data] of [
      [entry.sha256, bytes],
      ...scripts.filter((s) => s.bytes).map((s) => [sha256(s.bytes!), s.bytes!] as const),
    ] as const) {
      await writeFileAtomic(join(this.paths.trustDir, 'blobs', digest), data);
    }
    await this.update((index) => ({
      ...index,
      entries: [...index.entries.filter((e) => e.path !== source.path), entry],
    }));
    return entry;
  }

  async untrust(path: string): Promise<boolean> {
    let removed: TrustEntry | undefined;
    await this.update((index) => {
      removed = index.entries.find((e) => e.path === path);
      return { ...index, entries: index.entries.filter((e) => e.path !== path) };
    });
    if (removed) {
      const stillUsed = new Set(this.entries.flatMap((e) => [e.sha256, ...e.scripts.map((s) => s.sha256)]));
      for (const digest of [removed.sha256, ...removed.scripts.map((s) => s.sha256)]) {
        if (digest && !stillUsed.has(digest))
          await rm(join(this.paths.trustDir, 'blobs', digest), { force: true });
      }
    }
    return removed !== undefined;
  }

  private async update(change: (index: TrustIndex) => TrustIndex): Promise<void> {
    await withFileLock(`${this.paths.trustIndex}.lock`, async () => {
      const next = change(await this.readIndex());
      await writeFileAtomic(this.paths.trustIndex, `${JSON.stringify(next, null, 2)}\n`);
      this.entries = next.entries;
    });
    this.onChange?.();
  }

  private async readIndex(): Promise<TrustIndex> {
    let text: string;
    try {
      text = await readFile(this.paths.trustIndex, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: [] };
      throw e;
    }
    const parsed = IndexSchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new Error(
        `${this.paths.trustIndex} is damaged (${parsed.error.issues[0]?.message}); move it aside to start over`,
      );
    return parsed.data;
  }
}
