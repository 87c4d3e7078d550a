// The system's own `ssh`, with the person's ~/.ssh/config, agent and known hosts: Hookpanel handles no
// key and stores no password. BatchMode: nothing is asked on a terminal (the host has none); a machine
// whose host key is not yet known is refused by ssh, in its own words, until the person has reached
// it once with `ssh user@host`. HOOKPANEL_SSH_CONFIG names another config file (ssh -F).
import { spawn } from 'node:child_process';
import type { HostEnv } from '../paths.js';

/** ssh's options for every call: the config file where one is named, and no questions asked. */
export function sshOptions(host: HostEnv): string[] {
  const opts = ['-o', 'BatchMode=yes', '-o', 'ConnectTimeout=10'];
  if (host.env.HOOKPANEL_SSH_CONFIG) opts.unshift('-F', host.env.HOOKPANEL_SSH_CONFIG);
  return opts;
}

export function sshProgram(host: HostEnv): string {
  return host.env.HOOKPANEL_SSH || 'ssh';
}

export interface RemoteResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A remote step that could not be done (ssh could not reach the machine or failed there, or the machine
 * is not as Hookpanel needs it), the message saying why: raised deep in a step by `remoteFails`, and
 * answered to callers by `unlessRemoteFails` as an outcome they switch on. The error itself never leaves
 * this module.
 */
export interface RemoteFailed {
  kind: 'remote-failed';
  message: string;
}

class RemoteFailure extends Error {}

/** Stops the remote step under way with this reason; `unlessRemoteFails` answers it. */
export function remoteFails(message: string): never {
  throw new RemoteFailure(message);
}

/** Runs `work`, answering a remote failure raised in it as an outcome; any other error is thrown on. */
export async function unlessRemoteFails<T>(work: () => Promise<T>): Promise<T | RemoteFailed> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof RemoteFailure) return { kind: 'remote-failed', message: e.message };
    throw e;
  }
}

/**
 * Runs a POSIX shell script on the machine. The script goes on stdin to `sh -s`, never in argv (and
 * whatever the remote login shell is, it only starts sh); `args` become its $1, $2, … quoted.
 */
export function runRemote(
  host: HostEnv,
  target: string,
  script: string,
  args: string[] = [],
): Promise<RemoteResult> {
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const argv = [...sshOptions(host), '-T', '--', target, `sh -s -- ${quoted}`];
  return new Promise((resolve, reject) => {
    const child = spawn(sshProgram(host), argv, { stdio: ['pipe', 'pipe', 'pipe'], env: host.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', (e) => reject(new RemoteFailure(`ssh could not be started: ${e.message}`)));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {});
    child.stdin.end(script);
  });
}

/** ssh's own words for a connection that failed (exit 255), else the script's stderr. */
export function sshFailure(target: string, r: RemoteResult): string {
  const said = r.stderr.trim().split('\n').filter(Boolean).pop() ?? `exit ${r.code}`;
  return r.code === 255 ? `ssh could not reach ${target}: ${said}` : `on ${target}: ${said}`;
}
