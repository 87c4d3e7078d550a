import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { openHost } from '../../helpers/host.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

describe('io semantics', () => {
  const IO = '~/.config/io/io.toml';

  test('append writes one JSON line per event; on = [] observes every event', async () => {
    env = makeEnv();
    env.write(
      IO,
      '[[hook]]\non = []\nappend = "audit.jsonl"\n\n[[hook]]\non = ["turn_end"]\nappend = "turns.jsonl"\n',
    );
    const h = await openHost(env);
    await h.fire('io', 'session_start', { session: 's' });
    await h.fire('io', 'turn_end', { turn: 1 });
    const audit = readFileSync(env.path('ws/audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(audit.map((a) => [a.event, a.payload])).toEqual([
      ['session_start', { session: 's' }],
      ['turn_end', { turn: 1 }],
    ]);
    expect(readFileSync(env.path('ws/turns.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
  });

  test('the before_tool gate: continue allows, refuse blocks the call, cancel ends the turn; tools narrows', async () => {
    env = makeEnv();
    const gate = (tools: string, policy: string, code: number) =>
      `[[hook]]\nat = "before_tool"\ntools = [${tools}]\nrun = ["/bin/sh", "-c", "cat > /dev/null; exit ${code}"]\non_failure = "${policy}"\n`;
    env.write(
      IO,
      [
        gate('"a"', 'continue', 1),
        gate('"b"', 'refuse', 1),
        gate('"c"', 'cancel', 1),
        gate('"d"', 'refuse', 0),
      ].join('\n'),
    );
    const h = await openHost(env);
    const fire = async (tool: string) => (await h.fire('io', 'before_tool', { tool, args: {} })).answer;
    expect((await fire('a')).decision).toBe('allow');
    expect((await fire('a')).dispatches[0]!.outcome).toBe('failed');
    const refused = await fire('b');
    expect(refused).toMatchObject({ decision: 'block', protocol: { exitCode: 1 } });
    expect(refused.reason).toContain('on_failure = "refuse" turns this tool call back');
    expect(await fire('c')).toMatchObject({ decision: 'cancel' });
    expect(await fire('d')).toMatchObject({ decision: 'allow', dispatches: [{ outcome: 'ok' }] });
    expect((await fire('zzz')).dispatches).toEqual([]);
  });

  test('a gate that hangs is bounded by timeout_ms and its failure applies on_failure', async () => {
    env = makeEnv();
    env.write(
      IO,
      '[[hook]]\nat = "before_tool"\nrun = ["sleep", "600"]\non_failure = "refuse"\ntimeout_ms = 300\n',
    );
    const h = await openHost(env);
    // Only the timeout can end this gate: were it not applied, the test would run out of time.
    const { answer } = await h.fire('io', 'before_tool', { tool: 'shell' });
    expect(answer.decision).toBe('block');
    expect(answer.dispatches[0]).toMatchObject({ timedOut: true });
  });

  test('a program that does not exist is a failed dispatch; with cancel it names the hook', async () => {
    env = makeEnv();
    env.write(IO, '[[hook]]\non = []\nrun = ["hookpanel-no-such-program"]\non_failure = "cancel"\n');
    const h = await openHost(env);
    const { answer } = await h.fire('io', 'turn_end', {});
    expect(answer.decision).toBe('cancel');
    expect(answer.reason).toContain('hook-0 failed (hookpanel-no-such-program: not found');
  });
});

describe('arya semantics', () => {
  test('the payload arrives in POLISH_HOOK_* variables; hooks are observational and never block', async () => {
    env = makeEnv();
    const out = env.path('arya-env');
    env.write(
      '~/.arya/polish/hooks.json',
      JSON.stringify([
        {
          name: 'dump',
          on: 'agent/error',
          action: {
            kind: 'exec',
            command: '/bin/sh',
            args: [
              '-c',
              `printf '%s\\n%s\\n%s' "$POLISH_HOOK_EVENT" "$POLISH_HOOK_NAME" "$POLISH_HOOK_PAYLOAD" > ${out}; exit 3`,
            ],
          },
        },
        {
          name: 'missing',
          on: 'agent/error',
          action: { kind: 'exec', command: 'hookpanel-no-such-program' },
        },
      ]),
    );
    const h = await openHost(env);
    const { answer, background } = await h.fire('arya', 'agent/error', { turn: 2, step: 5, error: 'boom' });
    expect(answer).toMatchObject({ decision: 'allow', protocol: { exitCode: 0 } });
    const done = await background;
    expect(done.map((d) => [d.rule, d.outcome])).toEqual([
      ['dump', 'failed'],
      ['missing', 'failed'],
    ]);
    const [event, name, payload] = readFileSync(out, 'utf8').split('\n');
    expect([event, name, JSON.parse(payload!)]).toEqual([
      'agent/error',
      'dump',
      { turn: 2, step: 5, error: 'boom' },
    ]);
    expect(h.signals.filter((s) => s.kind === 'hookFailed')).toHaveLength(2);
  });
});
