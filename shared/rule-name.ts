// Naming a rule by what it does, for people: its own name where the file gives it one (a chrys id, an
// arya or Gemini `name`), else its command, shortened; the position in its file is the detail. The
// recorded `rule` field stays the dialect's name (generated from the position where the file has none):
// this only decides what a person reads. Runtime-neutral: the renderer, the tray, notifications and the
// CLI all name rules with it.
import type { Handler } from './model.js';

/** One line a person can read: what a handler runs. */
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

/**
 * Whether a name is one a dialect made up from the rule's position because the file gave none:
 * `PreToolUse[0].hooks[1]` (pw, Claude Code, Codex, Gemini), `preToolUse[1]` (Copilot CLI, whose events
 * list hooks without groups), `hook-2` (io), `rule-3` (arya).
 */
export function isPositionalName(name: string): boolean {
  return (
    /^.+\[\d+\]\.hooks\[\d+\]$/.test(name) ||
    /^[a-z][A-Za-z]*\[\d+\]$/.test(name) ||
    /^(hook|rule)-\d+$/.test(name)
  );
}

/** Longest title before it is cut (with an ellipsis), in characters. */
export const TITLE_MAX = 56;

const SCRIPT_PATH =
  /(^|[\s'"=])[^\s'"]*\/([^\s'"/]+\.(?:py|sh|bash|zsh|js|mjs|cjs|ts|rb|pl|php|ps1|lua))(?=$|[\s'"])/g;

/**
 * A command as a title: the program's folder and the folders of scripts it runs dropped
 * (`/usr/bin/python3 ~/.hooks/check.py --strict` reads `python3 check.py --strict`; other arguments,
 * such as `rm -rf /tmp/x`, stay whole), runs of white space made one, cut at `max` characters.
 */
export function shortCommand(text: string, max = TITLE_MAX): string {
  const short = text
    .trim()
    .replace(/^['"]?[^\s'":]*\/([^\s'"/]+)['"]?(?=\s|$)/, '$1')
    .replace(SCRIPT_PATH, '$1$2')
    .replace(/\s+/g, ' ');
  return cut(short, max);
}

export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** What is needed to name a rule: a rule from a source, a recorded dispatch, a planned run. */
export interface NamedRule {
  /** The dialect's name for it (`rule` in records). */
  name: string;
  /** What it runs: the handler itself, or its description as records keep it. */
  handler: Handler | string;
  /** Its position in its file, counted from 0 (`ruleIndex` in records). */
  index?: number | null;
  /** Where a file groups hooks by event (pw, Claude Code, Gemini): the event, group and hook. */
  events?: readonly string[];
  group?: number | null;
  hookIndex?: number | null;
}

export interface RuleLabel {
  /** What a person calls it: its own name, else its command, shortened. */
  title: string;
  /** Where it is in its file, as its key reads: `PreToolUse[0].hooks[1]`, `hooks[3]`, `hook-2`. */
  position: string | null;
  /** Whether the title is the rule's own name (rather than its command). */
  named: boolean;
  /** The whole command, as one line. */
  command: string;
}

export function ruleLabel(r: NamedRule): RuleLabel {
  const command = typeof r.handler === 'string' ? r.handler : describeHandler(r.handler);
  const positional = isPositionalName(r.name);
  const grouped = r.events?.length === 1 && r.group != null && r.hookIndex != null;
  const position = positional
    ? r.name
    : grouped
      ? `${r.events![0]}[${r.group}].hooks[${r.hookIndex}]`
      : r.index != null && r.index >= 0
        ? `hooks[${r.index}]`
        : null;
  if (positional || !r.name.trim())
    return { title: shortCommand(command) || r.name, position, named: false, command };
  return { title: r.name, position, named: true, command };
}

/** The rule in one line, for a notification, the tray or a terminal: `echo done (Stop[0].hooks[0])`. */
export function ruleText(r: NamedRule, opts: { max?: number } = {}): string {
  const l = ruleLabel(r);
  const title = opts.max ? cut(l.title, opts.max) : l.title;
  return l.position ? `${title} (${l.position})` : title;
}

/** A file as a person reads it: the home folder as `~`. */
export function tildePath(path: string, home?: string | null): string {
  if (!home) return path;
  const h = home.replace(/[\\/]+$/, '');
  return path === h
    ? '~'
    : path.startsWith(`${h}/`) || path.startsWith(`${h}\\`)
      ? `~${path.slice(h.length)}`
      : path;
}
