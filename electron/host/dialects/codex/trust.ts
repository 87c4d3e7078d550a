// Whether Codex will run each hook of its own files, as Codex itself says: `hooks/list` of its app server
// gives each hook's trust (trusted, untrusted, modified, managed) and current hash; Hookpanel never
// computes that hash. A Codex start costs about half a second, so answers are kept while nothing they
// depend on changed (Codex's program, its files, the folder asked about).
import { statSync } from 'node:fs';
import type { Rule, Source } from '../../../../shared/model.js';
import type { AgentHookTrust, AgentTrustPart, AgentTrustReport } from '../../agents/agent-trust.js';
import { CodexAppServerError, withCodexAppServer, type CodexHook } from '../../agents/codex-app-server.js';
import type { LoadContext } from '../dialect.js';
import { describeHandler } from '../rule.js';
import { findProgram } from '../../util/which.js';
import { codexHookKey } from './index.js';
import { manifest } from './manifest.js';

const FIX =
  "Review them in Hookpanel's Trust review (it records Codex's trust through Codex itself), or in Codex with /hooks; `codex exec` skips them without a word until then.";
const CACHE_SIZE = 16;

type Listing = { hooks: Map<string, CodexHook> } | { unavailable: string };
const cache = new Map<string, Promise<Listing>>();

/** Codex's listing of every hook it would consider in a folder, or why there is none. */
async function listing(ctx: LoadContext, sources: Source[], fresh = false): Promise<Listing> {
  const program = findProgram('codex', ctx.host.env.PATH, null, ctx.host.platform);
  if (!program) return { unavailable: 'Codex is not installed' };
  const cwd = ctx.workspace ?? ctx.host.home;
  let stamp = '';
  try {
    stamp = String(statSync(program).mtimeMs);
  } catch {
    // gone since it was found: the start below says so
  }
  const key = JSON.stringify([
    program,
    stamp,
    cwd,
    ctx.host.env.CODEX_HOME ?? '',
    sources.map((s) => [s.path, s.sha256]),
  ]);
  const hit = cache.get(key);
  if (hit && !fresh) return hit;
  const made = withCodexAppServer(
    { program, env: { ...ctx.host.env }, cwd: ctx.host.home },
    async (server) => {
      const listed = (await server.listHooks([cwd])).flatMap((d) => d.hooks);
      return { hooks: new Map(listed.map((h) => [h.key, h])) };
    },
  ).catch((e: Error): Listing => {
    cache.delete(key); // a failure is not kept: the next look tries again
    return {
      unavailable:
        e instanceof CodexAppServerError && e.code === 'not_installed'
          ? 'Codex is not installed'
          : `Codex did not answer (${e.message})`,
    };
  });
  cache.set(key, made);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return made;
}

function verdict(
  source: Source,
  rule: Rule,
  listed: Listing,
): Pick<AgentHookTrust, 'status' | 'state' | 'message' | 'trustable'> {
  const skip = (state: string, why: string) => ({
    status: 'skips' as const,
    state,
    message: `Codex will skip this: ${why}`,
    trustable: null,
  });
  if (source.state === 'disabled') return skip('off', 'hooks are switched off ([features] hooks = false)');
  if (!rule.enabled) return skip('off', 'it is switched off in Codex (hooks.state enabled = false)');
  if (source.diagnostics.some((d) => d.code === 'project_not_trusted'))
    return skip('project-untrusted', 'the project is not trusted in Codex, so Codex does not load this file');
  if ('unavailable' in listed)
    return {
      status: 'unknown',
      state: 'unknown',
      message: `unknown: ${listed.unavailable}`,
      trustable: null,
    };
  const key = codexHookKey(source.path, rule.events[0]!, rule.group!, rule.hookIndex!);
  const hook = listed.hooks.get(key);
  if (!hook) return skip('not-listed', 'Codex does not list it (it does not load this hook)');
  if (!hook.enabled) return skip('off', 'it is switched off in Codex');
  const trustable = { key: hook.key, hash: hook.currentHash };
  switch (hook.trustStatus) {
    case 'trusted':
      return { status: 'runs', state: 'trusted', message: 'Codex will run this', trustable: null };
    case 'managed':
      return {
        status: 'runs',
        state: 'managed',
        message: 'Codex will run this (managed by policy)',
        trustable: null,
      };
    case 'modified':
      return { ...skip('modified', 'it changed since it was trusted in Codex'), trustable };
    case 'untrusted':
      return { ...skip('untrusted', 'not trusted in Codex'), trustable };
  }
}

export const trust: AgentTrustPart = {
  async report(sources, ctx): Promise<AgentTrustReport> {
    const inspected = sources.filter(
      (s) => s.role === 'inspected' && s.rules.length && s.state !== 'absent' && s.state !== 'invalid',
    );
    const base = { dialect: manifest.id, label: manifest.label };
    if (!inspected.length) return { ...base, hooks: [], fix: null };
    const listed = await listing(ctx, sources);
    const hooks = inspected.flatMap((source) =>
      source.rules
        .filter((r) => r.group !== null && r.hookIndex !== null)
        .map((rule): AgentHookTrust => ({
          path: source.path,
          ruleIndex: rule.index,
          rule: rule.name,
          event: rule.events[0]!,
          matcher: rule.matcher,
          command: describeHandler(rule.handler),
          ...verdict(source, rule, listed),
        })),
    );
    return { ...base, hooks, fix: hooks.some((h) => h.status === 'skips') ? FIX : null };
  },

  async trust(hooks, ctx) {
    const program = findProgram('codex', ctx.host.env.PATH, null, ctx.host.platform);
    if (!program)
      return {
        ok: false,
        message: 'Codex is not installed here (no codex on PATH), so its trust cannot be recorded',
      };
    try {
      return await withCodexAppServer(
        { program, env: { ...ctx.host.env }, cwd: ctx.host.home },
        async (server) => {
          const cwd = ctx.workspace ?? ctx.host.home;
          const now = new Map((await server.listHooks([cwd])).flatMap((d) => d.hooks).map((h) => [h.key, h]));
          // Exactly what the person saw: a hook whose hash moved since has not been reviewed.
          const changed = hooks.filter((h) => now.get(h.key)?.currentHash !== h.hash);
          if (changed.length)
            return {
              ok: false,
              message: `${changed.map((h) => h.key).join(', ')} changed since it was shown (or is gone); review it again`,
            };
          const { filePath } = await server.trustHooks(
            hooks.map((h) => ({ key: h.key, currentHash: h.hash })),
            [cwd],
          );
          cache.clear();
          return {
            ok: true,
            message: `Codex now trusts ${hooks.length === 1 ? 'this hook' : `these ${hooks.length} hooks`} (recorded through Codex in ${filePath})`,
          };
        },
      );
    } catch (e) {
      return { ok: false, message: `Codex's trust could not be recorded: ${(e as Error).message}` };
    }
  },
};
