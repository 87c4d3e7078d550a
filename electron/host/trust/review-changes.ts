// What would run, compared by meaning: the rules and MCP servers of the trusted version against the
// current one. Pairs are found by identity (events, matcher, handler and its command), then by name or
// position, then by order within the same event and matcher; what pairs with nothing was added or removed.
import type { ChangeStatus, ReviewRuns } from '../../../shared/ipc.js';
import type { McpServerConfig } from '../../../shared/mcp.js';
import type { Rule } from '../../../shared/model.js';
// Names a dialect makes up from positions (`Stop[0].hooks[1]`, `rule-2`, `hook-3`) are not the rule's own.
import { describeHandler, isPositionalName } from '../../../shared/rule-name.js';
import type { DialectRuntime } from '../engine/runtime.js';
import { handlerArgv } from '../engine/handlers.js';

export { isPositionalName };

/** One thing a file would run: a rule's handler, or an MCP server it defines. */
export interface Runnable {
  kind: 'rule' | 'server';
  /** The rule's name (`mcpServers.NAME` for a server). */
  label: string;
  event: string;
  matcher: string | null;
  runs: ReviewRuns;
  /** Equal identities run the same thing on the same occasions. */
  identity: string;
  /** The handler alone (command, headers, input, prompt), without the occasion. */
  handler: string;
  /** The rule's name or position (generated names are positions). */
  slot: string;
  /** Events and matcher: where to look for the same command changed in place. */
  occasion: string;
  /** Everything else that changes how it runs, by a person's label: timeout, mode, environment, … */
  details: Record<string, string>;
  rule: Rule | null;
  server: McpServerConfig | null;
}

export interface Compared {
  now: Runnable | null;
  before: Runnable | null;
  status: ChangeStatus;
  /** What differs besides the command itself, in plain words. */
  changes: string[];
}

export interface Comparison {
  items: Compared[];
  /** The same commands pair up but run in another order (order matters where one can block). */
  reordered: boolean;
}

export function ruleRunnable(rule: Rule, runtime: DialectRuntime): Runnable {
  const argv = handlerArgv(rule, runtime, {});
  const matcher =
    rule.matcher ?? (rule.tools ? rule.tools.join(', ') : rule.match ? stableJson(rule.match) : null);
  const details: Record<string, string> = {
    timeout: `${rule.timeoutMs / 1000} s`,
    mode: rule.mode.replace(/_/g, ' '),
    'on failure': rule.errorPolicy,
    enabled: rule.enabled ? 'yes' : 'no',
    detached: rule.detach ? 'yes' : 'no',
    durable: rule.durable ? 'yes' : 'no',
    environment: stableJson(rule.env),
    'working folder': rule.cwd ?? 'the workspace',
    description: rule.description ?? '',
  };
  if (!isPositionalName(rule.name)) details.name = rule.name;
  return {
    kind: 'rule',
    label: rule.name,
    event: rule.events.join(', '),
    matcher,
    runs: {
      argv: rule.handler.kind === 'shell' ? null : argv,
      shell: rule.handler.kind === 'shell' ? rule.handler.command : null,
      other: argv ? null : describeHandler(rule.handler),
    },
    identity: stableJson([rule.events, rule.matcher, rule.tools, rule.match, rule.handler]),
    handler: stableJson(rule.handler),
    slot: `rule:${rule.name}`,
    occasion: stableJson([rule.events, rule.matcher, rule.tools, rule.match]),
    details,
    rule,
    server: null,
  };
}

export function serverRunnable(name: string, config: McpServerConfig): Runnable {
  const stdio = config.type === 'stdio';
  const details: Record<string, string> = stdio
    ? { environment: stableJson(config.env), 'working folder': config.cwd ?? 'the workspace' }
    : { headers: stableJson(config.headers) };
  return {
    kind: 'server',
    label: `mcpServers.${name}`,
    event: 'the first call of an mcp_tool hook',
    matcher: null,
    runs: {
      argv: stdio ? [config.command, ...config.args] : null,
      shell: null,
      other: stdio ? null : `${config.type} ${config.url}`,
    },
    identity: stableJson(['server', name, stdio ? [config.command, config.args] : [config.type, config.url]]),
    handler: stableJson(stdio ? [config.command, config.args] : [config.type, config.url]),
    slot: `server:${name}`,
    occasion: 'server',
    details,
    rule: null,
    server: config,
  };
}

/** Pairs the trusted version's runnables with the current ones (null before: never trusted). */
export function compareRunnables(before: Runnable[] | null, now: Runnable[]): Comparison {
  if (before === null)
    return {
      items: now.map((n) => ({ now: n, before: null, status: 'new', changes: [] })),
      reordered: false,
    };
  const pairs = new Map<number, number>();
  const taken = new Set<number>();
  const pass = (same: (n: Runnable, b: Runnable) => boolean) => {
    now.forEach((n, i) => {
      if (pairs.has(i)) return;
      const j = before.findIndex((b, k) => !taken.has(k) && b.kind === n.kind && same(n, b));
      if (j < 0) return;
      pairs.set(i, j);
      taken.add(j);
    });
  };
  pass((n, b) => n.identity === b.identity);
  pass((n, b) => n.slot === b.slot);
  pass((n, b) => n.occasion === b.occasion);

  const items: Compared[] = now.map((n, i) => {
    const j = pairs.get(i);
    if (j === undefined) return { now: n, before: null, status: 'added', changes: [] };
    const b = before[j]!;
    const changes = differences(b, n);
    const same = b.identity === n.identity && changes.length === 0;
    return { now: n, before: b, status: same ? 'unchanged' : 'changed', changes };
  });
  before.forEach((b, j) => {
    if (!taken.has(j)) items.push({ now: null, before: b, status: 'removed', changes: [] });
  });
  const order = now
    .map((n, i) => (n.kind === 'rule' ? pairs.get(i) : undefined))
    .filter((j): j is number => j !== undefined);
  const reordered = order.some((j, k) => k > 0 && j < order[k - 1]!);
  return { items, reordered };
}

function differences(b: Runnable, n: Runnable): string[] {
  const out: string[] = [];
  if (b.event !== n.event) out.push(`event: ${b.event} → ${n.event}`);
  if (b.matcher !== n.matcher)
    out.push(`matcher: ${b.matcher ?? 'every occurrence'} → ${n.matcher ?? 'every occurrence'}`);
  if (stableJson(b.runs) !== stableJson(n.runs)) out.push('the command');
  // The same words shown, yet a different handler: an http hook's headers, an mcp_tool's input, a prompt.
  else if (b.handler !== n.handler) out.push('its input, headers or prompt');
  for (const key of new Set([...Object.keys(b.details), ...Object.keys(n.details)])) {
    const was = b.details[key];
    const is = n.details[key];
    if (was === is) continue;
    if (key === 'description') out.push('description');
    else out.push(`${key}: ${was ?? 'none'} → ${is ?? 'none'}`);
  }
  return out;
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
