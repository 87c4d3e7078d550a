// A hook file's state as a badge that says what it means on hover; "paused" wins while every hook is.
import type { Source, SourceState as State } from '../../../shared/model.js';
import { fileGate } from '../../../shared/trust-gate.js';
import { useStore } from '../store.js';
import { useAgentFileVerdict } from './AgentTrust.js';
import { Badge } from './bits.js';

const MEANS: Record<State, string> = {
  active: 'Its hooks run when their events arrive',
  absent: 'There is no file here',
  invalid: 'Rejected as a whole: none of its hooks run until its errors are fixed',
  refused: 'Refused by its agent: none of its hooks run',
  untrusted: 'A project file not trusted yet: its hooks do not run until you trust it',
  dormant: 'Loaded, but its hooks do not run yet',
  disabled: 'Its hooks are switched off',
};

export function SourceState({ source }: { source: Source }) {
  const paused = useStore((s) => s.settings?.paused ?? false);
  // An agent's own file: what the agent itself will do with its hooks (its trust gate decides, not
  // Hookpanel's), rather than a green "active" or Hookpanel's "untrusted" beside hooks it skips.
  const verdict = useAgentFileVerdict(source.path);
  if (verdict && (source.state === 'active' || source.state === 'untrusted') && source.role === 'inspected')
    return (
      <Badge kind={verdict.kind} title={verdict.title}>
        {verdict.text}
      </Badge>
    );
  if (paused && source.state === 'active' && source.role === 'hosted')
    return (
      <Badge kind="paused" title="All hooks are paused in Settings: nothing runs until you resume">
        paused
      </Badge>
    );
  const gate = fileGate(source.dialect, source.role, source.guarded);
  const title =
    paused && source.state === 'active' && source.role === 'inspected'
      ? `${MEANS.active}: its agent runs them itself, so pausing Hookpanel does not stop them`
      : source.state === 'untrusted' && !gate.inertUntilTrusted
        ? `A project file not reviewed in Hookpanel yet. ${gate.runs.replace(/`/g, '')}`
        : MEANS[source.state];
  return (
    <Badge kind={source.state} title={title}>
      {source.state}
    </Badge>
  );
}
