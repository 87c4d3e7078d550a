// The dispatch history: append-only JSON lines in Hookpanel's home. Each record is one write with
// O_APPEND, so the host and in-process `emit` fallbacks can write at once and lose nothing.
import { appendFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DispatchRecordSchema,
  EventRecordSchema,
  HistoryRecordSchema,
  type DispatchRecord,
  type EventRecord,
  type HistoryRecord,
} from '../../../shared/dispatch.js';
import { withFileLock } from '../util/lock.js';

export interface HistoryOptions {
  dir: string;
  /** Rotate the current file past this size. */
  maxFileBytes: number;
  /** Rotated files kept; older ones are deleted. */
  maxFiles: number;
}

export interface HistoryFilter {
  dialect?: string;
  event?: string;
  rule?: string;
  outcome?: string;
  since?: number;
  until?: number;
  text?: string;
  eventId?: string;
}

const CURRENT = 'current.jsonl';

export class HistoryStore {
  private checkedAt = Date.now();
  private dirReady = false;

  constructor(readonly opts: HistoryOptions) {}

  get currentPath(): string {
    return join(this.opts.dir, CURRENT);
  }

  async append(records: HistoryRecord[]): Promise<void> {
    if (!records.length) return;
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
    if (!this.dirReady) {
      await mkdir(this.opts.dir, { recursive: true, mode: 0o700 });
      this.dirReady = true;
    }
    try {
      await appendFile(this.currentPath, text, { mode: 0o600 });
    } catch (e) {
      // The folder was removed while the host ran: make it again rather than lose records.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      await mkdir(this.opts.dir, { recursive: true, mode: 0o700 });
      await appendFile(this.currentPath, text, { mode: 0o600 });
    }
    if (Date.now() - this.checkedAt > 1000) {
      this.checkedAt = Date.now();
      await this.rotateIfNeeded();
    }
  }

  private async rotateIfNeeded(): Promise<void> {
    const size = await stat(this.currentPath).then(
      (s) => s.size,
      () => 0,
    );
    if (size < this.opts.maxFileBytes) return;
    await withFileLock(join(this.opts.dir, 'rotate.lock'), async () => {
      const again = await stat(this.currentPath).then(
        (s) => s.size,
        () => 0,
      );
      if (again < this.opts.maxFileBytes) return;
      // A writer that opened current.jsonl just before the rename appends to the rotated file: nothing is lost.
      await rename(
        this.currentPath,
        join(this.opts.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.jsonl`),
      );
      const rotated = (await this.files()).filter((f) => f !== this.currentPath);
      for (const old of rotated.slice(this.opts.maxFiles)) await rm(old, { force: true });
    });
  }

  /** History files, newest first. */
  async files(): Promise<string[]> {
    const names = await readdir(this.opts.dir).catch(() => [] as string[]);
    const rotated = names
      .filter((n) => n.endsWith('.jsonl') && n !== CURRENT)
      .sort()
      .reverse();
    return [CURRENT, ...rotated].filter((n) => names.includes(n)).map((n) => join(this.opts.dir, n));
  }

  /**
   * Records newest first, read backwards so a small limit reads little. `keep` sees the raw record
   * first; only the ones it keeps are validated (the file is a boundary, but validating a million
   * records to show fifty would be most of a query's time).
   */
  async *newestFirst(keep: (raw: HistoryRecord) => boolean = () => true): AsyncGenerator<HistoryRecord> {
    for (const file of await this.files()) {
      for await (const batch of readLinesBackwards(file)) {
        for (const line of batch) {
          let value: HistoryRecord;
          try {
            value = JSON.parse(line) as HistoryRecord;
          } catch {
            continue; // a torn last line from a crash mid-write
          }
          if (typeof value !== 'object' || value === null || !keep(value)) continue;
          const parsed = HistoryRecordSchema.safeParse(value);
          if (parsed.success) yield parsed.data;
        }
      }
    }
  }

  /** Dispatches matching the filter, newest first, each with its event when known. */
  async query(
    filter: HistoryFilter,
    limit: number,
  ): Promise<{ dispatches: DispatchRecord[]; events: Map<string, EventRecord> }> {
    const dispatches: DispatchRecord[] = [];
    const events = new Map<string, EventRecord>();
    // An event's summary is written after its dispatches, so reading backwards it comes first:
    // keep the recent ones (as text) at hand until their dispatches arrive.
    // Two generations instead of deleting the oldest key: deleting from the front of a Map is not O(1).
    let recent = new Map<string, string>();
    let older = new Map<string, string>();
    const wanted = new Set<string>();
    const addEvent = (line: string) => {
      try {
        const parsed = EventRecordSchema.safeParse(JSON.parse(line));
        if (parsed.success) events.set(parsed.data.id, parsed.data);
      } catch {
        // torn line
      }
    };
    // Cheap text checks first: most lines of a large history are never parsed, and only what is
    // returned is validated.
    const needles = [
      filter.dialect && `"dialect":${JSON.stringify(filter.dialect)}`,
      filter.event && `"event":${JSON.stringify(filter.event)}`,
      filter.outcome && `"outcome":${JSON.stringify(filter.outcome)}`,
    ].filter((n): n is string => !!n);
    // Once the limit is reached, events still missing are looked for a little further back (a
    // background hook's dispatch is written after its event's summary), but not through the whole
    // history: an event whose summary was never written (a crash) must not cost a full scan.
    let lookBehind = 20_000;
    for (const file of await this.files()) {
      for await (const batch of readLinesBackwards(file)) {
        for (const line of batch) {
          if (dispatches.length >= limit && (events.size >= wanted.size || --lookBehind < 0))
            return { dispatches, events };
          if (line.startsWith('{"type":"event"')) {
            const id = /"id":"([^"]+)"/.exec(line)?.[1];
            if (!id) continue;
            if (wanted.has(id)) addEvent(line);
            else {
              recent.set(id, line);
              if (recent.size > 5_000) {
                older = recent;
                recent = new Map();
              }
            }
            continue;
          }
          if (dispatches.length >= limit || !needles.every((n) => line.includes(n))) continue;
          let raw: DispatchRecord;
          try {
            raw = JSON.parse(line) as DispatchRecord;
          } catch {
            continue; // a torn last line from a crash mid-write
          }
          if (raw?.type !== 'dispatch' || typeof raw.time !== 'string' || !matches(raw, filter)) continue;
          const parsed = DispatchRecordSchema.safeParse(raw);
          if (!parsed.success) continue;
          dispatches.push(parsed.data);
          wanted.add(parsed.data.eventId);
          const known = recent.get(parsed.data.eventId) ?? older.get(parsed.data.eventId);
          if (known) addEvent(known);
        }
      }
    }
    return { dispatches, events };
  }

  async events(limit: number, filter: HistoryFilter = {}): Promise<EventRecord[]> {
    const out: EventRecord[] = [];
    for await (const r of this.newestFirst(
      (raw) => raw.type === 'event' && typeof raw.time === 'string' && eventMatches(raw, filter),
    )) {
      if (r.type !== 'event') continue;
      out.push(r);
      if (out.length >= limit) break;
    }
    return out;
  }
}

function matches(r: DispatchRecord, f: HistoryFilter): boolean {
  const t = Date.parse(r.time);
  if (f.dialect && r.dialect !== f.dialect) return false;
  if (f.event && r.event !== f.event) return false;
  if (f.rule && r.rule !== f.rule && !r.rule.includes(f.rule)) return false;
  if (f.outcome && r.outcome !== f.outcome) return false;
  if (f.eventId && r.eventId !== f.eventId) return false;
  if (f.since !== undefined && t < f.since) return false;
  if (f.until !== undefined && t > f.until) return false;
  if (f.text) {
    const needle = f.text.toLowerCase();
    if (
      ![r.rule, r.source, r.handler, r.reason ?? '', r.stdoutTail, r.stderrTail, r.event].some((s) =>
        s.toLowerCase().includes(needle),
      )
    )
      return false;
  }
  return true;
}

function eventMatches(r: EventRecord, f: HistoryFilter): boolean {
  const t = Date.parse(r.time);
  if (f.dialect && r.dialect !== f.dialect) return false;
  if (f.event && r.event !== f.event) return false;
  if (f.since !== undefined && t < f.since) return false;
  if (f.until !== undefined && t > f.until) return false;
  return true;
}

/**
 * Lines of a file from the last to the first, in batches: 256 KiB read from the end at a time and
 * decoded at once (a newline byte never sits inside a UTF-8 sequence, so cutting there is safe).
 * Batches rather than lines, because awaiting a generator per line is most of a scan's time.
 */
export async function* readLinesBackwards(path: string, chunkSize = 256 * 1024): AsyncGenerator<string[]> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return;
  }
  try {
    let position = (await handle.stat()).size;
    let carry = Buffer.alloc(0);
    while (position > 0) {
      const size = Math.min(chunkSize, position);
      position -= size;
      const buf = Buffer.alloc(size);
      await handle.read(buf, 0, size, position);
      const data = carry.length ? Buffer.concat([buf, carry]) : buf;
      // Everything before the first newline may continue in the previous chunk.
      const first = position > 0 ? data.indexOf(10) : -1;
      if (position > 0 && first < 0) {
        carry = data;
        continue;
      }
      carry = position > 0 ? data.subarray(0, first) : Buffer.alloc(0);
      const lines = data
        .subarray(first + 1)
        .toString('utf8')
        .split('\n');
      const batch: string[] = [];
      for (let k = lines.length - 1; k >= 0; k--) if (lines[k]) batch.push(lines[k]!);
      if (batch.length) yield batch;
    }
  } finally {
    await handle.close();
  }
}
