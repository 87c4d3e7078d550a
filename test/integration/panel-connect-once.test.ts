// The panel's Connect through the host's API: a double click on Connect must change the file once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
let session: PanelSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
  await env?.cleanup();
});

test('two connects at once (a double click) write once and keep one backup', async () => {
  env = makeEnv();
  const path = env.write('~/.claude/settings.json', '{\n  "model": "opus"\n}\n');
  const host = await HookHost.open(env.host);
  session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
  const a = session.api;
  const preview = await a['agents:preview']({ agent: 'claude', connect: true });
  const answers = await Promise.all([
    a['agents:connect']({ agent: 'claude', diff: preview.diff }),
    a['agents:connect']({ agent: 'claude', diff: preview.diff }),
  ]);
  // The second finds the agent connected by the first: nothing more to do, and it says so.
  expect(answers.map((r) => r.ok)).toEqual([true, true]);
  expect(answers[1]!.message).toContain('already connected; nothing changed');
  expect(readdirSync(join(env.hookpanelHome, 'backups'))).toHaveLength(1);
  expect(JSON.parse(readFileSync(path, 'utf8')).hooks.Stop).toHaveLength(1);
});
