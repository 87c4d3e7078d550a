import type { Rule, Source } from '../../../shared/model.js';
import { isPlainObject } from '../util/plain-object.js';
import { DiagnosticSink } from '../diagnostics/sink.js';
import type { Position } from '../documents/document.js';

type RuleBasics = Pick<Rule, 'index' | 'name' | 'events' | 'handler' | 'timeoutMs' | 'mode' | 'errorPolicy'>;

/** A normalized rule with every optional field at its neutral value. */
export function makeRule(basics: RuleBasics & Partial<Rule>, position: Position | null): Rule {
  return {
    matcher: null,
    tools: null,
    match: null,
    enabled: true,
    dormant: false,
    dormantReason: null,
    detach: false,
    durable: false,
    env: {},
    cwd: null,
    description: null,
    group: null,
    hookIndex: null,
    ...basics,
    line: position?.line ?? null,
    column: position?.column ?? null,
  };
}

export { isPlainObject } from '../util/plain-object.js';

/** An object's string-valued entries (a hook's `env` or `headers`); anything else gives none. */
export function stringRecord(value: unknown): Record<string, string> {
  if (!isPlainObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** Whether a matcher is a regular expression JavaScript can compile, as the agents' own loaders test. */
export function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * A note a dialect adds to a loaded source when it sees all of a workspace's files: one about a hook
 * (`ruleIndex`) points at it; one about the file is about its state, set elsewhere.
 */
export function noteOnSource(
  source: Source,
  severity: 'info' | 'warning',
  code: string,
  message: string,
  ruleIndex: number | null = null,
): void {
  const sink = new DiagnosticSink(source.path);
  const rule = ruleIndex === null ? undefined : source.rules.find((r) => r.index === ruleIndex);
  const position = rule?.line ? { line: rule.line, column: rule.column ?? 1 } : null;
  sink.add(severity, code, message, { ruleIndex, position });
  source.diagnostics.push(...sink.list);
}
