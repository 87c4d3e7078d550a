// The history worker: the host's writes, queries, the JSON-lines import, retention and WAL checkpoints
// run on this thread with its own connection, so the Electron main process never waits on the disk.
import { parentPort, workerData } from 'node:worker_threads';
import { runOperation, type OperationName } from './operations.js';
import { setEventKinds, type EventKindTable } from './event-kind.js';
import { openHistoryDb } from './schema.js';
import { HistoryWriter } from './writer.js';
import { inBackground } from '../background.js';

export interface WorkerRequest {
  id: number;
  op: OperationName;
  args: unknown;
}

export type WorkerMessage =
  | { type: 'result'; id: number; ok: true; result: unknown }
  | { type: 'result'; id: number; ok: false; error: string }
  | { type: 'progress'; progress: unknown };

const { dbPath, dir, kinds } = workerData as { dbPath: string; dir: string; kinds: EventKindTable };
setEventKinds(kinds);
const port = parentPort!;
const db = openHistoryDb(dbPath);
let writer: HistoryWriter | null = null;
const context = {
  db,
  writer: () => (writer ??= new HistoryWriter(db)),
  dir,
  stopped: () => closing,
  progress: (progress: unknown) => port.postMessage({ type: 'progress', progress } satisfies WorkerMessage),
};

// Operations run as they arrive; each is synchronous but the import, which yields between its batches,
// so the host's records keep being written while it runs.
let closing = false;
port.on('message', (req: WorkerRequest | 'close') => {
  if (req === 'close') {
    closing = true;
    db.close();
    port.close();
    return;
  }
  inBackground(
    (async () => {
      let reply: WorkerMessage;
      try {
        const result = await runOperation(context, req.op, req.args as never);
        reply = { type: 'result', id: req.id, ok: true, result };
      } catch (e) {
        reply = { type: 'result', id: req.id, ok: false, error: (e as Error).message };
      }
      if (!closing) port.postMessage(reply);
    })(),
    'history worker',
  );
});
