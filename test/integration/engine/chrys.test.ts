import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { makeGate } from '../../helpers/gate.js';
import { openHost, waitFor } from '../../helpers/host.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const GLOBAL = '~/.chrys/hooks/hooks.yaml';
const PROJECT = 'ws/.chrys/hooks/hooks.yaml';
const enabled = async (e: TestEnv) => {
  const h = await openHost(e);
  await h.host.updateSettings((s) => ({ ...s, dialects: { chrys: { projectHooksEnabled: true } } }));
  return h;
};
const trust = async (h: Awaited<ReturnType<typeof openHost>>, path: string) => {
  const source = (await h.host.sources(env.workspace)).find((s) => s.path === path)!;
  await h.host.trust.trust(
    source,
    readFileSync(path),
    source.scripts.map((s) => ({ path: s.path, bytes: readFileSync(s.path) })),
  );
};
const tool = {
  tool: { name: 'write_file', kind: 'filesystem.write', args: { path: '/etc/passwd', mode: 644 } },
  profile: 'Code',
  session_id: 'S1',
};

describe('chrys semantics', () => {
  test('project blocking hooks run first; a project block ends the chain and global hooks are skipped', async () => {
    env = makeEnv();
    const log = env.path('order.log');
    env.write(
      PROJECT,
      `hooks:\n  - id: deny\n    event: before_tool_call\n    match: { tool_kind: filesystem.write, args: { path: { contains: "/etc/" } } }\n    run: { type: shell, shell: 'echo project >> ${log}; echo "{\\"decision\\": \\"block\\", \\"reason\\": \\"no writes to /etc\\"}" > "$CHRYS_HOOK_RESULT"' }\n    execution: { mode: blocking }\n`,
    );
    env.write(
      GLOBAL,
      `hooks:\n  - id: audit\n    event: before_tool_call\n    match: { tool_name: write_file }\n    run: { type: shell, shell: 'echo global >> ${log}' }\n    execution: { mode: blocking }\n`,
    );
    const h = await enabled(env);
    await trust(h, env.path(PROJECT));
    const { answer } = await h.fire('chrys', 'before_tool_call', tool);
    expect(answer).toMatchObject({ decision: 'block', reason: 'no writes to /etc' });
    expect(answer.dispatches.map((d) => [d.rule, d.outcome])).toEqual([
      ['deny', 'blocked'],
      ['audit', 'skipped'],
    ]);
    expect(answer.dispatches[1]!.skipReason).toBe('chain ended: deny decided block');
    expect(readFileSync(log, 'utf8')).toBe('project\n');
    expect(JSON.parse(answer.protocol.stdout)).toEqual({ decision: 'block', reason: 'no writes to /etc' });
  });

  test('modify rewrites the args the next hook sees; args match stringifies like Python', async () => {
    env = makeEnv();
    const seen = env.path('seen.json');
    env.write(
      GLOBAL,
      `hooks:
  - id: redact
    event: before_tool_call
    match: { args: { mode: { equals: "644" } } }
    run: { type: shell, shell: 'echo "{\\"decision\\": \\"modify\\", \\"args\\": {\\"path\\": \\"/tmp/safe\\", \\"mode\\": 600}}" > "$CHRYS_HOOK_RESULT"' }
    execution: { mode: blocking }
  - id: observe
    event: before_tool_call
    match: { tool_name: write_file }
    run: { type: shell, shell: 'cat > ${seen}' }
    execution: { mode: blocking }
`,
    );
    const h = await openHost(env);
    const { answer } = await h.fire('chrys', 'before_tool_call', tool);
    expect(answer).toMatchObject({ decision: 'allow', updatedInput: { path: '/tmp/safe', mode: 600 } });
    expect(JSON.parse(readFileSync(seen, 'utf8')).tool.args).toEqual({ path: '/tmp/safe', mode: 600 });
  });

  test('a failed blocking hook: its result file is ignored; on_error block denies with stderr, warn allows', async () => {
    env = makeEnv();
    env.write(
      GLOBAL,
      `hooks:
  - id: broken-warn
    event: user_prompt_submit
    run: { type: shell, shell: 'echo "{\\"decision\\": \\"block\\"}" > "$CHRYS_HOOK_RESULT"; exit 1' }
    execution: { mode: blocking, on_error: warn }
  - id: broken-block
    event: user_prompt_submit
    match: { profile: Strict }
    run: { type: shell, shell: 'echo "linter crashed" >&2; exit 1' }
    execution: { mode: blocking, on_error: block }
`,
    );
    const h = await openHost(env);
    let { answer } = await h.fire('chrys', 'user_prompt_submit', { prompt: 'x', profile: 'Code' });
    expect(answer).toMatchObject({
      decision: 'allow',
      dispatches: [{ rule: 'broken-warn', outcome: 'failed' }],
    });
    ({ answer } = await h.fire('chrys', 'user_prompt_submit', { prompt: 'x', profile: 'Strict' }));
    expect(answer.decision).toBe('block');
    expect(answer.reason).toBe('broken-block: linter crashed');
  });

  test('${workspace_cwd}, ${chrys_home}, ${session_id}, ${profile} expand in cwd and env; scripts run by extension', async () => {
    env = makeEnv();
    const out = env.path('vars');
    env.write(
      '~/.chrys/hooks/scripts/show.sh',
      `printf '%s|%s|%s|%s|%s' "$PWD" "$W" "$H" "$S" "$P" > ${out}\n`,
    );
    env.write(
      GLOBAL,
      `hooks:
  - id: vars
    event: session_start
    run:
      type: script
      path: scripts/show.sh
      cwd: "\${workspace_cwd}"
      env: { W: "\${workspace_cwd}", H: "\${chrys_home}", S: "\${session_id}", P: "\${profile}" }
    execution: { mode: blocking }
`,
    );
    const h = await openHost(env);
    await h.fire('chrys', 'session_start', { session_id: 'S9', profile: 'QA' });
    expect(readFileSync(out, 'utf8')).toBe(`${env.workspace}|${env.workspace}|${env.path('~/.chrys')}|S9|QA`);
  });

  test('max_parallel_hooks caps concurrent processes', async () => {
    env = makeEnv();
    const dir = env.path('par');
    env.write('par/.keep', '');
    // Each hook counts the hooks running (started, not yet ended) when it starts, then waits until it
    // has company (or every hook has started) before it ends: with a cap of 2, pairs overlap for sure
    // and no hook ever sees 3. The wait is bounded by count, so a cap of 1 ends too, seen as 1.
    const running = `$(( $(ls ${dir} | grep -c start) - $(ls ${dir} | grep -c end) ))`;
    const script = (i: number) =>
      `touch ${dir}/${i}.start; echo ${running} > ${dir}/${i}.seen; n=0; ` +
      `while [ ${running} -lt 2 ] && [ $(ls ${dir} | grep -c start) -lt 6 ] && [ $n -lt 400 ]; ` +
      `do n=$((n+1)); sleep 0.05; done; echo ${running} >> ${dir}/${i}.seen; touch ${dir}/${i}.end`;
    const hook = (i: number) =>
      `  - { id: h${i}, event: after_tool_call, run: { type: shell, shell: '${script(i)}' } }\n`;
    env.write(GLOBAL, `settings:\n  max_parallel_hooks: 2\nhooks:\n${[0, 1, 2, 3, 4, 5].map(hook).join('')}`);
    const h = await openHost(env);
    const { background } = await h.fire('chrys', 'after_tool_call', tool);
    expect((await background).map((d) => d.outcome)).toEqual(Array(6).fill('ok'));
    const seen = [0, 1, 2, 3, 4, 5].flatMap((i) =>
      readFileSync(`${dir}/${i}.seen`, 'utf8').trim().split('\n').map(Number),
    );
    expect(Math.max(...seen)).toBe(2);
  });

  test('async hooks are drained when the turn ends: it settles once they have finished', async () => {
    env = makeEnv();
    const marker = env.path('linted');
    const gate = makeGate(env.path('gate'));
    // A grace no machine's load reaches: the test lets the hook through after the turn ended, and the
    // grace must not end it first (at 1 s, a loaded machine's gate write met a hook already ended: EPIPE).
    env.write(
      GLOBAL,
      `settings: { shutdown_grace_seconds: 600 }
hooks:
  - { id: lint, event: after_tool_call, run: { type: shell, shell: 'read _ < ${gate.path}; touch ${marker}' }, execution: { mode: async } }
`,
    );
    const h = await openHost(env);
    // The lint hook is held at its gate: the tool call's answer does not wait for it...
    await h.fire('chrys', 'after_tool_call', tool);
    expect(existsSync(marker)).toBe(false);
    // ...and the turn's end does: it settles only once the hook, let through, has finished.
    const turnEnd = h.fire('chrys', 'after_turn', {});
    await gate.open();
    await turnEnd;
    expect(existsSync(marker)).toBe(true);
  });

  test('an async hook still running past the drain grace is ended at the turn end', async () => {
    env = makeEnv();
    env.write(
      GLOBAL,
      `settings: { shutdown_grace_seconds: 1 }
hooks:
  - { id: slow, event: after_tool_call, run: { type: shell, shell: 'sleep 600' }, execution: { mode: async } }
`,
    );
    const h = await openHost(env);
    // A hook that would run ten minutes: only the drain grace can end the turn in the test's time.
    const { background } = await h.fire('chrys', 'after_tool_call', tool);
    await h.fire('chrys', 'after_turn', {});
    const done = await background;
    expect(done.find((d) => d.rule === 'slow')).toMatchObject({
      outcome: 'failed',
      reason: expect.stringContaining('drain grace'),
    });
  });

  test('durable non-blocking hooks go through outbox/pending to done/ or failed/', async () => {
    env = makeEnv();
    env.write(
      GLOBAL,
      `hooks:
  - { id: ok, event: session_end, run: { type: command, argv: ["true"] }, execution: { mode: async, delivery: durable } }
  - { id: bad, event: session_end, run: { type: command, argv: ["false"] }, execution: { mode: async, delivery: durable } }
`,
    );
    const h = await openHost(env);
    const { background } = await h.fire('chrys', 'session_end', {});
    await background;
    const outbox = env.path('hp/outbox');
    expect(readdirSync(`${outbox}/pending`)).toEqual([]);
    expect(readdirSync(`${outbox}/done`)).toHaveLength(1);
    expect(readdirSync(`${outbox}/failed`)).toHaveLength(1);
    const failed = JSON.parse(readFileSync(`${outbox}/failed/${readdirSync(`${outbox}/failed`)[0]}`, 'utf8'));
    expect(failed).toMatchObject({ rule: 'bad', attempts: 1, lastResult: { exitCode: 1 } });
  });

  test("a detached hook writes to an owner-only log under Hookpanel's home", async () => {
    env = makeEnv();
    env.write(
      GLOBAL,
      `hooks:\n  - { id: bg, event: after_turn, run: { type: shell, shell: 'echo hello from detached' }, execution: { detach: true } }\n`,
    );
    const h = await openHost(env);
    const { background } = await h.fire('chrys', 'after_turn', {});
    const [rec] = await background;
    expect(rec).toMatchObject({ outcome: 'ok', reason: expect.stringContaining('detached') });
    const logs = env.path('hp/logs/chrys');
    const log = await waitFor(
      () =>
        readdirSync(logs).find(
          (n) => n.endsWith('.log') && readFileSync(`${logs}/${n}`, 'utf8').includes('hello'),
        ),
      (v) => !!v,
    );
    expect(log).toBeTruthy();
    expect(statSync(`${logs}/${log}`).mode & 0o777).toBe(0o600);
  });
});
