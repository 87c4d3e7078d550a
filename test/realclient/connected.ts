// An agent connected as a person connects it: `hookpanel connect <agent> --yes` run as a process, with
// a Hookpanel host serving (its intake socket, a panel session for notifications), and no `hookpanel`
// on the agent's PATH, so the bridge connect writes must stand on its own.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { expect, onTestFinished } from 'vitest';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import type { HookHost } from '../../electron/host/service.js';
import type { PanelSession } from '../../electron/host/panel/session.js';
import type { ChatStub } from '../helpers/chat-completions-stub.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import type { AgentRun } from './codex-run.js';

export interface ConnectedHost {
  host: HookHost;
  session: PanelSession;
  /** Events and dispatches of one dialect in the history, once the host is idle. */
  history(dialect: string): Promise<{
    events: string[];
    blocked: { event: string; reason: string | null }[];
  }>;
  close(): Promise<void>;
}

/** Opens a host serving on its socket, as the app or `hookpanel serve` does. */
export async function serveHost(env: TestEnv): Promise<ConnectedHost> {
  const { HookHost } = await import('../../electron/host/service.js');
  const { listenIntake } = await import('../../electron/host/intake/server.js');
  const { startPanelSession } = await import('../../electron/host/panel/session.js');
  const host = await HookHost.open(env.host);
  const server = await listenIntake(host);
  const session = startPanelSession(host, { mode: 'browser', workspace: env.workspace, push: () => {} });
  return {
    host,
    session,
    async history(dialect) {
      await host.idle();
      const events = await host.history.events(500, { dialect });
      const { dispatches } = await host.history.query({ dialect }, 500);
      return {
        events: [...new Set(events.map((e) => e.event))],
        blocked: dispatches
          .filter((d) => d.outcome === 'blocked')
          .map((d) => ({ event: d.event, reason: d.reason })),
      };
    },
    async close() {
      server.close();
      await session.close();
      await host.close();
    },
  };
}

/** `hookpanel connect|disconnect <agent> --yes`, as a person runs it. */
export function connectCli(env: TestEnv, verb: 'connect' | 'disconnect', agent: string): Promise<CliResult> {
  return runCli([verb, agent, '--yes'], { env: env.processEnv, cwd: env.workspace, timeoutMs: 60_000 });
}

/** Every command in an agent's settings file (JSON, comments allowed) under `hooks`. */
export function commandsIn(path: string): string[] {
  const hooks = (parseJsonc(readFileSync(path, 'utf8')) as { hooks?: Record<string, unknown[]> }).hooks ?? {};
  return Object.values(hooks)
    .flat()
    .flatMap((g) => (g as { hooks?: { command?: string }[] }).hooks ?? [])
    .map((h) => h.command ?? '');
}

/** The bridges connect wrote into an agent's settings file. */
export function bridgesIn(path: string): { event: string; fast: boolean }[] {
  return commandsIn(path).flatMap((c) => parseBridgeCommand(c) ?? []);
}

/** The bridges connect wrote, each as `Event` or `Event (fast)`, sorted. */
export function bridgedEvents(path: string): string[] {
  return bridgesIn(path)
    .map((b) => `${b.event}${b.fast ? ' (fast)' : ''}`)
    .sort();
}

/** A hook command that refuses (exit 2, `reason` on stderr) when its input mentions `needle`. */
export function refuseWhenInputHas(needle: string, reason: string): string {
  return `grep -q '${needle}' && { echo '${reason}' >&2; exit 2; }; exit 0`;
}

interface Closable {
  close(): Promise<void>;
}

export interface ConnectedTest {
  env: TestEnv;
  served: ConnectedHost;
  /** Keeps the agent's API stub, to close when the test ends. */
  keep<S extends Closable>(stub: S): S;
  /** `hookpanel connect <agent> --yes` succeeds and names the settings file it wrote; its stdout. */
  connect(settings: string): Promise<string>;
  /**
   * What the agent's turn left in Hookpanel: these events in the history, exactly these blocked
   * dispatches, and a turn-done notification for the workspace.
   */
  expectTurn(expected: { events: string[]; blocked: { event: string; reason: string }[] }): Promise<void>;
  /**
   * The agent's turn (asked to `echo hi > out.txt`) ended well, the shell call refused: out.txt not
   * written, and `reason` given to the model as the tool's result (the chat-completions stub's last
   * request).
   */
  expectShellCallRefused(run: AgentRun, stub: ChatStub, reason: string): void;
  /** The panel's agent list says the agent is connected and has sent an event. */
  expectListedLive(): Promise<void>;
  /** `hookpanel disconnect <agent> --yes` succeeds and gives back each file (path → text) byte for byte; its stdout. */
  disconnect(originals: Record<string, string>): Promise<string>;
}

/**
 * One test's world, closed when the test ends: a fresh environment with the person's own files
 * (target → text, as TestEnv.write takes them), Hookpanel's hosted rule in hp/hooks/<dialect>.json
 * running `refuse` on `event` calls that match `matcher`, and a host serving. `prepare` runs before
 * the host opens (an agent put on PATH, a folder trusted). `label` is the agent as people call it.
 */
export async function setUpConnected(options: {
  dialect: string;
  label: string;
  files: Record<string, string>;
  rule: { event: string; matcher: string; refuse: string };
  prepare?: (env: TestEnv) => void;
}): Promise<ConnectedTest> {
  const { dialect, label } = options;
  const env = makeEnv();
  // No `hookpanel` on the agent's PATH: the bridge connect writes must be absolute to work.
  expect(env.processEnv.PATH).not.toContain(join(env.root, 'bin'));
  const stubs: Closable[] = [];
  let served: ConnectedHost | null = null;
  onTestFinished(async () => {
    for (const stub of stubs) await stub.close();
    await served?.close();
    await env.cleanup();
  });
  for (const [target, text] of Object.entries(options.files)) env.write(target, text);
  const { event, matcher, refuse } = options.rule;
  env.write(
    `hp/hooks/${dialect}.json`,
    JSON.stringify({ hooks: { [event]: [{ matcher, hooks: [{ type: 'command', command: refuse }] }] } }),
  );
  options.prepare?.(env);
  const host = await serveHost(env);
  served = host;
  return {
    env,
    served: host,
    keep(stub) {
      stubs.push(stub);
      return stub;
    },
    async connect(settings) {
      const connected = await connectCli(env, 'connect', dialect);
      expect(connected.code, connected.stderr).toBe(0);
      expect(connected.stdout).toContain(`Connected ${label}: ${settings}`);
      return connected.stdout;
    },
    async expectTurn(expected) {
      // An agent may exit before its last bridge call has answered (opencode does not wait for its
      // plugins' event handlers): wait for the events themselves, not for the agent's exit.
      await expect
        .poll(async () => (await host.history(dialect)).events, { timeout: 30_000, interval: 200 })
        .toEqual(expect.arrayContaining(expected.events));
      const history = await host.history(dialect);
      expect(history.blocked).toEqual(expected.blocked);
      await expect
        .poll(() => host.session.notifications.list().some((n) => n.kind === 'turnDone'), { timeout: 30_000 })
        .toBe(true);
      const done = host.session.notifications.list().find((n) => n.kind === 'turnDone');
      expect(done).toMatchObject({
        title: `${label} finished a turn`,
        body: `in ${env.workspace.split('/').pop()}`,
      });
    },
    expectShellCallRefused(run, stub, reason) {
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
      const messages = (stub.mainRequests().at(-1)!.body.messages ?? []) as { role: string }[];
      expect(JSON.stringify(messages.filter((m) => m.role === 'tool'))).toContain(reason);
    },
    async expectListedLive() {
      const listed = (await host.session.api['agents:list']({})).find((a) => a.id === dialect);
      expect(listed).toMatchObject({ connected: true, lastEventAt: expect.any(String) });
    },
    async disconnect(originals) {
      const disconnected = await connectCli(env, 'disconnect', dialect);
      expect(disconnected.code, disconnected.stderr).toBe(0);
      for (const [path, text] of Object.entries(originals)) expect(readFileSync(path, 'utf8')).toBe(text);
      return disconnected.stdout;
    },
  };
}
