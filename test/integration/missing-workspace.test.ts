// A workspace that is not there is named as the cause: not "/bin/echo: not found".
import { afterEach, expect, test } from 'vitest';
import type { DispatchRecord } from '../../shared/dispatch.js';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { openHost } from '../helpers/host.js';

let env: TestEnv;
let session: PanelSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
  await env?.cleanup();
});

test('hooks run in a workspace that is missing fail naming the folder, awaited or detached', async () => {
  env = makeEnv();
  env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: '/bin/echo', args: ['hi'] },
              { type: 'command', command: 'echo through a shell' },
            ],
          },
        ],
      },
    }),
  );
  env.write(
    '~/.chrys/hooks/hooks.yaml',
    'hooks:\n  - { id: bg, event: after_turn, run: { type: command, argv: [/bin/echo, hi] }, execution: { detach: true } }\n',
  );
  const h = await openHost(env);
  const gone = env.path('ws/deleted-project');
  await h.fire('claude', 'Stop', { cwd: gone });
  const [detached] = await (await h.fire('chrys', 'after_turn', { cwd: gone })).background;
  await h.flush();
  // The Stop event's two hooks run side by side: their records come in the order they settle.
  const reasons = h.records
    .filter((r): r is DispatchRecord => r.type === 'dispatch')
    .map((r) => [r.outcome, r.reason])
    .sort(([, a], [, b]) => String(a).localeCompare(String(b)));
  expect(reasons).toEqual([
    ['failed', `/bin/echo: working directory ${gone} does not exist`],
    ['failed', `/bin/echo: working directory ${gone} does not exist`],
    ['failed', `/bin/sh: working directory ${gone} does not exist`],
  ]);
  expect(detached!.reason).not.toContain('not found');
});

test('Settings refuses a workspace that does not exist, saying why; Test fire refuses to fire into one', async () => {
  env = makeEnv();
  const h = await openHost(env);
  session = startPanelSession(h.host, { mode: 'browser', workspace: env.workspace, push: () => {} });
  const api = session.api;
  const missing = env.path('no-such-project');
  await expect(api['settings:update']({ workspaces: [missing] })).rejects.toThrow(
    `The workspace ${missing} does not exist`,
  );
  await expect(api['settings:update']({ workspaces: ['src/app'] })).rejects.toThrow(
    /"src\/app" is not a full path/,
  );
  const file = env.write('a-file.txt', 'not a folder\n');
  await expect(api['settings:update']({ workspaces: [file] })).rejects.toThrow('is a file, not a folder');
  expect((await api['settings:get']({})).workspaces).toEqual([]);

  // A folder that exists is saved; `~` is the home folder.
  env.write('~/src/app/README.md', 'x\n');
  const saved = await api['settings:update']({ workspaces: ['~/src/app'] });
  expect(saved.workspaces).toEqual([env.path('~/src/app')]);

  await expect(
    api['fire:run']({ dialect: 'claude', event: 'Stop', payload: { cwd: missing }, workspace: null }),
  ).rejects.toThrow(
    `the workspace ${missing} does not exist; hooks run in the workspace, so none could start`,
  );
  await expect(
    api['fire:dryRun']({ dialect: 'claude', event: 'Stop', payload: {}, workspace: missing }),
  ).rejects.toThrow('does not exist');
});
