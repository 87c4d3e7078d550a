// An agent connected as a person connects it: `hookpanel connect <agent> --yes` run as a process, with
// a Hookpanel host serving (its intake socket, a panel session for notifications), and no `hookpanel`
// on the agent's PATH, so the bridge connect writes must stand on its own.
import { readFileSync } from 'node:fs';
import { parse as parseJsonc } from 'jsonc-parser';
import type { HookHost } from '../../electron/host/service.js';
import type { PanelSession } from '../../electron/host/panel/session.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import type { TestEnv } from '../helpers/env.js';

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
