// The panel's file watcher under a running host: only hook files, settings.json and the trust index
// count. What hooks, agents and Hookpanel itself write beside them (logs and history in Hookpanel's
// home, an agent's state in the home folder, edits in the workspace) must not clear the host's source
// cache (the next event would reload every hook file) nor refresh the panel.
import { watch } from 'chokidar';
import { appendFileSync, mkdirSync, symlinkSync, watch as fsWatch, writeFileSync } from 'node:fs';
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
  const { pushes, pushNaming } = await watchingSession();

  // The test's own watcher over the same folders, which sees a write no sooner than the host's (it
  // waits for the write to finish; the host's folder watch does not): once it has seen every write, so
  // has the host's.
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
    await pushNaming(hookFile);
    expect(pushes).toEqual([`changed on disk: ${hookFile}`]);
  } finally {
    await own.close();
  }
});

/** A host and panel session over env's workspace; the reasons of its sourcesChanged pushes, and a wait. */
async function watchingSession() {
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
  /** Resolves once a push names `path`; fails after 10 s. */
  const pushNaming = async (path: string) => {
    const deadline = Date.now() + 10_000;
    while (!pushes.some((r) => r.includes(path)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(pushes.join('\n')).toContain(path);
  };
  return { pushes, pushNaming };
}

test('a hook file made in a folder that did not exist is seen, and so are its edits after', async () => {
  env = makeEnv();
  const { pushNaming, pushes } = await watchingSession();
  // ~/.claude does not exist: the home folder's watch sees it come, and the host reads the file in it.
  const file = env.write('~/.claude/settings.json', JSON.stringify({ hooks: {} }));
  await pushNaming(env.path('~/.claude'));
  expect((await host!.sources(env.workspace)).map((s) => s.path)).toContain(file);
  // The watch made again after that push covers the file itself: an edit of it is pushed. Edited until
  // one is (the rearm that follows a push is not awaited by anything a test can see).
  pushes.length = 0;
  const deadline = Date.now() + 10_000;
  for (let i = 0; !pushes.some((r) => r.includes(file)) && Date.now() < deadline; i++) {
    env.write('~/.claude/settings.json', JSON.stringify({ hooks: {}, edit: i }));
    await new Promise((r) => setTimeout(r, 300));
  }
  expect(pushes.join('\n')).toContain(file);
});

test('a hook file that is a symbolic link: an edit of the file it points to is seen', async () => {
  env = makeEnv();
  // Kept in a dotfiles folder no watch covers, linked into place, as many people keep their settings.
  const target = env.write('dotfiles/claude-settings.json', JSON.stringify({ hooks: {} }));
  mkdirSync(env.path('~/.claude'), { recursive: true });
  symlinkSync(target, env.path('~/.claude/settings.json'));
  const { pushNaming } = await watchingSession();
  writeFileSync(target, JSON.stringify({ hooks: { Stop: [] } }));
  await pushNaming(env.path('~/.claude/settings.json'));
});

test('many changes beside the watched files in a folder of 2,000 entries reload nothing', async () => {
  env = makeEnv();
  for (let i = 0; i < 2000; i++) writeFileSync(env.path(`~/.entry-${i}`), '');
  const hookFile = env.write('~/.config/pw/code.json', JSON.stringify({ hooks: {} }));
  const { pushes, pushNaming } = await watchingSession();
  // The test's own watch of the home folder: once it has seen the last file, so has the host's.
  const seen = new Set<string>();
  const own = fsWatch(env.home, (_type, name) => void (name && seen.add(name.toString())));
  try {
    // Files of their own names: one name's events in a row are merged into one by the kernel.
    for (let i = 0; i < 50; i++) appendFileSync(env.path(`~/.history-${i}`), `: 1:0;ls ${i}\n`);
    const deadline = Date.now() + 10_000;
    while (!seen.has('.history-49') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(seen.has('.history-49')).toBe(true);
    // A hook file changes after them all: a change the host wrongly took would be a push before this
    // one or, within its 150 ms burst, a path named in this one's reason (every path of a burst is).
    env.write('~/.config/pw/code.json', JSON.stringify({ hooks: { Stop: [] } }));
    await pushNaming(hookFile);
    expect(pushes).toEqual([`changed on disk: ${hookFile}`]);
  } finally {
    own.close();
  }
});
