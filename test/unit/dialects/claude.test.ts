// Claude Code's PermissionRequest in its own protocol, on synthetic results (no processes): what each
// hook answer reads as, how several combine, and what Claude Code is told. Exit 2 is "no decision" to
// Claude Code, so every deny is JSON on exit 0 (docs/agents/permission-requests.md, "Answers").
import { describe, expect, test } from 'vitest';
import type { EmitAnswer } from '../../../shared/answer.js';
import type { Rule } from '../../../shared/model.js';
import { dialectModule } from '../../../electron/host/dialects/registry.js';
import { makeRule } from '../../../electron/host/dialects/rule.js';
import { answerOf } from '../../../electron/host/engine/aggregate.js';
import { emptyResult, type EngineEvent, type HandlerResult } from '../../../electron/host/engine/runtime.js';
import { failureAnswer } from '../../../electron/host/intake/refusal.js';
import { undecided } from '../../../electron/host/permissions/request.js';

const claude = dialectModule('claude').runtime;
const EVENT = 'PermissionRequest';

function rule(index: number, patch: Partial<Rule> = {}): Rule {
  return makeRule(
    {
      index,
      name: `r${index}`,
      events: [EVENT, 'PreToolUse'],
      handler: { kind: 'shell', command: `hook ${index}` },
      timeoutMs: 1000,
      mode: 'blocking',
      errorPolicy: 'fail-open',
      ...patch,
    },
    null,
  );
}

/** Each result read by the claude runtime as the hook of a rule of its own, combined, and answered. */
function answer(results: Partial<HandlerResult>[], rules: Rule[] = [], event = EVENT): EmitAnswer {
  const ev: EngineEvent = {
    id: 'ev-1',
    dialect: 'claude',
    event,
    payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } },
    workspace: '/ws',
    sessionId: 's-1',
  };
  const verdicts = results.map((r, i) => {
    const hook = rules[i] ?? rule(i);
    return { rule: hook, verdict: claude.interpret(hook, ev, { ...emptyResult(0), exitCode: 0, ...r }) };
  });
  return answerOf(claude.aggregate(verdicts, ev), [], ev, claude);
}

/** A hook's JSON answer on stdout. */
const says = (decision: unknown, extra: Record<string, unknown> = {}) => ({
  stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: EVENT, decision, ...extra } }),
});
const spoken = (decision: Record<string, unknown>) => ({
  exitCode: 0,
  stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: EVENT, decision } })}\n`,
  stderr: '',
});
const DENY = (message: string) => spoken({ behavior: 'deny', message });
const ALLOW = spoken({ behavior: 'allow' });
const NO_DECISION = { exitCode: 0, stdout: '', stderr: '' };
const TIMED_OUT: Partial<HandlerResult> = {
  exitCode: null,
  signal: 'SIGTERM',
  timedOut: true,
  durationMs: 30_000,
};

describe('Claude Code PermissionRequest: one hook', () => {
  test.each<[string, Partial<HandlerResult>, ReturnType<typeof spoken>, Rule?]>([
    ['behavior allow', says({ behavior: 'allow' }), ALLOW],
    ['behavior deny with a message', says({ behavior: 'deny', message: 'no rm' }), DENY('no rm')],
    [
      'behavior deny without one: the rule is named',
      says({ behavior: 'deny' }),
      DENY('r0 denied the permission'),
    ],
    [
      'allow with updatedInput: the rewritten input goes with the allow',
      says({ behavior: 'allow', updatedInput: { command: 'ls' } }),
      spoken({ behavior: 'allow', updatedInput: { command: 'ls' } }),
    ],
    [
      'exit 2: a deny, stderr its message',
      { exitCode: 2, stderrTail: 'not on Fridays\n' },
      DENY('not on Fridays'),
    ],
    ['exit 2 with no stderr', { exitCode: 2 }, DENY('r0 exited 2')],
    ['pw\'s {"decision":"block"}', { stdout: '{"decision":"block","reason":"nope"}' }, DENY('nope')],
    ['behavior ask', says({ behavior: 'ask' }), NO_DECISION],
    ['a malformed decision', says('allow'), NO_DECISION],
    ['nothing on stdout', {}, NO_DECISION],
    ['stdout not JSON', { stdout: 'allow' }, NO_DECISION],
    [
      'pw\'s permissionDecision "allow", not Claude Code\'s word here',
      { stdout: JSON.stringify({ hookSpecificOutput: { permissionDecision: 'allow' } }) },
      NO_DECISION,
    ],
    ['a command that fails (exit 1)', { exitCode: 1, stderrTail: 'boom' }, NO_DECISION],
    ['a command past its timeout', TIMED_OUT, NO_DECISION],
    [
      'a prompt guard past its timeout fails closed: a deny, in JSON',
      TIMED_OUT,
      DENY('r0 could not decide (timed out after 30000 ms); a guard on PermissionRequest fails closed'),
      rule(0, { handler: { kind: 'prompt', prompt: 'ok?', model: null }, errorPolicy: 'fail-closed' }),
    ],
  ])('%s', (_name, result, expected, hook) => {
    expect(answer([result], hook ? [hook] : []).protocol).toEqual(expected);
  });
});

describe('Claude Code PermissionRequest: several hooks', () => {
  test('any deny wins over any allow, its messages joined in config order', () => {
    const a = answer([
      says({ behavior: 'allow' }),
      says({ behavior: 'deny', message: 'a' }),
      { exitCode: 2, stderrTail: 'b' },
    ]);
    expect(a).toMatchObject({ decision: 'block', reason: 'a\nb' });
    expect(a.protocol).toEqual(DENY('a\nb'));
  });

  test('an allow decides when no rule denied; silence beside it does not undo it', () => {
    const a = answer([{}, says({ behavior: 'allow' }), says({ behavior: 'ask' })]);
    expect(a).toMatchObject({ decision: 'allow', permissionDecision: 'allow' });
    expect(a.protocol).toEqual(ALLOW);
  });

  test('nothing decided by anyone: no decision, and context, which Claude Code ignores here, is dropped', () => {
    const a = answer([{ exitCode: 1 }, says(null, { additionalContext: 'fyi' })]);
    expect(a).toMatchObject({ decision: 'allow', permissionDecision: null, context: null });
    expect(a.protocol).toEqual(NO_DECISION);
  });

  test('Ask me holds exactly the requests no rule decided', () => {
    expect(undecided(answer([{}]))).toBe(true);
    expect(undecided(answer([says({ behavior: 'ask' })]))).toBe(true);
    expect(undecided(answer([says({ behavior: 'allow' })]))).toBe(false);
    expect(undecided(answer([says({ behavior: 'deny', message: 'no' })]))).toBe(false);
    expect(undecided(answer([{ exitCode: 2, stderrTail: 'no' }]))).toBe(false);
  });
});

describe('what stays as it was', () => {
  test("Claude Code's other events still block with exit 2 (PreToolUse)", () => {
    expect(answer([{ exitCode: 2, stderrTail: 'no rm' }], [], 'PreToolUse').protocol).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'no rm\n',
    });
  });

  test('a guard Hookpanel cannot run denies in JSON for Claude Code, exit 2 for pw (its seed: exit 2 blocks)', async () => {
    const why = 'the payload is larger than the 32 MiB limit (40 MiB)';
    const reason = `hookpanel: ${why}; a guard on ${EVENT} fails closed`;
    expect((await failureAnswer('claude', EVENT, why)).protocol).toEqual(DENY(reason));
    expect((await failureAnswer('pw', EVENT, why)).protocol).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: `${reason}\n`,
    });
  });
});
