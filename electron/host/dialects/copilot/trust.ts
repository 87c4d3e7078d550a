// Whether GitHub Copilot CLI will run each hook of its files: a user hook file's always; settings.json's
// not while its disableAllHooks is true; a repository's `.github/hooks/` only in a folder Copilot trusts
// (its folder trust prompt writes `trustedFolders` in config.json), which `copilot -p` never asks about:
// there it skips them unless the folder is trusted or GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true is in
// its environment (docs/agents/copilot.md, "Repository hooks"). Folder trust is Copilot's own decision:
// Hookpanel shows it and never records it.
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { hookOf, type AgentHookTrust, type AgentTrustPart } from '../../agents/agent-trust.js';
import type { HostEnv } from '../../paths.js';
import { isPlainObject } from '../rule.js';
import { copilotHome, copilotHooksDisabled } from './index.js';
import { manifest } from './manifest.js';

type FolderTrust = { trusted: boolean; why: string };

export const trust: AgentTrustPart = {
  report(sources, ctx) {
    const inspected = sources.filter(
      (s) => s.role === 'inspected' && s.rules.length && s.state !== 'absent' && s.state !== 'invalid',
    );
    const base = { dialect: manifest.id, label: manifest.label };
    if (!inspected.length) return Promise.resolve({ ...base, hooks: [], fix: null });
    const folder = ctx.workspace ? copilotFolderTrust(ctx.host, ctx.workspace) : null;
    const off = copilotHooksDisabled(sources);
    let untrusted = false;
    const hooks = inspected.flatMap((source) =>
      source.rules.map((rule): AgentHookTrust => {
        const verdict =
          off && source.path === off.path
            ? {
                status: 'skips' as const,
                state: 'off',
                message: `Copilot CLI will skip this: disableAllHooks is true in ${off.path}`,
              }
            : source.layer === 'project' && folder && !folder.trusted
              ? ((untrusted = true),
                {
                  status: 'skips' as const,
                  state: 'folder-untrusted',
                  message: `Copilot CLI will skip this in copilot -p: the folder is not trusted (${folder.why}); an interactive session asks first`,
                })
              : { status: 'runs' as const, state: 'runs', message: 'Copilot CLI will run this' };
        return {
          ...hookOf(source, rule),
          trustable: null,
          ...verdict,
        };
      }),
    );
    const fix = untrusted
      ? `Trust ${ctx.workspace} in Copilot CLI: answer its folder trust prompt when it starts there, which adds the folder to "trustedFolders" in ${join(copilotHome(ctx.host), 'config.json')}.`
      : off
        ? `Switch hooks back on in Copilot CLI: remove disableAllHooks from ${off.path}.`
        : null;
    return Promise.resolve({ ...base, hooks, fix });
  },
};

/**
 * Whether Copilot CLI trusts a folder: listed, or inside a folder listed, in `trustedFolders` (or the
 * older `trusted_folders`) of `$COPILOT_HOME/config.json`, a JSON file with comments.
 */
export function copilotFolderTrust(host: HostEnv, folder: string): FolderTrust {
  const path = join(copilotHome(host), 'config.json');
  let config: unknown;
  try {
    const errors: ParseError[] = [];
    config = parseJsonc(readFileSync(path, 'utf8'), errors);
    if (errors.length) return { trusted: false, why: `${path} does not parse` };
  } catch {
    return { trusted: false, why: `${path} does not exist` };
  }
  const listed = isPlainObject(config)
    ? [config.trustedFolders, config.trusted_folders].flatMap((l) => (Array.isArray(l) ? l : []))
    : [];
  const rule = listed.find(
    (f): f is string =>
      typeof f === 'string' && (folder === f || folder.startsWith(f.endsWith(sep) ? f : f + sep)),
  );
  return rule
    ? { trusted: true, why: `${path} trusts ${rule}` }
    : { trusted: false, why: `not in trustedFolders of ${path}` };
}
