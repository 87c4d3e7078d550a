// Settings changed from the panel in quick succession (three toggles in a row, as a person or a test
// clicks them) must all hold: in the host, in settings.json, and after the host's own file watcher has
// seen its writes. Each write used to be renamed into place on its own, so an older write could land
// last, and the watcher then "reloaded" that older file over the newer settings — a switched-on Ask me
// silently off again, and the agent's request never held.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { startPanelSession, type PanelSession } from '../../electron/host/panel/session.js';
import { HookHost } from '../../electron/host/service.js';
import { NOTIFICATION_KINDS } from '../../electron/host/settings/settings.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { waitFor } from '../helpers/host.js';

let env: TestEnv;
let session: PanelSession | null = null;
let host: HookHost | null = null;
afterEach(async () => {
  await session?.close();
  await host?.close();
  session = host = null;
  env?.cleanup();
});

test('toggles saved at once all hold, in the host and in settings.json, after the watcher has seen them', async () => {
  env = makeEnv();
  env.write('hp/settings.json', '{}');
  host = await HookHost.open(env.host);
  const reloads: string[] = [];
  session = startPanelSession(host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (event, payload) => {
      const reason = (payload as { reason?: string }).reason ?? '';
      if (event === 'sourcesChanged' && reason.includes(host!.paths.settings)) reloads.push(reason);
    },
  });
  await session.watching;
  const api = session.api;

  for (let round = 0; round < 4; round++) {
    const on = round % 2 === 1;
    const seen = reloads.length;
    await Promise.all([
      api['settings:update']({
        notifications: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, on])) as Record<
          (typeof NOTIFICATION_KINDS)[number],
          boolean
        >,
      }),
      api['settings:update']({ paused: on }),
      api['settings:update']({ historyMaxBytes: (64 + round) * 1024 * 1024 }),
      api['settings:update']({ askMe: { claude: { on: !on, tools: [], waitSeconds: 590 } } }),
      api['settings:update']({ historyMaxAgeDays: 30 + round }),
    ]);
    // The watcher has seen settings.json change since these writes began (it reloads once per burst).
    await waitFor(
      () => reloads.length,
      (n) => n > seen,
    );
    expect(reloads.length).toBeGreaterThan(seen);
    // Whatever it reloaded, and whenever: every toggle holds.
    await host.idle();
    const want = {
      notifications: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, on])),
      askMe: !on,
      maxAgeDays: 30 + round,
      maxBytes: (64 + round) * 1024 * 1024,
      paused: on,
    };
    const inHost = {
      notifications: host.settings.notifications,
      askMe: host.settings.askMe.claude?.on,
      maxAgeDays: host.settings.history.maxAgeDays,
      maxBytes: host.settings.history.maxBytes,
      paused: host.settings.paused,
    };
    const file = JSON.parse(readFileSync(host.paths.settings, 'utf8')) as typeof host.settings;
    const inFile = {
      notifications: file.notifications,
      askMe: file.askMe.claude?.on,
      maxAgeDays: file.history.maxAgeDays,
      maxBytes: file.history.maxBytes,
      paused: file.paused,
    };
    expect({ round, inHost }).toEqual({ round, inHost: want });
    expect({ round, inFile }).toEqual({ round, inFile: want });
  }
});

test("a reload that read settings.json before the host's own write does not undo that write", async () => {
  env = makeEnv();
  // Valid settings with Ask me off, made slow to read (64 MB of spaces): the write below starts and ends
  // while the reload still reads the older file, as a watcher's reload can on a busy machine.
  const off = { askMe: { claude: { on: false, tools: [], waitSeconds: 590 } } };
  env.write('hp/settings.json', JSON.stringify(off).replace('{', `{${' '.repeat(64 * 1024 * 1024)}`));
  host = await HookHost.open(env.host);
  expect(host.settings.askMe.claude?.on).toBe(false);
  const reading = host.reloadSettings();
  await host.updateSettings((s) => ({
    ...s,
    askMe: { ...s.askMe, claude: { ...s.askMe.claude!, on: true } },
  }));
  await reading;
  expect(host.settings.askMe.claude?.on).toBe(true);
  const file = JSON.parse(readFileSync(host.paths.settings, 'utf8')) as typeof host.settings;
  expect(file.askMe.claude?.on).toBe(true);
});

test('a reload of settings.json held up by a slow read does not land over a newer one', async () => {
  env = makeEnv();
  env.write('hp/settings.json', '{}');
  host = await HookHost.open(env.host);
  // What the host holds as each reload of settings.json ends (the watcher tells the panel then).
  const afterReloads: (boolean | undefined)[] = [];
  session = startPanelSession(host, {
    mode: 'browser',
    workspace: env.workspace,
    push: (event, payload) => {
      const reason = (payload as { reason?: string }).reason ?? '';
      if (event === 'sourcesChanged' && reason.includes(host!.paths.settings))
        afterReloads.push(host!.settings.askMe.claude?.on);
    },
  });
  await session.watching;
  const settings = host.paths.settings;
  // settings.json becomes a FIFO: the watcher's reload of it waits, in its read, until this test writes.
  const fifo = env.path('settings.fifo');
  execFileSync('mkfifo', [fifo]);
  renameSync(fifo, settings);
  let writer: number | null = null;
  const deadline = Date.now() + 20_000;
  while (writer === null) {
    try {
      // Opens only once the reload has opened it to read (ENXIO before).
      writer = openSync(settings, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENXIO' || Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  // A newer settings.json, Ask me on, lands while that read is held.
  const on = { askMe: { claude: { on: true, tools: [], waitSeconds: 590 } } };
  writeFileSync(env.path('settings.new'), JSON.stringify(on));
  renameSync(env.path('settings.new'), settings);
  // Reloads taken side by side would take the newer file now; one after another, not until the held one
  // ends. Either way, the held read then ends with the older text.
  await waitFor(
    () => host!.settings.askMe.claude?.on,
    (on) => on === true,
    3000,
  );
  const before = afterReloads.length;
  writeSync(writer, '{}');
  closeSync(writer);
  // Whatever the order, a reload that ends after the held one leaves the newer file in the host: side by
  // side, the held one ends last and leaves the older text (and nothing reloads after it).
  const ended = await waitFor(
    () => afterReloads.slice(before),
    (after) => after.includes(true),
  );
  expect(ended).toContain(true);
  expect(host.settings.askMe.claude?.on).toBe(true);
});
