// How Gemini CLI names a hook: its `hooksConfig.disabled` holds a hook's `name`, else its `command`
// (HookRegistry.getHookName), and its project-hook fingerprints are `name:command` (getHookKey).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rule } from '../../../../shared/model.js';
import { isPlainObject } from '../rule.js';
import type { HostEnv } from '../../paths.js';
import { geminiDir } from './index.js';

const command = (rule: Rule) => (rule.handler.kind === 'shell' ? rule.handler.command : '');

/** Whether the rule's name is Hookpanel's placeholder for a hook the file left unnamed. */
const unnamed = (rule: Rule) => rule.name === `${rule.events[0]}[${rule.group}].hooks[${rule.hookIndex}]`;

/** The name `hooksConfig.disabled` switches the hook off by. */
export function geminiHookName(rule: Rule): string {
  return unnamed(rule) ? command(rule) : rule.name;
}

/** The fingerprint Gemini records for a project hook in trusted_hooks.json. */
export function geminiFingerprint(rule: Rule): string {
  return `${unnamed(rule) ? '' : rule.name}:${command(rule)}`;
}

/** The fingerprints Gemini has recorded for a project folder (it records them when it first warns). */
export function knownFingerprints(host: HostEnv, workspace: string): { path: string; keys: Set<string> } {
  const path = join(geminiDir(host), 'trusted_hooks.json');
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const list = isPlainObject(parsed) ? parsed[workspace] : null;
    return { path, keys: new Set(Array.isArray(list) ? list.filter((k) => typeof k === 'string') : []) };
  } catch {
    return { path, keys: new Set() };
  }
}
