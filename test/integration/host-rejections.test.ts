// Work that runs after the answer (recording a background hook, telling the panel) has nobody waiting
// to handle its failure: under Node 20 a rejection left unhandled ends the process, here the host. A
// failed history write or a listener that throws is said, and the host goes on.
import { afterEach, expect, test } from 'vitest';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
let host: HookHost | null = null;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(async () => {
  process.off('unhandledRejection', onUnhandled);
  unhandled.length = 0;
  await host?.close();
  host = null;
  env?.cleanup();
});

async function hostWithBackgroundHook(): Promise<HookHost> {
  env = makeEnv();
  env.write(
    '~/.config/pw/code.json',
    JSON.stringify({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done', async: true }] }] },
    }),
  );
  process.on('unhandledRejection', onUnhandled);
  return HookHost.open(env.host);
}

const stop = (h: HookHost) =>
  h.dispatch({ dialect: 'pw', event: 'Stop', payload: {}, project: env.workspace, callerCwd: env.workspace });

/** Lets a rejection nobody handled be reported (Node does so once the microtask queue is empty). */
const settle = () => new Promise((r) => setImmediate(r));

test('a background hook whose record cannot be written: the host says so and runs the next event', async () => {
  host = await hostWithBackgroundHook();
  // The history folder is a file: every write fails.
  env.write('hp/history', 'not a folder');
  for (let i = 0; i < 2; i++) {
    const { background } = await stop(host);
    const [record] = await background;
    expect(record).toMatchObject({ outcome: 'ok', stdoutTail: 'done\n' });
  }
  await host.idle();
  await settle();
  expect(unhandled).toEqual([]);
});

test('a record listener that throws (a panel gone) does not reject the background work', async () => {
  host = await hostWithBackgroundHook();
  let told = 0;
  host.on('record', () => {
    told++;
    throw new Error('the panel went away');
  });
  for (let i = 0; i < 2; i++) {
    const { background } = await stop(host);
    expect(await background).toHaveLength(1);
  }
  await host.idle();
  await settle();
  expect(told).toBeGreaterThan(0);
  expect(unhandled).toEqual([]);
});
