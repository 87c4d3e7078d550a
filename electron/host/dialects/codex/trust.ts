// Whether Codex will run each hook of its own files, as Codex itself says: `hooks/list` of its app server
// gives each hook's trust (trusted, untrusted, modified, managed) and current hash; Hookpanel never
// computes that hash. A Codex start costs about half a second, so answers are kept while nothing they
// depend on changed (Codex's program, its files, the folder asked about).
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { Rule, Source } from '../../../../shared/model.js';
import type { AgentHookFix } from '../../../../shared/ipc.js';
import {
  hookOf,
  type AgentChange,
  type AgentHookTrust,
  type AgentTrustPart,
  type AgentTrustReport,
  type HooksTrustRecorded,
} from '../../agents/agent-trust.js';
import { withCodexAppServer, type CodexHook } from './app-server.js';
import type { LoadContext } from '../dialect.js';
import { isPlainObject } from '../rule.js';
import { findProgram } from '../../util/which.js';
import { codexHome, codexHookKey } from './index.js';
import { manifest } from './manifest.js';

const FIX =
  "Review them in Hookpanel's Trust review or with hookpanel trust FILE (both record Codex's trust through Codex itself), or in Codex with /hooks; codex exec skips them without a word until then.";
const CACHE_SIZE = 16;
const NOT_INSTALLED = 'Codex is not installed here (no codex on PATH)';

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
  const made = withCodexAppServer({ program, env: { ...ctx.host.env }, cwd: ctx.host.home }, async (server) =>
    (await server.listHooks([cwd])).flatMap((d) => d.hooks),
  ).then(
    (run): Listing => {
      if (run.kind === 'answered') return { hooks: new Map(run.value.map((h) => [h.key, h])) };
      cache.delete(key); // not kept: the next look tries again, Codex may be installed by then
      return { unavailable: 'Codex is not installed' };
    },
    (e: Error): Listing => {
      cache.delete(key); // a failure is not kept: the next look tries again
      return { unavailable: `Codex did not answer (${e.message})` };
    },
  );
  cache.set(key, made);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return made;
}

/** What the fixes in words need of Codex's configuration: which file says what. */
interface CodexSetup {
  /** The user's config.toml, where Codex keeps its trust and switches. */
  config: string;
  /** The config.toml that switches every hook off, if one does. */
  hooksOff: string | null;
  /** The folder Codex is asked about, and its trust level there as config.toml has it. */
  workspace: string | null;
  projectLevel: string | null;
}

function codexSetup(sources: Source[], ctx: LoadContext): CodexSetup {
  const configs = sources.filter(
    (s) => s.role === 'inspected' && s.path.endsWith('config.toml') && s.state !== 'absent',
  );
  const user = configs.find((s) => s.layer === 'user');
  const settings = (s: Source | undefined) =>
    (s?.settings ?? {}) as { hooksFeature?: boolean; projectTrust?: Record<string, string> };
  const off = configs.find((s) => s.layer !== 'project' && settings(s).hooksFeature === false);
  return {
    config: user?.path ?? join(codexHome(ctx.host), 'config.toml'),
    hooksOff: off?.path ?? null,
    workspace: ctx.workspace,
    projectLevel: ctx.workspace ? (settings(user).projectTrust?.[ctx.workspace] ?? null) : null,
  };
}

/** A TOML basic string: JSON's escapes are TOML's. */
const tomlString = (text: string) => JSON.stringify(text);

/** What the person does where Hookpanel cannot: trust the project, switch hooks on, switch one on. */
function fixInWords(state: string, setup: CodexSetup): AgentHookFix | null {
  const words = (scope: 'file' | 'hook', text: string, file: string | null, code: string | null) =>
    ({ kind: 'words', scope, text, file, code }) as const;
  switch (state) {
    case 'project-untrusted': {
      const table = `[projects.${tomlString(setup.workspace ?? '')}]`;
      return setup.projectLevel === null
        ? words(
            'file',
            `Codex loads a project's hook files only once you trust the project in Codex: say yes when Codex asks, as it starts in this folder, or add these two lines at the end of this file:`,
            setup.config,
            `${table}\ntrust_level = "trusted"`,
          )
        : words(
            'file',
            `Codex loads a project's hook files only once you trust the project in Codex: this file has trust_level = ${tomlString(setup.projectLevel)} under ${table}; make that line:`,
            setup.config,
            'trust_level = "trusted"',
          );
    }
    case 'hooks-off':
      return words(
        'file',
        'Codex runs no hooks at all while hooks = false under [features]; in this file, make that line:',
        setup.hooksOff,
        'hooks = true',
      );
    case 'off':
      return words(
        'hook',
        `Switch it on in Codex (/hooks, in a Codex session), or take enabled = false out of its entry under [hooks.state] in this file:`,
        setup.config,
        null,
      );
    default:
      return null;
  }
}

function verdict(
  source: Source,
  rule: Rule,
  listed: Listing,
  setup: CodexSetup,
): Pick<AgentHookTrust, 'status' | 'state' | 'message' | 'trustable' | 'fix'> {
  const skip = (state: string, why: string) => ({
    status: 'skips' as const,
    state,
    message: `Codex will skip this: ${why}`,
    trustable: null,
    fix: fixInWords(state, setup),
  });
  if (source.state === 'disabled')
    return { ...skip('hooks-off', 'hooks are switched off ([features] hooks = false)'), state: 'off' };
  if (!rule.enabled) return skip('off', 'it is switched off in Codex (hooks.state enabled = false)');
  if (source.diagnostics.some((d) => d.code === 'project_not_trusted'))
    return skip('project-untrusted', 'the project is not trusted in Codex, so Codex does not load this file');
  if ('unavailable' in listed)
    return {
      status: 'unknown',
      state: 'unknown',
      message: `unknown: ${listed.unavailable}`,
      trustable: null,
      fix: null,
    };
  const key = codexHookKey(source.path, rule.events[0]!, rule.group!, rule.hookIndex!);
  const hook = listed.hooks.get(key);
  if (!hook) return skip('not-listed', 'Codex does not list it (it does not load this hook)');
  if (!hook.enabled) return skip('off', 'it is switched off in Codex');
  const trustable = { key: hook.key, hash: hook.currentHash };
  switch (hook.trustStatus) {
    case 'trusted':
      return { status: 'runs', state: 'trusted', message: 'Codex will run this', trustable: null, fix: null };
    case 'managed':
      return {
        status: 'runs',
        state: 'managed',
        message: 'Codex will run this (managed by policy)',
        trustable: null,
        fix: null,
      };
    case 'modified':
      return {
        ...skip('modified', 'it changed since it was trusted in Codex'),
        trustable,
        fix: { kind: 'trust' },
      };
    case 'untrusted':
      return { ...skip('untrusted', 'not trusted in Codex'), trustable, fix: { kind: 'trust' } };
  }
}

/**
 * The fixes of the hooks Codex skips, as sentences (for hookpanel check and the trust messages): the
 * Trust review only where it can record Codex's trust, the words where only the person can act.
 */
function fixSentence(hooks: AgentHookTrust[]): string | null {
  const out = new Set<string>();
  for (const h of hooks) {
    if (h.status !== 'skips' || !h.fix) continue;
    if (h.fix.kind === 'trust') out.add(FIX);
    else
      out.add(
        `${h.fix.text.replace(/:$/, '')}${h.fix.file ? ` (${h.fix.file})` : ''}${h.fix.code ? `: ${h.fix.code.replace(/\n/g, ' ')}` : '.'}`,
      );
  }
  return out.size ? [...out].join(' ') : null;
}

const theseHooks = (n: number) => (n === 1 ? 'this hook' : `these ${n} hooks`);

/** Codex's trust for every hook of one file, as loaded: what `hookpanel trust` and Trust this version record. */
async function trustFile(source: Source, ctx: LoadContext): Promise<AgentChange> {
  const fail = (message: string): AgentChange => ({ kind: 'refused', message });
  const rules = source.rules.filter((r) => r.group !== null && r.hookIndex !== null);
  if (!rules.length) return { kind: 'done', message: 'The file has no hooks for Codex to trust.' };
  if (source.state === 'disabled')
    return fail(
      "Codex's trust was not recorded: Codex runs no hooks at all here ([features] hooks = false), so it would run none of these.",
    );
  const notLoaded = source.diagnostics.find((d) => d.code === 'project_not_trusted');
  if (notLoaded)
    return fail(
      `Codex's trust was not recorded: ${notLoaded.message}. Trust the project in Codex first (Codex asks when it starts there), then trust this file again.`,
    );
  const program = findProgram('codex', ctx.host.env.PATH, null, ctx.host.platform);
  if (!program)
    return fail(
      `Codex's trust was not recorded: ${NOT_INSTALLED}. Codex skips these hooks until it trusts them.`,
    );
  const notRecorded = (why: string) =>
    fail(`Codex's trust was not recorded: ${why}. Codex skips these hooks until it trusts them.`);
  const cwd = ctx.workspace ?? ctx.host.home;
  try {
    const run = await withCodexAppServer(
      { program, env: { ...ctx.host.env }, cwd: ctx.host.home },
      async (server): Promise<AgentChange> => {
        const listed = new Map(
          (await server.listHooks([cwd])).flatMap((d) => d.hooks).map((h) => [h.key, h]),
        );
        const mine: CodexHook[] = [];
        const unlisted: string[] = [];
        for (const rule of rules) {
          const hook = listed.get(codexHookKey(source.path, rule.events[0]!, rule.group!, rule.hookIndex!));
          if (!hook) unlisted.push(rule.name);
          // What Codex would trust must be the command the person reviewed, not a newer edit.
          else if (
            rule.handler.kind === 'shell' &&
            hook.command != null &&
            hook.command !== rule.handler.command
          )
            return fail(
              `Codex's trust was not recorded: ${source.path} changed since it was reviewed (${rule.name}); review it again.`,
            );
          else mine.push(hook);
        }
        if (!mine.length)
          return fail(
            `Codex's trust was not recorded: Codex does not list any hook of ${source.path} (it does not load them), so it would run none of them.`,
          );
        const need = mine.filter(
          (h) => h.enabled && (h.trustStatus === 'untrusted' || h.trustStatus === 'modified'),
        );
        const off = mine.filter((h) => !h.enabled);
        const lines: string[] = [];
        if (need.length) {
          const { filePath } = await server.trustHooks(need, [cwd]);
          cache.clear();
          lines.push(
            `Codex now trusts ${theseHooks(need.length)} (recorded through Codex in ${filePath}); \`codex exec\` runs ${need.length === 1 ? 'it' : 'them'}.`,
          );
          const already = mine.length - need.length - off.length;
          if (already) lines.push(`It already trusted ${already === 1 ? 'one other' : `${already} others`}.`);
        } else if (mine.length > off.length)
          lines.push(
            `Codex already trusts ${mine.length - off.length === 1 ? 'its hook' : `its ${mine.length - off.length} hooks`}; nothing changed in Codex.`,
          );
        if (off.length)
          lines.push(
            `${off.length === 1 ? 'One hook is' : `${off.length} hooks are`} switched off in Codex (hooks.state enabled = false), left so.`,
          );
        if (unlisted.length)
          lines.push(
            `Codex does not list ${unlisted.join(', ')}; it will not run ${unlisted.length === 1 ? 'it' : 'them'}.`,
          );
        return { kind: 'done', message: lines.join(' ') };
      },
    );
    return run.kind === 'answered' ? run.value : notRecorded(NOT_INSTALLED);
  } catch (e) {
    return notRecorded(`Codex did not answer (${(e as Error).message})`);
  }
}

/** The `hooks.state` records of the user's config.toml whose key is of this file, read only. */
async function recordsOf(
  path: string,
  ctx: LoadContext,
): Promise<Map<string, { enabled: boolean; trusted: boolean }>> {
  const out = new Map<string, { enabled: boolean; trusted: boolean }>();
  try {
    const config = parseToml(await readFile(join(codexHome(ctx.host), 'config.toml'), 'utf8'));
    const state = isPlainObject(config.hooks) && isPlainObject(config.hooks.state) ? config.hooks.state : {};
    for (const [key, v] of Object.entries(state))
      if (key.startsWith(`${path}:`) && isPlainObject(v))
        out.set(key, { enabled: v.enabled !== false, trusted: typeof v.trusted_hash === 'string' });
  } catch {
    // no config.toml, or one Codex itself would refuse: nothing recorded here
  }
  return out;
}

/** Takes back Codex's trust of every hook of one file: what `hookpanel untrust` and Revoke do. */
async function untrustFile(path: string, ctx: LoadContext): Promise<AgentChange> {
  const fail = (why: string): AgentChange => ({
    kind: 'refused',
    message: `Codex's own trust was not taken back: ${why}; whatever Codex trusted of ${path} it still runs.`,
  });
  const program = findProgram('codex', ctx.host.env.PATH, null, ctx.host.platform);
  if (!program) return fail(NOT_INSTALLED);
  const cwd = ctx.workspace ?? ctx.host.home;
  try {
    const run = await withCodexAppServer(
      { program, env: { ...ctx.host.env }, cwd: ctx.host.home },
      async (server): Promise<AgentChange> => {
        const listed = (await server.listHooks([cwd]))
          .flatMap((d) => d.hooks)
          .filter((h) => h.sourcePath === path);
        const managed = listed.filter((h) => h.trustStatus === 'managed');
        // Records Codex lists, and those of a file it does not load now (a project it stopped trusting).
        const records = await recordsOf(path, ctx);
        for (const h of listed)
          if (h.trustStatus === 'trusted' || h.trustStatus === 'modified')
            records.set(h.key, { enabled: h.enabled, trusted: true });
        const trusted = [...records]
          .filter(([, r]) => r.trusted)
          .map(([key, r]) => ({ key, enabled: r.enabled }));
        const lines: string[] = [];
        if (trusted.length) {
          const { filePath } = await server.untrustHooks(trusted, [cwd]);
          cache.clear();
          lines.push(
            `Codex no longer trusts ${theseHooks(trusted.length)} (taken back through Codex in ${filePath}); \`codex exec\` skips ${trusted.length === 1 ? 'it' : 'them'}.`,
          );
        } else lines.push(`Codex trusted no hook of this file; nothing changed in Codex.`);
        if (managed.length)
          return {
            kind: 'still-runs',
            message: `${lines.join(' ')} Codex runs ${managed.length === 1 ? 'one hook' : `${managed.length} hooks`} of it whatever is recorded (managed by policy).`,
          };
        return { kind: 'done', message: lines.join(' ') };
      },
    );
    return run.kind === 'answered' ? run.value : fail(NOT_INSTALLED);
  } catch (e) {
    return fail(`Codex did not answer (${(e as Error).message})`);
  }
}

export const trust: AgentTrustPart = {
  trustFile,
  untrustFile,

  async report(sources, ctx): Promise<AgentTrustReport> {
    const inspected = sources.filter(
      (s) => s.role === 'inspected' && s.rules.length && s.state !== 'absent' && s.state !== 'invalid',
    );
    const installed = findProgram('codex', ctx.host.env.PATH, null, ctx.host.platform) !== null;
    const base = { dialect: manifest.id, label: manifest.label, installed };
    if (!inspected.length) return { ...base, hooks: [], fix: null };
    const listed = await listing(ctx, sources);
    const setup = codexSetup(sources, ctx);
    const hooks = inspected.flatMap((source) =>
      source.rules
        .filter((r) => r.group !== null && r.hookIndex !== null)
        .map((rule): AgentHookTrust => ({
          ...hookOf(source, rule),
          ...verdict(source, rule, listed, setup),
        })),
    );
    return { ...base, hooks, fix: fixSentence(hooks) };
  },

  async trust(hooks, ctx) {
    const program = findProgram('codex', ctx.host.env.PATH, null, ctx.host.platform);
    if (!program)
      return {
        kind: 'refused',
        message: 'Codex is not installed here (no codex on PATH), so its trust cannot be recorded',
      };
    try {
      const run = await withCodexAppServer(
        { program, env: { ...ctx.host.env }, cwd: ctx.host.home },
        async (server): Promise<HooksTrustRecorded> => {
          const cwd = ctx.workspace ?? ctx.host.home;
          const now = new Map((await server.listHooks([cwd])).flatMap((d) => d.hooks).map((h) => [h.key, h]));
          // Exactly what the person saw: a hook whose hash moved since has not been reviewed.
          const changed = hooks.filter((h) => now.get(h.key)?.currentHash !== h.hash);
          if (changed.length)
            return {
              kind: 'refused',
              message: `${changed.map((h) => h.key).join(', ')} changed since it was shown (or is gone); review it again`,
            };
          const { filePath } = await server.trustHooks(
            hooks.map((h) => ({ key: h.key, currentHash: h.hash })),
            [cwd],
          );
          cache.clear();
          return {
            kind: 'recorded',
            message: `Codex now trusts ${hooks.length === 1 ? 'this hook' : `these ${hooks.length} hooks`} (recorded through Codex in ${filePath})`,
          };
        },
      );
      return run.kind === 'answered'
        ? run.value
        : { kind: 'refused', message: `Codex's trust could not be recorded: ${run.message}` };
    } catch (e) {
      return { kind: 'refused', message: `Codex's trust could not be recorded: ${(e as Error).message}` };
    }
  },
};
