// A hook under an event its agent does not have never runs: one sentence that says so, in the agent's
// name, with the likely fix. It is an error for that hook whatever the agent prints (Claude Code and
// Codex skip such events with a warning or silently), because the person's hook is lost either way.
import { closest } from './zod-issues.js';

export interface UnknownEvent {
  /** The agent as people call it (the manifest's label). */
  agent: string;
  event: string;
  known: readonly string[];
  /** How many hooks the file puts under the event (one rule: 1). */
  hooks: number;
  /** List the known events when no name is close (short catalogs only). */
  listKnown?: boolean;
}

export function unknownEventMessage(u: UnknownEvent): string {
  const name = shown(u.event);
  const lost =
    u.hooks === 1
      ? 'this hook never runs'
      : u.hooks === 0
        ? 'nothing under it runs'
        : `its ${u.hooks} hooks never run`;
  const guess = closest(u.event, u.known);
  const fix =
    guess !== null
      ? `; did you mean ${shown(guess)}?`
      : u.listKnown
        ? `; its events are ${u.known.map(shown).join(', ')}`
        : '';
  return `${u.agent} has no event ${name}, so ${lost}${fix}`;
}

/** How many hook definitions matcher groups (`[{ hooks: [...] }]`) hold; anything malformed counts as one. */
export function hooksInGroups(groups: unknown): number {
  if (!Array.isArray(groups)) return 1;
  return groups.reduce<number>((n, g) => {
    const hooks = (g as { hooks?: unknown } | null)?.hooks;
    return n + (Array.isArray(hooks) ? hooks.length : 1);
  }, 0);
}

function shown(name: string): string {
  return /^[\w/.-]+$/.test(name) ? name : JSON.stringify(name);
}
