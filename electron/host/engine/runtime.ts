// What a dialect tells the engine: which rules match, how a hook receives the event, how its result
// reads, how results combine, and how the answer is spoken in the harness's own protocol.
import type { Decision, EmitAnswer, Outcome } from '../../../shared/dispatch.js';
import type { DialectManifest } from '../../../shared/dialects.js';
import type { Dialect, Rule, Source } from '../../../shared/model.js';
import { isPlainObject } from '../util/plain-object.js';
import type { HostEnv } from '../paths.js';
import type { ProcessResult } from '../process/run.js';
import type { OutboxPolicy } from './outbox.js';

export interface EngineEvent {
  id: string;
  dialect: Dialect;
  event: string;
  payload: Record<string, unknown>;
  /** The workspace whose project files apply: payload cwd, else --project, else the caller's cwd. */
  workspace: string | null;
  sessionId: string | null;
  /** user@host of the machine it came from (remote/); absent for this computer's own agents. */
  machine?: string;
  /** HOOKPANEL_DISPATCH for its hooks: the event id and the secret of its live pass (reentry.ts). */
  dispatchToken?: string;
}

/**
 * - `chain`: awaited one after another in order; a step may stop the chain or rewrite the event.
 * - `parallel`: awaited together; reported in config order.
 * - `background`: started after the awaited ones; never part of the decision.
 */
export type RunClass = 'chain' | 'parallel' | 'background';

export interface HookInput {
  env: Record<string, string>;
  stdin: string | null;
}

/** A handler's result: a process's, or the same shape for http, append and unsupported handlers. */
export interface HandlerResult extends ProcessResult {
  httpStatus?: number;
  /** chrys: the text the hook left in CHRYS_HOOK_RESULT (null if none, or past the answer limit). */
  resultFile?: string | null;
  /** chrys: the size of that file. */
  resultFileBytes?: number;
}

export interface Verdict {
  outcome: Exclude<Outcome, 'skipped'>;
  /** Set when this hook decided: block or cancel (allow is the absence of a decision). */
  decision: Decision | null;
  reason: string | null;
  context?: string | null;
  updatedInput?: unknown;
  permissionDecision?: string | null;
}

export interface Aggregate {
  decision: Decision;
  reason: string | null;
  context: string | null;
  updatedInput: unknown;
  permissionDecision: string | null;
  /** The rule that decided, for notifications. */
  decidedBy: string | null;
}

/**
 * The aggregate of the agents that decide by blocking (pw, Claude Code, Codex, Gemini CLI): any block
 * wins, its reasons joined in config order and the first blocker named; contexts joined in order. Each
 * runtime adds what is its own (rewritten input, permission answers, which events take context).
 */
export function blockWins(verdicts: readonly { rule: Rule; verdict: Verdict }[]): Aggregate {
  const blocks = verdicts.filter((v) => v.verdict.decision === 'block');
  const contexts = verdicts.map((v) => v.verdict.context).filter((c): c is string => !!c);
  return {
    decision: blocks.length ? 'block' : 'allow',
    reason: blocks.length
      ? blocks
          .map((b) => b.verdict.reason)
          .filter(Boolean)
          .join('\n') || null
      : null,
    context: contexts.length ? contexts.join('\n') : null,
    updatedInput: undefined,
    permissionDecision: null,
    decidedBy: blocks[0]?.rule.name ?? null,
  };
}

/**
 * The answer when nothing blocked, for the agents that read `hookSpecificOutput` (pw, Claude Code,
 * Codex, Gemini CLI): the event's fields as JSON on stdout, or, with none, exit 0 and nothing on stdout,
 * which each of them reads as "no decision".
 */
export function hookSpecificAnswer(event: string, specific: Record<string, unknown>): EmitAnswer['protocol'] {
  if (!Object.keys(specific).length) return { exitCode: 0, stdout: '', stderr: '' };
  return {
    exitCode: 0,
    stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...specific } })}\n`,
    stderr: '',
  };
}

/** A hook's answer to PermissionRequest, as Claude Code and Codex both read it. */
export interface PermissionBehavior {
  behavior: 'allow' | 'deny';
  /** deny: what the model is told. */
  message: string | null;
  /** allow: the tool input to run instead (Claude Code only). */
  updatedInput: Record<string, unknown> | null;
}

/**
 * `hookSpecificOutput.decision` of a hook's JSON answer to PermissionRequest; null for anything else
 * (`ask`, no decision, a malformed one), which both agents take as no decision.
 */
export function permissionBehavior(specific: Record<string, unknown>): PermissionBehavior | null {
  if (!isPlainObject(specific.decision)) return null;
  const { behavior, message, updatedInput } = specific.decision;
  if (behavior !== 'allow' && behavior !== 'deny') return null;
  return {
    behavior,
    message: behavior === 'deny' && typeof message === 'string' && message.trim() ? message : null,
    updatedInput: behavior === 'allow' && isPlainObject(updatedInput) ? updatedInput : null,
  };
}

export interface DialectRuntime {
  matches(rule: Rule, ev: EngineEvent): boolean;
  classify(rule: Rule, ev: EngineEvent): RunClass;
  /**
   * For a dry run: whether this awaited rule's result can change the decision. Without it, a rule can
   * decide exactly the events its catalog marks blockable.
   */
  canDecide?(rule: Rule, ev: EngineEvent): boolean;
  /** For a dry run: what besides a block can decide (io: `or fails with refuse/cancel`). */
  otherDeciders?: string;
  /** How a shell string runs for this dialect. */
  shellArgv(command: string, env: Record<string, string>): string[];
  input(rule: Rule, ev: EngineEvent, extra: { resultFile: string | null }): HookInput;
  /** Variables expanded in a rule's cwd and env (chrys templates). */
  expand?(text: string, ev: EngineEvent, host: HostEnv): string;
  interpret(rule: Rule, ev: EngineEvent, result: HandlerResult): Verdict;
  /**
   * Where a hook's answer is read from, if anywhere: an answer larger than Hookpanel reads (1 MiB)
   * is then not read, and on a guard event blocks (run.ts `readVerdict`).
   */
  answerIn?: 'stdout' | 'resultFile';
  /** After each chain step: stop the chain, or hand a rewritten event to the next step. */
  afterChainStep?(rule: Rule, verdict: Verdict, ev: EngineEvent): { stop: boolean; event: EngineEvent };
  aggregate(verdicts: { rule: Rule; verdict: Verdict }[], ev: EngineEvent): Aggregate;
  /** The answer in the harness's own hook protocol. */
  render(answer: Omit<EmitAnswer, 'protocol'>, ev: EngineEvent): EmitAnswer['protocol'];
  /** Events on which in-flight `async` background hooks are drained before answering (chrys). */
  drainOn?: readonly string[];
  /** Cap on concurrent non-detached processes, from the sources' settings (chrys). */
  maxParallel?(sources: Source[]): number | null;
  /** Grace for draining, in ms (chrys shutdown_grace_seconds). */
  drainGraceMs?(sources: Source[]): number;
  /** Whether hooks get a result file (chrys CHRYS_HOOK_RESULT). */
  resultFile?: boolean;
  /** Events that mean "the agent's turn is done" (for notifications). */
  turnDoneEvents: readonly string[];
  /** Events that start a session (review-needed notices). */
  sessionStartEvents: readonly string[];
  /** Environment variables http hooks may put into headers, from the sources' settings (pw/claude). */
  allowedEnvVars?(sources: Source[]): ReadonlySet<string>;
  /** How durable jobs a crash left pending are retried, from the sources' settings (chrys). */
  outboxPolicy?(sources: Source[]): OutboxPolicy;
}

/** What the engine is handed for each dialect: its manifest (label, events, state texts) and runtime. */
export interface EngineDialect {
  readonly manifest: DialectManifest;
  readonly runtime: DialectRuntime;
}

/** The decision when no hook decided: allow, with nothing to add. */
export function noDecision(): Aggregate {
  return {
    decision: 'allow',
    reason: null,
    context: null,
    updatedInput: undefined,
    permissionDecision: null,
    decidedBy: null,
  };
}

/** A failure verdict from a handler result: timeout, spawn error, or non-zero exit. */
export function failureOf(result: HandlerResult): { outcome: 'failed' | 'timeout'; reason: string } | null {
  if (result.timedOut)
    return {
      outcome: 'timeout',
      reason: `timed out after ${result.durationMs} ms${result.spawnError ? `: ${result.spawnError}` : ''}`,
    };
  if (result.spawnError) return { outcome: 'failed', reason: result.spawnError };
  if (result.signal) return { outcome: 'failed', reason: `killed by ${result.signal}` };
  if (result.exitCode !== 0)
    return {
      outcome: 'failed',
      reason: `exit ${result.exitCode}${result.stderrTail.trim() ? `: ${lastLine(result.stderrTail)}` : ''}`,
    };
  return null;
}

export function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return lines[lines.length - 1]!.slice(0, 500);
}

/** The result of a hook that did not run (skipped, or refused before it started). */
export function emptyResult(startedAt: number): HandlerResult {
  return {
    pid: null,
    exitCode: null,
    signal: null,
    timedOut: false,
    groupKilled: false,
    spawnError: null,
    stdout: null,
    stdoutTail: '',
    stderrTail: '',
    startedAt,
    durationMs: 0,
  };
}

/** For handlers that are not processes: a result of the same shape, timed from now. */
export function resultClock(): (r: Partial<HandlerResult>) => HandlerResult {
  const base = emptyResult(Date.now());
  return (r) => ({ ...base, ...r, durationMs: Date.now() - base.startedAt });
}
