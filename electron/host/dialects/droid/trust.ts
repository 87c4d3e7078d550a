// Whether Factory Droid will run each hook of its own files (docs/agents/droid.md, "Whether Droid runs
// a hook"): none while hooksDisabled is in effect; none of settings.json's hooks on an event that the
// same folder's hooks.json lists (it replaces them); none of hooks/hooks.json while hooks.json exists.
// Droid's interactive folder trust is its own prompt: Hookpanel shows it in words and never records it.
import { basename, dirname, join } from 'node:path';
import type { Source } from '../../../../shared/model.js';
import { hookOf, type AgentHookTrust, type AgentTrustPart } from '../../agents/agent-trust.js';
import { droidHooksDisabled, isHooksFile } from './index.js';
import { manifest } from './manifest.js';
import type { DroidHookSettings } from './settings.js';

export const trust: AgentTrustPart = {
  report(sources) {
    const base = { dialect: manifest.id, label: manifest.label };
    const present = sources.filter((s) => s.role === 'inspected' && s.state !== 'absent');
    const off = droidHooksDisabled(present);
    const inForce = (path: string) => present.find((s) => s.path === path);
    const hooks = present.flatMap((source) =>
      source.rules.map((rule): AgentHookTrust => {
        const event = rule.events[0]!;
        const why = skipReason(source, event, inForce, off);
        return {
          ...hookOf(source, rule),
          trustable: null,
          ...(why
            ? { status: 'skips' as const, state: why.state, message: `Droid will skip this: ${why.text}` }
            : { status: 'runs' as const, state: 'runs', message: 'Droid will run this' }),
        };
      }),
    );
    const fix = off?.value
      ? `Switch hooks back on in Droid: remove hooksDisabled from ${off.from.path}.`
      : hooks.some((h) => h.state === 'replaced')
        ? 'Droid reads an event from hooks.json in place of settings.json: keep each event in one of the two files.'
        : null;
    return Promise.resolve({ ...base, hooks, fix });
  },
};

function skipReason(
  source: Source,
  event: string,
  inForce: (path: string) => Source | undefined,
  off: { value: boolean; from: Source } | null,
): { state: string; text: string } | null {
  if (off?.value)
    return { state: 'off', text: `hooks are switched off (hooksDisabled is true in ${off.from.path})` };
  const dir = dirname(source.path);
  if (isHooksFile(source.path) && basename(dir) === 'hooks' && inForce(join(dirname(dir), 'hooks.json')))
    return {
      state: 'replaced',
      text: `${join(dirname(dir), 'hooks.json')} exists, so Droid reads it instead`,
    };
  if (isHooksFile(source.path)) return null;
  const hooksFile = inForce(join(dir, 'hooks.json')) ?? inForce(join(dir, 'hooks', 'hooks.json'));
  const listed = (hooksFile?.settings as Partial<DroidHookSettings> | undefined)?.events ?? [];
  return listed.includes(event)
    ? {
        state: 'replaced',
        text: `${hooksFile!.path} lists ${event}, which replaces this file's ${event} hooks`,
      }
    : null;
}
