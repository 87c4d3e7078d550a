// Answers larger than Hookpanel reads (1 MiB): a guard whose answer is too long to read must not let
// the action through. Shared by the reliability tier (asserted) and `npm run bench -- reliability`.
import { runCli, type CliResult } from '../helpers/cli.js';
import { makeEnv } from '../helpers/env.js';
import { crashed, type Figures } from './process-trials.js';

/** A shell snippet writing `{"decision":"block","reason":"…"}` padded with spaces to `kib` KiB, 1 KiB a write. */
export function blockAnswer(kib: number, reason = 'too big to read'): string {
  return `printf '{"decision":"block","reason":"${reason}"'; dd if=/dev/zero bs=1024 count=${kib} 2>/dev/null | tr '\\000' ' '; printf '}\\n'`;
}

export interface AnswerCase {
  title: string;
  dialect: string;
  event: string;
  file: string;
  text: string;
  input: Record<string, unknown>;
  /** The exit code and a piece of stderr or stdout the protocol's block shows. */
  blocked: (r: CliResult) => boolean;
}

const pw = (event: string, command: string) =>
  JSON.stringify({ hooks: { [event]: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } });

/** Guard events whose hook answers block with more than 1 MiB: each must block, saying why. */
export function oversizedGuardCases(kib = 1100): AnswerCase[] {
  const exit2 = (r: CliResult) => r.code === 2 && /larger than the 1 MiB limit/.test(r.stderr);
  return [
    {
      title: 'pw PreToolUse, a block on stdout',
      dialect: 'pw',
      event: 'PreToolUse',
      file: '~/.config/pw/code.json',
      text: pw('PreToolUse', blockAnswer(kib)),
      input: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } },
      blocked: exit2,
    },
    {
      title: 'claude PreToolUse, a block on stdout',
      dialect: 'claude',
      event: 'PreToolUse',
      file: 'hp/hooks/claude.json',
      text: pw('PreToolUse', blockAnswer(kib)),
      input: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } },
      blocked: exit2,
    },
    {
      title: 'chrys before_tool_call, a block in the result file',
      dialect: 'chrys',
      event: 'before_tool_call',
      file: '~/.chrys/hooks/hooks.yaml',
      text: `hooks:\n  - id: big\n    event: before_tool_call\n    run: { type: shell, shell: '(${blockAnswer(kib).replace(/'/g, "''")}) > "$CHRYS_HOOK_RESULT"' }\n    execution: { mode: blocking }\n`,
      input: { tool: { name: 'write', kind: 'filesystem.write', args: { path: '/etc/passwd' } } },
      blocked: (r) =>
        r.code === 0 && /"decision":"block"/.test(r.stdout) && /larger than the 1 MiB limit/.test(r.stdout),
    },
  ];
}

/** Runs each case `times` times through `hookpanel emit` (no host); `lost` counts guard events let through. */
export async function oversizedAnswerTrials(times: number, kib = 1100): Promise<Figures> {
  let trials = 0;
  let lost = 0;
  let crashes = 0;
  for (const c of oversizedGuardCases(kib)) {
    const env = makeEnv();
    try {
      env.write(c.file, c.text);
      for (let i = 0; i < times; i++) {
        const r = await runCli(['emit', c.dialect, c.event], {
          env: env.processEnv,
          cwd: env.workspace,
          input: JSON.stringify(c.input),
          timeoutMs: 60_000,
        });
        trials++;
        if (!c.blocked(r)) lost++;
        if (crashed(r)) crashes++;
      }
    } finally {
      await env.cleanup();
    }
  }
  return { trials, survivors: 0, lost, crashes };
}
