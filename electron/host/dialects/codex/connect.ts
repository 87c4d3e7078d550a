// Connecting Codex: the bridge in $CODEX_HOME/hooks.json, then Codex's own trust for exactly the hooks
// connect wrote, recorded through Codex's app server once the person approved the change (Codex skips
// an untrusted hook without a word). Disconnect takes those trust records back the same way.
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parseBridgeCommand } from '../../agents/bridge-command.js';
import type { AgentMachine } from '../../agents/agent-machine.js';
import { withCodexAppServer } from './app-server.js';
import type { AfterConnect, AgentConnector, ConnectContext } from '../../agents/connector.js';
import type { HostEnv } from '../../paths.js';
import { isPlainObject } from '../rule.js';
import { codexHome, codexHookKey } from './index.js';

/** Where the machine is, in a message: "here", or "on user@host". */
const whereIs = (machine: AgentMachine) => (machine.target ? `on ${machine.target}` : 'here');

const notInstalled = (machine: AgentMachine) =>
  `Codex is not installed ${whereIs(machine)} (no codex on PATH), so Hookpanel could not record its trust: Codex will ask you to review these hooks (/hooks in its TUI), and \`codex exec\` skips them until then. Connect again once Codex is installed to record it.`;

const configPath = (host: HostEnv) => join(codexHome(host), 'config.toml');

export const connector: AgentConnector = {
  settingsPath: (host) => join(codexHome(host), 'hooks.json'),
  program: 'codex',
  homeDir: codexHome,
  events: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PermissionRequest',
    'PostToolUse',
    'Stop',
    'SessionEnd',
  ],
  fastEvents: ['PreToolUse', 'PostToolUse', 'PermissionRequest'],
  // Codex's shell tool reaches hooks as Bash; it asks only when a command wants to leave its sandbox.
  askMeTools: ['Bash'],
  askMeScope: 'Codex asks only for shell commands (Bash), when one wants to leave its sandbox.',
  // Codex gives SessionEnd hooks 1 s unless told otherwise, and at most 3 s.
  // PermissionRequest: Codex's default of 600 s written out; the host gives up a little before (590).
  extras: (event) =>
    event === 'SessionEnd' ? { timeout: 3 } : event === 'PermissionRequest' ? { timeout: 600 } : {},
  what: "Runs its own hooks, and only those it trusts. Connect adds the bridge to Codex's hooks.json and records Codex's trust for exactly those hooks through Codex itself, so turn-done and blocked events reach Hookpanel and your hosted codex rules run.",
  afterConnect: recordTrust,
  afterConnectRunsProgram: true,
  afterDisconnect: forgetTrust,
};

/** Trust, through Codex, for the bridge hooks connect wrote that Codex does not trust yet. */
async function recordTrust(ctx: ConnectContext): Promise<AfterConnect> {
  const keys = ctx.entries.map((e) => codexHookKey(ctx.path, e.event, e.group, e.hook));
  if (!keys.length) return { message: null, trusted: ctx.trusted };
  try {
    const run = await withCodexAppServer(ctx.machine.programs, async (server): Promise<AfterConnect> => {
      const listed = (await server.listHooks([ctx.host.home])).flatMap((d) => d.hooks);
      const byKey = new Map(listed.map((h) => [h.key, h]));
      // Exactly the entries connect wrote, and only while they are still the bridge.
      const ours = keys
        .map((k) => byKey.get(k))
        .filter((h) => h !== undefined && parseBridgeCommand(h.command ?? '')?.dialect === 'codex');
      const missing = keys.filter((k) => !ours.some((h) => h!.key === k));
      const need = ours.filter((h) => h!.trustStatus !== 'trusted' && h!.trustStatus !== 'managed');
      let where = '';
      // Codex creates its config.toml for the records: disconnect removes it again if it is left empty.
      const createdConfig =
        ctx.notes.createdConfig === true || (await ctx.machine.readFile(configPath(ctx.host))) === null;
      if (need.length)
        where = (
          await server.trustHooks(
            need.map((h) => h!),
            [ctx.host.home],
          )
        ).filePath;
      const trusted = ours.map((h) => ({ key: h!.key, hash: h!.currentHash }));
      const lines = [
        need.length
          ? `Codex now trusts the ${need.length === 1 ? 'hook' : `${need.length} hooks`} Hookpanel added (recorded through Codex in ${where}).`
          : `Codex already trusts the ${ours.length === 1 ? 'hook' : `${ours.length} hooks`} Hookpanel added.`,
      ];
      if (missing.length)
        lines.push(
          `Codex does not list ${missing.join(', ')}; it will not run ${missing.length === 1 ? 'it' : 'them'}.`,
        );
      return { message: lines.join(' '), trusted, failed: missing.length > 0, notes: { createdConfig } };
    });
    switch (run.kind) {
      case 'answered':
        return run.value;
      case 'not-installed':
        return { message: notInstalled(ctx.machine), trusted: ctx.trusted };
    }
  } catch (e) {
    return {
      message: `Hookpanel could not record Codex's trust: ${(e as Error).message}. Codex skips these hooks until they are trusted (/hooks in its TUI, or connect again).`,
      trusted: ctx.trusted,
      failed: true,
    };
  }
}

/** Takes back the trust records connect made, where they are still as it wrote them. */
async function forgetTrust(ctx: ConnectContext): Promise<string | null> {
  if (!ctx.trusted.length) return null;
  const states = await hookStates(ctx.machine, configPath(ctx.host));
  const still = ctx.trusted.filter((t) => states[t.key] === t.hash).map((t) => t.key);
  if (!still.length) return null;
  const kept = (why: string) =>
    `Codex's trust records for the removed hooks stay in its config.toml (${why}); they trust nothing that exists any more.`;
  try {
    const run = await withCodexAppServer(ctx.machine.programs, (server) => server.forgetHooks(still));
    if (run.kind === 'not-installed') return kept(`Codex is not installed ${whereIs(ctx.machine)}`);
    const { filePath } = run.value;
    if (
      ctx.notes.createdConfig === true &&
      (await ctx.machine.readFile(filePath).catch(() => 'x'))?.trim() === ''
    )
      await ctx.machine.removeFile(filePath);
    return `Removed Codex's trust records for the ${still.length === 1 ? 'hook' : `${still.length} hooks`} Hookpanel had added (through Codex, in ${filePath}).`;
  } catch (e) {
    return kept((e as Error).message);
  }
}

/** `[hooks.state."<key>"] trusted_hash` in the user's config.toml, read only. */
async function hookStates(machine: AgentMachine, path: string): Promise<Record<string, string>> {
  try {
    const config = parseToml((await machine.readFile(path)) ?? '');
    const state = isPlainObject(config.hooks) && isPlainObject(config.hooks.state) ? config.hooks.state : {};
    return Object.fromEntries(
      Object.entries(state).flatMap(([k, v]) =>
        isPlainObject(v) && typeof v.trusted_hash === 'string' ? [[k, v.trusted_hash]] : [],
      ),
    );
  } catch {
    return {};
  }
}
