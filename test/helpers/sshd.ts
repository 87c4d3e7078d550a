// A real OpenSSH server for the remote tests: Debian's sshd on a free loopback port, with its own host
// key, one test key allowed in (AuthorizedKeysFile in the test folder), and HOME set to a folder of the
// test as the "remote" user's home. The client side is the real `ssh`, given a config of its own (-F,
// through HOOKPANEL_SSH_CONFIG): never this machine's keys or known hosts.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { waitFor } from './host.js';

/** The processes whose parent is `pid` (sshd rewrites its environment for its title: no marker there). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!);
  } catch {
    return false;
  }
}

export const SSHD = '/usr/sbin/sshd';

/** Why the tests cannot run here, or null. */
export function sshdMissing(): string | null {
  if (!existsSync(SSHD)) return `no ${SSHD} (Debian: apt-get install openssh-server)`;
  if (process.getuid?.() !== 0) return 'sshd must start as root to log a user in';
  try {
    execFileSync('ssh', ['-V'], { stdio: 'ignore' });
  } catch {
    return 'no ssh client (Debian: apt-get install openssh-client)';
  }
  return null;
}

export interface TestSshd {
  /** user@host as the tests pass it: a Host alias of the test's ssh config. */
  target: string;
  sshConfig: string;
  /** The "remote" user's home. */
  remoteHome: string;
  /** sshd's log, to say why a connection failed. */
  log(): string;
  /** Runs a command there through the real client; stdin from `input`. */
  run(
    command: string,
    input?: string,
    env?: Record<string, string>,
  ): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Stops sshd and every session it serves (the tunnel's too), as a server going down does. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * `env`: more variables for the sessions there (sshd's SetEnv), as a person's login gives them: PATH,
 * to find an agent installed there.
 */
export async function startSshd(root: string, env: Record<string, string> = {}): Promise<TestSshd> {
  const dir = join(root, 'sshd');
  const remoteHome = join(root, 'remote-home');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  mkdirSync(remoteHome, { recursive: true, mode: 0o755 });
  // The machine's temporary folder, inside the test's: an agent's scratch files there go with it.
  const remoteTmp = join(remoteHome, 'tmp');
  mkdirSync(remoteTmp, { mode: 0o700 });
  // sshd's privilege separation folder, which a machine that never ran sshd lacks.
  mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  for (const key of ['host_key', 'user_key'])
    execFileSync('ssh-keygen', [
      '-q',
      '-t',
      'ed25519',
      '-N',
      '',
      '-C',
      'hookpanel-test',
      '-f',
      join(dir, key),
    ]);
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'user_key.pub')), { mode: 0o600 });
  const port = await freePort();
  // No StreamLocalBindUnlink on the server (its default): the host must clear a stale socket itself.
  writeFileSync(
    join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'PermitRootLogin prohibit-password',
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      // The test folder is under /tmp (sticky, world-writable): sshd would refuse its key files.
      'StrictModes no',
      'AllowStreamLocalForwarding yes',
      // One SetEnv line: sshd keeps the first line of a keyword and ignores the rest.
      `SetEnv ${Object.entries({ HOME: remoteHome, TMPDIR: remoteTmp, ...env })
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'known_hosts'),
    `[127.0.0.1]:${port} ${readFileSync(join(dir, 'host_key.pub'), 'utf8')}`,
  );
  const sshConfig = join(dir, 'ssh_config');
  writeFileSync(
    sshConfig,
    [
      'Host devbox',
      '  HostName 127.0.0.1',
      `  Port ${port}`,
      `  IdentityFile ${join(dir, 'user_key')}`,
      '  IdentitiesOnly yes',
      `  UserKnownHostsFile ${join(dir, 'known_hosts')}`,
      '  GlobalKnownHostsFile /dev/null',
      '  StrictHostKeyChecking yes',
      '  IdentityAgent none',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  let log = '';
  const start = async () => {
    // Its own process group: stop() ends the listener and the sessions it forked alike.
    child = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d) => (log += d));
    await waitFor(
      () => log,
      (l) => l.includes('Server listening') || child!.exitCode !== null,
      10_000,
    );
    if (!log.includes('Server listening')) throw new Error(`sshd did not start: ${log}`);
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    // Each connection's sshd first (forked by the listener, each in a session of its own): the
    // connections end as when the server goes down. Then the listener.
    const connections = childrenOf(c.pid!);
    for (const pid of connections) kill(pid);
    kill(c.pid!);
    await gone;
    await waitFor(
      () => connections.filter(alive).length,
      (n) => n === 0,
      10_000,
    );
  };
  await start();
  return {
    target: 'root@devbox',
    sshConfig,
    remoteHome,
    log: () => log,
    run: (command, input = '', env = {}) =>
      new Promise((resolve) => {
        const c = spawn('ssh', ['-F', sshConfig, '-o', 'BatchMode=yes', '-T', 'root@devbox', command], {
          stdio: ['pipe', 'pipe', 'pipe'],
          env: { ...process.env, ...env },
        });
        let stdout = '';
        let stderr = '';
        c.stdout.on('data', (d) => (stdout += d));
        c.stderr.on('data', (d) => (stderr += d));
        c.on('close', (code) => resolve({ code, stdout, stderr }));
        c.stdin.end(input);
      }),
    stop,
    start,
  };
}
