// One machine's ssh connection: `ssh -R` forwards the remote user's socket (in the 0700 folder remote
// add made) to this machine's intake socket for it. Reconnects with backoff; its state, in words, is
// what `remote list` and the panel show. ssh runs with its stdin a pipe from this process: when the
// host ends, however it ends, ssh reads EOF and closes the connection, and nothing stays running there.
import { spawn, type ChildProcess } from 'node:child_process';
import { inBackground } from '../background.js';
import type { HostEnv } from '../paths.js';
import { remoteSocket } from './layout.js';
import type { MachineRecord } from './machines.js';
import { runRemote, sshFailure, sshOptions, sshProgram } from './ssh.js';

export type LinkState = 'connecting' | 'connected' | 'reconnecting' | 'stopped';

export interface LinkStatus {
  target: string;
  state: LinkState;
  /** Since when it is in that state. */
  since: string;
  /** Why the last attempt failed or the connection ended, in words; null while connected. */
  error: string | null;
  /** When the next attempt starts, while reconnecting. */
  retryAt: string | null;
  lastEventAt: string | null;
}

const READY = 'hookpanel-tunnel-ready';
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

export class MachineLink {
  private child: ChildProcess | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  status: LinkStatus;

  constructor(
    private readonly host: HostEnv,
    readonly machine: MachineRecord,
    private readonly localSocket: string,
    private readonly changed: () => void,
  ) {
    this.status = {
      target: machine.target,
      state: 'connecting',
      since: new Date().toISOString(),
      error: null,
      retryAt: null,
      lastEventAt: null,
    };
  }

  start(): void {
    inBackground(this.attempt(), `connecting to ${this.machine.target}`);
  }

  sawEvent(time: string): void {
    this.status.lastEventAt = time;
    this.changed();
  }

  private set(state: LinkState, error: string | null, retryAt: string | null = null): void {
    this.status = { ...this.status, state, error, retryAt, since: new Date().toISOString() };
    this.changed();
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    const sock = remoteSocket(this.machine.home);
    // A socket the last connection left would make sshd refuse the forward (unless its
    // StreamLocalBindUnlink is on, which the person's server need not have): it goes first.
    const clean = await runRemote(this.host, this.machine.target, 'rm -f "$1"', [sock]).catch((e: Error) => ({
      code: 255,
      stdout: '',
      stderr: e.message,
    }));
    if (this.stopped) return;
    if (clean.code !== 0) return this.retry(sshFailure(this.machine.target, clean));
    const argv = [
      ...sshOptions(this.host),
      '-T',
      '-o',
      'ExitOnForwardFailure=yes',
      '-o',
      'StreamLocalBindUnlink=yes',
      '-o',
      'ServerAliveInterval=5',
      '-o',
      'ServerAliveCountMax=2',
      '-R',
      `${sock}:${this.localSocket}`,
      '--',
      this.machine.target,
      `echo ${READY}; exec cat >/dev/null`,
    ];
    const child = spawn(sshProgram(this.host), argv, { stdio: ['pipe', 'pipe', 'pipe'], env: this.host.env });
    this.child = child;
    let stderr = '';
    let out = '';
    child.stdin!.on('error', () => {});
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-2000)));
    child.stdout!.on('data', (d: Buffer) => {
      if (this.status.state === 'connected') return;
      out += d.toString('utf8');
      if (!out.includes(READY)) return;
      this.failures = 0;
      this.set('connected', null);
    });
    child.on('error', (e) => {
      stderr += e.message;
    });
    child.on('close', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopped) return;
      const said = stderr.trim().split('\n').filter(Boolean).pop();
      this.retry(
        said
          ? `ssh ${this.machine.target}: ${said}`
          : `the connection to ${this.machine.target} ended (${signal ? `signal ${signal}` : `exit ${code}`})`,
      );
    });
  }

  private retry(error: string): void {
    if (this.stopped) return;
    const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures++);
    this.set('reconnecting', error, new Date(Date.now() + wait).toISOString());
    this.timer = setTimeout(() => this.start(), wait);
  }

  /** Ends the connection; resolves once ssh has exited. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((resolve) => child.once('close', () => resolve()));
      child.kill('SIGTERM');
      await gone;
    }
    this.set('stopped', null);
  }
}
