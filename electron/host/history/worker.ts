// The history worker: the host's writes, queries, the JSON-lines import, retention and WAL checkpoints
// run on this thread with its own connection, so the Electron main process never waits on the disk.
import { parentPort, workerData } from 'node:worker_threads';
import { runOperation, type OperationName } from './operations.js';
import { openHistoryDb } from './schema.js';
import { HistoryWriter } from './writer.js';

export interface WorkerRequest {
  id: number;
  op: OperationName;
  args: unknown;
}

export type WorkerMessage =
  | { type: 'result'; id: number; ok: true; result: unknown }
  | { type: 'result'; id: number; ok: false; error: string }
  | { type: 'progress'; progress: unknown };

const { dbPath, dir } = workerData as { dbPath: string; dir: string };
const port = parentPort!;
const db = openHistoryDb(dbPath);
let writer: HistoryWriter | null = null;
const context = {
  db,
  writer: () => (writer ??= new HistoryWriter(db)),
  dir,
  progress: (progress: unknown) => port.postMessage({ type: 'progress', progress } satisfies WorkerMessage),
};

port.on('message', (req: WorkerRequest | 'close') => {
  if (req === 'close') {
    db.close();
    port.close();
    return;
  }
  let reply: WorkerMessage;
  try {
    reply = {
      type: 'result',
      id: req.id,
      ok: true,
      result: runOperation(context, req.op, req.args as never),
    };
  } catch (e) {
    reply = { type: 'result', id: req.id, ok: false, error: (e as Error).message };
  }
  port.postMessage(reply);
});
