// In the host's history worker, a migration's backfill (backfill.ts) runs a batch per turn of the event
// loop, so the host's records and the panel's queries, which arrive as messages, are taken between any
// two batches, whatever the load, rather than waiting for a quiet time that a busy host never has.
import { backfillPending, backfillStep } from './backfill.js';
import { withoutWaiting } from './index-merge.js';
import type { Db } from './schema.js';

/** When another process holds the write lock, the next batch is tried this much later. */
const BUSY_RETRY_MS = 50;

export class BackfillRunner {
  private next: NodeJS.Immediate | NodeJS.Timeout | null = null;
  private checked = false;
  private stopped = false;
  private told = false;

  constructor(
    private readonly db: () => Db,
    /** Called once the last batch is done. */
    private readonly finished: () => void,
  ) {}

  /** After an operation: starts the batches when the database has work left (asked once). */
  poke(): void {
    if (this.checked || this.stopped) return;
    this.checked = true;
    if (backfillPending(this.db())) this.next = setImmediate(() => this.step());
  }

  stop(): void {
    this.stopped = true;
    if (this.next) {
      clearImmediate(this.next as NodeJS.Immediate);
      clearTimeout(this.next as NodeJS.Timeout);
    }
    this.next = null;
  }

  private step(): void {
    this.next = null;
    if (this.stopped) return;
    let more: boolean;
    try {
      // Never waits on another process's lock: this thread's next record must not wait 10 s behind it.
      more = withoutWaiting(this.db(), (db) => backfillStep(db));
    } catch (e) {
      if ((e as { code?: unknown }).code === 'SQLITE_BUSY') {
        this.next = setTimeout(() => this.step(), BUSY_RETRY_MS);
        return;
      }
      if (!this.told)
        process.stderr.write(`hookpanel: updating the history database: ${(e as Error).message}\n`);
      this.told = true;
      return;
    }
    if (more) this.next = setImmediate(() => this.step());
    else this.finished();
  }
}
