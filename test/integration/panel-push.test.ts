// Every push to the panel passes through its session and is checked against the contract there, once,
// whichever transport (Electron IPC or the browser's WebSocket) carries it.
import { afterEach, expect, test } from 'vitest';
import type { Push } from '../../shared/ipc.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { openHost } from '../helpers/host.js';

let env: TestEnv;
let session: PanelSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
  await env?.cleanup();
});

test('well-formed pushes reach the transport; a malformed one is dropped before it', async () => {
  env = makeEnv();
  const host = await HookHost.open(env.host);
  const sent: [Push, unknown][] = [];
  session = startPanelSession(host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (event, payload) => sent.push([event, payload]),
  });
  host.emit('sourcesChanged', 'trusted x');
  host.emit('record', { type: 'dispatch', id: 'not a whole record' } as never);
  session.push('navigate', { view: 'review', eventId: null, dispatchId: null, path: '/w/a.json' });
  session.push('navigate', { view: 'elsewhere' } as never);
  expect(sent).toEqual([
    ['sourcesChanged', { reason: 'trusted x' }],
    ['navigate', { view: 'review', eventId: null, dispatchId: null, path: '/w/a.json' }],
  ]);
});

test('with no panel listening a push is neither checked nor sent; once one listens, it is', async () => {
  env = makeEnv();
  const host = await HookHost.open(env.host);
  const sent: [Push, unknown][] = [];
  const said: string[] = [];
  let listening = false;
  session = startPanelSession(host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (event, payload) => sent.push([event, payload]),
    listening: () => listening,
  });
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((line: string) => (said.push(String(line)), true)) as typeof process.stderr.write;
  try {
    host.emit('sourcesChanged', 'nobody listens');
    host.emit('record', { type: 'dispatch', id: 'not a whole record' } as never);
    expect([sent, said]).toEqual([[], []]);
    listening = true;
    host.emit('sourcesChanged', 'a panel listens');
    host.emit('record', { type: 'dispatch', id: 'not a whole record' } as never);
  } finally {
    process.stderr.write = write;
  }
  expect(sent).toEqual([['sourcesChanged', { reason: 'a panel listens' }]]);
  expect(said.join('')).toContain('dropped a malformed record push');
});

test("an event's records and its notification are pushed as they happen", async () => {
  env = makeEnv();
  env.write('hp/hooks/claude.json', JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: 'true' }] }] } }));
  const h = await openHost(env);
  const sent: [Push, unknown][] = [];
  session = startPanelSession(h.host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (event, payload) => sent.push([event, payload]),
  });
  await h.fire('claude', 'Stop', {});
  await h.flush();
  expect(
    sent.map(([e, p]) => [e, (p as { type?: string; kind?: string }).type ?? (p as { kind: string }).kind]),
  ).toEqual([
    ['notification', 'turnDone'],
    ['record', 'dispatch'],
    ['record', 'event'],
  ]);
});

test('"Blocked by …" names the rule by its command and leads to the dispatch that blocked', async () => {
  env = makeEnv();
  env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: 'command', command: '/bin/echo', args: ['first, allows'] },
              { type: 'command', command: 'echo "no rm here" >&2; exit 2' },
            ],
          },
        ],
      },
    }),
  );
  const h = await openHost(env);
  const sent: [Push, unknown][] = [];
  session = startPanelSession(h.host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (event, payload) => sent.push([event, payload]),
  });
  await h.fire('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
  await h.flush();
  const dispatches = sent
    .filter(([e, p]) => e === 'record' && (p as { type: string }).type === 'dispatch')
    .map(([, p]) => p as { id: string; rule: string; outcome: string });
  expect(dispatches.map((d) => d.outcome)).toEqual(['ok', 'blocked']);
  const notice = sent.find(([e]) => e === 'notification')![1] as {
    title: string;
    body: string;
    target: { dispatchId: string | null };
  };
  expect(notice.title).toBe('Blocked by echo "no rm here" >&2; exit 2');
  expect(notice.body).toBe('no rm here · PreToolUse[0].hooks[1] in claude.json');
  expect(notice.target.dispatchId).toBe(dispatches[1]!.id);
});
