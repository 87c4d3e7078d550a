import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from './cli.js';
import type { TestEnv } from './env.js';
import { stopChild } from './stop-child.js';
import { waitFor } from './host.js';

export interface RunningHost {
  child: ChildProcess;
  socket: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `hookpanel serve` as a real process and waits for its socket. */
export async function startServe(env: TestEnv): Promise<RunningHost> {
  const child = spawn(process.execPath, [CLI, 'serve'], {
    env: env.processEnv,
    cwd: env.workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const socket = join(env.hookpanelHome, 'run', 'host.sock');
  await waitFor(
    () => out.includes('listening') && existsSync(socket),
    (v) => v,
    15_000,
  );
  if (!existsSync(socket)) throw new Error(`serve did not start: ${out}`);
  return {
    child,
    socket,
    output: () => out,
    stop: (signal = 'SIGTERM') => stopChild(child, signal),
  };
}
