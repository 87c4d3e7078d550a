// The real agents the real-client tier drives, installed pinned into a cache outside the app's
// node_modules (Codex's binary alone is about 300 MB), once, and shared by concurrent test files.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { DIALECT_MANIFESTS, type Dialect } from '../../shared/dialects.js';
import { REPO } from '../helpers/env.js';
import { agentNode as nodeForAgents } from './agent-node.js';

/** An agent the tier installs: a dialect with a pinned spec in test/realclient/install/<id>.ts. */
export type AgentName = Dialect;

export interface AgentSpec {
  label: string;
  package: string;
  /** Pinned: the tests, fixtures and docs/agents/ describe exactly this version. */
  version: string;
  /** The file, relative to the package folder, that starts the agent under Node. */
  entry: string;
  /**
   * For an agent that is a native program: its path under node_modules, run directly (its npm
   * launcher is made by an install script, which the tier does not run); `entry` then names a file
   * the package always has, to know the install is whole.
   */
  native?: string;
}

/**
 * The agents this tier installs, found by convention as the dialect registry finds modules: an agent
 * dialect with a spec in install/<id>.ts (Claude Code comes from the app's devDependencies instead).
 */
export const AGENTS: Partial<Record<AgentName, AgentSpec>> = Object.fromEntries(
  (
    await Promise.all(
      DIALECT_MANIFESTS.filter((m) => m.kind === 'agent').map(async (m) => {
        const path = `./install/${m.id}.js`;
        const found = (await import(/* @vite-ignore */ path).catch(() => null)) as { spec: AgentSpec } | null;
        return found ? [[m.id, found.spec] as const] : [];
      }),
    )
  ).flat(),
);

/** The pinned spec of an agent the tier installs. */
export function agentSpec(name: AgentName): AgentSpec {
  const spec = AGENTS[name];
  if (!spec)
    throw new AgentInstallError(`no install spec for ${name}: add test/realclient/install/${name}.ts`);
  return spec;
}

export interface InstalledAgent {
  name: AgentName;
  label: string;
  version: string;
  /** The install folder (`npm install --prefix`). */
  dir: string;
  /** The agent's executable as npm links it (`node_modules/.bin/<name>`), else its native program. */
  bin: string;
  /**
   * argv that starts it without relying on `node` being on PATH: the agents' Node (agent-node.ts), which
   * may be a script that execs it, and the agent's entry.
   */
  command: [string, string];
  /** The Node binary `command` runs the entry under. */
  node: string;
  /** The native program, for an agent that is one (spec.native): run it directly. */
  native: string | null;
  /** How the install went when it was made (possibly by another test file or an earlier run). */
  install: { ms: number; bytes: number; at: string };
}

const MARKER = 'hookpanel-agent.json';
const LOCK_STALE_MS = 20 * 60_000;

/**
 * Where installed agents live: HOOKPANEL_AGENT_CACHE, else the user's cache folder
 * (XDG_CACHE_HOME or ~/.cache) when HOME is a real folder, else `.cache/agents` in the repository,
 * so a CI clone with an empty or unwritable HOME still has a place that survives between test files.
 */
export function agentCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HOOKPANEL_AGENT_CACHE) return env.HOOKPANEL_AGENT_CACHE;
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME))
    return join(env.XDG_CACHE_HOME, 'hookpanel', 'agents');
  if (env.HOME && isAbsolute(env.HOME) && existsSync(env.HOME))
    return join(env.HOME, '.cache', 'hookpanel', 'agents');
  return join(REPO, '.cache', 'agents');
}

export class AgentInstallError extends Error {}

export interface EnsureOptions {
  cache?: string;
  /** The npm to run, as argv (default: npm on PATH, or the npm running this script). */
  npm?: [string, ...string[]];
}

/** The agent, installed (now, or by an earlier run) at its pinned version. */
export async function ensureAgent(name: AgentName, opts: EnsureOptions = {}): Promise<InstalledAgent> {
  const cache = opts.cache ?? agentCacheDir();
  const spec = agentSpec(name);
  const dir = join(cache, `${name}@${spec.version}`);
  const ready = () => readInstalled(name, dir);
  const found = ready();
  if (found) return found;
  try {
    await mkdir(cache, { recursive: true });
  } catch (e) {
    throw new AgentInstallError(
      `cannot create the agent cache ${cache}: ${(e as Error).message}; set HOOKPANEL_AGENT_CACHE to a writable folder`,
    );
  }
  return withInstallLock(join(cache, `${name}@${spec.version}.lock`), async () => {
    const again = ready();
    if (again) return again;
    await install(name, cache, dir, opts.npm ?? npmCommand());
    const made = ready();
    if (!made)
      throw new AgentInstallError(
        `${spec.package}@${spec.version} installed into ${dir} but its entry is missing`,
      );
    return made;
  });
}

export type AgentForTests = { agent: InstalledAgent; why: '' } | { agent: null; why: string };

/**
 * For `describe.skipIf(!x.agent)(\`… ${x.why}\`)`: the agent, or why the tests cannot run, said in the
 * suite's name and on stderr. With HOOKPANEL_REQUIRE_AGENTS=1 (CI) a missing agent fails instead.
 */
export async function agentForTests(name: AgentName): Promise<AgentForTests> {
  try {
    const agent = await ensureAgent(name);
    return { agent, why: '' };
  } catch (e) {
    const spec = AGENTS[name];
    const why = `(skipped: ${spec ? `${spec.label} ${spec.version}` : name} is not available: ${(e as Error).message})`;
    if (process.env.HOOKPANEL_REQUIRE_AGENTS === '1') throw new Error(why, { cause: e });
    process.stderr.write(`real-client tier: ${why}\n`);
    return { agent: null, why };
  }
}

/** One line for the test log: where the agent came from and what its install cost. */
export function describeInstall(a: InstalledAgent): string {
  return `${a.label} ${a.version} from ${a.dir} (installed ${a.install.at} in ${(a.install.ms / 1000).toFixed(1)} s, ${(a.install.bytes / 1024 / 1024).toFixed(0)} MiB)${a.native ? '' : `, under ${a.node}`}`;
}

function readInstalled(name: AgentName, dir: string): InstalledAgent | null {
  const spec = agentSpec(name);
  let marker: { version?: string; ms?: number; bytes?: number; at?: string };
  try {
    marker = JSON.parse(readFileSync(join(dir, MARKER), 'utf8'));
  } catch {
    return null;
  }
  const entry = join(dir, 'node_modules', ...spec.package.split('/'), spec.entry);
  const native = spec.native ? join(dir, 'node_modules', spec.native) : null;
  // A platform package alone (Factory Droid's) has no npm launcher: its program is the binary.
  const launcher = join(dir, 'node_modules', '.bin', name);
  const bin = native && !existsSync(launcher) ? native : launcher;
  if (marker.version !== spec.version || !existsSync(entry) || !existsSync(bin)) return null;
  if (native && !existsSync(native)) return null;
  const agentNode = nodeForAgents(dirname(dir));
  return {
    name,
    label: spec.label,
    version: spec.version,
    dir,
    bin,
    command: [agentNode.program, entry],
    node: agentNode.node,
    native,
    install: { ms: marker.ms ?? 0, bytes: marker.bytes ?? 0, at: marker.at ?? 'unknown' },
  };
}

/** Installs into a staging folder and renames it into place, so a half-done install is never used. */
async function install(
  name: AgentName,
  cache: string,
  dir: string,
  npm: [string, ...string[]],
): Promise<void> {
  const spec = agentSpec(name);
  const staging = join(cache, `.staging-${name}-${process.pid}-${randomBytes(4).toString('hex')}`);
  const started = Date.now();
  process.stderr.write(`real-client tier: installing ${spec.package}@${spec.version} into ${dir} …\n`);
  try {
    const result = await execa(
      npm[0],
      [
        ...npm.slice(1),
        'install',
        '--prefix',
        staging,
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${spec.package}@${spec.version}`,
      ],
      { env: npmEnv(cache), extendEnv: false, reject: false, timeout: 15 * 60_000, all: true },
    );
    if (result.exitCode !== 0 || result.timedOut) {
      const tail = (result.all ?? '').trim().split('\n').slice(-8).join('\n');
      throw new AgentInstallError(
        `npm install ${spec.package}@${spec.version} ${result.timedOut ? 'timed out' : `exited ${result.exitCode ?? result.signal}`}` +
          (tail ? `:\n${tail}` : '') +
          `\n(install it by hand with: npm install --prefix ${dir} --ignore-scripts ${spec.package}@${spec.version})`,
      );
    }
    const ms = Date.now() - started;
    const bytes = await folderBytes(staging);
    await writeFile(
      join(staging, MARKER),
      JSON.stringify({
        package: spec.package,
        version: spec.version,
        ms,
        bytes,
        at: new Date().toISOString(),
      }),
    );
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
    process.stderr.write(
      `real-client tier: installed ${spec.package}@${spec.version} in ${(ms / 1000).toFixed(1)} s (${(bytes / 1024 / 1024).toFixed(0)} MiB)\n`,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** npm as the test run found it: on PATH, else the one running this npm script. */
function npmCommand(): [string, ...string[]] {
  const execpath = process.env.npm_execpath;
  if (execpath && /npm-cli\.[cm]?js$/.test(execpath) && existsSync(execpath))
    return [process.execPath, execpath];
  return ['npm'];
}

/** The caller's environment without the npm_config_* an enclosing `npm test` sets (prefix, global, …). */
function npmEnv(cache: string): NodeJS.ProcessEnv {
  const keep =
    /^npm_config_(registry|cache|userconfig|globalconfig|proxy|https_proxy|noproxy|cafile|ca|strict_ssl|@.*:registry)$/i;
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) && !keep.test(k)) continue;
    env[k] = v;
  }
  // npm keeps its download cache in HOME; with none usable, keep it beside the agents.
  if (!env.HOME || !isAbsolute(env.HOME) || !existsSync(env.HOME)) env.npm_config_cache = join(cache, '.npm');
  return env;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * One installer at a time per agent version, across processes (vitest runs test files in parallel
 * forks): a lock file holding the installer's pid; a lock whose holder died is taken over.
 */
async function withInstallLock<T>(lockPath: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await writeFile(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (await lockIsStale(lockPath)) {
        await rm(lockPath, { force: true });
        continue;
      }
      await sleep(250);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockPath, { force: true });
  }
}

async function lockIsStale(lockPath: string): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
    if (Date.now() - info.mtimeMs > LOCK_STALE_MS) return true;
    const pid = Number(text);
    if (!Number.isInteger(pid) || pid <= 0) return Date.now() - info.mtimeMs > 5_000;
    process.kill(pid, 0);
    return false;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ESRCH' || code === 'ENOENT';
  }
}
