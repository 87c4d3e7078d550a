// Plan: the one selection of rules an event reaches, in its dialect's merge order, each with how it
// runs and, for rules that may not run, why. A dispatch runs it; a dry run describes it.
import type { Dialect, Rule, Source, SourceState } from '../../../shared/model.js';
import type { StateReasons } from '../../../shared/manifest.js';
import { notHereReason, ruleMachinesKey } from '../../../shared/rule-machines.js';
import { parseBridgeCommand, shellQuote } from '../agents/bridge-command.js';
import type { Settings } from '../settings/settings.js';
import type { EngineDialect, EngineEvent, RunClass } from './runtime.js';

export interface EmitRequest {
  dialect: Dialect;
  event: string;
  payload: Record<string, unknown>;
  /** `--project DIR`, used when the payload has no cwd. */
  project: string | null;
  /** The caller's working directory, used when neither is given. */
  callerCwd: string;
  /** Set when the caller is itself a hook Hookpanel is running (HOOKPANEL_DISPATCH). */
  parentDispatch?: string | null;
  /** user@host, for an event from another machine (remote/): its folders are not this machine's. */
  machine?: string;
}

export interface PlannedHook {
  source: Source;
  rule: Rule;
  cls: RunClass;
  /**
   * Why the rule matched but may not run (untrusted, dormant, disabled, refused, paused, not for the
   * event's machine), or null.
   */
  skip: string | null;
}

export interface Plan {
  event: EngineEvent;
  dialect: EngineDialect;
  /** The dialect's sources, in its merge order. */
  sources: Source[];
  /** Every dialect's sources for the workspace (files several tools read, such as .mcp.json). */
  all: Source[];
  hooks: PlannedHook[];
}

/** The event as the engine sees it: the workspace is the payload's cwd, else --project, else the caller's. */
export function engineEvent(req: EmitRequest, id: string): EngineEvent {
  // Another machine's cwd names no folder here: only rules outside any project apply to its events.
  const workspace = req.machine
    ? null
    : typeof req.payload.cwd === 'string' && req.payload.cwd
      ? req.payload.cwd
      : (req.project ?? req.callerCwd);
  return {
    id,
    dialect: req.dialect,
    event: req.event,
    payload: req.payload,
    workspace,
    sessionId: firstString(req.payload.session_id, req.payload.sessionId, req.payload.session),
    ...(req.machine ? { machine: req.machine } : {}),
  };
}

export function planEvent(
  event: EngineEvent,
  all: Source[],
  dialect: EngineDialect,
  settings: Settings,
): Plan {
  const sources = all.filter((s) => s.dialect === event.dialect).sort((a, b) => a.priority - b.priority);
  const hooks: PlannedHook[] = [];
  for (const source of sources) {
    // Inspected sources are run by their own agent; running them here would run them twice.
    if (source.role === 'inspected' || source.state === 'absent' || source.state === 'invalid') continue;
    for (const rule of source.rules) {
      // The bridge entry that sends this event here is not a rule to run again (matched first: cheaper).
      if (!dialect.runtime.matches(rule, event) || isBridgeRule(rule)) continue;
      hooks.push({
        source,
        rule,
        cls: dialect.runtime.classify(rule, event),
        skip: skipReason(source, rule, dialect.manifest.states, settings, event.machine ?? null),
      });
    }
  }
  return { event, dialect, sources, all, hooks };
}

/**
 * A rule whose command is the harness's bridge to Hookpanel: `hookpanel emit …`, `hookpanel-hook …`, or
 * the absolute forms `hookpanel connect` writes.
 */
export function isBridgeRule(rule: Rule): boolean {
  let known = bridgeRules.get(rule);
  if (known === undefined) bridgeRules.set(rule, (known = parsesAsBridge(rule)));
  return known;
}

/**
 * Parsed once per rule: a loaded rule is not changed (a changed file is loaded afresh, as new rules),
 * and a shell parse of every rule on every event is a cost each tool call paid.
 */
const bridgeRules = new WeakMap<Rule, boolean>();

function parsesAsBridge(rule: Rule): boolean {
  const h = rule.handler;
  if (h.kind === 'exec') return parseBridgeCommand(h.argv.map(shellQuote).join(' ')) !== null;
  return h.kind === 'shell' && parseBridgeCommand(h.command) !== null;
}

/** What a source's state means for its rules, where its dialect does not say it better. */
const STATE_REASONS: Required<StateReasons> = {
  dormant: 'this file is dormant',
  disabled: 'this file is disabled',
  refused: 'its harness refuses this configuration',
};

function skipReason(
  source: Source,
  rule: Rule,
  states: StateReasons,
  settings: Settings,
  machine: string | null,
): string | null {
  const state: SourceState = source.state;
  if (state === 'untrusted') return 'untrusted: review and trust this project file to run it';
  if (state === 'dormant' || state === 'disabled' || state === 'refused')
    return `${state}: ${states[state] ?? STATE_REASONS[state]}`;
  if (!rule.enabled) return 'disabled: enabled is false';
  if (rule.dormant) return `dormant: ${rule.dormantReason ?? 'this event never fires yet'}`;
  if (settings.paused) return 'paused: all hooks are paused in Hookpanel';
  // Chosen per rule in settings.json (docs/remote.md, "Rules for one machine"); no entry runs everywhere.
  return notHereReason(settings.ruleMachines[ruleMachinesKey(source.path, rule.name)], machine);
}

function firstString(...values: unknown[]): string | null {
  for (const v of values) if (typeof v === 'string' && v) return v;
  return null;
}
