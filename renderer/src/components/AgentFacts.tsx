// What Hookpanel found of one agent, each fact on its own so none stands in for another: its program
// on PATH (and its version), its settings file (and whether Connect made it), its own folder; for a
// harness Hookpanel hosts, its hook files.
import type { Agent } from '../../../shared/ipc.js';
import { Badge } from './bits.js';
import { PathText } from './names.js';

/** Installed or not, for an agent with a program; a harness's hook files found or not. */
export function PresenceBadge({ agent }: { agent: Agent }) {
  if (!agent.program)
    return agent.detected ? (
      <Badge kind="ok">hook files found</Badge>
    ) : (
      <Badge kind="skipped">no hook files</Badge>
    );
  return agent.program.path ? (
    <Badge kind="ok" title={agent.program.path}>
      installed{agent.program.version ? ` · ${agent.program.version}` : ''}
    </Badge>
  ) : (
    <Badge kind="skipped" title={`no ${agent.program.name} on PATH`}>
      not installed
    </Badge>
  );
}

export function AgentFacts({ agent }: { agent: Agent }) {
  const { program, settings, folder } = agent;
  if (!program || !settings) return null;
  return (
    <>
      <dl className="agent-facts" aria-label={`what Hookpanel found of ${agent.name}`}>
        <dt>Program</dt>
        <dd>
          {program.path ? (
            <>
              <code>{program.name}</code>
              {program.version ? ` ${program.version}` : ' (it gave no version)'}, at{' '}
              <PathText path={program.path} />
            </>
          ) : (
            <>
              not installed here: no <code>{program.name}</code> on PATH
            </>
          )}
        </dd>
        <dt>Settings</dt>
        <dd>
          <PathText path={settings.path} />{' '}
          {!settings.exists
            ? folder?.used
              ? `is not there yet (its folder is, with ${agent.name}'s own files)`
              : 'is not there yet'
            : settings.createdByHookpanel
              ? 'was created by Hookpanel when you connected it'
              : 'is there'}
        </dd>
      </dl>
      {agent.connected && !program.path && (
        <p className="agent-warn">
          Connected, but no {program.name} is on PATH here: {agent.name}'s events arrive once it runs on this
          machine.
        </p>
      )}
    </>
  );
}
