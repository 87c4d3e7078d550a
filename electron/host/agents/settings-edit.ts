// The text edits of connect and disconnect on an agent's hooks file (JSON, or JSON with comments):
// bridge groups added after the last group of each event, or a bridge's command brought up to date in
// place; removed again with their separating comma. Every other byte stays where it was: other keys,
// their order, indentation, comments, line endings.
import { createTwoFilesPatch } from 'diff';
import {
  applyEdits,
  findNodeAtLocation,
  getNodeValue,
  modify,
  parseTree,
  type FormattingOptions,
  type Node as JsonNode,
  type ParseError,
} from 'jsonc-parser';
import { parseBridgeCommand } from './bridge-command.js';
import { refuse } from './refusal.js';

/** One bridge hook in the file: `hooks.<event>[group].hooks[hook]`. */
export interface BridgeEntry {
  event: string;
  group: number;
  hook: number;
}

export interface EditPlan {
  path: string;
  before: string | null;
  after: string;
  /** Unified diff of the change (empty when nothing changes). */
  diff: string;
  changed: boolean;
  /** Bridge hooks this plan adds or rewrites (connect), where they end up. */
  written: BridgeEntry[];
  /** The change in a person's words, counted from the edit itself (never read back from the diff). */
  summary: EditSummary;
}

/** What connect or disconnect does to the file, per event of the bridge. */
export interface EditSummary {
  /** The file does not exist yet: connect creates it. */
  creates: boolean;
  /** Events that get a new bridge hook. */
  added: string[];
  /** Events whose bridge hook is rewritten to this installation's command. */
  updated: string[];
  /** Events whose bridge hook is there already, as it should be. */
  kept: string[];
  /** Events whose bridge hooks are taken out (disconnect). */
  removed: string[];
  /** Disconnect takes the `hooks` key out again (connect had added it). */
  removesHooksKey: boolean;
}

const emptySummary = (): EditSummary => ({
  creates: false,
  added: [],
  updated: [],
  kept: [],
  removed: [],
  removesHooksKey: false,
});

export interface BridgeSpec {
  dialect: string;
  events: readonly string[];
  /** The command to write for an event (absolute, this installation's). */
  command(event: string): string;
  /** Fields beside type and command (a timeout in the agent's unit, a name). */
  extras(event: string): Record<string, unknown>;
}

type Tree = JsonNode;

/** Parses a hooks file loosely enough to edit it (comments allowed: the agent's own check comes after). */
function parse(path: string, text: string): Tree {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: false, allowTrailingComma: false });
  if (errors.length || !tree || tree.type !== 'object') {
    const at = errors[0] ? lineColumn(text, errors[0].offset) : null;
    refuse(
      `${path}${at ? `:${at.line}:${at.column}` : ''} is not a JSON object Hookpanel can edit safely (${errors.length ? 'syntax error' : 'not an object'}); fix it first, nothing was written`,
    );
  }
  return tree;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function valueAt(tree: Tree, path: (string | number)[]): unknown {
  const node = findNodeAtLocation(tree, path);
  return node ? getNodeValue(node) : undefined;
}

function formatting(text: string): FormattingOptions {
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.includes('\t'),
    tabSize: indent.includes('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

type Hooks = { command?: unknown }[];

/** The bridge hooks of an event in a list of groups: where each is, and its command. */
function bridgesIn(groups: unknown, dialect: string, event: string): (BridgeEntry & { command: string })[] {
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((g, group) => {
    const hooks = (g as { hooks?: Hooks })?.hooks;
    if (!Array.isArray(hooks)) return [];
    return hooks.flatMap((h, hook) => {
      const call = typeof h?.command === 'string' ? parseBridgeCommand(h.command) : null;
      return call?.dialect === dialect && call.event === event
        ? [{ event, group, hook, command: h.command as string }]
        : [];
    });
  });
}

/** A group holding bridge hooks of its event and nothing else: what connect adds, and disconnect removes. */
function isBridgeGroup(group: unknown, dialect: string, event: string): boolean {
  const hooks = (group as { hooks?: Hooks })?.hooks;
  return (
    Array.isArray(hooks) &&
    hooks.length > 0 &&
    hooks.every((h) => {
      const call = typeof h?.command === 'string' ? parseBridgeCommand(h.command) : null;
      return call?.dialect === dialect && call.event === event;
    })
  );
}

/**
 * Connect: every event gets a bridge group after its last group; an event that already has a bridge
 * keeps it, with its command brought up to this installation's (a bridge by another path, or a bare
 * `hookpanel` the agent may not find on its PATH).
 */
export function planConnect(path: string, before: string | null, spec: BridgeSpec): EditPlan {
  let text = before ?? '{}\n';
  if (text.trim() === '') text = '{}\n';
  const written: BridgeEntry[] = [];
  const summary = { ...emptySummary(), creates: before === null };
  for (const event of spec.events) {
    const tree = parse(path, text);
    const groups = valueAt(tree, ['hooks', event]);
    const wanted = spec.command(event);
    const existing = bridgesIn(groups, spec.dialect, event);
    if (existing.length) {
      const stale = existing.filter((e) => e.command !== wanted);
      (stale.length ? summary.updated : summary.kept).push(event);
      for (const b of stale) {
        text = applyEdits(
          text,
          modify(text, ['hooks', event, b.group, 'hooks', b.hook, 'command'], wanted, {}),
        );
        written.push({ event, group: b.group, hook: b.hook });
      }
      continue;
    }
    const group = { hooks: [{ type: 'command', command: wanted, ...spec.extras(event) }] };
    const list = findNodeAtLocation(tree, ['hooks', event]);
    if (list && list.type !== 'array')
      refuse(`${path}: hooks.${event} is not a list of groups; fix it first, nothing was written`);
    written.push({ event, group: list?.children?.length ?? 0, hook: 0 });
    summary.added.push(event);
    const hooks = findNodeAtLocation(tree, ['hooks']);
    if (list) text = insertInto(text, list, null, group);
    else if (hooks?.type === 'object') text = insertInto(text, hooks, event, [group]);
    else if (!hooks) text = insertInto(text, tree, 'hooks', { [event]: [group] });
    else refuse(`${path}: "hooks" is not an object; fix it first, nothing was written`);
  }
  // A file connect creates is laid out as a person would write it, not kept on the one line it began as.
  if (before === null || before.trim() === '') text = `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
  return finish(path, before, text, written, summary);
}

/**
 * Disconnect: every group that holds only bridge hooks goes, and an event left with no group goes too,
 * unless it is one of `keptEvents`: its list was in the file before connect (`"Stop": []`), so it stays,
 * empty again. `removeHooksKey`: the `hooks` key was added by connect, so an empty one goes again.
 */
export function planDisconnect(
  path: string,
  before: string | null,
  spec: Pick<BridgeSpec, 'dialect' | 'events'>,
  removeHooksKey = true,
  keptEvents: readonly string[] = [],
): EditPlan {
  if (before === null) return finish(path, null, '', [], emptySummary());
  let text = before;
  const summary = emptySummary();
  const tree0 = parse(path, text);
  const hooks0 = valueAt(tree0, ['hooks']);
  // Every event the file routes to this dialect, including ones an older connect wrote.
  const events = new Set([
    ...spec.events,
    ...(hooks0 && typeof hooks0 === 'object' ? Object.keys(hooks0) : []),
  ]);
  for (const event of events) {
    for (;;) {
      const tree = parse(path, text);
      const list = valueAt(tree, ['hooks', event]);
      if (!Array.isArray(list)) break;
      const index = list.findIndex((g) => isBridgeGroup(g, spec.dialect, event));
      if (index < 0) break;
      if (!summary.removed.includes(event)) summary.removed.push(event);
      // Remove the whole event when the bridge was its only group and connect made its list, else
      // just that group.
      const whole = list.length === 1 && !keptEvents.includes(event);
      const node = findNodeAtLocation(tree, whole ? ['hooks', event] : ['hooks', event, index])!;
      text = removeNode(text, node.parent?.type === 'property' ? node.parent : node);
    }
  }
  const hooks = findNodeAtLocation(parse(path, text), ['hooks']);
  if (removeHooksKey && hooks && hooks.type === 'object' && !hooks.children?.length && hooks.parent) {
    text = removeNode(text, hooks.parent);
    summary.removesHooksKey = true;
  }
  return finish(path, before, text, [], summary);
}

/** The events of `events` that have a list of their own under `hooks` in this text. */
export function eventsWithList(path: string, text: string | null, events: readonly string[]): string[] {
  if (text === null || text.trim() === '') return [];
  const tree = parse(path, text);
  return events.filter((e) => findNodeAtLocation(tree, ['hooks', e])?.type === 'array');
}

/** Whether every event of the spec is routed to Hookpanel in this text. */
export function isConnected(text: string | null, spec: Pick<BridgeSpec, 'dialect' | 'events'>): boolean {
  if (!text) return false;
  try {
    const tree = parse('', text);
    return spec.events.every((e) => bridgesIn(valueAt(tree, ['hooks', e]), spec.dialect, e).length > 0);
  } catch {
    return false;
  }
}

/**
 * Adds an element to an array, or a property to an object, after its last child, in the container's
 * own style (one line stays one line; otherwise the last child's indentation), touching no other byte:
 * jsonc-parser's own edits reformat the sibling they follow.
 */
export function insertInto(text: string, container: JsonNode, key: string | null, value: unknown): string {
  const fmt = formatting(text);
  const eol = fmt.eol ?? '\n';
  const unit = fmt.insertSpaces ? ' '.repeat(fmt.tabSize ?? 2) : '\t';
  const entry = (indent: string, compact: boolean) => {
    const body = compact
      ? JSON.stringify(value)
      : JSON.stringify(value, null, unit).split('\n').join(`${eol}${indent}`);
    return key === null ? body : `${JSON.stringify(key)}: ${body}`;
  };
  const lineIndent = (offset: number) =>
    /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0];
  const last = container.children?.at(-1);
  if (last) {
    const oneLine = !text.slice(container.offset, last.offset).includes('\n');
    const indent = lineIndent(last.offset);
    const at = last.offset + last.length;
    return (
      text.slice(0, at) +
      (oneLine ? `, ${entry(indent, true)}` : `,${eol}${indent}${entry(indent, false)}`) +
      text.slice(at)
    );
  }
  // Empty (comments inside are kept): a file kept on one line stays on one line; else one level in
  // from the container's line.
  const close = container.offset + container.length - 1;
  const head = text.slice(0, close).replace(/\s*$/, '');
  if (!text.trim().includes('\n')) return `${head}${entry('', true)}${text.slice(close)}`;
  const outer = lineIndent(container.offset);
  const inner = outer + unit;
  return `${head}${eol}${inner}${entry(inner, false)}${eol}${outer}${text.slice(close)}`;
}

/** Cuts an array element or object property with its separating comma, leaving the rest byte for byte. */
export function removeNode(text: string, node: JsonNode): string {
  const siblings = node.parent?.children ?? [];
  const i = siblings.indexOf(node);
  const prev = siblings[i - 1];
  const next = siblings[i + 1];
  if (prev) return text.slice(0, prev.offset + prev.length) + text.slice(node.offset + node.length);
  if (next) return text.slice(0, node.offset) + text.slice(next.offset);
  // The only child: empty the container, keeping its brackets, and any comment before the child.
  const container = node.parent!;
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  const commentBefore = text.slice(open, node.offset).replace(/\s*$/, '');
  // With nothing else inside, `{}` again: connect laid out an empty container's first child on lines of
  // its own, whatever space it held, and `"hooks": {}` is how people and tools write one.
  return text.slice(0, open) + commentBefore + (commentBefore ? ' ' : '') + text.slice(close);
}

function finish(
  path: string,
  before: string | null,
  after: string,
  written: BridgeEntry[],
  summary: EditSummary,
): EditPlan {
  const changed = after !== (before ?? '');
  return {
    path,
    before,
    after,
    changed,
    written,
    summary,
    diff: changed ? createTwoFilesPatch(path, path, before ?? '', after, 'now', 'after') : '',
  };
}

/** Whether the text has a top-level key (so disconnect knows if connect added `hooks`). */
export function hasTopLevelKey(text: string, key: string): boolean {
  const tree = parseTree(text);
  return !!tree?.children?.some((p) => p.children?.[0]?.value === key);
}

/** `{}` with nothing in it: a file connect created and disconnect emptied again. */
export function isEmptyObject(text: string): boolean {
  const tree = parseTree(text);
  return tree?.type === 'object' && !tree.children?.length;
}

/** The bridge entries of an earlier connect, then this one's new ones: what disconnect takes back. */
export function mergeEntries<T extends BridgeEntry>(a: T[], b: T[]): T[] {
  const key = (e: T) => `${e.event}\0${e.group}\0${e.hook}`;
  const seen = new Set(a.map(key));
  return [...a, ...b.filter((e) => !seen.has(key(e)))];
}
