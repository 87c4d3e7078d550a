import type { Handler, Rule } from '../../../shared/model.js';
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

/** One line a person can read: what the rule runs. */
export function describeHandler(h: Handler): string {
  switch (h.kind) {
    case 'exec':
      return h.argv.map(quoteArg).join(' ');
    case 'shell':
      return h.command;
    case 'script':
      return [...h.interpreter, h.path, ...h.args].map(quoteArg).join(' ');
    case 'append':
      return `append to ${h.path}`;
    case 'http':
      return `POST ${h.url}`;
    case 'mcp_tool':
      return `mcp ${h.server}/${h.tool}`;
    case 'prompt':
    case 'agent':
      return `${h.kind}: ${h.prompt.length > 60 ? `${h.prompt.slice(0, 57)}...` : h.prompt}`;
  }
}

function quoteArg(a: string): string {
  return /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
