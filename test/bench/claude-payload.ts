// The claude event of the bridge benchmarks: the payload Claude Code sends on a Bash tool call, field for
// field (ids made up), so each event costs the host what a real agent's does; the hosted rule it meets;
// and the check that a case runs that rule's hook before it is timed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** A hosted claude rule on PreToolUse (Bash) whose command is `true`, as a person would write it. */
export const TRUE_HOOK_RULES = {
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] },
};

/**
 * Throws unless `node cli emit claude PreToolUse --json` answers with the `true` hook's one dispatch,
 * run: a bench of a path that fell back, refused or ran nothing measures nothing.
 */
export function expectTrueHookRan(
  node: string,
  cli: string,
  opts: { env: Record<string, string>; input: string; cwd: string },
): void {
  const emitted = spawnSync(node, [cli, 'emit', 'claude', 'PreToolUse', '--json'], {
    ...opts,
    encoding: 'utf8',
  });
  const ran =
    emitted.status === 0
      ? (JSON.parse(emitted.stdout) as { dispatches: { outcome: string }[] }).dispatches
      : [];
  if (ran.length !== 1 || ran[0]!.outcome !== 'ok')
    throw new Error(
      `the true hook did not run from ${opts.cwd}: ${emitted.status} ${emitted.stdout}${emitted.stderr}`,
    );
}

export function claudePayload(cwd: string, event: string): string {
  return JSON.stringify({
    session_id: '9b1f3c2e-4d5a-4e6f-8a7b-1c2d3e4f5a6b',
    transcript_path: join(cwd, '.claude-transcript.jsonl'),
    cwd,
    permission_mode: 'default',
    hook_event_name: event,
    tool_name: 'Bash',
    tool_input: { command: 'ls -la src', description: 'List the source folder' },
    tool_use_id: 'toolu_01A2B3C4D5E6F7G8H9J0K1L2',
  });
}
