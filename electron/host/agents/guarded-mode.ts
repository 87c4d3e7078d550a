// An agent's guarded mode: a file of Hookpanel's in the agent's system-wide settings that switches the
// agent's own hooks off and routes every event to Hookpanel, which runs them in its place, project files
// only once trusted (README.md, "What trust means for each agent"). Each agent that has one has
// `guarded-mode.ts` in its dialect's folder, found by convention as trust.ts is.
import type { HostEnv } from '../paths.js';
import { agentParts, type AgentPart } from './agent-parts.js';
import type { CommandTarget } from './bridge-command.js';

/** What `guard <agent> on|off` would do, changing nothing. */
export interface GuardPlan {
  on: boolean;
  /** The one file guarded mode writes or removes. */
  file: string;
  /** What the file holds now (null: there is none). */
  current: string | null;
  /** What `on` writes (null for `off`). */
  contents: string | null;
  /** What is to be done; none where the file is already as asked. */
  steps: readonly unknown[];
}

/**
 * What applying a plan did, said in `message`: the file was already as asked, was changed, or could not
 * be changed (nothing was). Callers say the agent is guarded (or not) only when it is.
 */
export type GuardApplied =
  | { kind: 'already'; message: string }
  | { kind: 'changed'; message: string }
  | { kind: 'failed'; message: string };

/** What an agent's guarded-mode.ts exports. */
export interface AgentGuardedMode {
  /** Whether the agent is guarded by Hookpanel on this machine now. */
  isGuarded(host: HostEnv): boolean;
  plan(host: HostEnv, on: boolean, target?: CommandTarget): GuardPlan;
  /** Does exactly the plan's steps (behind the administrator prompt where one is needed). */
  apply(host: HostEnv, plan: GuardPlan): Promise<GuardApplied>;
  /** In words, for `hookpanel guard`: what on does, and what off does, given the file. */
  readonly words: { on(file: string): string; off(file: string, withFolders: boolean): string };
}

let parts: Promise<AgentPart<AgentGuardedMode>[]> | null = null;

/** Every agent dialect with a guarded-mode.ts, in the manifests' order. */
export function agentGuardedModes(): Promise<AgentPart<AgentGuardedMode>[]> {
  parts ??= agentParts<AgentGuardedMode>('guarded-mode', 'guardedMode', 'optional');
  return parts;
}

export async function agentGuardedMode(dialect: string): Promise<AgentPart<AgentGuardedMode> | null> {
  return (await agentGuardedModes()).find((g) => g.id === dialect) ?? null;
}
