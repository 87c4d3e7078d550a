// One local client may not hold every file descriptor of the host: real sockets, up to the cap per
// client, then one more, which is told why and closed; the host serves again once some are let go.
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, expect, test } from 'vitest';
import { listenIntake } from '../../electron/host/intake/server.js';
import { startPanelSession } from '../../electron/host/panel/session.js';
import { startWebPanel } from '../../electron/host/panel/web-server.js';
import { HookHost } from '../../electron/host/service.js';
import { MAX_CONNECTIONS_PER_CLIENT } from '../../electron/host/util/connection-cap.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { waitFor } from '../helpers/host.js';
import { get } from './web-kit.js';

let env: TestEnv;
let held: Socket[] = [];
afterEach(async () => {
  for (const s of held) s.destroy();
  held = [];
  await env?.cleanup();
});

/** Opens a connection and resolves once it is open (and, for a refused one, with what it was told). */
function open(to: { port: number } | { path: string }): Promise<{ socket: Socket; told: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(to as never);
    let text = '';
    const told = new Promise<string>((done) => {
      socket.on('data', (d) => (text += d));
      socket.on('close', () => done(text));
    });
    socket.once('connect', () => resolve({ socket, told }));
    socket.once('error', reject);
  });
}

/** Holds every connection one client may have; the next one is refused with the reason. */
async function holdAllThenOneMore(to: { port: number } | { path: string }): Promise<string> {
  for (let i = 0; i < MAX_CONNECTIONS_PER_CLIENT; i++) held.push((await open(to)).socket);
  const extra = await open(to);
  return extra.told;
}

test('the panel server: one address holds at most the cap; the next is told why, then served again', async () => {
  env = makeEnv();
  env.write('renderer/index.html', '<!doctype html><title>PANEL</title>');
  const host = await HookHost.open(env.host);
  const session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
  const web = await startWebPanel(session.api, { rendererDir: env.path('renderer') });
  env.onCleanup(async () => {
    await web.close();
    await session.close();
    await host.close();
  });
  const refusal = await holdAllThenOneMore({ port: web.port });
  expect(refusal).toMatch(/^HTTP\/1\.1 503 /);
  expect(refusal).toContain(`already holds ${MAX_CONNECTIONS_PER_CLIENT} connections`);
  held.pop()!.destroy();
  const page = await waitFor(
    () => get(web.port, `/?token=${web.token}`),
    (r) => r.status === 200,
  );
  expect(page.status).toBe(200);
});

test("the host's socket: past the cap a connection is refused, and emit runs the event itself", async () => {
  env = makeEnv();
  env.write(
    '~/.config/pw/code.json',
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
  );
  const host = await HookHost.open(env.host);
  const server: Server = await listenIntake(host);
  env.onCleanup(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await host.close();
  });
  const refusal = await holdAllThenOneMore({ path: host.paths.socket });
  expect(refusal).toMatch(/^HTTP\/1\.1 503 /);
  expect(refusal).toContain('already holds');
  // A bridge refused so still answers: the event is run in-process (the host failed, it did not vanish).
  const r = await runCli(['emit', 'pw', 'Stop', '--json'], {
    env: env.processEnv,
    cwd: env.workspace,
    input: '{"session_id":"s"}',
  });
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout).dispatches).toHaveLength(1);
  expect(r.stderr).toMatch(/ran the event here instead/);
  for (const s of held.splice(0, 8)) s.destroy();
  const through = await waitFor(
    () => runCli(['emit', 'pw', 'Stop', '--json'], { env: env.processEnv, cwd: env.workspace, input: '{}' }),
    (x) => x.stderr === '',
  );
  expect([through.code, through.stderr]).toEqual([0, '']);
});
