// Codex's "always": a PermissionRequest hook cannot persist anything in Codex, so Hookpanel writes the
// exec-policy rule Codex's own "don't ask again" would, `prefix_rule(pattern=[…], decision="allow")`
// in $CODEX_HOME/rules/default.rules, for the command's words (or a leading part the person keeps).
import { join } from 'node:path';
import { prefixRule } from '../../../../shared/permissions.js';
import { commandWords, minimumWords } from '../../permissions/always/command-words.js';
import type { AlwaysPolicy } from '../../permissions/always/policy.js';
import { codexHome } from './index.js';

export const codexAlways: AlwaysPolicy = {
  offers(payload, host) {
    const input = (payload.tool_input ?? {}) as Record<string, unknown>;
    const command = input.command;
    const parsed =
      typeof command === 'string'
        ? commandWords(command)
        : Array.isArray(command) && command.length && command.every((w) => typeof w === 'string')
          ? { words: command as string[] }
          : { whyNot: 'the request names no command' };
    if ('whyNot' in parsed) return { offers: [], whyNot: parsed.whyNot };
    const { words } = parsed;
    return {
      offers: [
        {
          offer: {
            rules: [prefixRule(words)],
            file: join(codexHome(host), 'rules', 'default.rules'),
            where: "Codex's rules",
            writer: 'hookpanel',
            words,
            minWords: minimumWords(words),
          },
          suggestion: null,
        },
      ],
      whyNot: null,
    };
  },
};
