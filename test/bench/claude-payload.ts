// The payload of the bridge benchmarks: what Claude Code sends on a Bash tool call, field for field
// (ids made up), so each event costs the host what a real agent's does.
import { join } from 'node:path';

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
