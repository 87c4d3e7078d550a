// `hookpanel guard <agent> on|off [--dry-run]`: an agent's guarded mode (Claude Code's today). The
// exact file and its text first, then the change, behind the administrator prompt where one is needed.
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
  const { agentGuardedMode, agentGuardedModes } = await import('../../host/agents/guarded-mode.js');
  const found = await agentGuardedMode(input.agent);
  const ids = found ? [found.id] : (await agentGuardedModes()).map((g) => g.id);
  const usage = `usage: hookpanel guard ${ids.join('|')} on|off [--dry-run]`;
  if (!found) throw new UsageError(`guarded mode is for ${ids.join(', ')} only; ${usage}`);
  if (input.state !== 'on' && input.state !== 'off')
    throw new UsageError(`expected on or off, got "${input.state}"; ${usage}`);
  const { id, label, part: mode } = found;
  const host = hostEnvFromProcess();
  const on = input.state === 'on';
  const plan = mode.plan(host, on);
  const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  const file = visibleText(plan.file);
  if (!plan.steps.length) {
    out(
      on
        ? `${label} is already guarded: ${file} is in place as shown by hookpanel guard ${id} on --dry-run.`
        : `${label} is not guarded: there is no ${file}, so nothing to remove.`,
    );
    return 0;
  }
  if (on) {
    out(mode.words.on(file));
    out(
      `\n${file}:\n${plan
        .contents!.split('\n')
        .map((l) => visibleText(l))
        .join('\n')}`,
    );
  } else {
    out(mode.words.off(file, plan.steps.length > 1));
    out(
      `\nIt holds now:\n${plan
        .current!.split('\n')
        .map((l) => visibleText(l))
        .join('\n')}`,
    );
  }
  if (input.dryRun) {
    out(`Not changed (--dry-run): run hookpanel guard ${id} ${input.state} to do it.`);
    return 0;
  }
  const done = await mode.apply(host, plan);
  out(visibleText(done.message));
  switch (done.kind) {
    case 'failed':
      return 1;
    case 'already':
    case 'changed':
      out(
        on
          ? `${label} is guarded: ${label} sessions started from now on run their hooks through Hookpanel.`
          : `${label} is no longer guarded.`,
      );
      return 0;
  }
}
