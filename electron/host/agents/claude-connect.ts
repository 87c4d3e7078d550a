// Connecting Claude Code: add the bridge hooks (`hookpanel emit claude <Event>`) to its user settings,
// keeping every other key, comment-free formatting and key order; idempotent; backed up; atomic; and
// undone by disconnect without touching anything else.
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
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
import { homePaths, type HostEnv } from '../paths.js';
import { writeFileAtomic } from '../util/atomic.js';

/** Turn done, blocked and needs-input reach Hookpanel; PreToolUse lets hosted guards run. */
export const CLAUDE_BRIDGE_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Notification',
  'Stop',
  'SubagentStop',
  'SessionEnd',
] as const;

export function claudeSettingsPath(host: HostEnv): string {
  return join(host.env.CLAUDE_CONFIG_DIR || join(host.home, '.claude'), 'settings.json');
}

export function bridgeCommand(event: string): string {
  return `hookpanel emit claude ${event}`;
}

const BRIDGE = /(^|[\s/])(hookpanel emit claude|hookpanel-hook claude) (\w+)\b/;

export interface ConnectPlan {
  path: string;
  before: string | null;
  after: string;
  /** Unified diff of the change (empty when nothing changes). */
  diff: string;
  changed: boolean;
}

export class ConnectError extends Error {}

/** Parses a settings file strictly; a file that does not parse is never written. */
function parse(path: string, text: string) {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: false, allowTrailingComma: false });
  if (errors.length || !tree || tree.type !== 'object') {
    throw new ConnectError(
      `${path} is not a JSON object Hookpanel can edit safely (${errors.length ? `syntax error at offset ${errors[0]!.offset}` : 'not an object'}); fix it first, nothing was written`,
    );
  }
  return tree;
}

function valueAt(tree: ReturnType<typeof parse>, path: (string | number)[]): unknown {
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

function isBridgeGroup(group: unknown, event: string): boolean {
  const hooks = (group as { hooks?: { command?: unknown }[] })?.hooks;
  return (
    Array.isArray(hooks) &&
    hooks.length > 0 &&
    hooks.every((h) => typeof h?.command === 'string' && BRIDGE.exec(h.command)?.[3] === event)
  );
}

function hasBridge(groups: unknown, event: string): boolean {
  return (
    Array.isArray(groups) &&
    groups.some((g) =>
      ((g as { hooks?: { command?: unknown }[] })?.hooks ?? []).some(
        (h) => typeof h?.command === 'string' && BRIDGE.exec(h.command)?.[3] === event,
      ),
    )
  );
}

export function planConnect(path: string, before: string | null): ConnectPlan {
  let text = before ?? '{}\n';
  if (text.trim() === '') text = '{}\n';
  for (const event of CLAUDE_BRIDGE_EVENTS) {
    const tree = parse(path, text);
    const groups = valueAt(tree, ['hooks', event]);
    if (hasBridge(groups, event)) continue;
    const group = { hooks: [{ type: 'command', command: bridgeCommand(event) }] };
    const list = findNodeAtLocation(tree, ['hooks', event]);
    const last = list?.type === 'array' ? list.children?.at(-1) : undefined;
    if (last) {
      // Inserted by hand after the last group: jsonc-parser would reformat the line it touches.
      const fmt = formatting(text);
      const lineStart = text.lastIndexOf('\n', last.offset) + 1;
      const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
      const unit = fmt.insertSpaces ? ' '.repeat(fmt.tabSize ?? 2) : '\t';
      const body = JSON.stringify(group, null, unit).split('\n').join(`${fmt.eol}${indent}`);
      const oneLine = !text.slice(list!.offset, last.offset).includes('\n');
      const insert = oneLine ? `, ${JSON.stringify(group)}` : `,${fmt.eol}${indent}${body}`;
      const at = last.offset + last.length;
      text = text.slice(0, at) + insert + text.slice(at);
    } else {
      // A file kept on one line stays on one line.
      const oneLine = !text.trim().includes('\n');
      text = applyEdits(
        text,
        modify(text, ['hooks', event], [group], oneLine ? {} : { formattingOptions: formatting(text) }),
      );
    }
  }
  return finish(path, before, text);
}

/** `removeHooksKey`: the `hooks` key was added by connect, so an empty one goes again. */
export function planDisconnect(path: string, before: string | null, removeHooksKey = true): ConnectPlan {
  if (before === null) return finish(path, null, '');
  let text = before;
  for (const event of CLAUDE_BRIDGE_EVENTS) {
    for (;;) {
      const tree = parse(path, text);
      const list = valueAt(tree, ['hooks', event]);
      if (!Array.isArray(list)) break;
      const index = list.findIndex((g) => isBridgeGroup(g, event));
      if (index < 0) break;
      // Remove the whole event when the bridge was its only group, else just that group.
      const node = findNodeAtLocation(tree, list.length === 1 ? ['hooks', event] : ['hooks', event, index])!;
      text = removeNode(text, node.parent?.type === 'property' ? node.parent : node);
    }
  }
  const hooks = findNodeAtLocation(parse(path, text), ['hooks']);
  if (removeHooksKey && hooks && hooks.type === 'object' && !hooks.children?.length && hooks.parent)
    text = removeNode(text, hooks.parent);
  return finish(path, before, text);
}

/** Cuts an array element or object property with its separating comma, leaving the rest byte for byte. */
function removeNode(text: string, node: JsonNode): string {
  const siblings = node.parent?.children ?? [];
  const i = siblings.indexOf(node);
  const prev = siblings[i - 1];
  const next = siblings[i + 1];
  if (prev) return text.slice(0, prev.offset + prev.length) + text.slice(node.offset + node.length);
  if (next) return text.slice(0, node.offset) + text.slice(next.offset);
  // The only child: empty the container, keeping its brackets where they were.
  const container = node.parent!;
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  const inner = text.slice(open, close);
  const lead = /^\s*/.exec(inner)![0];
  const closingIndent = /\n[ \t]*$/.exec(inner)?.[0] ?? '';
  return text.slice(0, open) + (lead.includes('\n') ? closingIndent : '') + text.slice(close);
}

function finish(path: string, before: string | null, after: string): ConnectPlan {
  const changed = after !== (before ?? '');
  return {
    path,
    before,
    after,
    changed,
    diff: changed ? createTwoFilesPatch(path, path, before ?? '', after, 'now', 'after') : '',
  };
}

export async function readSettings(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConnectError(`${path} cannot be read: ${(e as Error).message}`);
  }
}

/** Applies a plan: backs the file up into Hookpanel's home first, then writes atomically. */
export async function applyPlan(host: HostEnv, plan: ConnectPlan): Promise<{ backup: string | null }> {
  if (!plan.changed) return { backup: null };
  const current = await readSettings(plan.path);
  if (current !== plan.before)
    throw new ConnectError(`${plan.path} changed since the preview; look at the new diff`);
  let backup: string | null = null;
  let mode = 0o600;
  if (plan.before !== null) {
    const dir = join(homePaths(host).root, 'backups');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    backup = join(dir, `${basename(plan.path)}.${new Date().toISOString().replace(/[:.]/g, '-')}.bak`);
    await copyFile(plan.path, backup);
    mode = (await stat(plan.path)).mode & 0o777;
  }
  await writeFileAtomic(plan.path, plan.after, mode);
  return { backup };
}

export function isConnected(text: string | null): boolean {
  if (!text) return false;
  try {
    const tree = parse('', text);
    return CLAUDE_BRIDGE_EVENTS.every((e) => hasBridge(valueAt(tree, ['hooks', e]), e));
  } catch {
    return false;
  }
}
