// Claude Code's "always": each `addRules` allow suggestion in the request's permission_suggestions,
// shown as Claude Code will write it (`Tool(content)`, or `Tool`) with the file its destination names.
// Answering allow with that suggestion as updatedPermissions makes Claude Code write it itself
// (docs/agents/permission-requests.md, "Always allow").
import { join } from 'node:path';
import type { HostEnv } from '../../paths.js';
import type { AlwaysPolicy, HeldOffer } from '../../permissions/always/policy.js';

type Suggestion = Record<string, unknown>;
const record = (v: unknown): v is Suggestion => typeof v === 'object' && v !== null && !Array.isArray(v);

function destination(
  name: unknown,
  cwd: string | null,
  host: HostEnv,
): { file: string | null; where: string } | null {
  const configDir = host.env.CLAUDE_CONFIG_DIR || join(host.home, '.claude');
  if (name === 'session') return { file: null, where: 'this session only, nothing written' };
  if (name === 'userSettings')
    return { file: join(configDir, 'settings.json'), where: 'your Claude Code settings' };
  if (!cwd) return null;
  if (name === 'localSettings')
    return { file: join(cwd, '.claude', 'settings.local.json'), where: "this project's local settings" };
  if (name === 'projectSettings')
    return { file: join(cwd, '.claude', 'settings.json'), where: "this project's shared settings" };
  return null;
}

function ruleText(rule: unknown): string | null {
  if (!record(rule) || typeof rule.toolName !== 'string' || !rule.toolName) return null;
  const content = rule.ruleContent;
  if (content === undefined || content === null || content === '') return rule.toolName;
  return typeof content === 'string' ? `${rule.toolName}(${content})` : null;
}

/** What a suggestion that is not an allow rule offers, in words, to say why there is no "always". */
function describe(s: Suggestion): string {
  if (s.type === 'setMode') return `switching to ${String(s.mode)} mode (setMode, ${String(s.destination)})`;
  if (s.type === 'addDirectories') return `adding directories (addDirectories, ${String(s.destination)})`;
  if (s.type === 'addRules') return `a ${String(s.behavior)} rule for ${String(s.destination)}`;
  return String(s.type);
}

export const claudeAlways: AlwaysPolicy = {
  offers(payload, host) {
    const cwd = typeof payload.cwd === 'string' && payload.cwd ? payload.cwd : null;
    const suggestions = Array.isArray(payload.permission_suggestions)
      ? payload.permission_suggestions.filter(record)
      : [];
    const offers: HeldOffer[] = [];
    for (const s of suggestions) {
      if (s.type !== 'addRules' || s.behavior !== 'allow' || !Array.isArray(s.rules) || !s.rules.length)
        continue;
      const rules = s.rules.map(ruleText);
      const dest = destination(s.destination, cwd, host);
      if (!dest || rules.some((r) => r === null)) continue;
      offers.push({
        offer: { rules: rules as string[], ...dest, writer: 'agent', words: null, minWords: null },
        suggestion: s,
      });
    }
    if (offers.length) return { offers, whyNot: null };
    const whyNot = suggestions.length
      ? `Claude Code suggested only ${suggestions.map(describe).join(' and ')}, no rule Hookpanel can show exactly`
      : 'Claude Code suggested no rule for this call';
    return { offers, whyNot };
  },
};
