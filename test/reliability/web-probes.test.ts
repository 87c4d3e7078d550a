// A hostile page against a real browser-mode server: every probe is refused, and the server stays up
// and answers the panel afterwards.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { MAX_WS_MESSAGE_BYTES, startWebPanel, type WebPanel } from '../../electron/host/panel/web-server.js';
import { HookHost } from '../../electron/host/service.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe } from '../helpers/serve.js';
import { ask, get, multibyteToken, PAGE_SPELLINGS, rawRequest, TRAVERSALS, wsConnect } from './web-kit.js';

const PAGE = '<!doctype html><title>PANEL-PAGE-MARKER</title>';
let env: TestEnv;
let session: PanelSession;
let web: WebPanel;
let own: string;

beforeAll(async () => {
  env = makeEnv();
  env.write('renderer/index.html', PAGE);
  env.write('renderer/assets/app.js', 'console.log("asset")');
  env.write('secret.txt', 'SECRET-BESIDE-RENDERER');
  const host = await HookHost.open(env.host);
  session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
  web = await startWebPanel(session.api, { rendererDir: env.path('renderer') });
  own = `http://127.0.0.1:${web.port}`;
});
afterAll(async () => {
  await web?.close();
  await session?.close();
  await env?.cleanup();
});

/** The server still serves the page and answers a panel request. */
async function stillUp(): Promise<void> {
  expect((await get(web.port, `/?token=${web.token}`)).status).toBe(200);
  const ws = await wsConnect(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`, own);
  try {
    expect(await ask(ws, JSON.stringify({ id: 1, channel: 'host:info', payload: {} }))).toMatchObject({
      ok: true,
      id: 1,
    });
  } finally {
    ws.close();
  }
}

describe('the token', () => {
  test('a token of the right length in characters but not bytes is refused, over HTTP and WS', async () => {
    const bad = multibyteToken(web.token);
    const page = await get(web.port, `/?token=${encodeURIComponent(bad)}`);
    expect(page.status).toBe(401);
    expect(page.body).not.toContain('PANEL-PAGE-MARKER');
    await expect(
      wsConnect(`ws://127.0.0.1:${web.port}/ws?token=${encodeURIComponent(bad)}`, own),
    ).rejects.toThrow('HTTP 403');
    // Raw, undecoded bytes in the target as well.
    expect((await get(web.port, `/ws?token=${bad}`, { upgrade: 'websocket' })).status).not.toBe(101);
    await stillUp();
  });

  test('no token, a wrong token, a longer or shorter one, or a repeated parameter get nothing', async () => {
    const t = web.token;
    for (const q of [
      '',
      '?token=',
      `?token=${t.slice(1)}`,
      `?token=${t}x`,
      `?token=${t.toUpperCase()}`,
      `?token=wrong&token=${t}`,
      `?TOKEN=${t}`,
    ]) {
      const r = await get(web.port, `/${q}`);
      expect(r.status, q).toBe(401);
      expect(r.body).not.toContain('PANEL-PAGE-MARKER');
      await expect(wsConnect(`ws://127.0.0.1:${web.port}/ws${q}`, own), q).rejects.toThrow('HTTP 403');
    }
    await stillUp();
  });
});

describe('Host and Origin', () => {
  test('a foreign Origin is refused before the token is looked at, even with the right token', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${web.port + 1}`,
      `https://127.0.0.1:${web.port}`,
      `http://127.0.0.1:${web.port}.evil.example`,
    ]) {
      await expect(
        wsConnect(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`, origin),
        origin,
      ).rejects.toThrow('HTTP 403');
      await expect(
        wsConnect(
          `ws://127.0.0.1:${web.port}/ws?token=${encodeURIComponent(multibyteToken(web.token))}`,
          origin,
        ),
      ).rejects.toThrow('HTTP 403');
      expect((await get(web.port, `/?token=${web.token}`, { origin })).status, origin).toBe(403);
    }
    await expect(wsConnect(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`)).rejects.toThrow('HTTP 403');
    await stillUp();
  });

  test('a rebinding Host is refused with the right token', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${web.port}`,
      '127.0.0.1',
      `127.0.0.1.nip.io:${web.port}`,
      `LOCALHOST:${web.port}x`,
      `[::1]:${web.port}`,
      '',
    ]) {
      const r = await get(web.port, `/?token=${web.token}`, { host });
      expect(r.status, host).not.toBe(200);
      expect(r.body).not.toContain('PANEL-PAGE-MARKER');
    }
    expect((await get(web.port, `/?token=${web.token}`, { host: `localhost:${web.port}` })).status).toBe(200);
    await stillUp();
  });
});

describe('paths', () => {
  test('no spelling of the page is served without the token', async () => {
    for (const target of PAGE_SPELLINGS) {
      for (const method of ['GET', 'HEAD']) {
        const r = await get(web.port, target, {}, method);
        expect(r.body, `${method} ${target}`).not.toContain('PANEL-PAGE-MARKER');
        expect(r.status, `${method} ${target}`).not.toBe(200);
      }
    }
    await stillUp();
  });

  test('the spellings that mean the page are the page: with the token they serve it', async () => {
    for (const target of ['/%69ndex.html', '//index.html', '/./index.html', '/index.html/']) {
      const r = await get(web.port, `${target}?token=${web.token}`);
      expect(r.status, target).toBe(200);
      expect(r.body).toContain('PANEL-PAGE-MARKER');
    }
  });

  test('nothing outside the renderer folder is reachable', async () => {
    for (const target of TRAVERSALS) {
      const r = await get(web.port, target);
      expect(r.body, target).not.toContain('SECRET-BESIDE-RENDERER');
      expect(r.status, target).not.toBe(200);
    }
    expect((await get(web.port, `${env.root}/secret.txt`)).status).toBe(404);
    expect((await get(web.port, `http://127.0.0.1:${web.port}/index.html`)).status).toBe(400);
    expect((await get(web.port, '*', {}, 'OPTIONS')).status).not.toBe(200);
    await stillUp();
  });

  test('assets are served by exact name; other methods are refused', async () => {
    const asset = await get(web.port, '/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toContain('console.log("asset")');
    expect((await get(web.port, '/assets/app.js', {}, 'HEAD')).status).toBe(200);
    expect((await get(web.port, '/assets/App.js')).status).toBe(404);
    for (const method of ['OPTIONS', 'POST', 'PUT', 'DELETE', 'TRACE', 'PROPFIND'])
      expect((await get(web.port, `/?token=${web.token}`, {}, method)).status, method).toBe(405);
  });

  test('malformed request lines and headers get a 400, not a crash', async () => {
    for (const head of [
      'GET /\x00 HTTP/1.1\r\nhost: x\r\n\r\n',
      'GET / HTTP/1.1\r\nhost: x\r\nbad header\r\n\r\n',
      `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nhost: 127.0.0.1:${web.port}\r\n\r\n`,
      'NOT-HTTP\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
    ]) {
      const r = await rawRequest(web.port, head);
      expect(r.status === null || r.status >= 400, JSON.stringify(head.slice(0, 40))).toBe(true);
    }
    await stillUp();
  });
});

describe('WebSocket messages', () => {
  test('malformed, odd and unknown requests are answered; the connection and server stay up', async () => {
    const ws = await wsConnect(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`, own);
    try {
      const frames: [string | Buffer, Record<string, unknown>][] = [
        ['not json', { ok: false, error: 'not JSON' }],
        ['', { ok: false, error: 'not JSON' }],
        ['null', { ok: false, id: null }],
        ['[]', { ok: false, id: null }],
        ['"text"', { ok: false, id: null }],
        ['12', { ok: false, id: null }],
        ['{"id":1}', { ok: false, id: 1, error: 'unknown channel undefined' }],
        ['{"id":2,"channel":"nope","payload":{}}', { ok: false, id: 2 }],
        ['{"id":3,"channel":"__proto__","payload":{}}', { ok: false, id: 3 }],
        ['{"id":4,"channel":"constructor","payload":{}}', { ok: false, id: 4 }],
        ['{"id":5,"channel":"toString","payload":{}}', { ok: false, id: 5 }],
        ['{"id":{"x":1},"channel":"host:info","payload":{}}', { ok: true, id: null }],
        ['{"id":6,"channel":"fire:run","payload":{"dialect":"pw"}}', { ok: false, id: 6 }],
        ['{"id":7,"channel":"history:query","payload":{"filter":{},"limit":1e308}}', { ok: false, id: 7 }],
        ['{"__proto__":{"polluted":1},"id":8,"channel":"host:info","payload":{}}', { ok: true, id: 8 }],
        [`{"id":9,"channel":"host:info","payload":${'['.repeat(50_000)}${']'.repeat(50_000)}}`, { id: 9 }],
        [`${'['.repeat(200_000)}`, { ok: false, error: 'not JSON' }],
        [Buffer.from([0xff, 0xfe, 0x00, 0x01]), { ok: false, error: 'not JSON' }],
      ];
      for (const [frame, expected] of frames)
        expect(await ask(ws, frame), String(frame).slice(0, 60)).toMatchObject(expected);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      ws.close();
    }
    await stillUp();
  });

  test('a message over the limit closes that connection only', async () => {
    const ws = await wsConnect(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`, own);
    const answer = await ask(ws, Buffer.alloc(MAX_WS_MESSAGE_BYTES + 1024, 0x20));
    expect(answer).toEqual({ closed: 1009 });
    await stillUp();
  });

  test('a client that vanishes mid-request does not take the server with it', async () => {
    for (let i = 0; i < 5; i++) {
      const ws = await wsConnect(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`, own);
      ws.send(JSON.stringify({ id: i, channel: 'sources:list', payload: { workspace: env.workspace } }));
      ws.terminate();
    }
    await stillUp();
  });
});

describe('a real `hookpanel serve`', () => {
  test('survives the multi-byte token over WS and HTTP, and keeps serving agents and the panel', async () => {
    const own = makeEnv();
    const host = await startServe(own);
    try {
      const url = new URL(/Panel: (\S+)/.exec(host.output())![1]!);
      const port = Number(url.port);
      const token = url.searchParams.get('token')!;
      const bad = encodeURIComponent(multibyteToken(token));
      await expect(wsConnect(`ws://127.0.0.1:${port}/ws?token=${bad}`, url.origin)).rejects.toThrow(
        'HTTP 403',
      );
      expect((await get(port, `/?token=${bad}`)).status).toBe(401);
      expect((await get(port, '/%69ndex.html')).status).toBe(401);
      expect(host.child.exitCode).toBeNull();
      const ws = await wsConnect(`ws://127.0.0.1:${port}/ws?token=${token}`, url.origin);
      expect(await ask(ws, JSON.stringify({ id: 'a', channel: 'host:info', payload: {} }))).toMatchObject({
        ok: true,
        id: 'a',
      });
      ws.close();
      const emitted = await runCli(['emit', 'pw', 'Stop', '--json'], {
        env: own.processEnv,
        cwd: own.workspace,
        input: '{}',
      });
      expect(emitted.code).toBe(0);
      expect(host.child.exitCode).toBeNull();
    } finally {
      await host.stop();
      await own.cleanup();
    }
  });
});

describe('assets under load', () => {
  test('requests that arrive together while the folder is first listed are all served', async () => {
    const own = makeEnv();
    own.write('renderer/index.html', PAGE);
    for (const name of ['a.js', 'b.css', 'c.svg', 'd.png']) own.write(`renderer/assets/${name}`, name);
    const fresh = await startWebPanel(session.api, { rendererDir: own.path('renderer') });
    try {
      const answers = await Promise.all(
        ['a.js', 'b.css', 'c.svg', 'd.png'].map((n) => get(fresh.port, `/assets/${n}`)),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    } finally {
      await fresh.close();
      await own.cleanup();
    }
  });
});
