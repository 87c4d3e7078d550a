// An agent that trusts a hook's definition (Codex) or a folder (Gemini CLI), not the scripts the hook
// runs, would run a changed script unseen. Hookpanel pins those scripts when a person trusts the file;
// an agent's part acts in the agent when one changes since (takes back its trust, switches the hook
// off), on every `check` and `trust` run and whenever the running host notices a change. Each agent's
// part is `script-pins.ts` in its dialect's folder, found by convention as trust.ts is; an agent whose
// own gate Hookpanel cannot close has none. README.md, "Connect an agent", says what each one does.
import type { Source } from '../../../shared/model.js';
import type { LoadContext } from '../dialects/dialect.js';
import type { TrustStore } from '../trust/store.js';
import { agentParts, type AgentPart } from './agent-parts.js';

/** What happened in an agent to one hook whose pinned script (or, for some agents, itself) changed. */
export interface PinnedHookChange {
  /** The project hook file. */
  path: string;
  ruleIndex: number;
  rule: string;
  /** True where the agent now skips the hook; false where it could not be changed (not installed, say). */
  closed: boolean;
  /** One sentence, for `check`, `trust` and the panel. */
  message: string;
}

/** What an agent's script-pins.ts exports. */
export interface AgentScriptPins {
  /**
   * Closes the agent's own gate on each hook of a trusted project file whose pinned script changed;
   * `sources` are every source of one workspace as loaded. Idempotent: a hook already closed is left.
   */
  follow(sources: Source[], store: TrustStore, ctx: LoadContext): Promise<PinnedHookChange[]>;
  /** The problem codes `check` and Problems give a closed hook, and one that could not be closed. */
  readonly codes: { closed: string; notClosed: string };
  /** What a notice says before the hooks it closed: "Codex's trust taken back". */
  readonly closedTitle: string;
}

/** One agent's changes, under its id. */
export interface AgentPinnedChanges {
  id: string;
  part: AgentScriptPins;
  changes: PinnedHookChange[];
}

let parts: Promise<AgentPart<AgentScriptPins>[]> | null = null;

/** Every agent's changes for one workspace's sources, agent by agent in the manifests' order. */
export async function followPinnedScripts(
  sources: Source[],
  store: TrustStore,
  ctx: LoadContext,
): Promise<AgentPinnedChanges[]> {
  const out: AgentPinnedChanges[] = [];
  parts ??= agentParts<AgentScriptPins>('script-pins', 'scriptPins', 'optional');
  for (const { id, part } of await parts)
    out.push({ id, part, changes: await part.follow(sources, store, ctx) });
  return out;
}

/** Whether any agent closed a hook: what was loaded before is then out of date. */
export const closedAny = (found: AgentPinnedChanges[]): boolean =>
  found.some((f) => f.changes.some((c) => c.closed));

/** Each change as a warning at its hook, for `hookpanel check` and the panel's Problems. */
export function notePinnedChanges(sources: Source[], found: AgentPinnedChanges[]): void {
  for (const { id, part, changes } of found)
    for (const c of changes) {
      const source = sources.find((s) => s.dialect === id && s.path === c.path);
      const rule = source?.rules.find((r) => r.index === c.ruleIndex);
      source?.diagnostics.push({
        severity: 'warning',
        code: c.closed ? part.codes.closed : part.codes.notClosed,
        message: c.message,
        path: c.path,
        line: rule?.line ?? null,
        column: rule?.column ?? null,
        ruleIndex: c.ruleIndex,
        key: null,
        excerpt: null,
      });
    }
}
