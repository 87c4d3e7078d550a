// Codex's own API for its hooks and their trust: `codex app-server`, JSON-RPC over stdio (one JSON
// message per line, no "jsonrpc" header). Hookpanel asks Codex which hooks it would run (`hooks/list`,
// with Codex's own trusted / untrusted / modified verdict and hash) and records trust through Codex
// (`config/batchWrite` to `hooks.state`), so Codex's hash is never re-implemented here.
// Protocol: `codex app-server generate-ts` of Codex 0.171 (docs/agents/codex.md, "App server").
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { newTag, signalTree, treeBeforeSpawn, treeMembers, type HookTree } from '../../process/groups.js';
import { startTicksOf } from '../../process/proc-table.js';
import type { ProgramElsewhere } from '../../agents/agent-machine.js';
import { findProgram } from '../../util/which.js';

export const CODEX_TRUST_STATUSES = ['managed', 'untrusted', 'trusted', 'modified'] as const;
export type CodexTrustStatus = (typeof CODEX_TRUST_STATUSES)[number];

const HookSchema = z.object({
  /** `<source file>:<event_label>:<group>:<index>`, the `hooks.state` key Codex reads trust from. */
  key: z.string(),
  eventName: z.string(),
  handlerType: z.string(),
  command: z.string().nullish(),
  matcher: z.string().nullable(),
  timeoutSec: z.number(),
  statusMessage: z.string().nullable(),
  sourcePath: z.string(),
  source: z.string(),
  enabled: z.boolean(),
  isManaged: z.boolean(),
  currentHash: z.string(),
  trustStatus: z.enum(CODEX_TRUST_STATUSES),
});
export type CodexHook = z.infer<typeof HookSchema>;

const HooksListSchema = z.object({
  data: z.array(
    z.object({
      cwd: z.string(),
      hooks: z.array(HookSchema),
      warnings: z.array(z.string()),
      errors: z.array(z.object({ path: z.string(), message: z.string() })),
    }),
  ),
});
export type CodexHooksForCwd = z.infer<typeof HooksListSchema>['data'][number];

const InitializeSchema = z.object({
  userAgent: z.string(),
  codexHome: z.string(),
  platformOs: z.string().optional(),
});
const WriteSchema = z.object({ status: z.string(), version: z.string(), filePath: z.string() });

/** How Codex's app server failed once started (or starting): each is reported, none branched on. */
export type CodexAppServerErrorCode = 'timeout' | 'exited' | 'refused' | 'protocol';

/**
 * No Codex to ask: an outcome callers switch on (each says something different then), rather than an
 * error, since a machine without Codex is an ordinary case and not a failure.
 */
export interface CodexNotInstalled {
  kind: 'not-installed';
  message: string;
}
export type CodexStart = { kind: 'started'; server: CodexAppServer } | CodexNotInstalled;
export type CodexRun<T> = { kind: 'answered'; value: T } | CodexNotInstalled;

export class CodexAppServerError extends Error {
  constructor(
    readonly code: CodexAppServerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface CodexAppServerOptions {
  /** The Codex program: a path, or a name looked up on PATH. Default `codex`. */
  program?: string;
  /** Codex's environment: HOME and CODEX_HOME decide whose hooks and trust it reads. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Codex on another machine: found on its PATH and started there; env and cwd are then ssh's, here. */
  elsewhere?: ProgramElsewhere;
  /** Bound on starting and on each request, in ms. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
/** How long `close` waits for Codex to leave after its stdin closes before killing its group. */
const EXIT_GRACE_MS = 2_000;

type Pending = {
  method: string;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
};

/** One running `codex app-server`, initialized; close it (its whole process group goes). */
export class CodexAppServer {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private stderrTail = '';
  private exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly exitPromise: Promise<void>;
  private readonly killOnExit = () => this.killGroup('SIGKILL');
  info: z.infer<typeof InitializeSchema> = { userAgent: '', codexHome: '' };

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly tree: HookTree,
    private readonly timeoutMs: number,
    readonly program: string,
  ) {
    process.once('exit', this.killOnExit);
    child.stderr.on('data', (d: Buffer) => (this.stderrTail = (this.stderrTail + d.toString()).slice(-4000)));
    // A closed pipe surfaces as the exit below; without this listener it would throw.
    child.stdin.on('error', () => {});
    createInterface({ input: child.stdout }).on('line', (line) => this.onLine(line));
    this.exitPromise = new Promise((resolve) =>
      child.on('close', (code, signal) => {
        this.exited = { code, signal };
        process.removeListener('exit', this.killOnExit);
        this.failAll(
          new CodexAppServerError(
            'exited',
            `codex app-server (${program}) exited ${signal ? `on ${signal}` : `with code ${code}`}${this.stderrSuffix()}`,
          ),
        );
        resolve();
      }),
    );
  }

  /** Starts `codex app-server` and completes its handshake; throws a CodexAppServerError if that fails. */
  static async start(opts: CodexAppServerOptions = {}): Promise<CodexStart> {
    const env = opts.env ?? process.env;
    const name = opts.program ?? 'codex';
    const there = opts.elsewhere;
    const program = there ? await there.find(name) : findProgram(name, env.PATH, opts.cwd ?? null);
    if (!program) {
      return {
        kind: 'not-installed',
        message: there
          ? `Codex is not installed on ${there.where}: no "${name}" program on the PATH a command run there over ssh gets`
          : name.includes('/')
            ? `Codex is not installed at ${name} (no executable file there)`
            : `Codex is not installed: no "${name}" program on PATH; install it (npm install -g @openai/codex) or point Hookpanel at it`,
      };
    }
    const [file, ...args] = there?.argv(program, ['app-server']) ?? [program, 'app-server'];
    // Tagged like a hook, so what it leaves is found by identity once it has exited (groups.ts). Over
    // ssh, that is ssh here; Codex there reads the end of its stdin when ssh goes, and leaves.
    const tag = newTag();
    const tree = treeBeforeSpawn(tag.tag, Infinity, 0);
    const child = spawn(file, args, {
      cwd: opts.cwd,
      env: { ...env, [tag.name]: tag.value },
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so close() takes Codex and anything it started.
      detached: process.platform !== 'win32',
    });
    const spawned = await new Promise<Error | null>((resolve) => {
      child.once('spawn', () => resolve(null));
      child.once('error', (e) => resolve(e));
    });
    // Found, yet not startable (not executable after all, or gone since): as good as not installed.
    const shown = there ? `${program} on ${there.where}` : program;
    if (spawned)
      return { kind: 'not-installed', message: `cannot start ${shown} app-server: ${spawned.message}` };
    Object.assign(tree, { pgid: child.pid ?? null, leaderStart: child.pid ? startTicksOf(child.pid) : null });
    const server = new CodexAppServer(child, tree, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, shown);
    try {
      const init = await server.request('initialize', {
        clientInfo: { name: 'hookpanel', title: 'Hookpanel', version: '0.1.0' },
        capabilities: null,
      });
      server.info = parse(InitializeSchema, init, 'initialize');
      server.notify('initialized');
      return { kind: 'started', server };
    } catch (e) {
      await server.close();
      throw e;
    }
  }

  /** The hooks Codex would consider for each folder, with its own trust verdict per hook. */
  async listHooks(cwds: string[]): Promise<CodexHooksForCwd[]> {
    return parse(HooksListSchema, await this.request('hooks/list', { cwds }), 'hooks/list').data;
  }

  /**
   * Records Codex's trust for these hooks exactly as listed (their current hash), in the user's
   * config.toml through Codex itself; with `verifyCwds`, lists again and fails unless every one now
   * shows as trusted (a hook edited in between shows as modified).
   */
  async trustHooks(
    hooks: Pick<CodexHook, 'key' | 'currentHash'>[],
    verifyCwds?: string[],
  ): Promise<{ filePath: string; version: string }> {
    if (hooks.length === 0) throw new CodexAppServerError('protocol', 'no hooks were given to trust');
    const written = await this.writeHookStates(
      hooks.map((h) => ({ key: h.key, state: { trusted_hash: h.currentHash } })),
    );
    if (verifyCwds) {
      const now = new Map((await this.listHooks(verifyCwds)).flatMap((d) => d.hooks).map((h) => [h.key, h]));
      const notTrusted = hooks.filter((h) => now.get(h.key)?.trustStatus !== 'trusted');
      if (notTrusted.length) {
        throw new CodexAppServerError(
          'refused',
          `Codex still does not trust ${notTrusted.map((h) => `${h.key} (${now.get(h.key)?.trustStatus ?? 'no longer listed'})`).join(', ')} after writing ${written.filePath}`,
        );
      }
    }
    return written;
  }

  /** Removes the `hooks.state` records of these keys (trust and on/off) from the user's config.toml. */
  async forgetHooks(keys: string[]): Promise<{ filePath: string; version: string }> {
    if (keys.length === 0) throw new CodexAppServerError('protocol', 'no hooks were given to forget');
    return this.writeHookStates(keys.map((key) => ({ key, state: null })));
  }

  /**
   * Takes back Codex's trust of these hooks: each record loses its `trusted_hash` (a hook switched off
   * keeps `enabled = false`); with `verifyCwds`, lists again and fails if any of them is still trusted.
   */
  async untrustHooks(
    hooks: { key: string; enabled: boolean }[],
    verifyCwds?: string[],
  ): Promise<{ filePath: string; version: string }> {
    if (hooks.length === 0) throw new CodexAppServerError('protocol', 'no hooks were given to untrust');
    const written = await this.writeHookStates(
      hooks.map((h) => ({ key: h.key, state: h.enabled ? null : { enabled: false } })),
    );
    if (verifyCwds) {
      const now = new Map((await this.listHooks(verifyCwds)).flatMap((d) => d.hooks).map((h) => [h.key, h]));
      const still = hooks.filter((h) => now.get(h.key)?.trustStatus === 'trusted');
      if (still.length)
        throw new CodexAppServerError(
          'refused',
          `Codex still trusts ${still.map((h) => h.key).join(', ')} after writing ${written.filePath}`,
        );
    }
    return written;
  }

  /**
   * One edit per key (`hooks.state."<key>"`), rather than an upsert of the whole table: Codex then
   * writes just that record's table, and removing it again leaves config.toml as it was before.
   */
  private async writeHookStates(
    records: { key: string; state: { trusted_hash: string } | { enabled: false } | null }[],
  ): Promise<{ filePath: string; version: string }> {
    const written = parse(
      WriteSchema,
      await this.request('config/batchWrite', {
        edits: records.map((r) => ({
          keyPath: `hooks.state.${JSON.stringify(r.key)}`,
          value: r.state,
          mergeStrategy: 'replace',
        })),
        filePath: null,
        expectedVersion: null,
      }),
      'config/batchWrite',
    );
    return { filePath: written.filePath, version: written.version };
  }

  /** Closes stdin (Codex leaves), then kills the process group if anything is left. */
  async close(): Promise<void> {
    if (!this.exited) {
      this.child.stdin.end();
      const left = await Promise.race([
        this.exitPromise.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), EXIT_GRACE_MS).unref()),
      ]);
      if (left) this.killGroup('SIGKILL');
      await this.exitPromise;
    }
    this.killGroup('SIGKILL');
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private request(method: string, params: unknown): Promise<unknown> {
    if (this.exited) {
      return Promise.reject(
        new CodexAppServerError('exited', `codex app-server has exited${this.stderrSuffix()}`),
      );
    }
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new CodexAppServerError(
            'timeout',
            `codex app-server did not answer ${method} within ${this.timeoutMs / 1000} s; it was stopped${this.stderrSuffix()}`,
          ),
        );
        this.killGroup('SIGKILL');
      }, this.timeoutMs);
      this.pending.set(id, { method, resolve, reject, timer });
      this.child.stdin.write(`${JSON.stringify({ method, id, params })}\n`);
    });
  }

  private notify(method: string): void {
    this.child.stdin.write(`${JSON.stringify({ method })}\n`);
  }

  private onLine(line: string): void {
    let message: {
      id?: unknown;
      method?: unknown;
      result?: unknown;
      error?: { message?: unknown; code?: unknown };
    };
    try {
      message = JSON.parse(line);
    } catch {
      return; // not a protocol message (a stray log line)
    }
    if (typeof message.id === 'number' && message.method === undefined) {
      const p = this.pending.get(message.id);
      if (!p) return;
      this.pending.delete(message.id);
      clearTimeout(p.timer);
      if (message.error) {
        p.reject(
          new CodexAppServerError(
            'refused',
            `codex app-server refused ${p.method}: ${String(message.error.message ?? 'no message')} (code ${String(message.error.code)})`,
          ),
        );
      } else p.resolve(message.result);
      return;
    }
    // A request from Codex (approvals, …): Hookpanel asks nothing that needs one, so it declines.
    if (message.id !== undefined && typeof message.method === 'string') {
      this.child.stdin.write(
        `${JSON.stringify({ id: message.id, error: { code: -32601, message: 'not supported by Hookpanel' } })}\n`,
      );
    }
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    this.pending.clear();
  }

  /**
   * Ends Codex and what it started: its group while that is proven its own (after Codex has exited,
   * the group's id may be a stranger's), and every process carrying its tag, each by its identity.
   */
  private killGroup(signal: NodeJS.Signals): void {
    if (this.child.pid === undefined) return;
    if (process.platform === 'win32') {
      this.child.kill(signal);
      return;
    }
    signalTree(this.tree, treeMembers([this.tree]).get(this.tree)!, signal);
  }

  private stderrSuffix(): string {
    const tail = this.stderrTail.trim().split('\n').slice(-3).join(' | ');
    return tail ? `; its last words: ${tail}` : '';
  }
}

/** Starts Codex's app server, runs `fn`, and always stops it; or says Codex is not installed. */
export async function withCodexAppServer<T>(
  opts: CodexAppServerOptions,
  fn: (server: CodexAppServer) => Promise<T>,
): Promise<CodexRun<T>> {
  const start = await CodexAppServer.start(opts);
  if (start.kind === 'not-installed') return start;
  try {
    return { kind: 'answered', value: await fn(start.server) };
  } finally {
    await start.server.close();
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, method: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new CodexAppServerError(
    'protocol',
    `codex app-server answered ${method} in a shape Hookpanel does not know (${issue.path.join('.') || 'the answer'}: ${issue.message}); is this Codex version supported?`,
  );
}
