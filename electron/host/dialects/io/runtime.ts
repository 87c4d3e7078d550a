// io at run time: hooks run one after another on the turn's critical path; a failure applies
// on_failure (continue → allow, refuse → turn this tool call back, cancel → end the turn).
import { IO_GATE } from './events.js';
import { failureOf, type Aggregate, type DialectRuntime } from '../../engine/runtime.js';

export const ioRuntime: DialectRuntime = {
  matches(rule, ev) {
    if (rule.events.includes(IO_GATE) && rule.mode === 'blocking') {
      if (ev.event !== IO_GATE) return false;
      return rule.tools === null || rule.tools.includes(String(ev.payload.tool ?? ''));
    }
    return rule.events.includes('*') || rule.events.includes(ev.event);
  },
  classify: () => 'chain',
  // Any hook can end the turn by failing with on_failure = "cancel", and a gate by failing with "refuse".
  canDecide: () => true,
  otherDeciders: 'or fails with refuse/cancel',
  shellArgv: (command) => ['/bin/sh', '-c', command],
  input: (_rule, ev) => ({
    env: { IO_HOOK_EVENT: ev.event },
    stdin: JSON.stringify({ event: ev.event, ...ev.payload }),
  }),
  interpret(rule, _ev, result) {
    const failure = failureOf(result);
    if (!failure) return { outcome: 'ok', decision: null, reason: null };
    const policy = rule.errorPolicy;
    const gate = rule.mode === 'blocking';
    if (policy === 'cancel')
      return {
        outcome: 'blocked',
        decision: 'cancel',
        reason: `${rule.name} failed (${failure.reason}); on_failure = "cancel" ends the turn`,
      };
    if (policy === 'refuse' && gate)
      return {
        outcome: 'blocked',
        decision: 'block',
        reason: `${rule.name} failed (${failure.reason}); on_failure = "refuse" turns this tool call back`,
      };
    return { outcome: failure.outcome, decision: null, reason: failure.reason };
  },
  afterChainStep: (_rule, verdict, ev) => ({ stop: verdict.decision !== null, event: ev }),
  aggregate(verdicts) {
    const decided =
      verdicts.find((v) => v.verdict.decision === 'cancel') ??
      verdicts.find((v) => v.verdict.decision === 'block');
    const out: Aggregate = {
      decision: 'allow',
      reason: null,
      context: null,
      updatedInput: undefined,
      permissionDecision: null,
      decidedBy: null,
    };
    if (decided)
      Object.assign(out, {
        decision: decided.verdict.decision,
        reason: decided.verdict.reason,
        decidedBy: decided.rule.name,
      });
    return out;
  },
  // io runs the bridge as a program: a non-zero exit is a failure, and the bridge hook's own
  // on_failure (refuse or cancel) then applies inside io-harness.
  render: (answer) =>
    answer.decision === 'allow'
      ? { exitCode: 0, stdout: '', stderr: '' }
      : {
          exitCode: 1,
          stdout: '',
          stderr: `${answer.decision === 'cancel' ? 'cancel' : 'refuse'}: ${answer.reason ?? ''}\n`,
        },
  turnDoneEvents: ['turn_end'],
  sessionStartEvents: ['session_start'],
};
