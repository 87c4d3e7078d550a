// The history worker: the host's writes, queries, the JSON-lines import, retention and WAL checkpoints
// run on this thread with its own connection, so the Electron main process never waits on the disk.
import { parentPort, workerData } from 'node:worker_threads';
import { runOperation, type OperationName } from './operations.js';
import { setEventKinds, type EventKindTable } from './event-kind.js';
import { HistoryConnection } from './connection.js';
import { IdleMerge } from './index-merge.js';
import { BackfillRunner } from './backfill-runner.js';
import { inBackground } from '../background.js';

export interface WorkerRequest {
  id: number;
  op: OperationName;
  args: unknown;
}

export type WorkerMessage =
  | { type: 'result'; id: number; ok: true; result: unknown }
  | { type: 'result'; id: number; ok: false; error: string; code?: string }
  | { type: 'progress'; progress: unknown }
  /** The search indexes are merged as far as they go (index-merge.ts). */
  | { type: 'merged' }
  /** A migration's backfill is done (backfill.ts). */
  | { type: 'backfilled' };

const { dbPath, dir, kinds } = workerData as { dbPath: string; dir: string; kinds: EventKindTable };
setEventKinds(kinds);
const port = parentPort!;
// Opened by the first operation, so that a database that cannot be opened is that operation's error
// (named, with its reason), not the worker's end.
const conn = new HistoryConnection(dbPath, 'later');
const context = {
  get db() {
    return conn.db;
  },
  writer: () => conn.writer(),
  dir,
  stopped: () => closing,
  progress: (progress: unknown) => port.postMessage({ type: 'progress', progress } satisfies WorkerMessage),
};

// Between operations, once the worker is idle, the search indexes are merged a step at a time.
const merge = new IdleMerge(
  () => conn.db,
  () => port.postMessage({ type: 'merged' } satisfies WorkerMessage),
);

// A migration's backfill, a batch per turn of the event loop, started by the first operation.
const backfill = new BackfillRunner(
  () => conn.db,
  () => port.postMessage({ type: 'backfilled' } satisfies WorkerMessage),
);

// Operations run as they arrive; each is synchronous but the import, which yields between its batches,
// so the host's records keep being written while it runs.
let closing = false;
port.on('message', (req: WorkerRequest | 'close') => {
  if (req === 'close') {
    closing = true;
    merge.stop();
    backfill.stop();
    conn.close();
    port.close();
    return;
  }
  merge.begin();
  inBackground(
    (async () => {
      let reply: WorkerMessage;
      try {
        const result = await conn.guard(() => runOperation(context, req.op, req.args as never));
        reply = { type: 'result', id: req.id, ok: true, result };
      } catch (e) {
        const { message, code } = e as { message?: unknown; code?: unknown };
        reply = {
          type: 'result',
          id: req.id,
          ok: false,
          error: typeof message === 'string' && message ? message : String(e),
          code: typeof code === 'string' ? code : undefined,
        };
      }
      merge.end();
      if (!closing) port.postMessage(reply);
      if (!closing && reply.ok) backfill.poke();
    })(),
    'history worker',
  );
});
