// Whether Qwen Code will run each hook of its settings files: none while disableAllHooks is in effect;
// a project's hooks only in a folder Qwen Code trusts (every folder while its folder trust is off, which
// is its default). Folder trust is Qwen Code's own decision (its trust dialog or trustedFolders.json):
// Hookpanel shows it and never records it.
import { join } from 'node:path';
import type { Source } from '../../../../shared/model.js';
import { hookOf, type AgentHookTrust, type AgentTrustPart } from '../../agents/agent-trust.js';
import {
  trustedFoldersVerdict,
  type FolderTrust,
  type TrustedFoldersReading,
} from '../../agents/trusted-folders.js';
import type { HostEnv } from '../../paths.js';
import { qwenDir, qwenHooksDisabled } from './index.js';
import { manifest } from './manifest.js';
import type { QwenSettings } from './settings.js';

/** Qwen Code ranks rules by the folder they trust, and takes any level but DO_NOT_TRUST as trust. */
const QWEN_READING: TrustedFoldersReading = {
  longest: 'trusted folder',
  otherLevel: 'trusted',
};

export const trust: AgentTrustPart = {
  async report(sources, ctx) {
    const inspected = sources.filter(
      (s) => s.role === 'inspected' && s.rules.length && s.state !== 'absent' && s.state !== 'invalid',
    );
    const base = { dialect: manifest.id, label: manifest.label };
    if (!inspected.length) return { ...base, hooks: [], fix: null };
    const folder = ctx.workspace ? qwenFolderTrust(ctx.host, ctx.workspace, folderTrustOn(sources)) : null;
    const off = qwenHooksDisabled(sources);
    let untrusted = false;
    const hooks = inspected.flatMap((source) =>
      source.rules.map((rule): AgentHookTrust => {
        const skip = (state: string, why: string) => ({
          status: 'skips' as const,
          state,
          message: `Qwen Code will skip this: ${why}`,
        });
        const verdict = off?.value
          ? skip('off', `hooks are switched off (disableAllHooks is true in ${off.from.path})`)
          : source.layer === 'project' && folder && folder.trusted !== true
            ? ((untrusted = true), skip('folder-untrusted', `the folder is not trusted (${folder.why})`))
            : source.layer === 'project' && !folder
              ? {
                  status: 'runs' as const,
                  state: 'runs',
                  message: 'Qwen Code will run this in folders it trusts',
                }
              : { status: 'runs' as const, state: 'runs', message: 'Qwen Code will run this' };
        return {
          ...hookOf(source, rule),
          trustable: null,
          ...verdict,
        };
      }),
    );
    const fix = untrusted
      ? `Trust ${ctx.workspace} in Qwen Code: its trust dialog when it starts there, or a TRUST_FOLDER rule in ${qwenDir(ctx.host)}/trustedFolders.json.`
      : off?.value
        ? `Switch hooks back on in Qwen Code: remove disableAllHooks from ${off.from.path}.`
        : null;
    return { ...base, hooks, fix };
  },
};

/** `security.folderTrust.enabled` as Qwen Code merges it (project files cannot switch it); off by default. */
function folderTrustOn(sources: Source[]): boolean {
  let on = false;
  for (const layer of ['system-defaults', 'user', 'system'])
    for (const s of sources.filter((x) => x.layer === layer && x.role === 'inspected')) {
      const v = (s.settings as QwenSettings).folderTrust;
      if (v !== undefined) on = v;
    }
  return on;
}

/**
 * Whether Qwen Code trusts a folder, the way it decides: every folder while folder trust is off; else
 * the most specific rule of trustedFolders.json (QWEN_CODE_TRUSTED_FOLDERS_PATH, else in its home), no
 * rule meaning untrusted. An IDE's trust signal, when one is connected, wins; it cannot be seen from here.
 */
function qwenFolderTrust(host: HostEnv, folder: string, enabled: boolean): FolderTrust {
  if (!enabled) return { trusted: true, why: 'folder trust is off (security.folderTrust.enabled)' };
  const path = host.env.QWEN_CODE_TRUSTED_FOLDERS_PATH || join(qwenDir(host), 'trustedFolders.json');
  return trustedFoldersVerdict(path, folder, QWEN_READING);
}
