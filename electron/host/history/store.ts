// The dispatch history: append-only JSON lines in Hookpanel's home. Each record is one write with
// O_APPEND, so the host and in-process `emit` fallbacks can write at once and lose nothing.
import { appendFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HistoryRecordSchema, type DispatchRecord, type EventRecord, type HistoryRecord } from '../../../shared/dispatch.js';
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
    if (!this.dirReady) {
      await mkdir(this.opts.dir, { recursive: true, mode: 0o700 });
      this.dirReady = true;
    }
    await appendFile(this.currentPath, records.map((r) => `${JSON.stringify(r)}\n`).join(''), { mode: 0o600 });
    if (Date.now() - this.checkedAt > 1000) {
      this.checkedAt = Date.now();
      await this.rotateIfNeeded();
    }
  }

  private async rotateIfNeeded(): Promise<void> {
    const size = await stat(this.currentPath).then((s) => s.size, () => 0);
    if (size < this.opts.maxFileBytes) return;
    await withFileLock(join(this.opts.dir, 'rotate.lock'), async () => {
      const again = await stat(this.currentPath).then((s) => s.size, () => 0);
      if (again < this.opts.maxFileBytes) return;
      // A writer that opened current.jsonl just before the rename appends to the rotated file: nothing is lost.
      await rename(this.currentPath, join(this.opts.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.jsonl`));
      const rotated = (await this.files()).filter((f) => f !== this.currentPath);
      for (const old of rotated.slice(this.opts.maxFiles)) await rm(old, { force: true });
    });
  }

  /** History files, newest first. */
  async files(): Promise<string[]> {
    const names = await readdir(this.opts.dir).catch(() => [] as string[]);
    const rotated = names.filter((n) => n.endsWith('.jsonl') && n !== CURRENT).sort().reverse();
    return [CURRENT, ...rotated].filter((n) => names.includes(n)).map((n) => join(this.opts.dir, n));
  }

  /** Records newest first, read backwards so a small limit reads little. */
  async *newestFirst(): AsyncGenerator<HistoryRecord> {
    for (const file of await this.files()) {
      for await (const line of readLinesBackwards(file)) {
        if (!line) continue;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          continue; // a torn last line from a crash mid-write
        }
        const parsed = HistoryRecordSchema.safeParse(value);
        if (parsed.success) yield parsed.data;
      }
    }
  }

  /** Dispatches matching the filter, newest first, each with its event when known. */
  async query(filter: HistoryFilter, limit: number): Promise<{ dispatches: DispatchRecord[]; events: Map<string, EventRecord> }> {
    const dispatches: DispatchRecord[] = [];
    const events = new Map<string, EventRecord>();
    // An event's summary is written after its dispatches, so reading backwards it comes first:
    // keep the recent ones at hand until their dispatches arrive.
    const recent = new Map<string, EventRecord>();
    const wanted = new Set<string>();
    for await (const r of this.newestFirst()) {
      if (r.type === 'event') {
        if (wanted.has(r.id)) events.set(r.id, r);
        else {
          recent.set(r.id, r);
          if (recent.size > 10_000) recent.delete(recent.keys().next().value!);
        }
        if (dispatches.length >= limit && [...wanted].every((id) => events.has(id))) break;
        continue;
      }
      if (dispatches.length >= limit || !matches(r, filter)) continue;
      dispatches.push(r);
      wanted.add(r.eventId);
      const known = recent.get(r.eventId);
      if (known) events.set(r.eventId, known);
    }
    return { dispatches, events };
  }

  async events(limit: number, filter: HistoryFilter = {}): Promise<EventRecord[]> {
    const out: EventRecord[] = [];
    for await (const r of this.newestFirst()) {
      if (r.type !== 'event' || !eventMatches(r, filter)) continue;
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
    if (![r.rule, r.source, r.handler, r.reason ?? '', r.stdoutTail, r.stderrTail, r.event].some((s) => s.toLowerCase().includes(needle))) return false;
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

/** Lines of a file from the last to the first, reading 256 KiB at a time from the end. */
export async function* readLinesBackwards(path: string, chunkSize = 256 * 1024): AsyncGenerator<string> {
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
      let data = Buffer.concat([buf, carry]);
      let end = data.length;
      for (let i = data.length - 1; i >= 0; i--) {
        if (data[i] !== 10) continue;
        if (i + 1 < end) yield data.subarray(i + 1, end).toString('utf8');
        end = i;
      }
      carry = data.subarray(0, end);
      data = Buffer.alloc(0);
    }
    if (carry.length) yield carry.toString('utf8');
  } finally {
    await handle.close();
  }
}
