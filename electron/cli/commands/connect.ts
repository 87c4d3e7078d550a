// `hookpanel connect <agent> [--dry-run | --yes]` and `hookpanel disconnect <agent> [--dry-run | --yes]`:
// the same code as the panel's Connect. The diff first, then the change: asked for on a terminal, or at
// once with --yes; --dry-run prints the diff only. Exit 0 when done or when there is nothing to do.
import { createInterface } from 'node:readline/promises';
import { visibleText } from '../../../shared/visible-text.js';
import { hostEnvFromProcess } from '../../host/paths.js';
import { UsageError } from '../output.js';

/** `hookpanel connect|disconnect <agent> [--dry-run | --yes]`, filled from its entry in definitions.ts. */
export interface ConnectInput {
  agent: string;
  dryRun?: boolean;
  yes?: boolean;
  /** user@host: the agent on a machine added with `hookpanel remote add`. */
  remote?: string;
}

interface ConnectArgs {
  agent: string;
  dryRun: boolean;
  yes: boolean;
  remote: string | null;
}

function connectArgs(name: 'connect' | 'disconnect', input: ConnectInput): ConnectArgs {
  if (input.dryRun && input.yes)
    throw new UsageError(
      `--dry-run and --yes exclude each other; usage: hookpanel ${name} <agent> [--dry-run | --yes]`,
    );
  return { agent: input.agent, dryRun: !!input.dryRun, yes: !!input.yes, remote: input.remote ?? null };
}

export async function connect(input: ConnectInput): Promise<number> {
  return run('connect', connectArgs('connect', input));
}

export async function disconnect(input: ConnectInput): Promise<number> {
  return run('disconnect', connectArgs('disconnect', input));
}

/** The agents connect knows: its argument's values (definitions.ts), from this bundle's own modules. */
export async function connectableAgents(): Promise<string[]> {
  const { agentConnectors } = await import('../../host/agents/connector.js');
  return (await agentConnectors()).map((c) => c.id);
}

async function run(name: 'connect' | 'disconnect', args: ConnectArgs): Promise<number> {
  if (args.remote) return (await import('./connect-remote.js')).connectRemote(name, args, args.remote);
  const { connectAgent, disconnectAgent, previewConnect } = await import('../../host/agents/agents.js');
  const agents = await connectableAgents();
  if (!agents.includes(args.agent as (typeof agents)[number]))
    throw new UsageError(`unknown agent "${args.agent}"; one of ${agents.join(', ')}`);
  const deps = { host: hostEnvFromProcess() };
  const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  const refused = (message: string) => {
    process.stderr.write(`hookpanel ${name}: ${message}\n`);
    return 1;
  };
  const preview = await previewConnect(deps, args.agent, name === 'connect');
  if (preview.kind === 'refused') return refused(preview.message);
  const { plan } = preview;
  if (plan.changed) {
    // The change in words first, then the exact diff: the agent's file, as its lines, shown, never
    // obeyed by the terminal.
    const { summarySentence } = await import('../../../shared/connect-summary.js');
    out(summarySentence({ ...plan.summary, removesFile: plan.removesFile }, plan.path));
    out(
      plan.diff
        .split('\n')
        .map((l) => visibleText(l))
        .join('\n'),
    );
  } else if (args.dryRun || name === 'disconnect')
    out(
      name === 'connect'
        ? `${plan.label} is already connected: nothing to change in ${plan.path}`
        : `${plan.label} is not connected: nothing to change in ${plan.path}`,
    );
  if (args.dryRun) {
    if (plan.changed) out(`Not written (--dry-run): run hookpanel ${name} ${args.agent} --yes to apply it.`);
    return 0;
  }
  // With nothing to write, connect still completes what follows the change (Codex's trust).
  if (plan.changed && !args.yes && !(await confirm(`Apply this change to ${plan.path}? [y/N] `))) {
    out(
      `Nothing was written.${process.stdin.isTTY ? '' : ` No terminal to ask on: pass --yes to apply it.`}`,
    );
    return 1;
  }
  if (name === 'disconnect' && !plan.changed) return 0;
  const done =
    name === 'connect'
      ? await connectAgent(deps, args.agent, plan.diff)
      : await disconnectAgent(deps, args.agent, plan.diff);
  if (done.kind === 'refused') return refused(done.message);
  out(done.message);
  return done.incomplete ? 1 : 0;
}

/** Asks on the terminal; without one (a pipe, a script) the answer is no. */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}
