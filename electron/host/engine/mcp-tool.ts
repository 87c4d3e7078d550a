// The `mcp_tool` handler (pw/claude): calls one tool on an MCP server from the dialect's catalog. The
// tool's text goes through the same decision reader as a command's stdout; a tool error is a failure.
import { describeCatalog, type McpCatalog } from '../../../shared/mcp.js';
import { fillReferences } from '../mcp/payload-refs.js';
import type { Lease, McpPool } from '../mcp/pool.js';
import { resultClock, type HandlerResult } from './runtime.js';

export interface McpContext {
  /** Built when an mcp_tool hook runs, not for every event. */
  catalog(): McpCatalog;
  pool: McpPool;
}

const TAIL = 8192;

export async function runMcpTool(
  server: string,
  tool: string,
  input: unknown,
  payload: Record<string, unknown>,
  cwd: string,
  timeoutMs: number,
  mcp: McpContext,
  signal?: AbortSignal,
): Promise<HandlerResult> {
  const done = resultClock();
  const catalog = mcp.catalog();
  const entry = catalog.get(server);
  if (!entry) return done({ spawnError: `no MCP server is named "${server}": ${describeCatalog(catalog)}` });
  if (entry.unusable) return done({ spawnError: `MCP server "${server}" is not started: ${entry.unusable}` });
  const args = fillReferences(input, payload);
  if ('error' in args) return done({ spawnError: args.error });
  const deadline = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
  const leasing = mcp.pool.lease(entry, cwd);
  let lease: Lease | null = null;
  try {
    const leased = await untilAborted(leasing, deadline);
    if (leased.kind === 'mcp-start-failed')
      return done({ spawnError: leased.message, stderrTail: leased.stderr });
    lease = leased;
    // The deadline ends the call; the SDK's own request timeout (60 s by default) only backs it up.
    const res = await lease.client.callTool(
      { name: tool, arguments: args.value as Record<string, unknown> },
      undefined,
      { signal: deadline, timeout: timeoutMs + 1000 },
    );
    const text = textOf(res.content, res.structuredContent);
    if (res.isError)
      return done({
        spawnError: `MCP tool ${server}/${tool} reported an error: ${text.slice(0, 500) || '(no message)'}`,
        stderrTail: text.slice(-TAIL),
      });
    return done({ exitCode: 0, stdout: text, stdoutTail: text.slice(-TAIL) });
  } catch (e) {
    const timedOut = (deadline.aborted || (e as { code?: unknown }).code === -32001) && !signal?.aborted;
    if (timedOut && !lease)
      return done({
        timedOut: true,
        spawnError: `MCP server "${server}" was still starting after ${timeoutMs} ms; it goes on starting for the next hook`,
      });
    if (timedOut)
      return done({
        timedOut: true,
        spawnError: `MCP tool ${server}/${tool} gave no answer within ${timeoutMs} ms`,
      });
    return done({ spawnError: `MCP tool ${server}/${tool} failed: ${(e as Error).message}` });
  } finally {
    // A hook that gave up while the server started still holds its lease until the start settles.
    if (lease) lease.release();
    else
      void leasing.then(
        (l) => {
          if (l.kind === 'leased') l.release();
        },
        () => {},
      );
  }
}

/** Text blocks joined; a result with only structured content reads as its JSON. */
function textOf(content: unknown, structured: unknown): string {
  const blocks = Array.isArray(content) ? (content as { type?: string; text?: string }[]) : [];
  const text = blocks
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text)
    .join('\n');
  if (text) return text;
  return structured !== undefined && structured !== null ? JSON.stringify(structured) : '';
}

/** Waiting for a shared server start ends with this hook's deadline; the start itself goes on for the next hook. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e as Error);
      },
    );
  });
}
