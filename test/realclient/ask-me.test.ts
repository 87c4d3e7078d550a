// Ask me (README.md, "Ask me: answer an agent's permission request from Hookpanel") on the real
// agents: Claude Code and Codex connected through `hookpanel connect <agent> --yes`, Ask me on, a host
// holding their PermissionRequest until it is answered through the panel API
// (Allow: the command ran; Deny: it did not and the reason reached the model), and with no answer in
// time the agent's own prompt (Claude Code) or reviewer (Codex) decides. "Always allow" confirmed in the
// panel writes the agent's own rule: Claude Code adds its suggestion to settings.local.json, Hookpanel
// appends Codex's prefix_rule to default.rules, and the next identical call is not asked about.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { WaitingRequest } from '../../shared/permissions.js';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import { handleRequest } from '../../electron/host/panel/api.js';
import { claudeBinary } from '../helpers/claude-code.js';
import { driveClaudePermission } from '../helpers/claude-permission.js';
import { driveCodexPermission } from '../helpers/codex-permission.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { agentForTests } from './agents.js';
import { answerFirst, firstWaiting, holdingHost as holdRequests } from './ask-me-host.js';
import { connectCli, type ConnectedHost } from './connected.js';

vi.setConfig({ testTimeout: 120_000 });
const claude = claudeBinary();
const codex = await agentForTests('codex');
let env: TestEnv;
let served: ConnectedHost | null = null;
afterEach(async () => {
  await served?.close();
  served = null;
  await env?.cleanup();
});

const REASON = 'Hookpanel: the person said not now';

/** A host that holds permission requests, with Ask me on for `agent`; closed after the test. */
async function holdingHost(e: TestEnv, agent: string, waitSeconds?: number): Promise<ConnectedHost> {
  served = await holdRequests(e, agent, waitSeconds);
  return served;
}

/** Answers the first request to wait with "Always allow" for its first offer, as shown; resolves with it. */
async function alwaysFirst(h: ConnectedHost): Promise<WaitingRequest> {
  const held = await firstWaiting(h);
  const offer = held.always!.offers[0]!;
  const res = await handleRequest(h.session.api, 'requests:answer', {
    id: held.id,
    behavior: 'allow',
    always: { offer: 0, rules: offer.rules },
  });
  expect(res).toMatchObject({ ok: true, result: { ok: true } });
  return held;
}

describe.runIf(claude.path)('Claude Code: Ask me through its PermissionRequest hook', () => {
  const bin = claude.path!;
  const touch = (e: TestEnv) => ({
    name: 'Bash',
    input: { command: `touch ${join(e.workspace, 'ran.txt')}`, description: 'create a file' },
  });
  const promptSaysNo = { behavior: 'deny', message: 'the terminal prompt said no' } as const;

  /** Connected as a person does, with Ask me on: connect adds the PermissionRequest bridge. */
  async function connectClaude(e: TestEnv): Promise<void> {
    const connected = await connectCli(e, 'connect', 'claude');
    expect(connected.code, connected.stderr).toBe(0);
    const settings = JSON.parse(readFileSync(e.path('~/.claude/settings.json'), 'utf8')) as {
      hooks: Record<string, { hooks: { command: string; timeout?: number }[] }[]>;
    };
    const [hook] = settings.hooks.PermissionRequest![0]!.hooks;
    expect(parseBridgeCommand(hook!.command)).toEqual({
      dialect: 'claude',
      event: 'PermissionRequest',
      fast: true,
    });
    expect(hook!.timeout).toBe(600);
  }

  for (const behavior of ['allow', 'deny'] as const)
    test(`${behavior} in the panel decides: the prompt is withdrawn`, async () => {
      env = makeEnv();
      const h = await holdingHost(env, 'claude');
      await connectClaude(env);
      const choice = behavior === 'allow' ? { behavior } : { behavior, reason: REASON };
      const [run, held] = await Promise.all([
        driveClaudePermission({ bin, env, tool: touch(env), prompt: promptSaysNo }),
        answerFirst(h, choice),
      ]);
      expect(held).toMatchObject({ agent: 'claude', tool: 'Bash', subject: touch(env).input.command });
      expect(run.code, run.stderr).toBe(0);
      expect(run).toMatchObject({ withdrawn: true, promptAnswered: false });
      expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(behavior === 'allow');
      if (behavior === 'allow') expect(run.toolResult).toMatchObject({ isError: false });
      else expect(run.toolResult).toEqual({ content: REASON, isError: true });
    });

  test('Always allow: Claude Code writes the suggested rule to settings.local.json; the command ran', async () => {
    env = makeEnv();
    const h = await holdingHost(env, 'claude');
    await connectClaude(env);
    const [run, held] = await Promise.all([
      driveClaudePermission({ bin, env, tool: touch(env), prompt: promptSaysNo }),
      alwaysFirst(h),
    ]);
    const rule = `Bash(${touch(env).input.command})`;
    const file = join(env.workspace, '.claude', 'settings.local.json');
    expect(held.always!.offers[0]).toMatchObject({ rules: [rule], file, writer: 'agent' });
    expect(run.code, run.stderr).toBe(0);
    expect(run).toMatchObject({ withdrawn: true, promptAnswered: false });
    expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ permissions: { allow: [rule] } });
    await h.host.idle();
    const { dispatches } = await h.host.history.query({ rule: 'Ask me' }, 10);
    expect(dispatches.map((d) => d.reason)).toEqual([
      `Always allow: ${rule} → this project's local settings, ${file} (the agent writes it)`,
    ]);
  });

  test('its own prompt answered first: the card goes once the call has run, and the bridge ends', async () => {
    env = makeEnv();
    const h = await holdingHost(env, 'claude');
    await connectClaude(env);
    const run = await driveClaudePermission({
      bin,
      env,
      tool: touch(env),
      prompt: { behavior: 'allow' },
      answer: 'atOnce',
    });
    expect(run).toMatchObject({ promptAnswered: true });
    expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(true);
    // The call's PostToolUse reached the host, which gave the held request no decision.
    expect(h.host.permissions!.list()).toEqual([]);
    await h.host.idle();
    const { dispatches } = await h.host.history.query({ rule: 'Ask me' }, 10);
    expect(dispatches.map((d) => d.outcome)).toEqual(['skipped']);
  });

  test('no answer in time: no decision, Claude Code’s own prompt decides', async () => {
    env = makeEnv();
    const h = await holdingHost(env, 'claude', 1);
    const held = new Set<string>();
    h.host.permissions!.on('changed', (list) => list.forEach((q) => held.add(q.id)));
    await connectClaude(env);
    const run = await driveClaudePermission({ bin, env, tool: touch(env), prompt: promptSaysNo });
    expect(run).toMatchObject({ withdrawn: false, promptAnswered: true });
    expect(run.hooks.map((x) => ({ exit: x.exit_code, stdout: x.stdout }))).toEqual([
      { exit: 0, stdout: '' },
    ]);
    expect(existsSync(join(env.workspace, 'ran.txt'))).toBe(false);
    expect(h.host.permissions!.list()).toEqual([]);
    // The request was held, and its deadline (not the agent, nor the host) ended it.
    expect(held.size).toBe(1);
    const [id] = held;
    expect(await h.host.permissions!.answer(id!, { behavior: 'allow', reason: null })).toEqual({
      answered: false,
      refused: `request ${id} is no longer waiting (expired: nobody answered before its deadline)`,
    });
  });
});

describe.skipIf(!codex.agent)(`Codex: Ask me through its PermissionRequest hook ${codex.why}`, () => {
  const agent = codex.agent!;

  /** Connected as a person does (Codex on PATH, so connect records its trust through Codex). */
  async function connectCodex(e: TestEnv): Promise<void> {
    mkdirSync(e.path('codex-bin'));
    symlinkSync(agent.bin, e.path('codex-bin/codex'));
    e.processEnv.PATH = `${e.path('codex-bin')}:${e.processEnv.PATH}`;
    const connected = await connectCli(e, 'connect', 'codex');
    expect(connected.code, connected.stderr).toBe(0);
  }
  const command = (e: TestEnv) => `touch ${join(e.workspace, '..', 'outside.txt')}`;

  for (const behavior of ['allow', 'deny'] as const)
    test(`${behavior} in the panel decides; the reviewer is not asked`, async () => {
      env = makeEnv();
      const h = await holdingHost(env, 'codex');
      await connectCodex(env);
      const choice = behavior === 'allow' ? { behavior } : { behavior, reason: REASON };
      const [run, held] = await Promise.all([
        driveCodexPermission({
          agent,
          env,
          command: command(env),
          reviewer: { outcome: 'deny', rationale: 'the reviewer said no' },
          bypassHookTrust: false,
        }),
        answerFirst(h, choice),
      ]);
      expect(held).toMatchObject({
        agent: 'codex',
        tool: 'Bash',
        justification: 'the task needs this command',
      });
      expect(run.reviewerAsked).toBe(0);
      expect(existsSync(join(env.root, 'outside.txt'))).toBe(behavior === 'allow');
      if (behavior === 'deny') expect(run.toolOutput).toContain(REASON);
    });

  test('Always allow: the prefix_rule in default.rules; the next identical call is not asked about', async () => {
    env = makeEnv();
    const h = await holdingHost(env, 'codex');
    await connectCodex(env);
    const drive = () =>
      driveCodexPermission({
        agent,
        env,
        command: command(env),
        reviewer: { outcome: 'deny', rationale: 'the reviewer said no' },
        bypassHookTrust: false,
      });
    const [run, held] = await Promise.all([drive(), alwaysFirst(h)]);
    const outside = join(env.root, 'outside.txt');
    const line = `prefix_rule(pattern=["touch", ${JSON.stringify(outside)}], decision="allow")`;
    expect(held.always!.offers[0]).toMatchObject({ rules: [line], writer: 'hookpanel' });
    expect(run.reviewerAsked).toBe(0);
    expect(existsSync(outside)).toBe(true);
    expect(readFileSync(env.path('~/.codex/rules/default.rules'), 'utf8')).toBe(`${line}\n`);
    // Again, the same command: Codex's rule decides, so no PermissionRequest reaches the hook or the host.
    rmSync(outside);
    const again = await drive();
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(outside)).toBe(true);
    expect(again).toMatchObject({ reviewerAsked: 0, hookStatuses: [] });
    await h.host.idle();
    const { dispatches } = await h.host.history.query({ event: 'PermissionRequest' }, 10);
    expect(dispatches.filter((d) => d.rule === 'Ask me')).toHaveLength(1);
  });

  test('no answer in time: no decision, Codex’s reviewer decides', async () => {
    env = makeEnv();
    await holdingHost(env, 'codex', 1);
    await connectCodex(env);
    const run = await driveCodexPermission({
      agent,
      env,
      command: command(env),
      reviewer: { outcome: 'allow' },
      bypassHookTrust: false,
    });
    expect(run.reviewerAsked).toBe(1);
    expect(run.hookStatuses).toContain('Completed');
    expect(existsSync(join(env.root, 'outside.txt'))).toBe(true);
  });
});
