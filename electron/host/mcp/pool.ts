// Live MCP connections, through the official SDK client: a server starts on first use, is reused by
// every later hook that calls it, restarts after it dies or its definition changes, stops after a
// while unused (so a deleted definition's server goes too), and stops with the host.
import { resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServerConfig, McpServerEntry } from '../../../shared/mcp.js';
import { descendantsOf, signalProcess } from '../process/groups.js';
import { expandServerConfig } from './config.js';
import { inBackground } from '../background.js';

/** How long a server may take to start and answer `initialize`, whatever the calling hook's timeout. */
const START_BUDGET_MS = 30_000;
const STDERR_TAIL = 4096;
/** A server no hook has called for this long is stopped; the next call starts it again. */
export const DEFAULT_IDLE_MS = 15 * 60_000;

export interface Connection {
  client: Client;
  /** The server's recent stderr (stdio servers). */
  stderr(): string;
}

/** A connection held for one call: the server is not stopped for idleness while a lease is out. */
export interface Lease extends Connection {
  kind: 'leased';
  release(): void;
}

/** The server could not be started for the call: why, and the last of what it wrote on stderr. */
export interface McpStartFailed {
  kind: 'mcp-start-failed';
  message: string;
  stderr: string;
}

/** How a start fails inside the pool; `lease` answers it as McpStartFailed, so it never leaves here. */
class StartFailure extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** A start failure as the lease's outcome; any other error is thrown on. */
function startFailed(e: unknown): McpStartFailed {
  if (e instanceof StartFailure) return { kind: 'mcp-start-failed', message: e.message, stderr: e.stderr };
  throw e;
}

interface Live {
  key: string;
  connection: Promise<Connection>;
  close(): Promise<void>;
  leases: number;
  lastUsed: number;
}

export class McpPool {
  private readonly live = new Map<string, Live>();
  private closed = false;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly env: Record<string, string | undefined>,
    private readonly idleMs = DEFAULT_IDLE_MS,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(50, Math.min(60_000, idleMs / 2)));
    this.sweeper.unref();
  }

  /** A connected client for one call, starting the server if needed (release it when done), or why not. */
  async lease(entry: McpServerEntry, cwd: string): Promise<Lease | McpStartFailed> {
    let live: Live;
    try {
      live = this.acquire(entry, cwd);
    } catch (e) {
      return startFailed(e);
    }
    live.leases++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      live.leases--;
      live.lastUsed = Date.now();
    };
    try {
      return { ...(await live.connection), kind: 'leased', release };
    } catch (e) {
      release();
      return startFailed(e);
    }
  }

  /** The live server for the entry, started if it is not running or its definition changed. */
  private acquire(entry: McpServerEntry, cwd: string): Live {
    if (this.closed) throw new StartFailure('Hookpanel is stopping; no MCP server is started now', '');
    const expanded = expandServerConfig(entry.config, this.env);
    if ('error' in expanded)
      throw new StartFailure(
        `MCP server "${entry.name}" (${entry.definedIn}) cannot start: ${expanded.error}`,
        '',
      );
    const id = `${entry.definedIn}#${entry.name}`;
    const key = JSON.stringify([expanded.config, cwd]);
    const current = this.live.get(id);
    if (current?.key === key) {
      current.lastUsed = Date.now();
      return current;
    }
    if (current) inBackground(this.stop(id, current), `stopping MCP server ${id}`); // its definition changed: the old process goes
    const live = this.start(id, key, entry, expanded.config, cwd);
    this.live.set(id, live);
    return live;
  }

  /** Stops every server. Later connects are refused. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.allSettled([...this.live.entries()].map(([id, live]) => this.stop(id, live)));
  }

  /** How many servers are running or starting (for tests). */
  get size(): number {
    return this.live.size;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, live] of this.live)
      if (live.leases === 0 && now - live.lastUsed > this.idleMs)
        inBackground(this.stop(id, live), `stopping MCP server ${id}`);
  }

  private async stop(id: string, live: Live): Promise<void> {
    if (this.live.get(id) === live) this.live.delete(id);
    await live.close();
  }

  private start(id: string, key: string, entry: McpServerEntry, config: McpServerConfig, cwd: string): Live {
    let tail = '';
    let opened: { client: Client; close(): Promise<void> } | null = null;
    let stopped = false;
    const close = async () => {
      stopped = true;
      await opened?.close();
    };
    const where = config.type === 'stdio' ? [config.command, ...config.args].join(' ') : config.url;
    const connection = (async (): Promise<Connection> => {
      const sdk = await loadSdk();
      if (stopped) throw new Error('stopped before it started');
      const transport =
        config.type === 'stdio'
          ? new sdk.StdioClientTransport({
              command: config.command,
              args: config.args,
              env: { ...definedOnly(this.env), ...config.env },
              cwd: config.cwd ? resolve(cwd, config.cwd) : cwd,
              stderr: 'pipe',
            })
          : new sdk.StreamableHTTPClientTransport(new URL(config.url), {
              requestInit: { headers: config.headers },
            });
      if (transport instanceof sdk.StdioClientTransport) {
        transport.stderr?.on('data', (chunk: Buffer) => {
          tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
        });
      }
      const client = new sdk.Client({ name: 'hookpanel', version: '0.1.0' });
      opened = {
        client,
        close: async () => {
          if (transport instanceof sdk.StreamableHTTPClientTransport)
            await transport.terminateSession().catch(() => {});
          // The SDK ends only the server process; what it started (an npx wrapper's real server) goes too.
          const tree =
            transport instanceof sdk.StdioClientTransport && transport.pid !== null
              ? descendantsOf(transport.pid)
              : [];
          await client.close().catch(() => {});
          // Each by its identity (pid and start time): one that exited meanwhile may have a successor.
          for (const p of tree) signalProcess(p, 'SIGKILL');
        },
      };
      // A server that exits is forgotten, so the next hook that needs it starts it again.
      client.onclose = () => {
        if (this.live.get(id) === live) this.live.delete(id);
      };
      await client.connect(transport, { timeout: START_BUDGET_MS });
      return { client, stderr: () => tail };
    })().catch(async (e: Error) => {
      if (this.live.get(id) === live) this.live.delete(id);
      await close();
      // Let the last stderr chunks of a server that died on start arrive before reporting them.
      await new Promise((r) => setImmediate(r));
      throw new StartFailure(
        `MCP server "${entry.name}" (${entry.definedIn}) did not start: ${startFailure(e, where)}`,
        tail,
      );
    });
    connection.catch(() => {});
    // The callbacks above read `live` only after start() has returned.
    const live: Live = { key, connection, close, leases: 0, lastUsed: Date.now() };
    return live;
  }
}

type Sdk = Awaited<ReturnType<typeof importSdk>>;
let sdkLoading: Promise<Sdk> | null = null;

/** The SDK costs ~400 ms to import: loaded on the first mcp_tool hook, not by every `hookpanel emit`. */
function loadSdk(): Promise<Sdk> {
  return (sdkLoading ??= importSdk());
}

async function importSdk() {
  const [client, stdio, http] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return {
    Client: client.Client,
    StdioClientTransport: stdio.StdioClientTransport,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
  };
}

function startFailure(e: Error & { code?: unknown }, where: string): string {
  if (e.code === 'ENOENT') return `${where.split(' ')[0]} was not found (is it installed and on PATH?)`;
  if (e.code === -32001) return `it did not answer initialize within ${START_BUDGET_MS / 1000} s (${where})`;
  if (e.code === -32000) return `it exited or closed the connection before initializing (${where})`;
  // fetch hides why in its cause (ECONNREFUSED, ENOTFOUND, a certificate problem).
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return `${e.message}${cause ? `: ${cause.code ?? cause.message}` : ''} (${where})`;
}

function definedOnly(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}
