// chrys at run time: blocking hooks chain project → global (modify flows on, block ends the chain on
// gated events); async hooks drain at turn end; fire_and_forget never; results via CHRYS_HOOK_RESULT.
import type { Source } from '../../../../shared/model.js';
import { chrysHome } from './home.js';
import { failureOf, lastLine, type Aggregate, type DialectRuntime } from '../../engine/runtime.js';
import { isPlainObject } from '../rule.js';
import { compilePythonRegex } from './interpreter.js';
import { CHRYS_SETTINGS_DEFAULTS, type ChrysSettings } from './schema.js';

export const CHRYS_GATED = new Set(['before_tool_call', 'user_prompt_submit']);

/** Python's str() for the values a tool argument can hold. */
function pyStr(v: unknown): string {
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (v === null || v === undefined) return 'None';
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Per-field: project wins, then global, then the default. */
export function mergedSettings(sources: Source[]): ChrysSettings {
  const loaded = sources
    .filter((s) => s.dialect === 'chrys' && s.state !== 'absent' && s.state !== 'invalid')
    .sort((a, b) => a.priority - b.priority);
  const out = { ...CHRYS_SETTINGS_DEFAULTS };
  for (const key of Object.keys(out) as (keyof ChrysSettings)[]) {
    const from = loaded.find((s) => typeof s.settings[key] === 'number');
    if (from) out[key] = from.settings[key] as number;
  }
  return out;
}

export const chrysRuntime: DialectRuntime = {
  matches(rule, ev) {
    if (!rule.events.includes(ev.event)) return false;
    const m = rule.match;
    if (!m) return true;
    const p = ev.payload;
    const profile = typeof p.profile === 'string' ? p.profile : '';
    if (m.profile !== undefined && m.profile !== profile) return false;
    if (m.profiles !== undefined && !m.profiles.includes(profile)) return false;
    const needsTool = m.tool_kind !== undefined || m.tool_name !== undefined || m.args !== undefined;
    if (!needsTool) return true;
    const tool = isPlainObject(p.tool) ? p.tool : null;
    if (!tool) return false;
    if (m.tool_kind !== undefined && tool.kind !== m.tool_kind) return false;
    if (m.tool_name !== undefined && tool.name !== m.tool_name) return false;
    const args = isPlainObject(tool.args) ? tool.args : {};
    for (const [name, clause] of Object.entries(m.args ?? {})) {
      if (!(name in args)) return false;
      const value = pyStr(args[name]);
      if (clause.equals !== undefined && value !== clause.equals) return false;
      if (clause.contains !== undefined && !value.includes(clause.contains)) return false;
      if (clause.regex !== undefined && !compilePythonRegex(clause.regex).test(value)) return false;
    }
    return true;
  },
  classify: (rule) => (rule.mode === 'blocking' ? 'chain' : 'background'),
  shellArgv: (command, env) => [env.SHELL || process.env.SHELL || '/bin/sh', '-c', command],
  input: (rule, ev, { resultFile }) => ({
    env: {
      CHRYS_HOOK_EVENT: ev.event,
      CHRYS_HOOK_ID: rule.name,
      CHRYS_SESSION_ID: ev.sessionId ?? '',
      CHRYS_WORKSPACE: ev.workspace ?? '',
      ...(resultFile ? { CHRYS_HOOK_RESULT: resultFile } : {}),
    },
    stdin: JSON.stringify({ event: ev.event, ...ev.payload }),
  }),
  expand(text, ev, host) {
    const vars: Record<string, string> = {
      workspace_cwd: ev.workspace ?? '',
      chrys_home: chrysHome(host),
      session_id: ev.sessionId ?? '',
      profile: typeof ev.payload.profile === 'string' ? ev.payload.profile : '',
    };
    return text.replace(/\$\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
  },
  answerIn: 'resultFile',
  interpret(rule, ev, result) {
    const gated = CHRYS_GATED.has(ev.event) && rule.mode === 'blocking';
    const failure = failureOf(result);
    if (failure) {
      // The result file may be partial or stale: on failure only on_error counts.
      if (rule.errorPolicy === 'block' && gated) {
        const why = lastLine(result.stderrTail) || failure.reason;
        return { outcome: 'blocked', decision: 'block', reason: `${rule.name}: ${why}` };
      }
      return { outcome: failure.outcome, decision: null, reason: failure.reason };
    }
    const parsed = parseResult(result.resultFile ?? null);
    if (!parsed) return { outcome: 'ok', decision: null, reason: null };
    if (parsed.decision === 'block' && gated)
      return { outcome: 'blocked', decision: 'block', reason: parsed.reason ?? `blocked by ${rule.name}` };
    if (parsed.decision === 'modify' && gated && isPlainObject(parsed.args))
      return {
        outcome: 'ok',
        decision: null,
        reason: parsed.reason ?? null,
        updatedInput: parsed.args,
        context: parsed.context ?? null,
      };
    return {
      outcome: 'ok',
      decision: null,
      reason: parsed.reason ?? null,
      context: gated ? (parsed.context ?? null) : null,
    };
  },
  afterChainStep(_rule, verdict, ev) {
    if (!CHRYS_GATED.has(ev.event)) return { stop: false, event: ev };
    if (verdict.decision === 'block') return { stop: true, event: ev };
    if (verdict.updatedInput !== undefined && isPlainObject(ev.payload.tool)) {
      return {
        stop: false,
        event: {
          ...ev,
          payload: { ...ev.payload, tool: { ...ev.payload.tool, args: verdict.updatedInput } },
        },
      };
    }
    return { stop: false, event: ev };
  },
  aggregate(verdicts) {
    const out: Aggregate = {
      decision: 'allow',
      reason: null,
      context: null,
      updatedInput: undefined,
      permissionDecision: null,
      decidedBy: null,
    };
    const block = verdicts.find((v) => v.verdict.decision === 'block');
    if (block) return { ...out, decision: 'block', reason: block.verdict.reason, decidedBy: block.rule.name };
    for (const { verdict } of verdicts)
      if (verdict.updatedInput !== undefined) out.updatedInput = verdict.updatedInput;
    const contexts = verdicts.map((v) => v.verdict.context).filter((c): c is string => !!c);
    out.context = contexts.length ? contexts.join('\n') : null;
    return out;
  },
  // The chrys harness runs the bridge as one blocking hook: the verdict goes to its result file
  // (written by `hookpanel emit` when CHRYS_HOOK_RESULT is set) and to stdout.
  render(answer) {
    const result =
      answer.decision === 'block'
        ? { decision: 'block', reason: answer.reason }
        : answer.updatedInput !== undefined
          ? {
              decision: 'modify',
              args: answer.updatedInput,
              ...(answer.context ? { context: answer.context } : {}),
            }
          : { decision: 'allow', ...(answer.context ? { context: answer.context } : {}) };
    return { exitCode: 0, stdout: `${JSON.stringify(result)}\n`, stderr: '' };
  },
  drainOn: ['after_turn', 'session_end'],
  maxParallel: (sources) => mergedSettings(sources).max_parallel_hooks,
  drainGraceMs: (sources) => mergedSettings(sources).shutdown_grace_seconds * 1000,
  outboxPolicy(sources) {
    const s = mergedSettings(sources);
    return { retryAgeMs: s.outbox_retry_age_seconds * 1000, maxRetries: s.outbox_max_retries };
  },
  resultFile: true,
  turnDoneEvents: ['after_turn'],
  sessionStartEvents: ['session_start', 'session_restored'],
};

function parseResult(
  text: string | null,
): { decision?: string; reason?: string; args?: unknown; context?: string } | null {
  if (!text || !text.trim()) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return isPlainObject(v)
      ? (v as { decision?: string; reason?: string; args?: unknown; context?: string })
      : null;
  } catch {
    return null;
  }
}
