// Hookpanel's hook file in Copilot CLI's hooks folder: one command hook per bridged event, in Copilot's
// schema, each starting the bridge as this installation runs it. It holds nothing but bridge hooks,
// which is how connect and disconnect know it is Hookpanel's (a person's file there is never touched).
import { parseBridgeCommand, shellQuote } from '../../agents/bridge-command.js';
import { isPlainObject } from '../rule.js';

/** The events routed to Hookpanel, in the order they are written. */
export const BRIDGED_EVENTS = [
  'sessionStart',
  'userPromptSubmitted',
  'preToolUse',
  'permissionRequest',
  'postToolUse',
  'postToolUseFailure',
  'agentStop',
  'errorOccurred',
  'sessionEnd',
] as const;

/**
 * Seconds Copilot gives each hook (its default is 30). permissionRequest waits for a person's answer
 * under Ask me: 600 s, as Claude Code and Codex give theirs; the host gives up a little before (590).
 */
const timeoutSec = (event: string) => (event === 'permissionRequest' ? 600 : 30);

type Bridge = (event: string) => { argv: string[]; env: Record<string, string> };

/** The bridge as one shell command (Copilot runs a hook's `bash` text with bash). */
function commandOf(call: { argv: string[]; env: Record<string, string> }): string {
  return [
    ...Object.entries(call.env).map(([k, v]) => `${k}=${shellQuote(v)}`),
    ...call.argv.map(shellQuote),
  ].join(' ');
}

export function bridgeFileText(bridge: Bridge): string {
  const hooks = Object.fromEntries(
    BRIDGED_EVENTS.map((event) => [
      event,
      [{ type: 'command', bash: commandOf(bridge(event)), timeoutSec: timeoutSec(event) }],
    ]),
  );
  return `${JSON.stringify({ version: 1, hooks }, null, 2)}\n`;
}

/** Whether a file's text is Hookpanel's hook file: JSON whose every hook is a copilot bridge. */
export function isBridgeFile(text: string | null): boolean {
  if (text === null) return false;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isPlainObject(value) || !isPlainObject(value.hooks)) return false;
  const entries = Object.values(value.hooks).flatMap((list) => (Array.isArray(list) ? list : [null]));
  return (
    entries.length > 0 &&
    entries.every(
      (h) =>
        isPlainObject(h) && typeof h.bash === 'string' && parseBridgeCommand(h.bash)?.dialect === 'copilot',
    )
  );
}
