// The panel's file watcher under a running host: only hook files, settings.json and the trust index
// count. What hooks, agents and Hookpanel itself write beside them (logs and history in Hookpanel's
// home, an agent's state in the home folder, edits in the workspace) must not clear the host's source
// cache (the next event would reload every hook file) nor refresh the panel.
import { watch } from 'chokidar';
import { afterEach, expect, test } from 'vitest';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
let session: PanelSession | null = null;
let host: HookHost | null = null;
afterEach(async () => {
  await session?.close();
  await host?.close();
  session = host = null;
  env?.cleanup();
});

test('events whose hooks write beside the watched files reload nothing; a hook file change still does', async () => {
  env = makeEnv();
  // Folders the watcher watches to see a hook file appear: Hookpanel's home, the workspace (its
  // `.agents` folder does not exist) and the home folder.
  const noise = [env.path('hp/hookpanel.log'), env.path('ws/edited.ts'), env.path('~/.agent-state.json')];
  env.write('hp/settings.json', '{}');
  const hookFile = env.write(
    '~/.config/pw/code.json',
    JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: noise.map((p) => `echo "$$" >> '${p}'`).join('; ') },
              { type: 'command', command: `mkdir -p '${env.path('hp/logs')}'` },
            ],
          },
        ],
      },
    }),
  );
  host = await HookHost.open(env.host);
  const pushes: string[] = [];
  session = startPanelSession(host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (event, payload) => {
      if (event === 'sourcesChanged') pushes.push((payload as { reason: string }).reason);
    },
  });
  await session.watching;

  // The test's own watcher over the same folders, with the host watcher's options: once it has seen
  // every write, so has the host's.
  const seen = new Map<string, number>();
  const own = watch([env.hookpanelHome, env.workspace, env.home], {
    depth: 0,
    ignoreInitial: true,
    awaitWriteFinish: { stabilityThreshold: 80, pollInterval: 20 },
  });
  own.on('all', (_e, p) => seen.set(p, (seen.get(p) ?? 0) + 1));
  await new Promise<void>((r) => own.once('ready', () => r()));
  try {
    const event = () =>
      host!.dispatch({
        dialect: 'pw',
        event: 'Stop',
        payload: {},
        project: env.workspace,
        callerCwd: env.workspace,
      });
    for (let round = 1; round <= 3; round++) {
      await event();
      const deadline = Date.now() + 10_000;
      while (noise.some((p) => (seen.get(p) ?? 0) < round) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(noise.map((p) => seen.get(p) ?? 0)).toEqual(noise.map(() => round));
    }
    // A hook file still counts. Its change is seen after every write above was (they came first, with
    // the same stability wait), so a write the host's watcher wrongly took would be a push before this
    // one or, within its 150 ms burst, a path named in this one's reason (every path of a burst is).
    env.write('~/.config/pw/code.json', JSON.stringify({ hooks: {} }));
    const deadline = Date.now() + 10_000;
    while (!pushes.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(pushes).toEqual([`changed on disk: ${hookFile}`]);
  } finally {
    await own.close();
  }
});
