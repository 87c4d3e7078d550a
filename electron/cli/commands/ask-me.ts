// `hookpanel ask-me <agent> on|off [--tools LIST] [--wait SECONDS]`: Ask me in settings.json, which a
// running host reads again when it changes (the same setting as the panel's Settings).
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import { askMeOf, ASK_ME_AGENTS } from '../../host/permissions/ask-me.js';
import { hostEnvFromProcess, type HostEnv } from '../../host/paths.js';
import { loadSettings, saveSettings, type Settings } from '../../host/settings/settings.js';
import { UsageError } from '../output.js';

/** The agent argument's values (definitions.ts), from this bundle's own modules. */
export { ASK_ME_AGENTS };

export interface AskMeInput {
  agent: string;
  state?: string;
  tools?: string;
  wait?: string;
}

export async function askMe(values: AskMeInput): Promise<number> {
  if (!ASK_ME_AGENTS.includes(values.agent)) {
    const agent = DIALECT_MANIFESTS.find((m) => m.id === values.agent && m.kind === 'agent');
    throw new UsageError(
      `${values.agent} cannot be asked: only ${ASK_ME_AGENTS.join(' and ')} send permission requests` +
        (agent ? ` (${agent.label} has no permission event)` : ''),
    );
  }
  const host = hostEnvFromProcess();
  const { settings, problem } = await loadSettings(host);
  const current = askMeOf(settings, values.agent);
  if (values.state === undefined) {
    if (values.tools !== undefined || values.wait !== undefined)
      throw new UsageError('say on or off to change --tools or --wait');
    process.stdout.write(`${describe(values.agent, current)}\n`);
    await warnGap(host, settings, values.agent);
    return 0;
  }
  if (values.state !== 'on' && values.state !== 'off')
    throw new UsageError(`expected on or off, not "${values.state}"`);
  if (problem) {
    process.stderr.write(`hookpanel: settings.json could not be read, so it is not rewritten: ${problem}\n`);
    return 1;
  }
  const wait = values.wait === undefined ? current.waitSeconds : Number(values.wait);
  if (!Number.isInteger(wait) || wait < 1 || wait > 3600)
    throw new UsageError('--wait must be a whole number of seconds from 1 to 3600');
  const next = {
    on: values.state === 'on',
    tools:
      values.tools === undefined
        ? current.tools
        : values.tools
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
    waitSeconds: wait,
  };
  const saved = { ...settings, askMe: { ...settings.askMe, [values.agent]: next } };
  await saveSettings(host, saved);
  process.stdout.write(`${describe(values.agent, next)}\n`);
  await warnGap(host, saved, values.agent);
  return 0;
}

/** What keeps the requests from reaching Hookpanel (the panel says the same), on its own line. */
async function warnGap(host: HostEnv, settings: Settings, dialect: string): Promise<void> {
  // Loaded only here: reading the agent's settings file needs the connect code.
  const { askMeGap } = await import('../../host/agents/ask-me-gap.js');
  const gap = await askMeGap(host, settings, dialect);
  if (gap) process.stdout.write(`${gap.message}\n`);
}

function describe(dialect: string, a: { on: boolean; tools: string[]; waitSeconds: number }): string {
  if (!a.on) return `Ask me is off for ${dialect}: its own prompt answers.`;
  const tools = a.tools.length ? `for ${a.tools.join(', ')}` : 'for every tool';
  return `Ask me is on for ${dialect} ${tools}: requests wait up to ${a.waitSeconds}s for your answer.`;
}
