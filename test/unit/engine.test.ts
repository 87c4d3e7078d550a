// The engine's pieces on synthetic data, without processes: what a plan selects and skips, how each
// dialect reads results and combines verdicts into one decision, and what a dry run predicts.
import { describe, expect, test } from 'vitest';
import type { Dialect } from '../../shared/dialects.js';
import type { Rule, Source } from '../../shared/model.js';
import { dialectModule } from '../../electron/host/dialects/registry.js';
import { makeRule } from '../../electron/host/dialects/rule.js';
import { aggregate, answerOf } from '../../electron/host/engine/aggregate.js';
import { engineEvent, planEvent, type Plan } from '../../electron/host/engine/plan.js';
import { preview } from '../../electron/host/engine/preview.js';
import { dispatchRecord, eventRecord, reviewPaths, signalsOf } from '../../electron/host/engine/record.js';
import type { HookOutcome } from '../../electron/host/engine/run.js';
import { emptyResult, type HandlerResult } from '../../electron/host/engine/runtime.js';
import { DEFAULT_SETTINGS } from '../../electron/host/settings/settings.js';

const host = { home: '/home/u', platform: process.platform, env: { PATH: '/usr/bin:/bin' } };

function rule(index: number, patch: Partial<Rule> & Pick<Rule, 'events'>): Rule {
  return makeRule(
    {
      index,
      name: `r${index}`,
      handler: { kind: 'exec', argv: ['/bin/true', `${index}`] },
      timeoutMs: 1000,
      mode: 'blocking',
      errorPolicy: 'fail-open',
      ...patch,
    },
    null,
  );
}

function source(dialect: Dialect, rules: Rule[], patch: Partial<Source> = {}): Source {
  return {
    path: `/files/${dialect}-${patch.layer ?? 'user'}.json`,
    dialect,
    layer: 'user',
    priority: 0,
    role: 'hosted',
    state: 'active',
    projectScoped: false,
    workspace: null,
    sha256: null,
    scripts: [],
    rules,
    diagnostics: [],
    settings: {},
    ...patch,
  };
}

function plan(dialect: Dialect, event: string, payload: Record<string, unknown>, sources: Source[]) {
  const ev = engineEvent({ dialect, event, payload, project: '/ws', callerCwd: '/ws' }, 'ev-1');
  return planEvent(ev, sources, dialectModule(dialect), { ...DEFAULT_SETTINGS });
}

function result(r: Partial<HandlerResult>): HandlerResult {
  return { ...emptyResult(0), exitCode: 0, ...r };
}

/** Each planned hook's result read by its dialect, as the run step does, in the order given. */
function ran(p: Plan, results: Partial<HandlerResult>[], order = results.map((_, i) => i)): HookOutcome[] {
  return order.map((i) => {
    const hook = p.hooks[i]!;
    const r = result(results[i]!);
    return { hook, result: r, verdict: p.dialect.runtime.interpret(hook.rule, p.event, r), skip: hook.skip };
  });
}

describe('plan', () => {
  test("selects a dialect's matching rules in merge order; inspected, invalid and bridge rules never", () => {
    const stop = (i: number, patch: Partial<Rule> = {}) => rule(i, { events: ['Stop'], ...patch });
    const p = plan('claude', 'Stop', {}, [
      source('claude', [stop(0)], { layer: 'project', priority: 2, role: 'inspected' }),
      source('claude', [stop(1), rule(2, { events: ['PreToolUse'] })], { layer: 'hosted', priority: 0 }),
      source('claude', [stop(3, { handler: { kind: 'shell', command: 'hookpanel emit claude Stop' } })], {
        layer: 'user',
        priority: 1,
      }),
      source('claude', [stop(4)], { layer: 'local', priority: 3, state: 'invalid' }),
      source('pw', [stop(5)]),
    ]);
    expect(p.hooks.map((h) => [h.rule.name, h.cls, h.skip])).toEqual([['r1', 'parallel', null]]);
    expect(p.sources.map((s) => s.layer)).toEqual(['hosted', 'user', 'project', 'local']);
  });

  test("a rule that may not run says why, in its dialect's words where it has them", () => {
    const turn = (i: number, patch: Partial<Rule> = {}) => rule(i, { events: ['after_turn'], ...patch });
    const p = plan('chrys', 'after_turn', {}, [
      source('chrys', [turn(0)], { layer: 'project', state: 'dormant', priority: 0 }),
      source('chrys', [turn(1, { enabled: false }), turn(2)], { layer: 'global', priority: 1 }),
    ]);
    expect(p.hooks.map((h) => h.skip)).toEqual([
      'dormant: chrys project hooks are off (project.hooks_enabled)',
      'disabled: enabled is false',
      null,
    ]);
    const io = plan('io', 'turn_end', {}, [source('io', [rule(0, { events: ['*'] })], { state: 'refused' })]);
    expect(io.hooks[0]!.skip).toBe('refused: io-harness refuses this configuration');
    const paused = planEvent(io.event, [source('io', [rule(0, { events: ['*'] })])], dialectModule('io'), {
      ...DEFAULT_SETTINGS,
      paused: true,
    });
    expect(paused.hooks[0]!.skip).toBe('paused: all hooks are paused in Hookpanel');
  });

  test('a rule chosen for some places is skipped elsewhere, with why; a rule with no choice runs everywhere', () => {
    const pre = (i: number) => rule(i, { events: ['PreToolUse'] });
    const file = source('claude', [pre(0), pre(1), pre(2)]);
    const settings = {
      ...DEFAULT_SETTINGS,
      ruleMachines: {
        [`${file.path}#r1`]: { thisComputer: true, machines: [] },
        [`${file.path}#r2`]: { thisComputer: false, machines: ['me@devbox', 'ci@builder'] },
      },
    };
    const skips = (machine?: string) =>
      planEvent(
        engineEvent(
          { dialect: 'claude', event: 'PreToolUse', payload: {}, project: null, callerCwd: '/ws', machine },
          'e',
        ),
        [file],
        dialectModule('claude'),
        settings,
      ).hooks.map((h) => h.skip);
    expect(skips()).toEqual([
      null,
      null,
      'not for this computer: this rule runs on me@devbox and ci@builder',
    ]);
    expect(skips('me@devbox')).toEqual([
      null,
      'not for me@devbox: this rule runs on this computer only',
      null,
    ]);
    expect(skips('other@box')).toEqual([
      null,
      'not for other@box: this rule runs on this computer only',
      'not for other@box: this rule runs on me@devbox and ci@builder',
    ]);
  });

  test("an event's machine is on its record, each rule run's and its signals; none for this computer", () => {
    const p = planEvent(
      engineEvent(
        {
          dialect: 'claude',
          event: 'Stop',
          payload: {},
          project: null,
          callerCwd: '/ws',
          machine: 'me@devbox',
        },
        'e',
      ),
      [source('claude', [rule(0, { events: ['Stop'] })])],
      dialectModule('claude'),
      DEFAULT_SETTINGS,
    );
    const outcomes = ran(p, [{ exitCode: 1 }]);
    const decision = aggregate(p, outcomes, p.event);
    const dispatches = outcomes.map((o) => dispatchRecord(p.event, o));
    expect(dispatches[0]!.machine).toBe('me@devbox');
    expect(eventRecord(p, p.event, decision, 1).machine).toBe('me@devbox');
    const signals = signalsOf(p.event, p.dialect, dispatches, decision, []);
    expect(signals.map((s) => s.kind).sort()).toEqual(['hookFailed', 'turnDone']);
    expect(signals.map((s) => s.machine)).toEqual(['me@devbox', 'me@devbox']);
    const local = plan('claude', 'Stop', {}, [source('claude', [rule(0, { events: ['Stop'] })])]);
    expect('machine' in dispatchRecord(local.event, ran(local, [{}])[0]!)).toBe(false);
  });

  test('the workspace is the payload cwd, else --project, else the caller; the session from the payload', () => {
    const ev = (payload: Record<string, unknown>, project: string | null) =>
      engineEvent({ dialect: 'pw', event: 'Stop', payload, project, callerCwd: '/caller' }, 'x');
    expect(ev({ cwd: '/p', session_id: 's1' }, '/proj')).toMatchObject({ workspace: '/p', sessionId: 's1' });
    expect(ev({ sessionId: 's2' }, '/proj')).toMatchObject({ workspace: '/proj', sessionId: 's2' });
    expect(ev({ session: 's3' }, null)).toMatchObject({ workspace: '/caller', sessionId: 's3' });
  });
});

describe('aggregate: pw and Claude Code', () => {
  const pre = (n: number) =>
    plan('pw', 'PreToolUse', { tool_name: 'Bash' }, [
      source(
        'pw',
        Array.from({ length: n }, (_, i) => rule(i, { events: ['PreToolUse'] })),
      ),
    ]);

  test('any block wins; the reasons of every block are joined in config order, whatever order they finished in', () => {
    const p = pre(3);
    const outcomes = ran(
      p,
      [
        { exitCode: 2, stderrTail: 'first\n' },
        { stdout: '{"decision":"approve"}' },
        { exitCode: 2, stderrTail: 'third' },
      ],
      [2, 1, 0],
    );
    expect(aggregate(p, outcomes)).toMatchObject({
      decision: 'block',
      reason: 'first\nthird',
      decidedBy: 'r0',
    });
  });

  test('context joins in config order; the last updatedInput wins; deny beats ask beats allow, defer reads as ask', () => {
    const p = pre(3);
    const out = (o: Record<string, unknown>) => ({ stdout: JSON.stringify({ hookSpecificOutput: o }) });
    const agg = aggregate(
      p,
      ran(
        p,
        [
          out({ additionalContext: 'a', updatedInput: { n: 1 }, permissionDecision: 'allow' }),
          out({ additionalContext: 'b', permissionDecision: 'defer' }),
          out({ updatedInput: { n: 3 } }),
        ],
        [1, 2, 0],
      ),
    );
    expect(agg).toMatchObject({
      decision: 'allow',
      context: 'a\nb',
      updatedInput: { n: 3 },
      permissionDecision: 'ask',
    });
    const denied = aggregate(
      p,
      ran(p, [
        out({ permissionDecision: 'ask' }),
        out({ permissionDecision: 'deny' }),
        out({ permissionDecision: 'allow' }),
      ]),
    );
    expect(denied.permissionDecision).toBe('deny');
  });

  test('exit 2 on an event that cannot block is a failure, not a decision; skipped hooks never count', () => {
    const p = plan('pw', 'PostToolUseFailure', { tool_name: 'Bash' }, [
      source('pw', [rule(0, { events: ['PostToolUseFailure'] })]),
    ]);
    const [o] = ran(p, [{ exitCode: 2, stderrTail: 'nope' }]);
    expect(o!.verdict).toMatchObject({ outcome: 'failed', decision: null });
    expect(aggregate(p, [o!]).decision).toBe('allow');
    const q = pre(1);
    const skippedBlock: HookOutcome = {
      ...ran(q, [{ exitCode: 2, stderrTail: 'x' }])[0]!,
      skip: 'paused: …',
    };
    expect(aggregate(q, [skippedBlock]).decision).toBe('allow');
  });

  test('the answer in the protocol: a block is exit 2 with the reason on stderr; decisions are JSON on stdout', () => {
    const p = pre(1);
    const block = aggregate(p, ran(p, [{ exitCode: 2, stderrTail: 'no rm\n' }]));
    expect(answerOf(block, [], p.event, p.dialect.runtime).protocol).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'no rm\n',
    });
    const ctx = aggregate(p, ran(p, [{ stdout: '{"hookSpecificOutput":{"additionalContext":"c"}}' }]));
    expect(JSON.parse(answerOf(ctx, [], p.event, p.dialect.runtime).protocol.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'c' },
    });
  });
});

describe('aggregate: chrys, io, arya', () => {
  test('chrys: a block on a gated event decides; modify hands its args on; a block elsewhere is only a result', () => {
    const call = { tool: { name: 'edit', kind: 'filesystem.write', args: { path: 'a' } } };
    const p = plan('chrys', 'before_tool_call', call, [
      source(
        'chrys',
        [0, 1, 2].map((i) => rule(i, { events: ['before_tool_call'] })),
      ),
    ]);
    const file = (v: unknown) => ({ resultFile: JSON.stringify(v) });
    expect(
      aggregate(
        p,
        ran(p, [
          file({ decision: 'modify', args: { path: 'b' } }),
          {},
          file({ decision: 'block', reason: 'r' }),
        ]),
      ),
    ).toMatchObject({ decision: 'block', reason: 'r', decidedBy: 'r2' });
    expect(
      aggregate(p, ran(p, [file({ decision: 'modify', args: { path: 'b' }, context: 'c' }), {}, {}])),
    ).toMatchObject({
      decision: 'allow',
      updatedInput: { path: 'b' },
      context: 'c',
    });
    const after = plan('chrys', 'after_turn', {}, [source('chrys', [rule(0, { events: ['after_turn'] })])]);
    expect(aggregate(after, ran(after, [file({ decision: 'block' })])).decision).toBe('allow');
  });

  test('io: a failure applies on_failure: cancel beats refuse; continue allows', () => {
    const gate = (i: number, policy: string) => rule(i, { events: ['before_tool'], errorPolicy: policy });
    const p = plan('io', 'before_tool', { tool: 'shell' }, [
      source('io', [gate(0, 'continue'), gate(1, 'refuse'), gate(2, 'cancel')]),
    ]);
    const agg = aggregate(p, ran(p, [{ exitCode: 1 }, { exitCode: 1 }, { exitCode: 1 }]));
    expect(agg).toMatchObject({ decision: 'cancel', decidedBy: 'r2' });
    expect(answerOf(agg, [], p.event, p.dialect.runtime).protocol.exitCode).toBe(1);
    expect(aggregate(p, ran(p, [{ exitCode: 1 }, {}, {}])).decision).toBe('allow');
  });

  test('arya: rules observe; nothing they do decides', () => {
    const p = plan('arya', 'turn/stopping', { turn: 1 }, [
      source('arya', [rule(0, { events: ['turn/stopping'], mode: 'observer' })]),
    ]);
    expect(aggregate(p, ran(p, [{ exitCode: 2, stderrTail: 'x' }])).decision).toBe('allow');
  });
});

describe('record', () => {
  test('signals: turn done names the agent; a block names the rule; failures; files waiting for review', () => {
    const ws = source('claude', [rule(0, { events: ['SessionStart'] })], {
      layer: 'project',
      state: 'untrusted',
      projectScoped: true,
      path: '/ws/.claude/settings.json',
    });
    const p = plan('claude', 'SessionStart', {}, [ws]);
    expect(reviewPaths(p)).toEqual(['/ws/.claude/settings.json']);
    const stop = plan('claude', 'Stop', {}, [
      source('claude', [rule(0, { events: ['Stop'] })], { layer: 'hosted' }),
    ]);
    const decision = aggregate(stop, ran(stop, [{ exitCode: 2, stderrTail: 'not yet' }]));
    expect(signalsOf(stop.event, stop.dialect, [], decision, []).map((s) => s.kind)).toEqual([
      'turnDone',
      'blocked',
    ]);
    expect(signalsOf(stop.event, stop.dialect, [], decision, [])[0]).toMatchObject({ agent: 'Claude Code' });
    const summary = eventRecord(stop, stop.event, decision, 5);
    expect(summary).toMatchObject({
      decision: 'block',
      reason: 'not yet',
      dispatchCount: 1,
      untrustedSkips: 0,
    });
  });
});

describe('preview', () => {
  test('what would run, in order, and what can decide: blockable events for pw, any failure for io', () => {
    const place = { host, cwd: '/ws' };
    const pw = plan('pw', 'PreToolUse', { tool_name: 'Bash' }, [
      source('pw', [
        rule(0, { events: ['PreToolUse'] }),
        rule(1, { events: ['PreToolUse'], mode: 'fire_and_forget' }),
      ]),
    ]);
    const dry = preview(pw, place);
    expect(dry.runs.map((r) => [r.rule, r.runClass, r.canDecide, r.argv])).toEqual([
      ['r0', 'parallel', true, ['/bin/true', '0']],
      ['r1', 'background', false, ['/bin/true', '1']],
    ]);
    expect(dry.predicted.because).toBe('allow unless r0 blocks');
    const io = plan('io', 'turn_end', {}, [source('io', [rule(0, { events: ['*'], mode: 'observer' })])]);
    expect(preview(io, place).predicted.because).toBe('allow unless r0 blocks or fails with refuse/cancel');
    const post = plan('pw', 'PostToolUseFailure', {}, [
      source('pw', [rule(0, { events: ['PostToolUseFailure'] })]),
    ]);
    expect(preview(post, place).predicted.because).toBe('no hook that runs can decide this event');
    expect(preview(plan('pw', 'Stop', {}, []), place).predicted.because).toBe('no rule matches this event');
  });
});
