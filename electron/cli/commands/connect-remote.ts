// `hookpanel connect|disconnect <agent> --remote user@host`: as connect.ts says it locally (the change
// in words, the exact diff, then asked for or --yes), for the agent's file on that machine, over ssh.
import { visibleText } from '../../../shared/visible-text.js';
import { hostEnvFromProcess } from '../../host/paths.js';
import { UsageError } from '../output.js';
import { confirm } from './connect.js';

export async function connectRemote(
  name: 'connect' | 'disconnect',
  args: { agent: string; dryRun: boolean; yes: boolean },
  target: string,
): Promise<number> {
  const { targetProblem } = await import('../../host/remote/target.js');
  const problem = targetProblem(target);
  if (problem) throw new UsageError(`--remote: ${problem}`);
  const { applyRemote, previewRemote } = await import('../../host/remote/connect.js');
  const { summarySentence } = await import('../../../shared/connect-summary.js');
  const host = hostEnvFromProcess();
  const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  const refused = (message: string) => {
    process.stderr.write(`hookpanel ${name}: ${message}\n`);
    return 1;
  };
  const preview = await previewRemote(host, target, args.agent, name === 'connect');
  if (preview.kind !== 'planned') return refused(preview.message);
  const { plan } = preview;
  const where = `${target}:${plan.path}`;
  // With nothing to write, connect still completes what follows the change (Codex's trust), as locally.
  if (!plan.changed && (args.dryRun || name === 'disconnect')) {
    out(
      name === 'connect'
        ? `${plan.label} on ${target} is already connected: nothing to change in ${plan.path}`
        : `${plan.label} on ${target} is not connected: nothing to change in ${plan.path}`,
    );
    return 0;
  }
  if (plan.changed) {
    out(summarySentence({ ...plan.summary, removesFile: plan.removesFile }, where));
    out(
      plan.diff
        .split('\n')
        .map((l) => visibleText(l))
        .join('\n'),
    );
  }
  if (args.dryRun) {
    out(`Not written (--dry-run): run hookpanel ${name} ${args.agent} --remote ${target} --yes to apply it.`);
    return 0;
  }
  if (plan.changed && !args.yes && !(await confirm(`Apply this change to ${where}? [y/N] `))) {
    out(
      `Nothing was written.${process.stdin.isTTY ? '' : ' No terminal to ask on: pass --yes to apply it.'}`,
    );
    return 1;
  }
  const done = await applyRemote(host, target, args.agent, name === 'connect', plan.diff);
  if (done.kind !== 'done') return refused(done.message);
  out(done.message);
  return done.incomplete ? 1 : 0;
}
