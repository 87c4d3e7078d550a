// The resident host's side of every machine: for each one in remote.json, an intake socket of its own
// (run/remote/<id>.sock, owner-only: its events are tagged with its name and checked against its
// token) and one ssh connection forwarding to it. remote.json is looked at every second, so `remote
// add` and `remote remove` take effect while the host runs. The states go to run/remote-state.json for
// `remote list`, and to the panel (Settings → Machines) as a `changed` event.
import { EventEmitter } from 'node:events';
import { existsSync, unwatchFile, watchFile } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { inBackground } from '../background.js';
import { listenIntake } from '../intake/server.js';
import type { HookHost } from '../service.js';
import { writeFileAtomic } from '../util/atomic.js';
import { MachineLink, type LinkStatus } from './link.js';
import { machinesPath, readMachines } from './machines.js';
import { machineId } from './target.js';

interface Running {
  link: MachineLink;
  server: Server;
  /** The token and home it was started with: a new install restarts it. */
  key: string;
}

export interface RemoteStateFile {
  pid: number;
  machines: Record<string, LinkStatus>;
}

/** The hub of each resident host, for the panel of the same process (Settings → Machines). */
const hubs = new WeakMap<HookHost, RemoteHub>();
export const hubOf = (host: HookHost): RemoteHub | null => hubs.get(host) ?? null;

export const remoteStatePath = (host: HookHost) => join(host.paths.runDir, 'remote-state.json');

export class RemoteHub extends EventEmitter<{ changed: [] }> {
  private readonly running = new Map<string, Running>();
  private syncing: Promise<void> = Promise.resolve();
  private closed = false;
  private writing: Promise<void> = Promise.resolve();
  private readonly onRecord = (r: { type: string; machine?: string; time: string }) => {
    if (r.type === 'event' && r.machine) this.running.get(r.machine)?.link.sawEvent(r.time);
  };

  constructor(
    private readonly host: HookHost,
    private readonly log: { error(line: string): void },
  ) {
    super();
    hubs.set(host, this);
  }

  async start(): Promise<void> {
    this.host.on('record', this.onRecord);
    watchFile(machinesPath(this.host.host), { interval: 1000 }, () => this.sync());
    this.sync();
    await this.syncing;
  }

  /** Looks at remote.json now (a machine added or removed from the panel), not at the next poll. */
  refresh(): void {
    this.sync();
  }

  private sync(): void {
    this.syncing = this.syncing
      .then(() => this.syncNow())
      .catch((e: Error) => {
        this.log.error(`remote machines: ${e.message}`);
      });
  }

  private async syncNow(): Promise<void> {
    if (this.closed) return;
    const machines = await readMachines(this.host.host);
    for (const [target, r] of [...this.running]) {
      const m = machines[target];
      if (m && `${m.home}\0${m.token}` === r.key) continue;
      await this.stopOne(target, r);
    }
    const dir = join(this.host.paths.runDir, 'remote');
    for (const [target, m] of Object.entries(machines)) {
      if (this.running.has(target)) continue;
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const socket = join(dir, `${machineId(target)}.sock`);
      const server = await listenIntake(this.host, socket, { name: target, token: m.token });
      const link = new MachineLink(this.host.host, m, socket, () => this.writeState());
      this.running.set(target, { link, server, key: `${m.home}\0${m.token}` });
      link.start();
    }
    this.writeState();
  }

  private async stopOne(target: string, r: Running): Promise<void> {
    this.running.delete(target);
    await r.link.stop();
    r.server.close();
    r.server.closeAllConnections();
  }

  statuses(): LinkStatus[] {
    return [...this.running.values()].map((r) => r.link.status);
  }

  /** Each machine's connection as it is now, by user@host. */
  states(): Record<string, LinkStatus> {
    return Object.fromEntries(this.statuses().map((s) => [s.target, s]));
  }

  private writeState(): void {
    if (this.closed) return;
    this.emit('changed');
    const body: RemoteStateFile = { pid: process.pid, machines: this.states() };
    // One write after another: the last state is the one left in the file.
    const text = `${JSON.stringify(body, null, 2)}\n`;
    this.writing = this.writing.then(() => this.writeStateFile(text));
    inBackground(this.writing, 'remote state');
    this.writing = this.writing.catch(() => {});
  }

  /**
   * A home removed while the host ran (a test's, a reset) takes its state with it: nothing to write
   * and nothing worth saying; writing would make the folders again. Any other failure is said.
   */
  private async writeStateFile(text: string): Promise<void> {
    const gone = () => !existsSync(this.host.paths.root);
    if (gone()) return;
    try {
      await writeFileAtomic(remoteStatePath(this.host), text);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && gone()) return;
      throw e;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    hubs.delete(this.host);
    unwatchFile(machinesPath(this.host.host));
    this.host.off('record', this.onRecord);
    await this.syncing;
    await Promise.all([...this.running].map(([t, r]) => this.stopOne(t, r)));
    await this.writing;
    await rm(remoteStatePath(this.host), { force: true });
  }
}
