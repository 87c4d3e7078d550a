// The hooks of a GitHub Copilot CLI file, checked the way Copilot CLI 1.0.102 reads them
// (docs/agents/copilot.md, "Its files"): a file whose `version` is not 1, or with an event whose hooks
// are not a list, is dropped whole; an unknown event is ignored; a hook of an unknown type or with a
// field of the wrong type (a `timeoutSec` that is not a number) is skipped and the rest kept. The same
// reader serves the `hooks` of its settings.json and Hookpanel's hosted hooks/copilot.json.
import type { Handler, Rule } from '../../../../shared/model.js';
import type { DiagnosticSink } from '../../diagnostics/sink.js';
import { unknownEventMessage } from '../../diagnostics/unknown-event.js';
import { describeValue, suggest } from '../../diagnostics/zod-issues.js';
import type { KeyPath, Position } from '../../documents/document.js';
import { compiles, stringRecord, isPlainObject, makeRule } from '../rule.js';
import { COPILOT_EVENTS } from './events.js';

const EVENT_NAMES = COPILOT_EVENTS.map((e) => e.name);
const MATCHED_EVENTS = new Set(COPILOT_EVENTS.filter((e) => e.matcherField).map((e) => e.name));
const HOOK_TYPES = ['command', 'http'];
const HOOK_KEYS: Record<string, string[]> = {
  command: ['type', 'bash', 'command', 'powershell', 'cwd', 'env', 'timeoutSec', 'matcher'],
  http: ['type', 'url', 'headers', 'timeoutSec', 'matcher'],
};
/** Copilot's timeout for a hook that names none (measured: "Hook command timed out after 30 seconds"). */
const DEFAULT_TIMEOUT_S = 30;

/** What a file of Copilot's hooks says besides its hooks. */
export interface CopilotHookSettings {
  /** `disableAllHooks` of a settings.json, where it sets it. */
  disableAllHooks?: boolean;
}

export interface ReadOptions {
  /** A hook file (`version` + `hooks`), or settings.json (`hooks` among its other settings). */
  kind: 'hook-file' | 'settings';
}

/** Reads the hooks of one file; `valid: false` where Copilot CLI drops the whole file. */
export function readCopilotHooks(
  value: Record<string, unknown>,
  sink: DiagnosticSink,
  locate: (at: KeyPath) => Position | null,
  opts: ReadOptions,
): { rules: Rule[]; valid: boolean; settings: CopilotHookSettings } {
  const settings: CopilotHookSettings = {};
  if (opts.kind === 'settings' && 'disableAllHooks' in value) {
    if (typeof value.disableAllHooks === 'boolean') settings.disableAllHooks = value.disableAllHooks;
    else
      sink.error('wrong_type', `expected true or false, got ${describeValue(value.disableAllHooks)}`, {
        at: ['disableAllHooks'],
      });
  }
  if (opts.kind === 'hook-file') {
    if ('version' in value && value.version !== 1) {
      sink.error(
        'invalid_value',
        `"version" must be 1, got ${describeValue(value.version)}: Copilot CLI rejects the whole file, so none of its hooks runs`,
        { at: ['version'] },
      );
      return { rules: [], valid: false, settings };
    }
    for (const key of Object.keys(value))
      if (key !== 'version' && key !== 'hooks')
        sink.warn('unknown_key', `unknown key "${key}" is ignored${suggest(key, ['version', 'hooks'])}`, {
          at: [key],
          part: 'key',
        });
  }
  const hooks = value.hooks;
  if (hooks === undefined) return { rules: [], valid: true, settings };
  if (!isPlainObject(hooks)) {
    sink.error(
      'wrong_type',
      `expected "hooks" as an object keyed by event name, got ${describeValue(hooks)}: Copilot CLI rejects the whole file`,
      { at: ['hooks'] },
    );
    return { rules: [], valid: opts.kind === 'settings', settings };
  }
  const rules: Rule[] = [];
  for (const [event, list] of Object.entries(hooks)) {
    const at: KeyPath = ['hooks', event];
    const known = EVENT_NAMES.includes(event);
    if (!known)
      sink.error(
        'unknown_event',
        unknownEventMessage({
          agent: 'Copilot CLI',
          event,
          known: EVENT_NAMES,
          hooks: Array.isArray(list) ? list.length : 1,
        }),
        { at, part: 'key' },
      );
    if (!Array.isArray(list)) {
      sink.error(
        'wrong_type',
        `expected a list of hooks ([{ "type": "command", "bash": … }]), got ${describeValue(list)}: Copilot CLI rejects the whole file`,
        { at },
      );
      return { rules: [], valid: false, settings };
    }
    list.forEach((hook: unknown, i) => {
      const hAt: KeyPath = [...at, i];
      const read = readHook(hook, hAt, sink, MATCHED_EVENTS.has(event));
      if (!read || !known) return;
      rules.push(
        makeRule(
          {
            index: rules.length,
            name: `${event}[${i}]`,
            events: [event],
            handler: read.handler,
            timeoutMs: read.timeoutMs,
            mode: 'blocking',
            // A hook that fails or times out does not stop Copilot CLI; only a deny does.
            errorPolicy: 'fail-open',
            matcher: read.matcher,
            env: read.env,
            cwd: read.cwd,
            group: null,
            hookIndex: i,
          },
          locate(hAt),
        ),
      );
    });
  }
  return { rules, valid: true, settings };
}

interface ReadHook {
  handler: Handler;
  timeoutMs: number;
  matcher: string | null;
  env: Record<string, string>;
  cwd: string | null;
}

function readHook(hook: unknown, at: KeyPath, sink: DiagnosticSink, matched: boolean): ReadHook | null {
  if (!isPlainObject(hook)) {
    sink.error('wrong_type', `expected a hook object, got ${describeValue(hook)}; Copilot CLI skips it`, {
      at,
    });
    return null;
  }
  const type = hook.type ?? 'command';
  if (typeof type !== 'string' || !HOOK_TYPES.includes(type)) {
    sink.error(
      'invalid_value',
      `"type" must be one of ${HOOK_TYPES.join(', ')}, got ${describeValue(type)}; Copilot CLI skips this hook`,
      { at: [...at, 'type'] },
    );
    return null;
  }
  for (const key of Object.keys(hook))
    if (!HOOK_KEYS[type]!.includes(key))
      sink.warn(
        'unknown_key',
        `unknown key "${key}" in a ${type} hook is ignored${suggest(key, HOOK_KEYS[type]!)}`,
        { at: [...at, key], part: 'key' },
      );
  const fields = type === 'command' ? ['bash', 'command'] : ['url'];
  for (const f of [...fields, 'powershell', 'cwd', 'matcher'])
    if (f in hook && typeof hook[f] !== 'string') {
      sink.error(
        'wrong_type',
        `"${f}" must be text, got ${describeValue(hook[f])}; Copilot CLI skips this hook`,
        {
          at: [...at, f],
        },
      );
      return null;
    }
  const timeout = hook.timeoutSec;
  if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)) {
    sink.error(
      'wrong_type',
      `"timeoutSec" must be a positive number of seconds, got ${describeValue(timeout)}; Copilot CLI skips this hook`,
      { at: [...at, 'timeoutSec'] },
    );
    return null;
  }
  let text = fields.map((f) => hook[f]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (!text && type === 'command' && typeof hook.powershell === 'string' && hook.powershell.trim()) {
    // Copilot CLI 1.0.102 runs a powershell-only hook as `pwsh -nop -nol -c <text>`, on Linux too
    // (measured by test/realclient/copilot.test.ts with a pwsh of the test's own on its PATH).
    sink.warn(
      'powershell_only',
      'this hook has only a "powershell" command: Copilot CLI runs it with pwsh, which fails where PowerShell is not installed',
      { at: [...at, 'powershell'] },
    );
    text = `pwsh -nop -nol -c '${hook.powershell.replace(/'/g, `'\\''`)}'`;
  }
  if (!text) {
    sink.error(
      'missing_key',
      `a ${type} hook needs ${type === 'command' ? '"bash" (or "command")' : '"url"'} as text; Copilot CLI skips this hook`,
      { at },
    );
    return null;
  }
  const matcher = typeof hook.matcher === 'string' && hook.matcher.trim() ? hook.matcher : null;
  if (matcher !== null && !matched)
    sink.warn(
      'matcher_ignored',
      'this event has no tool to match: Copilot CLI ignores the matcher and runs the hook',
      {
        at: [...at, 'matcher'],
      },
    );
  else if (matcher !== null && !compiles(matcher)) {
    sink.error(
      'invalid_matcher',
      `"${matcher}" is not a valid regular expression; Copilot CLI skips this hook`,
      {
        at: [...at, 'matcher'],
      },
    );
    return null;
  }
  const handler: Handler =
    type === 'command'
      ? { kind: 'shell', command: text }
      : { kind: 'http', url: text, headers: stringRecord(hook.headers) };
  return {
    handler,
    timeoutMs: Math.round((typeof timeout === 'number' ? timeout : DEFAULT_TIMEOUT_S) * 1000),
    matcher: matched ? matcher : null,
    env: stringRecord(hook.env),
    cwd: typeof hook.cwd === 'string' && hook.cwd ? hook.cwd : null,
  };
}
