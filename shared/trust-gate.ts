// Who runs a hook file and what Trust review's click changes there, from its dialect's manifest and the
// file's role: the words `hookpanel trust`, Trust review, Rules and the problems all say, from one place.
import { dialectManifest, type Dialect } from './dialects.js';
import type { Role } from './model.js';

export interface FileGate {
  /** Who Hookpanel's trust lets run the hooks: "Hookpanel", or the agent as people call it. */
  runner: string;
  /** Whether trusting in Hookpanel decides if they run (Hookpanel runs them, or records the agent's trust). */
  decides: boolean;
  /** Nothing runs them before Hookpanel's trust: no agent runs the file on its own. */
  inertUntilTrusted: boolean;
  /** Who runs them, and when. */
  runs: string;
  /** What trusting the file in Hookpanel changes. */
  trust: string;
  /** What leaving it untrusted changes. */
  block: string;
  /** Keep blocked takes the agent's own trust back too (the same code as `hookpanel untrust`). */
  blocks?: boolean;
  /** Nothing can be recorded until guarded mode is on: the review offers that instead. */
  offersGuardedMode?: boolean;
}

export function fileGate(dialect: Dialect, role: Role, guarded = false): FileGate {
  const manifest = dialectManifest(dialect);
  const spec = manifest.gate;
  if (guarded)
    // Claude Code's guarded mode: the agent runs none of its own files; Hookpanel runs them in its place.
    return {
      runner: 'Hookpanel',
      decides: true,
      inertUntilTrusted: true,
      runs: `${manifest.label} is in guarded mode: it runs none of this file's hooks itself. Hookpanel runs them when ${manifest.label} sends their events, only once you trust this exact version (and the scripts it runs).`,
      trust: `Trusting it here lets Hookpanel run them for ${manifest.label}; any later change to the file or a script stops them again until reviewed.`,
      block: `Keeping it blocked here means they do not run: ${manifest.label} does not run them either while guarded.`,
    };
  if (role === 'hosted' && spec.by !== 'hookpanel')
    // An agent's own file set to be run by Hookpanel too (Settings → roles): the agent still runs it.
    return {
      runner: 'Hookpanel',
      decides: true,
      inertUntilTrusted: false,
      runs: `${spec.runs} Hookpanel runs them as well when ${manifest.label} sends their events, once trusted: you set it so in Hookpanel's settings.`,
      trust: `Trusting it here lets Hookpanel run them as well.${spec.by === 'records' ? ` ${spec.trust}` : ''}`,
      block: spec.block,
    };
  if (role === 'hosted')
    return {
      runner: 'Hookpanel',
      decides: true,
      inertUntilTrusted: true,
      runs: `Hookpanel runs this file's hooks when ${manifest.label} sends their events, only once you trust this exact version (and the scripts it runs).`,
      trust:
        'Trusting it here lets Hookpanel run them; any later change to the file or a script stops them again until reviewed.',
      block: 'Keeping it blocked here means they do not run.',
    };
  if (spec.by === 'hookpanel')
    // A harness's file set to be run by the harness itself (Settings → roles): Hookpanel only shows it.
    return {
      runner: manifest.label,
      decides: false,
      inertUntilTrusted: false,
      runs: `${manifest.label} runs this file's hooks itself: you set it so in Hookpanel's settings.`,
      trust: `Trusting it here records that you reviewed these exact bytes; ${manifest.label} runs the hooks either way.`,
      block: `Keeping it blocked here does not stop ${manifest.label} from running these hooks.`,
    };
  return {
    runner: manifest.label,
    decides: spec.by === 'records',
    inertUntilTrusted: false,
    runs: spec.runs,
    trust: spec.trust,
    block: spec.block,
    blocks: spec.blocks === true,
    offersGuardedMode: spec.guardedMode === true,
  };
}
