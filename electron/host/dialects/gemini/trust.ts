// Whether Gemini CLI will run each hook of its settings files: none at all in a folder it does not trust
// (headless runs refuse to start there; interactive ones skip every settings hook), none when
// hooksConfig.enabled is off, and not those named in hooksConfig.disabled. Folder trust is Gemini's own
// decision (its trust dialog or trustedFolders.json): Hookpanel shows it and never records it.
import type { AgentHookTrust, AgentTrustPart } from '../../agents/agent-trust.js';
import { describeHandler } from '../rule.js';
import { geminiDir, geminiFolderTrust } from './index.js';
import { manifest } from './manifest.js';
import type { GeminiSettings } from './settings.js';

export const trust: AgentTrustPart = {
  async report(sources, ctx) {
    const inspected = sources.filter(
      (s) => s.role === 'inspected' && s.rules.length && s.state !== 'absent' && s.state !== 'invalid',
    );
    const base = { dialect: manifest.id, label: manifest.label };
    if (!inspected.length) return { ...base, hooks: [], fix: null };
    // security.folderTrust.enabled as Gemini merges it (project files cannot switch it).
    let folderTrust = true;
    for (const layer of ['system-defaults', 'user', 'system'])
      for (const s of inspected.filter((x) => x.layer === layer)) {
        const v = (s.settings as GeminiSettings).folderTrust;
        if (v !== undefined) folderTrust = v;
      }
    const folder = ctx.workspace ? geminiFolderTrust(ctx.host, ctx.workspace, folderTrust) : null;
    let untrusted = false;
    const hooks = inspected.flatMap((source) =>
      source.rules.map((rule): AgentHookTrust => {
        const skip = (state: string, why: string) => ({
          status: 'skips' as const,
          state,
          message: `Gemini CLI will skip this: ${why}`,
        });
        const verdict =
          source.state === 'disabled'
            ? skip('off', 'hooks are switched off (hooksConfig.enabled is false)')
            : !rule.enabled
              ? skip('off', 'it is in hooksConfig.disabled')
              : folder && folder.trusted !== true
                ? ((untrusted = true), skip('folder-untrusted', `the folder is not trusted (${folder.why})`))
                : {
                    status: 'runs' as const,
                    state: folder ? 'folder-trusted' : 'runs',
                    message: folder
                      ? 'Gemini CLI will run this here'
                      : 'Gemini CLI will run this in folders it trusts',
                  };
        return {
          path: source.path,
          ruleIndex: rule.index,
          rule: rule.name,
          event: rule.events[0]!,
          matcher: rule.matcher,
          command: describeHandler(rule.handler),
          trustable: null,
          ...verdict,
        };
      }),
    );
    const fix = untrusted
      ? `Trust ${ctx.workspace} in Gemini CLI: its trust dialog when it starts there, or a TRUST_FOLDER rule in ${geminiDir(ctx.host)}/trustedFolders.json.`
      : hooks.some((h) => h.status === 'skips')
        ? 'Switch them on in Gemini CLI: hooksConfig.enabled, and hooksConfig.disabled, in its settings.'
        : null;
    return { ...base, hooks, fix };
  },
};
