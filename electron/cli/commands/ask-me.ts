// `hookpanel ask-me <agent> on|off [--tools LIST] [--wait SECONDS]`: Ask me in settings.json, which a
// running host reads again when it changes (the same setting as the panel's Settings).
import { readFile } from 'node:fs/promises';
import { askMeOf, ASK_ME_AGENTS, PERMISSION_EVENT } from '../../host/permissions/ask-me.js';
import { hostEnvFromProcess, type HostEnv } from '../../host/paths.js';
import { loadSettings, saveSettings } from '../../host/settings/settings.js';
import { UsageError } from '../output.js';

export interface AskMeInput {
  agent: string;
  state?: string;
  tools?: string;
  wait?: string;
}

export async function askMe(values: AskMeInput): Promise<number> {
  if (!ASK_ME_AGENTS.includes(values.agent))
    throw new UsageError(
      `${values.agent} cannot be asked: only ${ASK_ME_AGENTS.join(' and ')} send permission requests` +
        (values.agent === 'gemini' ? ' (Gemini CLI has no such event)' : ''),
    );
  const host = hostEnvFromProcess();
  const { settings, problem } = await loadSettings(host);
  const current = askMeOf(settings, values.agent);
  if (values.state === undefined) {
    if (values.tools !== undefined || values.wait !== undefined)
      throw new UsageError('say on or off to change --tools or --wait');
    process.stdout.write(`${describe(values.agent, current)}\n`);
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
  await saveSettings(host, { ...settings, askMe: { ...settings.askMe, [values.agent]: next } });
  process.stdout.write(`${describe(values.agent, next)}\n`);
  if (next.on) {
    const missing = await missingBridge(host, values.agent);
    if (missing) process.stdout.write(`${missing}\n`);
  }
  return 0;
}

/** What is missing for the agent's requests to reach Hookpanel, in a line; null when nothing is. */
async function missingBridge(host: HostEnv, agent: string): Promise<string | null> {
  const { agentConnector } = await import('../../host/agents/connector.js');
  const { isConnected } = await import('../../host/agents/settings-edit.js');
  const c = await agentConnector(agent);
  if (!c) return null;
  const path = c.connector.settingsPath(host);
  const text = await readFile(path, 'utf8').catch(() => null);
  const events = [PERMISSION_EVENT];
  if (isConnected(text, { dialect: c.id, events })) return null;
  return `${c.label} does not send its permission requests to Hookpanel yet: run hookpanel connect ${agent} to add the hook to ${path}.`;
}

function describe(agent: string, a: { on: boolean; tools: string[]; waitSeconds: number }): string {
  if (!a.on) return `Ask me is off for ${agent}: its own prompt answers.`;
  const tools = a.tools.length ? `for ${a.tools.join(', ')}` : 'for every tool';
  return `Ask me is on for ${agent} ${tools}: requests wait up to ${a.waitSeconds}s for your answer.`;
}
