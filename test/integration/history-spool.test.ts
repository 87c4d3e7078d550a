// The history spool: an in-process `hookpanel emit` keeps its records beside the database and never
// loads SQLite; the next reader takes them in. Nothing is lost or kept twice, with writers and
// importers running at once, an importer SIGKILLed midway, or a line torn by a writer killed mid-write.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { DispatchRecord, HistoryRecord } from '../../shared/dispatch.js';
import { openHistoryDb } from '../../electron/host/history/schema.js';
import { parseSpool } from '../../electron/host/history/spool-import.js';
import {
  appendToSpool,
  CLAIMED,
  RECORD_SEPARATOR,
  SPOOL_FILE,
  SpoolAppender,
} from '../../electron/host/history/spool.js';
import { CLI, runCli } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { makeGate, makeMark } from '../helpers/gate.js';
import { closeStores, openStore } from '../helpers/history-stores.js';
import { dispatchRecord, eventRecord } from '../helpers/history-records.js';
import { waitFor } from '../helpers/host.js';

let env: TestEnv;
afterEach(async () => {
  await closeStores();
  await env?.cleanup();
});

const dispatch = (id: string, eventId: string, over: Partial<DispatchRecord> = {}) =>
  dispatchRecord({ id, eventId, ...over });
const summary = (id: string) => eventRecord({ id });
const batch = (n: string, over: Partial<DispatchRecord> = {}): HistoryRecord[] => [
  dispatch(`d-${n}`, `e-${n}`, over),
  summary(`e-${n}`),
];

/** Every id in the database, with how many rows it has, and the runs the cost histograms counted. */
function contents(dir: string): { ids: Map<string, number>; costed: number } {
  const db = openHistoryDb(join(dir, 'history.db'));
  try {
    const ids = new Map<string, number>();
    for (const t of ['dispatches', 'events'])
      for (const { id, n } of db.prepare(`SELECT id, count(*) AS n FROM ${t} GROUP BY id`).all() as {
        id: string;
        n: number;
      }[])
        ids.set(id, n);
    const { costed } = db
      .prepare("SELECT coalesce(sum(n), 0) AS costed FROM cost_daily WHERE scope = 'rule'")
      .get() as { costed: number };
    return { ids, costed };
  } finally {
    db.close();
  }
}

test.runIf(process.platform === 'linux')(
  'in-process emit never loads SQLite: its records wait in the spool, and the next reader takes them in',
  async () => {
    env = makeEnv();
    const running = makeMark(env.path('running'));
    const gate = makeGate(env.path('gate'));
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({
        hooks: {
          Stop: [
            {
              hooks: [
                { type: 'command', command: '/bin/true', args: [] },
                { type: 'command', command: `echo > ${running.path}; read _ < ${gate.path}`, async: true },
              ],
            },
          ],
        },
      }),
    );
    const history = join(env.hookpanelHome, 'history');
    const spool = join(history, SPOOL_FILE);
    const emit = spawn(process.execPath, [CLI, 'emit', 'pw', 'Stop'], {
      env: env.processEnv,
      cwd: env.workspace,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    // Listened for from the start: once the gate opens, emit may exit before the test gets to wait.
    const exited = new Promise((r) => emit.once('exit', r));
    let stderr = '';
    emit.stderr.on('data', (d) => (stderr += d));
    emit.stdin.end('{}');
    await running.reached;
    // Answered, its awaited part spooled, a background hook still running: SQLite is not loaded...
    const awaited = await waitFor(
      () => (existsSync(spool) ? parseSpool(readFileSync(spool, 'utf8')).batches : []),
      (b) => b.length === 1,
    );
    expect(awaited[0]!.map((r) => r.type).sort()).toEqual(['dispatch', 'event']);
    expect(readFileSync(`/proc/${emit.pid}/maps`, 'utf8')).not.toMatch(/libsql/);
    expect(existsSync(join(history, 'history.db'))).toBe(false);
    // ... nor once the background hook's record is kept too.
    await gate.open();
    const code = await exited;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(parseSpool(readFileSync(spool, 'utf8')).batches.map((b) => b.length)).toEqual([2, 1]);
    expect(existsSync(join(history, 'history.db'))).toBe(false);

    // The next reader takes them in, once.
    for (let i = 0; i < 2; i++) {
      const r = await runCli(['history', '--json'], { env: env.processEnv });
      const { dispatches, events } = JSON.parse(r.stdout) as { dispatches: unknown[]; events: unknown[] };
      expect([dispatches.length, events.length]).toEqual([2, 1]);
    }
    expect(readdirSync(history).filter((n) => n.includes('spool'))).toEqual([]);
  },
);

test('writers and importers at once, records larger than a pipe buffer: each kept exactly once', async () => {
  env = makeEnv();
  const dir = env.path('hp/history');
  const writers = 4;
  const batches = 120;
  // Each batch is one line of ~200 KiB: far past PIPE_BUF, so only O_APPEND keeps lines whole.
  const writer = env.write(
    'writer.mjs',
    `import { appendToSpool } from ${JSON.stringify(join(REPO, 'dist/electron/host/history/spool.js'))};
     const [who] = process.argv.slice(2);
     const big = 'x'.repeat(100_000);
     for (let i = 0; i < ${batches}; i++) {
       const n = who + '-' + i;
       appendToSpool(${JSON.stringify(dir)}, [
         { ...${JSON.stringify(dispatch('', ''))}, id: 'd-' + n, eventId: 'e-' + n, stdoutTail: big, stderrTail: big },
         { ...${JSON.stringify(summary(''))}, id: 'e-' + n },
       ]);
     }`,
  );
  const children = Array.from({ length: writers }, (_, w) =>
    spawn(process.execPath, [writer, `w${w}`], { stdio: ['ignore', 'ignore', 'inherit'] }),
  );
  const exited = Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
  let writing = true;
  void exited.then(() => (writing = false));
  // Two importers the whole time: this process and `hookpanel history` runs.
  const store = openStore(dir);
  let cliRuns = 0;
  const cli = (async () => {
    while (writing) {
      await runCli(['history', '--json', '--limit', '1'], { env: env.processEnv });
      cliRuns++;
    }
  })();
  let reads = 0;
  while (writing) {
    await store.counts();
    reads++;
    await new Promise((r) => setImmediate(r));
  }
  expect(await exited).toEqual(Array(writers).fill(0));
  await cli;
  await store.counts();
  expect(reads).toBeGreaterThan(1);
  expect(cliRuns).toBeGreaterThan(0);
  const { ids, costed } = contents(dir);
  expect(ids.size).toBe(writers * batches * 2);
  expect([...ids.values()].every((n) => n === 1)).toBe(true);
  // Counted once in the cost histograms too: a batch imported twice adds nothing the second time.
  expect(costed).toBe(writers * batches);
  expect(readdirSync(dir).filter((n) => n.includes('spool'))).toEqual([]);
}, 120_000);

test('an importer SIGKILLed after it claimed the spool: the next reader takes it in', async () => {
  env = makeEnv();
  const dir = env.path('hp/history');
  const count = 1000;
  // The importer opens the database first (an opener waits for the write lock too), says so, and on a
  // line from here reads again, which takes the spool in.
  const importer = env.write(
    'importer.mjs',
    `import { HistoryStore } from ${JSON.stringify(join(REPO, 'dist/electron/host/history/store.js'))};
     import { createInterface } from 'node:readline';
     const store = new HistoryStore({ dir: ${JSON.stringify(dir)} });
     await store.counts();
     process.stdout.write('open\\n');
     const lines = createInterface({ input: process.stdin });
     for await (const _ of lines) await store.counts();`,
  );
  const child = spawn(process.execPath, [importer], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  await new Promise((r) => child.stdout.once('data', r));
  for (let i = 0; i < count; i++) appendToSpool(dir, batch(String(i)));
  // Another connection holds the write lock: the importer claims the spool, then waits for the lock,
  // and is killed there.
  const lock = openHistoryDb(join(dir, 'history.db'));
  lock.exec('BEGIN IMMEDIATE');
  child.stdin.write('import\n');
  const claimed = await waitFor(
    () => readdirSync(dir).filter((n) => CLAIMED.test(n)),
    (c) => c.length > 0,
    20_000,
  );
  child.kill('SIGKILL');
  expect(await exited).toBe(null);
  lock.exec('ROLLBACK');
  lock.close();
  expect(claimed).toHaveLength(1);
  expect(existsSync(join(dir, claimed[0]!))).toBe(true);
  expect(existsSync(join(dir, SPOOL_FILE))).toBe(false);
  appendToSpool(dir, batch('after'));
  const store = openStore(dir);
  expect(await store.counts()).toEqual({ dispatches: count + 1, events: count + 1 });
  const { ids } = contents(dir);
  expect([...ids.values()].every((n) => n === 1)).toBe(true);
  expect(readdirSync(dir).filter((n) => n.includes('spool'))).toEqual([]);
}, 120_000);

test('a line torn by a writer killed mid-write loses only that line, not the next writer’s', async () => {
  env = makeEnv();
  const dir = env.path('hp/history');
  appendToSpool(dir, batch('1'));
  // The bytes a writer killed inside its write leaves: a separator and part of a line, no line feed.
  const torn = `${RECORD_SEPARATOR}${JSON.stringify(batch('torn'))}`.slice(0, 300);
  appendFileSync(join(dir, SPOOL_FILE), torn);
  appendToSpool(dir, batch('2'));
  expect(parseSpool(readFileSync(join(dir, SPOOL_FILE), 'utf8'))).toMatchObject({ unreadable: 1 });
  const store = openStore(dir);
  const { dispatches } = await store.query({}, 10);
  expect(dispatches.map((d) => d.id).sort()).toEqual(['d-1', 'd-2']);
});

test('a spool held open writes each batch to the file at its path, whatever became of the one it opened', async () => {
  env = makeEnv();
  const dir = env.path('hp/history');
  const path = join(dir, SPOOL_FILE);
  /** The dispatch ids in the file at the spool's path now. */
  const atPath = () =>
    parseSpool(readFileSync(path, 'utf8')).batches.map((b) => b.find((r) => r.type === 'dispatch')!.id);
  const spool = new SpoolAppender(dir);
  try {
    spool.append(batch('1'));
    spool.append(batch('2'));
    expect(atPath()).toEqual(['d-1', 'd-2']);
    // Claimed by an importer in another process: renamed away while held open here.
    renameSync(path, join(dir, 'spool-claimed-other.json-seq'));
    spool.append(batch('3'));
    expect(atPath()).toEqual(['d-3']);
    // Removed, then the whole folder removed.
    rmSync(path);
    spool.append(batch('4'));
    expect(atPath()).toEqual(['d-4']);
    rmSync(dir, { recursive: true });
    spool.append(batch('5'));
    expect(atPath()).toEqual(['d-5']);
    spool.append(batch('6'));
  } finally {
    spool.close();
  }
  // The claimed file went with its folder; what is at the path now is taken in, each once.
  expect(await openStore(dir).counts()).toEqual({ dispatches: 2, events: 2 });
  expect(readdirSync(dir).filter((n) => n.includes('spool'))).toEqual([]);
});
