// Agents on another machine (docs/remote.md), through a real OpenSSH server (test/helpers/sshd.ts) and the
// real client. remote add installs the bridge there (shown first), the running host keeps one ssh
// connection forwarding a socket into the remote user's 0700 folder, events come back tagged with the
// machine, a cut tunnel answers "no decision" at once, the host reconnects after sshd went down, and
// remote remove gives the remote files back byte for byte.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { processesWithMarker, waitFor } from '../../helpers/host.js';
import { startServe, type RunningHost } from '../../helpers/serve.js';
import { sshdMissing, startSshd, type TestSshd } from '../../helpers/sshd.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 30_000 });
const missing = sshdMissing();

test('OpenSSH (server and client) is there for these tests', (ctx) => {
  if (!missing) return;
  if (process.env.CI) throw new Error(`the remote tests must run on CI: ${missing}`);
  ctx.skip(missing);
});

const ORIGINAL = `{
  "permissions": { "allow": ["Bash(npm test)"] },
  "model": "opus"
}
`;
const REASON = 'no shell on the dev box';
const LOCAL_REASON = 'only on this computer';
const payload = (command: string) =>
  JSON.stringify({
    session_id: 's1',
    cwd: '/srv/app',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  });

describe.skipIf(missing)('hookpanel remote, over a real sshd', () => {
  let env: TestEnv;
  let sshd: TestSshd;
  let cliEnv: Record<string, string>;
  const cli = (...args: string[]) => runCli(args, { env: cliEnv, cwd: env.workspace, timeoutMs: 30_000 });
  const remoteDir = () => join(sshd.remoteHome, '.hookpanel-remote');
  const bridge = () => join(remoteDir(), 'bin', 'hookpanel-hook');
  const state = () => {
    try {
      return JSON.parse(readFileSync(join(env.hookpanelHome, 'run', 'remote-state.json'), 'utf8')).machines[
        sshd.target
      ] as { state: string; error: string | null; lastEventAt: string | null; since: string };
    } catch {
      return null;
    }
  };
  /** This computer's ssh processes for the tunnel (its argv names the remote socket). */
  const tunnels = () =>
    processesWithMarker(`HOOKPANEL_HOME=${env.hookpanelHome}`).filter(
      (pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'ssh',
    );

  beforeAll(async () => {
    env = makeEnv();
    sshd = await startSshd(env.root);
    cliEnv = { ...env.processEnv, HOOKPANEL_SSH_CONFIG: sshd.sshConfig };
    env.processEnv.HOOKPANEL_SSH_CONFIG = sshd.sshConfig;
  });
  afterAll(async () => {
    await sshd?.stop();
    await env?.cleanup();
  });

  test('remote add shows what it installs and where; --dry-run changes nothing; connect --remote and remote remove give the file back byte for byte', async () => {
    const settings = join(sshd.remoteHome, '.claude', 'settings.json');
    await sshd.run(
      `mkdir -p ~/.claude && cat > ~/.claude/settings.json && chmod 640 ~/.claude/settings.json`,
      ORIGINAL,
    );

    const dry = await cli('remote', 'add', sshd.target, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`on ${sshd.target}, in ${remoteDir()} (a folder only that user can open`);
    expect(dry.stdout).toMatch(/bin\/hookpanel-hook +the bridge/);
    // What the bridge will use there: curl, its version read there.
    expect(dry.stdout).toMatch(/^curl is there \(\/\S+\/curl, \d+\.\d+\.\d+\)\.$/m);
    expect(existsSync(remoteDir())).toBe(false);

    const add = await cli('remote', 'add', sshd.target);
    expect(add.code, add.stderr).toBe(0);
    expect(statSync(remoteDir()).mode & 0o777).toBe(0o700);
    expect(statSync(join(remoteDir(), 'run')).mode & 0o777).toBe(0o700);
    const record = JSON.parse(readFileSync(join(env.hookpanelHome, 'remote.json'), 'utf8')).machines[
      sshd.target
    ];
    expect(readFileSync(join(remoteDir(), 'token'), 'utf8')).toBe(`${record.token}\n`);
    expect(statSync(join(env.hookpanelHome, 'remote.json')).mode & 0o777).toBe(0o600);
    // Not twice over a folder it did not make.
    const list = await cli('remote', 'list', '--json');
    expect(JSON.parse(list.stdout).machines).toEqual([
      expect.objectContaining({ target: sshd.target, home: sshd.remoteHome, state: 'no host', agents: [] }),
    ]);

    const connect = await cli('connect', 'claude', '--remote', sshd.target, '--yes');
    expect(connect.code, connect.stderr).toBe(0);
    expect(connect.stdout).toContain(`Changes ${sshd.target}:${settings}`);
    const connected = JSON.parse(readFileSync(settings, 'utf8'));
    expect(connected.model).toBe('opus');
    expect(connected.hooks.PreToolUse[0].hooks[0].command).toBe(`${bridge()} claude PreToolUse`);
    expect(statSync(settings).mode & 0o777).toBe(0o640);

    const removed = await cli('remote', 'remove', sshd.target);
    expect(removed.code, removed.stderr).toBe(0);
    expect(readFileSync(settings, 'utf8')).toBe(ORIGINAL);
    expect(statSync(settings).mode & 0o777).toBe(0o640);
    expect(existsSync(remoteDir())).toBe(false);
    expect(JSON.parse((await cli('remote', 'list', '--json')).stdout).machines).toEqual([]);
  });

  test("what follows an agent's change runs there too: Droid's check reads the machine's hooks.json; an agent whose bridge is a whole file is refused", async () => {
    const factory = join(sshd.remoteHome, '.factory');
    // Droid there keeps a Stop hook in ~/.factory/hooks.json, which replaces settings.json's Stop.
    await sshd.run(
      'mkdir -p ~/.factory && cat > ~/.factory/hooks.json',
      '{ "Stop": [{ "hooks": [{ "type": "command", "command": "true" }] }] }\n',
    );
    expect((await cli('remote', 'add', sshd.target)).code).toBe(0);

    const droid = await cli('connect', 'droid', '--remote', sshd.target, '--yes');
    expect(droid.stdout).toContain(
      `Connected Factory Droid on ${sshd.target}: ${join(factory, 'settings.json')}`,
    );
    expect(droid.stdout).toContain(
      `Droid will not run the bridge for Stop: ${join(factory, 'hooks.json')} lists this event`,
    );
    expect(droid.code, 'connected, but Droid will not run every hook').toBe(1);

    const copilot = await cli('connect', 'copilot', '--remote', sshd.target, '--yes');
    expect(copilot.code).toBe(1);
    expect(copilot.stderr).toBe(
      "hookpanel connect: GitHub Copilot CLI cannot be connected on another machine yet: its bridge is a file of Hookpanel's that starts Hookpanel on the computer running the agent\n",
    );

    const removed = await cli('remote', 'remove', sshd.target);
    expect(removed.code, removed.stderr).toBe(0);
    expect(existsSync(join(factory, 'settings.json')), 'connect created it; remove takes it back').toBe(
      false,
    );
    await sshd.run('rm -r ~/.factory');
  });

  test('remote add refuses a folder it did not make, and a target that is not user@host', async () => {
    await sshd.run('mkdir -p ~/.hookpanel-remote && echo mine > ~/.hookpanel-remote/notes');
    const add = await cli('remote', 'add', sshd.target);
    expect(add.code).toBe(1);
    expect(add.stderr).toContain(
      `${remoteDir()} already exists on ${sshd.target} and Hookpanel on this computer did not make it`,
    );
    expect(readFileSync(join(remoteDir(), 'notes'), 'utf8')).toBe('mine\n');
    await sshd.run('rm -r ~/.hookpanel-remote');
    const bad = await cli('remote', 'add', '-oProxyCommand=touch /tmp/x');
    expect(bad.code).toBe(2);
  });

  describe('with the host running', () => {
    let served: RunningHost;
    beforeAll(async () => {
      env.write(
        'hp/hooks/claude.json',
        JSON.stringify({
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [
                  {
                    type: 'command',
                    // The slow call marks that it started, then takes far longer than any answer should.
                    command: `if grep -q slow-call; then touch ${env.path('slow-started')}; sleep 30; fi; echo '${REASON}' >&2; exit 2`,
                  },
                  // Chosen for this computer only (settings.json below): skipped for the machine's events.
                  { type: 'command', command: `echo '${LOCAL_REASON}' >&2; exit 2` },
                  // Chosen for the machine only: runs for its events, skipped for this computer's.
                  { type: 'command', command: `cat > ${env.path('machine-rule-ran')}` },
                ],
              },
            ],
          },
        }),
      );
      // Ask me on for Claude Code's shell commands: its permission requests wait for an answer here.
      // The second and third hooks run only where chosen (docs/remote.md, "Rules for one machine").
      const hosted = join(env.hookpanelHome, 'hooks', 'claude.json');
      env.write(
        'hp/settings.json',
        JSON.stringify({
          askMe: { claude: { on: true, tools: ['Bash'] } },
          ruleMachines: {
            [`${hosted}#PreToolUse[0].hooks[1]`]: { thisComputer: true, machines: [] },
            [`${hosted}#PreToolUse[0].hooks[2]`]: { thisComputer: false, machines: [sshd.target] },
          },
        }),
      );
      expect((await cli('remote', 'add', sshd.target)).code).toBe(0);
      served = await startServe(env);
      await waitFor(state, (s) => s?.state === 'connected', 20_000);
    });
    afterAll(async () => {
      await served?.stop();
      // Nothing of the tunnel stays once the host has stopped.
      await waitFor(tunnels, (t) => t.length === 0, 10_000);
      expect(tunnels()).toEqual([]);
    });

    test("an event from the machine runs this computer's hosted rule, and History names the machine", async () => {
      expect(state()).toMatchObject({ state: 'connected', error: null });
      const sock = join(remoteDir(), 'run', 'desk.sock');
      expect(statSync(sock).isSocket()).toBe(true);
      const r = await sshd.run(`${bridge()} claude PreToolUse`, payload('ls'));
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim()).toBe(REASON);
      const events = await waitFor(
        async () =>
          JSON.parse((await cli('history', '--events', '--json')).stdout).events as Record<string, unknown>[],
        (e) => e.length > 0,
      );
      expect(events[0]).toMatchObject({
        event: 'PreToolUse',
        decision: 'block',
        machine: sshd.target,
        workspace: null,
      });
      expect((await cli('history', '--events')).stdout).toContain(`on ${sshd.target}`);
      await waitFor(state, (s) => !!s?.lastEventAt);
      const list = await cli('remote', 'list');
      expect(list.stdout).toContain(`${sshd.target}  connected since`);
      expect(list.stdout).not.toContain('last event: none yet');
    });

    test('a rule chosen for this computer only is skipped for the machine, one chosen for the machine runs only for it; rule runs carry the machine', async () => {
      const r = await sshd.run(`${bridge()} claude PreToolUse`, payload('echo placed'));
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim()).toBe(REASON);
      expect(JSON.parse(readFileSync(env.path('machine-rule-ran'), 'utf8')).tool_input.command).toBe(
        'echo placed',
      );
      type Run = {
        rule: string;
        outcome: string;
        skipReason: string | null;
        machine?: string;
        eventId: string;
      };
      const runsOf = async (filter: (d: Run) => boolean) =>
        waitFor(
          async () =>
            (
              JSON.parse((await cli('history', '--json', '--event', 'PreToolUse')).stdout) as {
                dispatches: Run[];
              }
            ).dispatches,
          (d) => d.some(filter),
        );
      const fromMachine = await runsOf((d) => d.rule === 'PreToolUse[0].hooks[2]' && d.outcome === 'ok');
      const event = fromMachine.find(
        (d) => d.rule === 'PreToolUse[0].hooks[2]' && d.outcome === 'ok',
      )!.eventId;
      const runs = fromMachine.filter((d) => d.eventId === event);
      expect(runs.map((d) => [d.rule, d.outcome, d.skipReason, d.machine])).toEqual(
        expect.arrayContaining([
          ['PreToolUse[0].hooks[0]', 'blocked', null, sshd.target],
          [
            'PreToolUse[0].hooks[1]',
            'skipped',
            `not for ${sshd.target}: this rule runs on this computer only`,
            sshd.target,
          ],
          ['PreToolUse[0].hooks[2]', 'ok', null, sshd.target],
        ]),
      );

      expect((await cli('history', '--event', 'PreToolUse')).stdout).toContain(
        `  on ${sshd.target}  — not for ${sshd.target}: this rule runs on this computer only`,
      );

      // This computer's own event, through the same host: the local rule runs, the machine's does not.
      rmSync(env.path('machine-rule-ran'));
      const here = await runCli(['emit', 'claude', 'PreToolUse'], {
        env: cliEnv,
        cwd: env.workspace,
        input: JSON.stringify({ ...JSON.parse(payload('echo here')), cwd: env.workspace }),
        timeoutMs: 30_000,
      });
      expect(here.code).toBe(2);
      expect(here.stderr).toContain(LOCAL_REASON);
      expect(existsSync(env.path('machine-rule-ran'))).toBe(false);
      const localRuns = await runsOf(
        (d) => d.rule === 'PreToolUse[0].hooks[2]' && d.outcome === 'skipped' && !d.machine,
      );
      expect(localRuns.find((d) => d.rule === 'PreToolUse[0].hooks[2]' && !d.machine)?.skipReason).toBe(
        `not for this computer: this rule runs on ${sshd.target} only`,
      );
    });

    test('Ask me: a permission request from the machine is answered on this computer, Deny then Allow, and the answer reaches it', async () => {
      for (const [choice, behavior] of [
        ['deny', { behavior: 'deny', message: 'not on the dev box' }],
        ['allow', { behavior: 'allow' }],
      ] as const) {
        const request = JSON.stringify({
          session_id: `ask-${choice}`,
          cwd: '/srv/app',
          hook_event_name: 'PermissionRequest',
          tool_name: 'Bash',
          tool_input: { command: `touch ${choice}.txt` },
          permission_mode: 'default',
        });
        const held = sshd.run(`${bridge()} claude PermissionRequest`, request);
        const listed = await waitFor(
          async () => JSON.parse((await cli('requests', '--json')).stdout).requests as { id: string }[],
          (r) => r.length > 0,
          20_000,
        );
        const args = [
          'answer',
          listed[0]!.id,
          choice,
          ...(choice === 'deny' ? ['--reason', 'not on the dev box'] : []),
        ];
        expect((await cli(...args)).code).toBe(0);
        const r = await held;
        expect(r.code, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout).hookSpecificOutput.decision).toEqual(behavior);
      }
    });

    test('the Node fallback (for a machine without curl) gives the answer curl would, in the form the script reads', async () => {
      const sock = join(remoteDir(), 'run', 'desk.sock');
      const r = await sshd.run(
        `node ${join(remoteDir(), 'bin', 'hookpanel-hook.mjs')} ${sock} "$(cat ${join(remoteDir(), 'token')})" claude PreToolUse`,
        payload('ls'),
      );
      expect(r.code).toBe(0);
      // At once (422), or streamed once the answer took longer than a heartbeat (202: dots, then :2:).
      expect(r.stdout).toMatch(new RegExp(`^(${REASON}\\n+422|\\.*:2:${REASON}\\n+202)$`));
      const wrong = await sshd.run(
        `node ${join(remoteDir(), 'bin', 'hookpanel-hook.mjs')} ${sock} wrong claude PreToolUse`,
        payload('ls'),
      );
      expect(wrong.stdout).toMatch(/\n403$/);
    });

    test("a curl there older than 7.40 (no --unix-socket, as CentOS 7's): the bridge answers through Node", async () => {
      // Such a curl refuses the option at once, on stderr (-s or not), and makes no request.
      const older = join(sshd.remoteHome, 'older-curl');
      mkdirSync(older, { recursive: true });
      writeFileSync(
        join(older, 'curl'),
        '#!/bin/sh\nfor a; do [ "$a" = --unix-socket ] && { echo "curl: option --unix-socket: is unknown" >&2; exit 2; }; done\nexit 99\n',
        { mode: 0o755, flag: 'w' },
      );
      // Before, the bridge waited 2 s for a status such a curl never writes, then said "no decision".
      const r = await sshd.run(`PATH=${older}:$PATH ${bridge()} claude PreToolUse`, payload('ls'));
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim()).toBe(REASON);
      // Where that Node fails too (here one that exits 3), a machine set to block names the tool that failed.
      writeFileSync(join(older, 'node'), '#!/bin/sh\nexit 3\n', { mode: 0o755 });
      writeFileSync(join(remoteDir(), 'unreachable'), 'block\n');
      try {
        const failed = await sshd.run(`PATH=${older}:$PATH ${bridge()} claude PreToolUse`, payload('ls'));
        expect(failed.code).toBe(2);
        expect(failed.stderr.trim()).toBe(
          "Hookpanel's computer is unreachable (the connection failed (node exit 3)); this machine is set to block tool calls until it is back",
        );
      } finally {
        writeFileSync(join(remoteDir(), 'unreachable'), 'go-on\n');
      }
      expect(readdirSync(join(remoteDir(), 'run')).filter((n) => n.startsWith('req.'))).toEqual([]);
    });

    /** The host's state and last words, for a failure's message. */
    const hostSays = () =>
      `host exit ${served.child.exitCode} signal ${served.child.signalCode}, tunnel ${JSON.stringify(state())}, ` +
      `its output: ${served.output().slice(-1500)}`;

    test('this computer going silent with the tunnel up (the host stopped): the bridge gives up on it by itself, no decision or blocked per the machine', async () => {
      expect(state()?.state).toBe('connected');
      const hostPid = served.child.pid!;
      process.kill(hostPid, 'SIGSTOP');
      try {
        // Timed there, around the bridge alone (an ssh login here takes longer than the answer).
        let r = await sshd.run(
          `t0=$(date +%s%N); ${bridge()} claude PreToolUse; rc=$?; echo $(( ($(date +%s%N) - t0) / 1000000 )) > ~/silent-ms; exit $rc`,
          payload('ls'),
        );
        console.info(
          `remote bridge gave up on the silent computer after ${readFileSync(join(sshd.remoteHome, 'silent-ms'), 'utf8').trim()} ms`,
        );
        // No decision. The blocked answer below names what gave up: the bridge's own watch, not curl's
        // speed limit ("curl exit 28") nor a tunnel cut.
        expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
        const node = await sshd.run(
          `node ${join(remoteDir(), 'bin', 'hookpanel-hook.mjs')} ${join(remoteDir(), 'run', 'desk.sock')} "$(cat ${join(remoteDir(), 'token')})" claude PreToolUse`,
          payload('ls'),
        );
        expect(node.code, 'the Node fallback gives up too (exit 28)').toBe(28);
        expect((await cli('remote', 'add', sshd.target, '--when-unreachable', 'block')).code).toBe(0);
        r = await sshd.run(`${bridge()} claude PreToolUse`, payload('ls'));
        expect(r.code).toBe(2);
        expect(r.stderr).toContain("Hookpanel's computer is unreachable (it stopped answering)");
        r = await sshd.run(`${bridge()} claude Stop`, '{}');
        expect(r).toMatchObject({ code: 0, stderr: '' });
        // Nothing of those requests is left running there (the tunnel's own `cat` stays, as it should).
        const left = processesWithMarker(`HOME=${sshd.remoteHome}`).map((p) =>
          readFileSync(`/proc/${p}/comm`, 'utf8').trim(),
        );
        expect(left.filter((c) => ['curl', 'node', 'sleep', 'hookpanel-hook'].includes(c))).toEqual([]);
      } finally {
        process.kill(hostPid, 'SIGCONT');
      }
      expect((await cli('remote', 'add', sshd.target)).code).toBe(0);
      const back = await sshd.run(`${bridge()} claude PreToolUse`, payload('ls'));
      expect(back.stderr.trim(), `after SIGCONT: ${hostSays()}`).toBe(REASON);
    });

    test("the machine's socket takes only its own events, with its token", async () => {
      const sock = join(remoteDir(), 'run', 'desk.sock');
      const token = readFileSync(join(remoteDir(), 'token'), 'utf8').trim();
      const curl = (args: string) =>
        sshd.run(`curl -s -o /dev/null -w '%{http_code}' --unix-socket ${sock} ${args}`, payload('ls'));
      expect(
        (await curl(`-H 'X-Hookpanel-Token: wrong' --data-binary @- http://h/v1/hook/claude/PreToolUse`))
          .stdout,
      ).toBe('403');
      // Permission requests (listing, answering) are this computer's own.
      expect((await curl(`-H 'X-Hookpanel-Token: ${token}' http://h/v1/requests`)).stdout).toBe('404');
    });

    test('the tunnel killed mid-request: the remote bridge answers "no decision" while the hook still runs, nothing stays there, and the host reconnects', async () => {
      const before = tunnels();
      expect(before).toHaveLength(1);
      const connectedSince = state()?.since;
      const call = sshd.run(`${bridge()} claude PreToolUse`, payload('slow-call'));
      await waitFor(
        () => existsSync(env.path('slow-started')),
        (v) => v,
        20_000,
      );
      const cut = Date.now();
      process.kill(before[0]!, 'SIGKILL');
      const r = await call;
      console.info(`remote bridge answered ${Date.now() - cut} ms after the tunnel was cut`);
      // No decision: exit 0, nothing said; the 30 s hook is still running on this computer.
      expect(r).toMatchObject({ code: 0, stdout: '' });
      expect(
        processesWithMarker(`HOOKPANEL_HOME=${env.hookpanelHome}`).some((p) =>
          readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('sleep'),
        ),
      ).toBe(true);
      // Nothing of that request is left on the remote side (its curl ended with the session).
      expect(processesWithMarker(`HOME=${sshd.remoteHome}`)).toEqual([]);
      // A new connection: the state file may still say "connected" of the killed one for a moment.
      await waitFor(
        state,
        (s) =>
          s?.state === 'connected' &&
          s.since !== connectedSince &&
          tunnels().length === 1 &&
          tunnels()[0] !== before[0],
        20_000,
      );
      expect(state()?.state).toBe('connected');
      const again = await sshd.run(`${bridge()} claude PreToolUse`, payload('ls'));
      expect(again.stderr.trim()).toBe(REASON);
    });

    test('sshd going down: the state says reconnecting and why; once sshd is back the host reconnects', async () => {
      await sshd.stop();
      const down = await waitFor(state, (s) => s?.state === 'reconnecting', 20_000);
      expect(down?.error).toMatch(/ssh root@devbox: |ssh could not reach root@devbox: /);
      const list = await cli('remote', 'list');
      expect(list.stdout).toContain(`${sshd.target}  reconnecting: `);
      await sshd.start();
      await waitFor(state, (s) => s?.state === 'connected', 45_000);
      expect(state()).toMatchObject({ state: 'connected', error: null });
      const r = await sshd.run(`${bridge()} claude PreToolUse`, payload('ls'));
      expect(r.code).toBe(2);
    });
  });

  test('with no host on this computer, the bridge answers at once: no decision, or blocked for a machine set to block', async () => {
    // The host above has stopped: its socket there is stale or gone.
    let r = await sshd.run(`${bridge()} claude PreToolUse`, payload('ls'));
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const add = await cli('remote', 'add', sshd.target, '--when-unreachable', 'block');
    expect(add.stdout).toContain('while this computer is unreachable, tool calls are blocked');
    r = await sshd.run(`${bridge()} claude PreToolUse`, payload('ls'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Hookpanel's computer is unreachable (");
    // Only tool calls are guarded: a turn's end goes on.
    r = await sshd.run(`${bridge()} claude Stop`, '{}');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect((await cli('remote', 'remove', sshd.target)).code).toBe(0);
    writeFileSync(env.path('done'), '');
  });
});
