import type { Rule } from '../../../shared/model.js';
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

// What a rule runs, in one line: shared with the panel and the CLI, which name rules by it.
export { describeHandler } from '../../../shared/rule-name.js';

export { isPlainObject } from '../util/plain-object.js';
