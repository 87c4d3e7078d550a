// `hookpanel guard claude on|off [--dry-run]`: Claude Code's guarded mode. The exact file and its text
// first, then the change, behind the operating system's administrator prompt where one is needed.
import { visibleText } from '../../../shared/visible-text.js';
import { hostEnvFromProcess } from '../../host/paths.js';
import { UsageError } from '../output.js';

/** Filled from its entry in definitions.ts. */
export interface GuardInput {
  agent: string;
  state: string;
  dryRun?: boolean;
}

export async function guard(input: GuardInput): Promise<number> {
  if (input.agent !== 'claude')
    throw new UsageError(`guarded mode is for claude only; usage: hookpanel guard claude on|off [--dry-run]`);
  if (input.state !== 'on' && input.state !== 'off')
    throw new UsageError(
      `expected on or off, got "${input.state}"; usage: hookpanel guard claude on|off [--dry-run]`,
    );
  const { applyGuard, planGuard } = await import('../../host/dialects/claude/guard-write.js');
  const host = hostEnvFromProcess();
  const on = input.state === 'on';
  const plan = planGuard(host, on);
  const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  const file = visibleText(plan.file);
  if (!plan.steps.length) {
    out(
      on
        ? `Claude Code is already guarded: ${file} is in place as shown by hookpanel guard claude on --dry-run.`
        : `Claude Code is not guarded: there is no ${file}, so nothing to remove.`,
    );
    return 0;
  }
  if (on) {
    out(
      `Guarded mode writes one file, ${file}. With it Claude Code runs no hooks of its own user, project ` +
        "or local settings files, only this file's: each event goes to Hookpanel, which runs your " +
        "~/.claude/settings.json hooks as before and a project's .claude files only once you trust them " +
        'in Trust review (hookpanel trust PATH).',
    );
    out(
      `\n${file}:\n${plan
        .contents!.split('\n')
        .map((l) => visibleText(l))
        .join('\n')}`,
    );
  } else {
    out(
      `Guarded mode off removes ${file}${plan.steps.length > 1 ? ' and the folders guard on created for it' : ''}; ` +
        'Claude Code then runs its own user, project and local hooks itself again.',
    );
    out(
      `\nIt holds now:\n${plan
        .current!.split('\n')
        .map((l) => visibleText(l))
        .join('\n')}`,
    );
  }
  if (input.dryRun) {
    out(`Not changed (--dry-run): run hookpanel guard claude ${input.state} to do it.`);
    return 0;
  }
  const done = await applyGuard(host, plan);
  out(visibleText(done.message));
  if (done.ok)
    out(
      on
        ? 'Claude Code is guarded: Claude Code sessions started from now on run their hooks through Hookpanel.'
        : 'Claude Code is no longer guarded.',
    );
  return done.ok ? 0 : 1;
}
