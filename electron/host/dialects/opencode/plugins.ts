// An opencode plugin as Hookpanel shows it: JavaScript (or TypeScript) that opencode runs, so one rule
// per file whose handler is the file itself, never run by Hookpanel. Which hooks it takes is read from
// the text (the hook names it spells out): enough to show, not a promise of what the code does.
import { basename } from 'node:path';
import type { DiagnosticSink } from '../../diagnostics/sink.js';
import type { ParsedDocument } from '../../documents/document.js';
import { LineIndex } from '../../documents/lines.js';
import type { Candidate, LoadedFile } from '../dialect.js';
import { makeRule } from '../rule.js';
import { isBridgePlugin } from './bridge-plugin.js';

/** The hooks an opencode 1.18 plugin can return (`event` receives every bus event). */
const PLUGIN_HOOKS = [
  'event',
  'config',
  'tool',
  'auth',
  'chat.message',
  'chat.params',
  'chat.headers',
  'permission.ask',
  'command.execute.before',
  'tool.execute.before',
  'tool.execute.after',
  'shell.env',
  'experimental.chat.messages.transform',
  'experimental.chat.system.transform',
  'experimental.session.compacting',
  'experimental.text.complete',
];

/** A plugin's text as a document: nothing to parse, only lines to point at. */
export function pluginDocument(text: string): ParsedDocument {
  const lines = new LineIndex(text);
  return {
    value: text,
    syntaxProblems: [],
    parseWarnings: [],
    locate: () => null,
    lineText: (line) => lines.lineText(line),
  };
}

/** Where each hook the plugin names first appears: as a quoted string, or as `event:` / `event(`. */
function hooksNamed(text: string): { hook: string; line: number; column: number }[] {
  const found: { hook: string; line: number; column: number; at: number }[] = [];
  for (const hook of PLUGIN_HOOKS) {
    const name = hook.replace(/\./g, '\\.');
    const pattern = hook.includes('.')
      ? new RegExp(`["'\`]${name}["'\`]`)
      : new RegExp(`(?<![\\w.$])${name}\\s*(?::|\\()`);
    const m = pattern.exec(text);
    if (!m) continue;
    const before = text.slice(0, m.index);
    const line = before.split('\n').length;
    found.push({ hook, line, column: m.index - before.lastIndexOf('\n'), at: m.index });
  }
  return found.sort((a, b) => a.at - b.at);
}

export function loadPlugin(doc: ParsedDocument, candidate: Candidate, sink: DiagnosticSink): LoadedFile {
  const text = typeof doc.value === 'string' ? doc.value : '';
  const ours = isBridgePlugin(text);
  const hooks = hooksNamed(text);
  const first = hooks[0] ?? null;
  if (!hooks.length && text.trim())
    sink.info(
      'plugin_hooks_unknown',
      'no hook name found in the text; opencode runs this plugin all the same, so any hook may be in it',
      { position: { line: 1, column: 1 } },
    );
  const rule = makeRule(
    {
      index: 0,
      name: ours ? "Hookpanel's bridge" : basename(candidate.path),
      events: hooks.length ? hooks.map((h) => h.hook) : ['*'],
      handler: { kind: 'script', path: candidate.path, interpreter: ['opencode'], args: [] },
      timeoutMs: 0,
      mode: 'blocking',
      // opencode lets a plugin that throws in tool.execute.before stop the tool.
      errorPolicy: 'a throw in tool.execute.before stops the tool',
      description: ours
        ? 'Forwards opencode events to Hookpanel (written by hookpanel connect opencode)'
        : `JavaScript that opencode runs${hooks.length ? `; hooks named in it: ${hooks.map((h) => h.hook).join(', ')}` : ''}`,
    },
    first ? { line: first.line, column: first.column } : { line: 1, column: 1 },
  );
  return { rules: text.trim() ? [rule] : [], valid: true };
}
