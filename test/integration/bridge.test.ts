import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { selfIdentity } from '../../electron/host/process/identity.js';
import { CLI, runCli, withHookpanelOnPath } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { processesWithMarker, waitFor } from '../helpers/host.js';
import { expectAllEnded, markProcesses, writePwStopHook } from '../helpers/marked-processes.js';
import { unownedJob } from '../helpers/outbox-job.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

let env: TestEnv;
let serve: RunningHost | null = null;
afterEach(async () => {
  await serve?.stop('SIGKILL');
  serve = null;
  env?.cleanup();
});

const BLOCKER = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: "echo 'blocked by policy' >&2; exit 2" }] },
    ],
    Stop: [{ hooks: [{ command: 'echo "{\\"decision\\":\\"approve\\"}"' }] }],
  },
};
const payload = JSON.stringify({ session_id: 's', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });

function sh(
  command: string,
  e: TestEnv,
  input: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { env: e.processEnv, cwd: e.workspace });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('the bridge', () => {
  test('emit answers the same through a running host and in-process; the host records it', async () => {
    env = makeEnv();
    env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
    const local = await runCli(['emit', 'claude', 'PreToolUse'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: payload,
    });
    expect(local).toMatchObject({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
    serve = await startServe(env);
    const hosted = await runCli(['emit', 'claude', 'PreToolUse'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: payload,
    });
    expect(hosted).toMatchObject({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
    const json = await runCli(['emit', 'claude', 'PreToolUse', '--json'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: payload,
    });
    const answer = JSON.parse(json.stdout);
    expect(answer).toMatchObject({
      decision: 'block',
      reason: 'blocked by policy',
      dispatches: [
        { rule: 'PreToolUse[0].hooks[0]', outcome: 'blocked', exitCode: 2, timedOut: false, signal: null },
      ],
    });
    expect(Object.keys(answer.dispatches[0])).toEqual(
      expect.arrayContaining(['rule', 'source', 'outcome', 'exitCode', 'signal', 'timedOut', 'durationMs']),
    );
    const dispatches = await waitFor(
      async () =>
        JSON.parse(
          (await runCli(['history', '--json', '--event', 'PreToolUse'], { env: env.processEnv })).stdout,
        ).dispatches as unknown[],
      (d) => d.length >= 3,
    );
    expect(dispatches).toHaveLength(3);
  });

  test('the socket is owner-only in an owner-only folder', async () => {
    env = makeEnv();
    serve = await startServe(env);
    expect(statSync(serve.socket).mode & 0o777).toBe(0o600);
    expect(statSync(join(env.hookpanelHome, 'run')).mode & 0o777).toBe(0o700);
  });

  test('the curl fast path gives the same answers, and falls back to emit when no host runs', async () => {
    env = makeEnv();
    withHookpanelOnPath(env);
    env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
    const fallback = await sh('hookpanel-hook claude PreToolUse', env, payload);
    expect(fallback).toMatchObject({ code: 2, stderr: 'blocked by policy\n' });
    serve = await startServe(env);
    const fast = await sh('hookpanel-hook claude PreToolUse', env, payload);
    expect(fast).toMatchObject({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
    const allow = await sh('hookpanel-hook claude PreToolUse', env, JSON.stringify({ tool_name: 'Read' }));
    expect(allow).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const blocked = await waitFor(
      async () =>
        (
          JSON.parse((await runCli(['history', '--json'], { env: env.processEnv })).stdout).dispatches as {
            outcome: string;
          }[]
        ).filter((d) => d.outcome === 'blocked'),
      (b) => b.length >= 2,
    );
    expect(blocked).toHaveLength(2);
  });

  test('a hook that calls hookpanel emit while being dispatched is refused', async () => {
    env = makeEnv();
    withHookpanelOnPath(env);
    const out = env.path('inner');
    writePwStopHook(env, `echo '{}' | hookpanel emit pw Stop --json > ${out}`);
    const r = await runCli(['emit', 'pw', 'Stop'], { env: env.processEnv, cwd: env.workspace, input: '{}' });
    expect(r.code).toBe(0);
    const inner = JSON.parse(readFileSync(out, 'utf8'));
    expect(inner).toMatchObject({ decision: 'allow', dispatches: [] });
    expect(inner.reason).toContain('refused: this event was emitted by a hook Hookpanel is running');
  });

  test('with no host, emit returns at once; what the hook left running is ended at its deadline', async () => {
    env = makeEnv();
    const { marker } = markProcesses('HP_STRAGGLER');
    writePwStopHook(env, `export ${marker}; sleep 300 & setsid sleep 300 & echo started`, 6);
    const r = await runCli(['emit', 'pw', 'Stop', '--json'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: '{}',
    });
    expect(JSON.parse(r.stdout).dispatches[0]).toMatchObject({ outcome: 'ok', exitCode: 0, timedOut: false });
    // emit has exited while both stragglers live on: it did not wait for their deadline …
    expect(processesWithMarker(marker)).toHaveLength(2);
    // … and the reaper it handed them to ends them there.
    await expectAllEnded(marker, 15_000);
  });

  test('with no host, a harness that kills emit mid-hook ends the hook with it', async () => {
    env = makeEnv();
    const { marker } = markProcesses('HP_ABANDONED');
    writePwStopHook(env, `export ${marker}; setsid sleep 300 & sleep 300`, 60);
    const child = spawn(process.execPath, [CLI, 'emit', 'pw', 'Stop'], {
      env: env.processEnv,
      cwd: env.workspace,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end('{}');
    await waitFor(
      () => processesWithMarker(marker).length,
      (n) => n === 2,
    );
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(stderr).toBe('');
    await expectAllEnded(marker, 5000);
  });

  test('bad input: unknown dialect, non-JSON payload, non-object payload', async () => {
    env = makeEnv();
    let r = await runCli(['emit', 'nope', 'X'], { env: env.processEnv, input: '{}' });
    expect(r.code).toBe(2);
    r = await runCli(['emit', 'pw', 'Stop'], { env: env.processEnv, input: '{not json' });
    expect(r).toMatchObject({ code: 1, stderr: expect.stringContaining('not JSON') });
    r = await runCli(['emit', 'pw', 'Stop'], { env: env.processEnv, input: '[1]' });
    expect(r).toMatchObject({ code: 1, stderr: expect.stringContaining('must be a JSON object') });
  });

  test('chrys: the verdict is written to CHRYS_HOOK_RESULT for the harness', async () => {
    env = makeEnv();
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      `hooks:\n  - { id: deny, event: before_tool_call, match: { tool_name: x }, run: { type: shell, shell: 'exit 1' }, execution: { mode: blocking, on_error: block } }\n`,
    );
    env.processEnv.CHRYS_HOOK_RESULT = env.path('result.json');
    const r = await runCli(['emit', 'chrys', 'before_tool_call'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: JSON.stringify({ tool: { name: 'x', kind: 'shell', args: {} } }),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(env.path('result.json'), 'utf8'))).toMatchObject({ decision: 'block' });
  });
});

describe('hooks that outlive the host', () => {
  test('a detached hook survives the host being killed', async () => {
    env = makeEnv();
    const marker = env.path('detached-done');
    const gate = env.path('detached-gate');
    // The hook waits for the gate, opened only once the host is dead: it cannot finish early.
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      `hooks:\n  - { id: bg, event: session_end, run: { type: shell, shell: 'while [ ! -e ${gate} ]; do sleep 0.05; done; touch ${marker}' }, execution: { detach: true } }\n`,
    );
    serve = await startServe(env);
    const r = await runCli(['emit', 'chrys', 'session_end', '--json'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: '{}',
    });
    expect(r.code).toBe(0);
    await serve.stop('SIGKILL');
    expect(existsSync(marker)).toBe(false);
    writeFileSync(gate, '');
    expect(
      await waitFor(
        () => existsSync(marker),
        (v) => v,
        8000,
      ),
    ).toBe(true);
  });

  test('durable jobs in flight when the host is killed: the runner files its own, the next host retries the other', async () => {
    env = makeEnv();
    const log = env.path('durable.log');
    const gate = env.path('gate');
    // The hooks wait for the gate, so both are surely mid-run when the host is killed.
    const wait = `while [ ! -e ${gate} ]; do sleep 0.05; done`;
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      `hooks:
  - { id: tele, event: session_end, run: { type: shell, shell: 'echo tele-start >> ${log}; ${wait}; echo tele-sent >> ${log}' }, execution: { detach: true, delivery: durable } }
  - { id: sync, event: session_end, run: { type: shell, shell: 'echo sync-start >> ${log}; ${wait}; echo sync-sent >> ${log}' }, execution: { mode: async, delivery: durable } }
`,
    );
    serve = await startServe(env);
    await runCli(['emit', 'chrys', 'session_end'], { env: env.processEnv, cwd: env.workspace, input: '{}' });
    const outbox = join(env.hookpanelHome, 'outbox');
    await waitFor(
      () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
      (t) => t.includes('tele-start') && t.includes('sync-start'),
    );
    expect(readdirSync(join(outbox, 'pending'))).toHaveLength(2);
    await serve.stop('SIGKILL');
    writeFileSync(gate, '');
    // The detached job's runner outlives the host and files the job itself.
    expect(
      await waitFor(
        () => readdirSync(join(outbox, 'done')).length,
        (n) => n === 1,
        10_000,
      ),
    ).toBe(1);
    expect(readdirSync(join(outbox, 'done'))[0]).toContain('tele');
    // The other's owner is dead: the next host retries it at once, however young the job is.
    serve = await startServe(env);
    expect(
      await waitFor(
        () => serve!.output(),
        (o) => o.includes('Outbox:'),
        15_000,
      ),
    ).toContain('retried 1 pending job(s)');
    expect(readdirSync(join(outbox, 'pending'))).toEqual([]);
    expect(readdirSync(join(outbox, 'done'))).toHaveLength(2);
    expect(readFileSync(log, 'utf8').match(/sync-start/g)).toHaveLength(2);
  });

  test('a durable job whose runner is killed is retried by the running host', async () => {
    env = makeEnv();
    const log = env.path('durable.log');
    const gate = env.path('gate');
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      `hooks:
  - { id: tele, event: session_end, run: { type: shell, shell: 'echo start >> ${log}; while [ ! -e ${gate} ]; do sleep 0.05; done; echo sent >> ${log}' }, execution: { detach: true, delivery: durable } }
`,
    );
    serve = await startServe(env);
    await runCli(['emit', 'chrys', 'session_end'], { env: env.processEnv, cwd: env.workspace, input: '{}' });
    const pending = join(env.hookpanelHome, 'outbox', 'pending');
    // The runner claims the job (it becomes the owner) before it starts the hook.
    const owner = await waitFor(
      () => {
        // The host writes the job after it answers: the outbox may not exist yet.
        if (!existsSync(pending)) return null;
        const [name] = readdirSync(pending);
        if (!name || !existsSync(log)) return null;
        return (JSON.parse(readFileSync(join(pending, name), 'utf8')) as { owner?: { pid: number } }).owner;
      },
      (o) => !!o && o.pid !== serve!.child.pid,
    );
    process.kill(owner!.pid, 'SIGKILL');
    writeFileSync(gate, '');
    expect(
      await waitFor(
        () => readdirSync(join(env.hookpanelHome, 'outbox', 'done')).length,
        (n) => n === 1,
        20_000,
      ),
    ).toBe(1);
    expect(readFileSync(log, 'utf8').match(/start/g)).toHaveLength(2);
    // The host says so on its output, which may reach us after the job is filed.
    expect(
      await waitFor(
        () => serve!.output(),
        (o) => o.includes('Outbox:'),
        10_000,
      ),
    ).toContain('Outbox: retried 1 pending job(s), gave up on 0.');
  });

  test('pending jobs are retried when their owner is gone, never while it lives', async () => {
    env = makeEnv();
    const marker = env.path('retried');
    env.write('~/.chrys/hooks/hooks.yaml', 'settings: { outbox_retry_age_seconds: 60 }\nhooks: []\n');
    const pending = join(env.hookpanelHome, 'outbox', 'pending');
    mkdirSync(pending, { recursive: true });
    const gone = spawnSync('/bin/true').pid!;
    const me = selfIdentity();
    const owners = {
      live: me,
      dead: { ...me, pid: gone },
      reused: { ...me, start: 'the start of some earlier process' },
      legacy: undefined,
    };
    for (const [id, owner] of Object.entries(owners))
      writeFileSync(
        join(pending, `${id}.json`),
        JSON.stringify({ ...job(id, marker), ...(owner ? { owner } : {}) }),
      );
    serve = await startServe(env);
    expect(
      await waitFor(
        () => serve!.output(),
        (o) => o.includes('Outbox:'),
      ),
    ).toContain('retried 2 pending job(s), gave up on 0');
    expect(readFileSync(marker, 'utf8').split('\n').sort()).toEqual(['', 'dead', 'reused']);
    // The live owner's job is in flight; the one with no owner is younger than the retry age.
    expect(readdirSync(pending).sort()).toEqual(['legacy.json', 'live.json']);
  });

  test('the host looks at the outbox while it runs, and says so only when there was something', async () => {
    env = makeEnv();
    const marker = env.path('retried');
    env.write('~/.chrys/hooks/hooks.yaml', 'settings: { outbox_retry_age_seconds: 1 }\nhooks: []\n');
    serve = await startServe(env);
    const pending = join(env.hookpanelHome, 'outbox', 'pending');
    mkdirSync(pending, { recursive: true });
    writeFileSync(join(pending, 'late.json'), JSON.stringify(job('late', marker)));
    const old = new Date(Date.now() - 10_000);
    utimesSync(join(pending, 'late.json'), old, old);
    const output = await waitFor(
      () => serve!.output(),
      (o) => o.includes('Outbox:'),
      15_000,
    );
    // The look at start found nothing and printed nothing; this one is the later look's.
    expect(output.match(/Outbox:/g)).toHaveLength(1);
    expect(output).toContain('Outbox: retried 1 pending job(s), gave up on 0.');
    expect(readFileSync(marker, 'utf8')).toBe('late\n');
  });

  test('stale pending jobs with no owner recorded are retried on start, up to outbox_max_retries', async () => {
    env = makeEnv();
    const marker = env.path('retried');
    env.write(
      '~/.chrys/hooks/hooks.yaml',
      'settings: { outbox_retry_age_seconds: 1, outbox_max_retries: 2 }\nhooks: []\n',
    );
    const pending = join(env.hookpanelHome, 'outbox', 'pending');
    mkdirSync(pending, { recursive: true });
    for (const [id, attempts] of [
      ['stale', 0],
      ['exhausted', 2],
      ['young', 0],
    ] as const)
      writeFileSync(join(pending, `${id}.json`), JSON.stringify({ ...job(id, marker), attempts }));
    const old = new Date(Date.now() - 10_000);
    utimesSync(join(pending, 'stale.json'), old, old);
    utimesSync(join(pending, 'exhausted.json'), old, old);
    // "Young" must stay younger than the 1 s retry age however long the host takes to start.
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(pending, 'young.json'), future, future);
    serve = await startServe(env);
    expect(
      await waitFor(
        () => serve!.output(),
        (o) => o.includes('Outbox:'),
      ),
    ).toContain('retried 1 pending job(s), gave up on 1');
    expect(readFileSync(marker, 'utf8')).toBe('stale\n');
    expect(readdirSync(join(env.hookpanelHome, 'outbox', 'done'))).toEqual(['stale.json']);
    expect(readdirSync(join(env.hookpanelHome, 'outbox', 'failed'))).toEqual(['exhausted.json']);
    expect(readdirSync(pending)).toEqual(['young.json']);
  });
});

/** A pending job as an older Hookpanel wrote it (no owner): it appends its id to `marker`. */
function job(id: string, marker: string) {
  return unownedJob({
    id,
    argv: ['/bin/sh', '-c', `echo ${id} >> ${marker}`],
    cwd: env.root,
    env: env.processEnv,
    timeoutMs: 5000,
  });
}
