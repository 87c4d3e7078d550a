// Runs one rule's handler and returns a HandlerResult of the same shape whatever the handler is.
import { appendFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { Rule } from '../../../shared/model.js';
import type { HostEnv } from '../paths.js';
import type { ModelSettings } from '../settings/settings.js';
import { MAX_ANSWER_BYTES, runProcess } from '../process/run.js';
import { runAgent } from './agent.js';
import { runMcpTool, type McpContext } from './mcp-tool.js';
import { runPrompt } from './prompt.js';
import {
  resultClock,
  type DialectRuntime,
  type EngineEvent,
  type HandlerResult,
  type HookInput,
} from './runtime.js';

export interface HandlerContext {
  host: HostEnv;
  /** Working directory for hooks: the workspace, else the home folder. */
  cwd: string;
  /** pw/claude: variables an http hook may put into its headers (user layer `allowedEnvVars`). */
  allowedEnvVars: ReadonlySet<string>;
  resultFile: string | null;
  /** pw/claude: the MCP servers this dialect's files define, and the live connections. */
  mcp: McpContext;
  /** pw/claude: the Messages API endpoint from Hookpanel's settings (the environment fills gaps). */
  model: ModelSettings;
  signal?: AbortSignal;
  killGraceMs?: number;
}

/** Where a hook runs: what its environment and working directory are derived from. */
export type HookPlace = Pick<HandlerContext, 'host' | 'cwd'>;

/** The environment every hook process gets, documented in docs/engine.md. */
export function hookEnvironment(
  rule: Rule,
  runtime: DialectRuntime,
  ev: EngineEvent,
  ctx: HookPlace,
  dialectEnv: Record<string, string>,
): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.host.env)) if (v !== undefined) base[k] = v;
  const ruleEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(rule.env))
    ruleEnv[k] = runtime.expand ? runtime.expand(v, ev, ctx.host) : v;
  return {
    ...base,
    HOOKPANEL_DISPATCH: ev.dispatchToken ?? ev.id,
    HOOKPANEL_DIALECT: ev.dialect,
    HOOKPANEL_EVENT: ev.event,
    ...dialectEnv,
    ...ruleEnv,
  };
}

function hookCwd(rule: Rule, runtime: DialectRuntime, ev: EngineEvent, ctx: HookPlace): string {
  if (!rule.cwd) return ctx.cwd;
  const expanded = runtime.expand ? runtime.expand(rule.cwd, ev, ctx.host) : rule.cwd;
  return isAbsolute(expanded) ? expanded : resolve(ctx.cwd, expanded);
}

/** The argv a process-backed handler runs, or null for handlers that are not processes. */
export function handlerArgv(
  rule: Rule,
  runtime: DialectRuntime,
  env: Record<string, string>,
): string[] | null {
  const h = rule.handler;
  if (h.kind === 'exec') return h.argv;
  if (h.kind === 'shell') return runtime.shellArgv(h.command, env);
  if (h.kind === 'script') return [...h.interpreter, h.path, ...h.args];
  return null;
}

export interface PreparedHook {
  input: HookInput;
  env: Record<string, string>;
  /** Null for handlers that are not processes. */
  argv: string[] | null;
  cwd: string;
}

/** What a hook receives (input, environment) and, for a process, what it runs and where. */
export function prepareHook(
  rule: Rule,
  runtime: DialectRuntime,
  ev: EngineEvent,
  place: HookPlace,
  resultFile: string | null,
): PreparedHook {
  const input = runtime.input(rule, ev, { resultFile });
  const env = hookEnvironment(rule, runtime, ev, place, input.env);
  return { input, env, argv: handlerArgv(rule, runtime, env), cwd: hookCwd(rule, runtime, ev, place) };
}

export async function runHandler(
  rule: Rule,
  runtime: DialectRuntime,
  ev: EngineEvent,
  ctx: HandlerContext,
): Promise<HandlerResult> {
  const { input, env, argv, cwd } = prepareHook(rule, runtime, ev, ctx, ctx.resultFile);
  if (argv)
    return runProcess({
      argv,
      cwd,
      env,
      stdin: input.stdin,
      timeoutMs: rule.timeoutMs,
      signal: ctx.signal,
      killGraceMs: ctx.killGraceMs,
    });
  const h = rule.handler;
  // The payload as the dialect hands it to hooks (pw/claude add hook_event_name and cwd).
  const payload = () => JSON.parse(input.stdin ?? '{}') as Record<string, unknown>;
  switch (h.kind) {
    case 'append':
      return appendEvent(h.path, ev, ctx);
    case 'http':
      return postHttp(h.url, h.headers, input.stdin ?? JSON.stringify(ev.payload), rule.timeoutMs, ctx);
    case 'prompt':
      return runPrompt(h.prompt, h.model, payload(), rule.timeoutMs, ctx.host, ctx.model, ctx.signal);
    case 'agent':
      return runAgent(h.prompt, h.model, payload(), ctx.cwd, rule.timeoutMs, ctx.host, ctx.model, ctx.signal);
    case 'mcp_tool':
      return runMcpTool(h.server, h.tool, h.input, payload(), ctx.cwd, rule.timeoutMs, ctx.mcp, ctx.signal);
    default:
      // exec, shell and script are processes, handled above.
      return resultClock()({ spawnError: `${h.kind} handlers cannot run here` });
  }
}

async function appendEvent(path: string, ev: EngineEvent, ctx: HandlerContext): Promise<HandlerResult> {
  const done = resultClock();
  const target = isAbsolute(path) ? path : resolve(ctx.cwd, path);
  const line = `${JSON.stringify({ time: new Date().toISOString(), event: ev.event, payload: ev.payload })}\n`;
  try {
    // One write of one line with O_APPEND: concurrent writers never interleave inside a line.
    await appendFile(target, line, { flag: 'a' });
    return done({ exitCode: 0 });
  } catch (e) {
    return done({ spawnError: `cannot append to ${target}: ${(e as Error).message}` });
  }
}

/** `$VAR` / `${VAR}` in header values, only for allowlisted variables; any other is a loud failure. */
export function interpolateHeaders(
  headers: Record<string, string>,
  env: HostEnv['env'],
  allowed: ReadonlySet<string>,
): { headers: Record<string, string> } | { error: string } {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    let error: string | null = null;
    out[name] = value.replace(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (_m, a?: string, b?: string) => {
      const variable = (a ?? b)!;
      if (!allowed.has(variable))
        error ??= `header "${name}" uses $${variable}, which is not in allowedEnvVars of a user-layer file`;
      else if (env[variable] === undefined)
        error ??= `header "${name}" uses $${variable}, which is not set in the environment`;
      return env[variable] ?? '';
    });
    if (error) return { error };
  }
  return { headers: out };
}

async function postHttp(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  ctx: HandlerContext,
): Promise<HandlerResult> {
  const done = resultClock();
  const interpolated = interpolateHeaders(headers, ctx.host.env, ctx.allowedEnvVars);
  if ('error' in interpolated) return done({ spawnError: interpolated.error });
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(ctx.signal ? [ctx.signal] : [])]);
  let target = new URL(url);
  try {
    for (let hop = 0; hop < 5; hop++) {
      const res = await fetch(target, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...interpolated.headers },
        redirect: 'manual',
        signal,
      });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, target);
        // Following a cross-origin redirect would forward the secret headers to a host you did not configure.
        if (next.origin !== target.origin)
          return done({
            httpStatus: res.status,
            spawnError: `refused a cross-origin redirect from ${target.origin} to ${next.origin}`,
          });
        target = next;
        continue;
      }
      const text = await res.text();
      const tail = text.length > 8192 ? `…${text.slice(-8192)}` : text;
      if (!res.ok)
        return done({
          httpStatus: res.status,
          exitCode: null,
          spawnError: `HTTP ${res.status} from ${target.href}`,
          stdoutTail: tail,
        });
      return done({
        httpStatus: res.status,
        exitCode: 0,
        stdout: Buffer.byteLength(text) <= MAX_ANSWER_BYTES ? text : null,
        stdoutBytes: Buffer.byteLength(text),
        stdoutTail: tail,
      });
    }
    return done({ spawnError: `too many redirects from ${url}` });
  } catch (e) {
    const timedOut = (e as Error).name === 'TimeoutError';
    return done({
      timedOut,
      spawnError: timedOut
        ? `no answer from ${target.href} within ${timeoutMs} ms`
        : `POST ${target.href} failed: ${(e as Error).message}`,
    });
  }
}
