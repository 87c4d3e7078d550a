// The panel's boundary: requests are validated against the contract; browser mode lets no one else in.
import { request } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { handleRequest } from '../../electron/host/panel/api.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { startWebPanel, type WebPanel } from '../../electron/host/panel/web-server.js';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { dispatchRecord, eventRecord } from '../helpers/history-records.js';

let env: TestEnv;
let session: PanelSession | null = null;
let web: WebPanel | null = null;
afterEach(async () => {
  await web?.close();
  await session?.close();
  web = null;
  session = null;
  env?.cleanup();
});

async function setup() {
  env = makeEnv();
  env.write('renderer/index.html', '<!doctype html><title>t</title>');
  const host = await HookHost.open(env.host);
  session = startPanelSession(host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (e, p) => web?.push(e, p),
    listening: () => web?.listening() ?? false,
  });
  web = await startWebPanel(session.api, { rendererDir: env.path('renderer') });
  await session.watching;
  return { host, web };
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    })
      .on('error', reject)
      .end();
  });
}

function wsConnect(url: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

function ask(ws: WebSocket, msg: unknown): Promise<{ ok: boolean; error?: string; result?: unknown }> {
  return new Promise((resolve) => {
    ws.once('message', (d) => resolve(JSON.parse(String(d))));
    ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  });
}

describe('the request boundary', () => {
  test('unknown channels and malformed payloads are refused before anything runs', async () => {
    await setup();
    expect(await handleRequest(session!.api, 'fs:readFile', { path: '/etc/passwd' })).toEqual({
      ok: false,
      error: 'unknown channel "fs:readFile"',
    });
    expect(await handleRequest(session!.api, 'constructor', {})).toMatchObject({
      ok: false,
      error: expect.stringContaining('unknown channel'),
    });
    const bad = await handleRequest(session!.api, 'review:trust', {
      path: '/x',
      sha256: 'not-a-digest',
      workspace: null,
    });
    expect(bad).toMatchObject({
      ok: false,
      error: expect.stringContaining('invalid request for review:trust: sha256'),
    });
    expect(await handleRequest(session!.api, 'history:query', { filter: {}, limit: -1 })).toMatchObject({
      ok: false,
    });
    expect(await handleRequest(session!.api, 'settings:get', {})).toMatchObject({ ok: true });
  });

  test('the model API key is write-only: saved to the host, never sent back to the panel', async () => {
    const { host } = await setup();
    const saved = await handleRequest(session!.api, 'settings:update', {
      modelBaseUrl: 'https://llm.example.com',
      modelApiKey: 'sk-panel-secret',
    });
    expect(saved).toMatchObject({
      ok: true,
      result: { modelBaseUrl: 'https://llm.example.com', modelApiKeySet: true },
    });
    const got = await handleRequest(session!.api, 'settings:get', {});
    expect(JSON.stringify(got)).not.toContain('sk-panel-secret');
    expect(host.settings.model).toEqual({ baseUrl: 'https://llm.example.com', apiKey: 'sk-panel-secret' });
    expect(
      await handleRequest(session!.api, 'settings:update', { modelBaseUrl: 'file:///etc/passwd' }),
    ).toMatchObject({ ok: false });
    expect(await handleRequest(session!.api, 'settings:update', { modelApiKey: null })).toMatchObject({
      ok: true,
      result: { modelApiKeySet: false },
    });
    expect(host.settings.model.apiKey).toBeNull();
  });

  test("a history list sends each event's summary, not its payload; one event asked by id keeps it", async () => {
    const { host } = await setup();
    const payload = { tool_name: 'Write', tool_input: { file_path: '/w/a.txt', content: 'x'.repeat(4000) } };
    await host.history.append([
      dispatchRecord({ id: 'd1', eventId: 'e1', event: 'PreToolUse', rule: 'rule-1' }),
      eventRecord({ id: 'e1', event: 'PreToolUse', payload }),
    ]);
    type Listed = { events: { id: string; payload: unknown; call?: { tool: string | null } }[] };
    const result = async (channel: 'history:query' | 'history:events', filter: Record<string, string>) => {
      const r = await handleRequest(session!.api, channel, { filter, limit: 10 });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      return (r as { result: Listed }).result.events;
    };
    for (const channel of ['history:query', 'history:events'] as const) {
      for (const filter of [{}, { rule: 'rule-1' }] as Record<string, string>[]) {
        const [event, ...rest] = await result(channel, filter);
        expect(rest, `${channel} ${JSON.stringify(filter)}`).toEqual([]);
        expect(event, `${channel} ${JSON.stringify(filter)}`).toMatchObject({
          id: 'e1',
          payload: null,
          call: { tool: 'Write' },
        });
      }
      expect(await result(channel, { eventId: 'e1' }), channel).toMatchObject([{ id: 'e1', payload }]);
    }
    // History's status: the import's progress and the workspaces, no count of the records (a scan).
    expect(await handleRequest(session!.api, 'history:status', {})).toEqual({
      ok: true,
      result: { import: null, workspaces: [] },
    });
  });

  test('trust from the panel binds to the bytes the person saw', async () => {
    const { host } = await setup();
    const path = env.write(
      'ws/.claude/settings.json',
      '{ "hooks": { "Stop": [{ "hooks": [{ "command": "true" }] }] } }',
    );
    const [item] = (await handleRequest(session!.api, 'review:list', { workspace: env.workspace })).ok
      ? ((await session!.api['review:list']({ workspace: env.workspace })) as {
          source: { sha256: string };
        }[])
      : [];
    env.write(
      'ws/.claude/settings.json',
      '{ "hooks": { "Stop": [{ "hooks": [{ "command": "curl evil" }] }] } }',
    );
    const r = await session!.api['review:trust']({
      path,
      sha256: item!.source.sha256,
      workspace: env.workspace,
    });
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining('changed since it was shown') });
    expect(host.trust.list()).toEqual([]);
  });
});

describe('browser mode', () => {
  test('the page needs the token; Host must be our own', async () => {
    const { web } = await setup();
    expect(await get(web.port, `/?token=${web.token}`)).toBe(200);
    expect(await get(web.port, '/')).toBe(401);
    expect(await get(web.port, '/?token=wrong')).toBe(401);
    expect(await get(web.port, `/?token=${web.token}`, { host: 'evil.example:80' })).toBe(403);
    expect(await get(web.port, '/../../etc/passwd')).not.toBe(200);
  });

  test('the WebSocket needs the token and our own Origin; requests are validated', async () => {
    const { web } = await setup();
    const base = `ws://127.0.0.1:${web.port}/ws`;
    await expect(wsConnect(base, `http://127.0.0.1:${web.port}`)).rejects.toThrow('403');
    await expect(wsConnect(`${base}?token=${web.token}`, 'http://evil.example')).rejects.toThrow('403');
    await expect(wsConnect(`${base}?token=${web.token}`)).rejects.toThrow('403');
    const ws = await wsConnect(`${base}?token=${web.token}`, `http://127.0.0.1:${web.port}`);
    try {
      expect(await ask(ws, { id: 1, channel: 'nope', payload: {} })).toMatchObject({
        ok: false,
        error: 'unknown channel "nope"',
      });
      expect(await ask(ws, { id: 2, channel: 'fire:run', payload: { dialect: 'pw' } })).toMatchObject({
        ok: false,
        error: expect.stringContaining('invalid request'),
      });
      expect(await ask(ws, 'not json')).toMatchObject({ ok: false, error: 'not JSON' });
      const info = await ask(ws, { id: 3, channel: 'host:info', payload: {} });
      expect(info).toMatchObject({ ok: true, result: { mode: 'browser', workspace: env.workspace } });
    } finally {
      ws.close();
    }
  });
});

describe('pushes', () => {
  test('a panel is listening once its WebSocket is open, and gets the pushes from then on', async () => {
    const { host, web } = await setup();
    expect(web.listening()).toBe(false);
    host.emit('sourcesChanged', 'before any panel');
    const ws = await wsConnect(
      `ws://127.0.0.1:${web.port}/ws?token=${web.token}`,
      `http://127.0.0.1:${web.port}`,
    );
    try {
      expect(web.listening()).toBe(true);
      const pushed = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
      host.emit('sourcesChanged', 'a panel listens');
      expect(await pushed).toEqual({
        type: 'push',
        event: 'sourcesChanged',
        payload: { reason: 'a panel listens' },
      });
    } finally {
      ws.close();
    }
  });
});

describe('live reload', () => {
  test('settings.json written by hand after start reaches the running host', async () => {
    const { host } = await setup();
    expect(host.settings.paused).toBe(false);
    const pushes: string[] = [];
    host.on('sourcesChanged', (r) => pushes.push(r));
    env.write('hp/settings.json', JSON.stringify({ paused: true }));
    const deadline = Date.now() + 5000;
    while (!host.settings.paused && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(host.settings.paused).toBe(true);
  });

  test('a hook file that appears in a new folder is seen', async () => {
    const { host } = await setup();
    const changes: string[] = [];
    host.on('sourcesChanged', (r) => changes.push(r));
    env.write('ws/.agents/settings.json', '{ "hooks": {} }');
    const deadline = Date.now() + 5000;
    while (!changes.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(changes.length).toBeGreaterThan(0);
    expect(
      (await host.sources(env.workspace)).find((s) => s.path === env.path('ws/.agents/settings.json'))?.state,
    ).toBe('active');
  });
});
