// One test's "remote" machine for a real agent (docs/remote.md): a real sshd whose sessions are the
// machine (test/helpers/sshd.ts), `hookpanel` run with the test's ssh config, this computer's hosted
// rule refusing a shell call, `hookpanel serve` holding the machine's connection, and the events that
// reached this computer's History from there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { waitFor } from '../helpers/host.js';
import { startServe, type RunningHost } from '../helpers/serve.js';
import { startSshd, type TestSshd } from '../helpers/sshd.js';
import { refuseWhenInputHas } from './connected.js';

export interface MachineEvent {
  event: string;
  decision: string;
  machine?: string;
  reason: string | null;
}

export interface RemoteMachine {
  env: TestEnv;
  sshd: TestSshd;
  /** `hookpanel …` on this computer, reaching the machine through the test's ssh config. */
  cli(...args: string[]): Promise<CliResult>;
  /** Starts `hookpanel serve` here and waits for its connection to the machine. */
  serve(): Promise<RunningHost>;
  /** The events in this computer's History once one of them is `until`. */
  events(until: string): Promise<MachineEvent[]>;
}

/**
 * The machine, closed when the test ends. `path`: its PATH (sshd's SetEnv) from the test's folder,
 * where an agent is found there. The hosted rule in hp/hooks/<dialect>.json refuses a PreToolUse Bash
 * call mentioning `needle`.
 */
export async function startRemoteMachine(options: {
  dialect: string;
  refuse: { needle: string; reason: string };
  path?: (root: string) => string;
}): Promise<RemoteMachine> {
  const env = makeEnv();
  let sshd: TestSshd | null = null;
  let served: RunningHost | null = null;
  onTestFinished(async () => {
    await served?.stop();
    await sshd?.stop();
    await env.cleanup();
  });
  sshd = await startSshd(env.root, options.path ? { PATH: options.path(env.root) } : {});
  env.processEnv.HOOKPANEL_SSH_CONFIG = sshd.sshConfig;
  const { needle, reason } = options.refuse;
  env.write(
    `hp/hooks/${options.dialect}.json`,
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: refuseWhenInputHas(needle, reason) }] },
        ],
      },
    }),
  );
  const cli = (...args: string[]) =>
    runCli(args, { env: { ...env.processEnv }, cwd: env.workspace, timeoutMs: 90_000 });
  const target = sshd.target;
  return {
    env,
    sshd,
    cli,
    async serve() {
      served = await startServe(env);
      const statePath = join(env.hookpanelHome, 'run', 'remote-state.json');
      const state = await waitFor(
        () => {
          try {
            return JSON.parse(readFileSync(statePath, 'utf8')).machines[target]?.state as string;
          } catch {
            return null;
          }
        },
        (s) => s === 'connected',
        60_000,
      );
      if (state !== 'connected') throw new Error(`the host did not connect to ${target}: ${state}`);
      return served;
    },
    events: (until) =>
      waitFor(
        async () => JSON.parse((await cli('history', '--events', '--json')).stdout).events as MachineEvent[],
        (e) => e.some((x) => x.event === until),
        30_000,
      ),
  };
}
