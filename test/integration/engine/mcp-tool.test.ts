// `mcp_tool` hooks against a real MCP server written for the tests: over stdio (a child process the
// engine starts, reuses and stops) and over streamable HTTP on 127.0.0.1.
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { DispatchRecord } from '../../../shared/dispatch.js';
import { runCli } from '../../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../../helpers/env.js';
import { openHost, processesWithMarker, waitFor } from '../../helpers/host.js';
import type { CallLog } from '../../helpers/mcp-test-server.js';
import { startHttpMcpServer } from '../../helpers/mcp-test-server.js';
import { McpPool } from '../../../electron/host/mcp/pool.js';

const SERVER = join(REPO, 'dist', 'test', 'helpers', 'mcp-stdio-server.js');
const USER = '~/.config/pw/code.json';
let env: TestEnv;
afterEach(() => env?.cleanup());

/** A stdio server definition whose processes carry a marker, so the test can find them in /proc. */
function stdioServer(marker: string, extraEnv: Record<string, string> = {}) {
  return {
    command: process.execPath,
    args: [SERVER],
    env: { MCP_TEST_LOG: env.path('calls.jsonl'), HOOKPANEL_MCP_MARKER: marker, ...extraEnv },
  };
}
/**
 * The server's call log, its whole lines only: a test polls it while the server writes, and the server's
 * append creates the file before it writes the line (read between, it is empty), or may be read mid-line.
 */
const calls = (): (CallLog & { started?: boolean })[] =>
  existsSync(env.path('calls.jsonl'))
    ? readFileSync(env.path('calls.jsonl'), 'utf8')
        .split('\n')
        .slice(0, -1)
        .map((l) => JSON.parse(l))
    : [];
const guard = (tool: string, input: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  matcher: 'Edit',
  hooks: [{ type: 'mcp_tool', server: 'policy', tool, input, ...extra }],
});
const dispatch = (records: unknown[], rule: string) =>
  records.find(
    (r) => (r as DispatchRecord).type === 'dispatch' && (r as DispatchRecord).rule === rule,
  ) as DispatchRecord;
const edit = { tool_name: 'Edit', tool_input: { file_path: 'src/app.ts', count: 3, tags: ['a', 'b'] } };

/**
 * A port nobody listens on, and nobody will while the test runs: outside the range the kernel hands
 * out (to every `listen(0)`, the other tests' included, and to outgoing connections), so only a fixed
 * port could take it; checked to refuse a connection.
 */
async function refusingPort(): Promise<number> {
  const range = '/proc/sys/net/ipv4/ip_local_port_range';
  const lowest = existsSync(range) ? Number(readFileSync(range, 'utf8').trim().split(/\s+/)[0]) : 49152;
  for (;;) {
    const port = lowest - 1 - Math.floor(Math.random() * Math.min(2000, lowest - 1025));
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
    });
    if (refused) return port;
  }
}

describe('mcp_tool over stdio', () => {
  test('the tool answer goes through the decision reader; the server starts once, is reused, and stops with the host', async () => {
    env = makeEnv();
    const marker = `mcp-${Date.now()}-reuse`;
    env.write(
      USER,
      JSON.stringify({
        mcpServers: { policy: stdioServer(marker, { MCP_TEST_CHILD: '1' }) },
        hooks: { PreToolUse: [guard('answer', { text: '{"decision":"block","reason":"src/ is frozen"}' })] },
      }),
    );
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'PreToolUse', edit);
    expect(answer).toMatchObject({
      decision: 'block',
      reason: 'src/ is frozen',
      dispatches: [{ outcome: 'blocked' }],
    });
    ({ answer } = await h.fire('pw', 'PreToolUse', edit));
    expect(answer.decision).toBe('block');
    const log = calls();
    expect(log.filter((c) => c.started)).toHaveLength(1);
    expect(new Set(log.filter((c) => c.tool).map((c) => c.pid)).size).toBe(1);
    expect(processesWithMarker(marker)).toHaveLength(2); // the server and the child it started
    await h.host.close(1000);
    expect(
      await waitFor(
        () => processesWithMarker(marker),
        (p) => p.length === 0,
      ),
    ).toEqual([]);
  });

  test('${payload…} references fill string leaves: a whole-leaf reference keeps its type; a missing field is a clear failure', async () => {
    env = makeEnv();
    const input = {
      path: '${payload.tool_input.file_path}',
      count: '${payload.tool_input.count}',
      tags: '${payload.tool_input.tags}',
      label: 'edit of ${payload.tool_input.file_path} (${payload.tool_input.count})',
      nested: ['${payload.tool_name}'],
    };
    env.write(
      USER,
      JSON.stringify({
        mcpServers: { policy: stdioServer(`mcp-${Date.now()}-refs`) },
        hooks: {
          PreToolUse: [guard('echo', input)],
          PostToolUse: [guard('echo', { missing: '${payload.tool_input.nope}' })],
        },
      }),
    );
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'PreToolUse', edit);
    expect(answer.decision).toBe('allow');
    const args = calls().find((c) => c.tool === 'echo')!.args;
    expect(args).toEqual({
      path: 'src/app.ts',
      count: 3,
      tags: ['a', 'b'],
      label: 'edit of src/app.ts (3)',
      nested: ['Edit'],
    });
    expect(JSON.parse(answer.context!)).toEqual(args);

    ({ answer } = await h.fire('pw', 'PostToolUse', edit));
    expect(answer.dispatches).toEqual([expect.objectContaining({ outcome: 'failed' })]);
    await h.flush();
    expect(dispatch(h.records, 'PostToolUse[0].hooks[0]').reason).toBe(
      'input.missing uses ${payload.tool_input.nope}, but this PostToolUse payload has no tool_input.nope',
    );
    expect(calls().filter((c) => c.tool === 'echo')).toHaveLength(1);
    await h.host.close(1000);
  });

  test('a tool error is a failed dispatch that fails open; structured content is read like JSON output', async () => {
    env = makeEnv();
    env.write(
      USER,
      JSON.stringify({
        mcpServers: { policy: stdioServer(`mcp-${Date.now()}-err`) },
        hooks: {
          PreToolUse: [guard('fail')],
          PermissionRequest: [guard('structured', { reason: 'ask a human' })],
        },
      }),
    );
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'PreToolUse', edit);
    expect(answer).toMatchObject({ decision: 'allow', dispatches: [{ outcome: 'failed' }] });
    ({ answer } = await h.fire('pw', 'PermissionRequest', edit));
    expect(answer).toMatchObject({ decision: 'block', reason: 'ask a human' });
    await h.flush();
    const failed = dispatch(h.records, 'PreToolUse[0].hooks[0]');
    expect(failed.reason).toBe('MCP tool policy/fail reported an error: the policy database is down');
    expect(failed.stderrTail).toBe('the policy database is down');
    await h.host.close(1000);
  });

  test('a tool that does not answer in time is a timeout; the server is still there for the next hook', async () => {
    env = makeEnv();
    env.write(
      USER,
      JSON.stringify({
        mcpServers: { policy: stdioServer(`mcp-${Date.now()}-slow`) },
        hooks: {
          PreToolUse: [guard('slow', { ms: 600_000 }, { timeout: 1 })],
          PermissionRequest: [guard('answer', { text: '{"decision":"block","reason":"still here"}' })],
        },
      }),
    );
    const h = await openHost(env);
    // The tool answers in ten minutes: only the hook's timeout can end this call in the test's time.
    let { answer } = await h.fire('pw', 'PreToolUse', edit);
    expect(answer).toMatchObject({ decision: 'allow', dispatches: [{ outcome: 'timeout', timedOut: true }] });
    ({ answer } = await h.fire('pw', 'PermissionRequest', edit));
    expect(answer.reason).toBe('still here');
    expect(calls().filter((c) => c.started)).toHaveLength(1);
    await h.host.close(1000);
  });

  test('a server slower to start than the hook: that hook times out saying so; the start goes on for the next one', async () => {
    env = makeEnv();
    env.write(
      USER,
      JSON.stringify({
        mcpServers: { policy: stdioServer(`mcp-${Date.now()}-slowstart`, { MCP_TEST_SLOW_START: '2000' }) },
        hooks: {
          PreToolUse: [
            guard('answer', { text: '{"decision":"block","reason":"ready now"}' }, { timeout: 1 }),
          ],
        },
      }),
    );
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'PreToolUse', edit);
    expect(answer).toMatchObject({ decision: 'allow', dispatches: [{ outcome: 'timeout' }] });
    await h.flush();
    expect(dispatch(h.records, 'PreToolUse[0].hooks[0]').reason).toMatch(
      /^timed out after \d+ ms: MCP server "policy" was still starting after 1000 ms; it goes on starting for the next hook$/,
    );
    // The start that went on is done (on a loaded machine, later than 5 s): only then is it ready now.
    expect(
      await waitFor(
        () => calls().some((c) => c.started),
        (ok) => ok,
        60_000,
      ),
    ).toBe(true);
    ({ answer } = await h.fire('pw', 'PreToolUse', edit));
    expect(answer.reason).toBe('ready now');
    expect(calls().filter((c) => c.started)).toHaveLength(1);
    await h.host.close(1000);
  });

  test('a server that dies mid-call fails that hook; the next hook starts it again', async () => {
    env = makeEnv();
    env.write(
      USER,
      JSON.stringify({
        mcpServers: { policy: stdioServer(`mcp-${Date.now()}-crash-mid`) },
        hooks: {
          Stop: [{ hooks: [{ type: 'mcp_tool', server: 'policy', tool: 'crash' }] }],
          PreToolUse: [guard('answer', { text: '{"decision":"block","reason":"back again"}' })],
        },
      }),
    );
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'Stop', {});
    expect(answer.dispatches).toEqual([expect.objectContaining({ outcome: 'failed' })]);
    await h.flush();
    expect(dispatch(h.records, 'Stop[0].hooks[0]').reason).toMatch(
      /^MCP tool policy\/crash failed: .*Connection closed/,
    );
    ({ answer } = await h.fire('pw', 'PreToolUse', edit));
    expect(answer.reason).toBe('back again');
    expect(calls().filter((c) => c.started)).toHaveLength(2);
    await h.host.close(1000);
  });

  test('a server that will not start is a failed dispatch naming the server and carrying its stderr', async () => {
    env = makeEnv();
    const closedPort = await refusingPort();
    env.write(
      USER,
      JSON.stringify({
        mcpServers: {
          policy: stdioServer(`mcp-${Date.now()}-crash`, { MCP_TEST_CRASH: '/etc/policy.toml' }),
          ghost: { command: 'no-such-mcp-server-here' },
          keyed: { type: 'http', url: '${POLICY_URL}/mcp' },
          closed: { type: 'http', url: `http://127.0.0.1:${closedPort}/mcp` },
        },
        hooks: {
          Stop: [
            {
              hooks: ['policy', 'ghost', 'keyed', 'nobody', 'closed'].map((server) => ({
                type: 'mcp_tool',
                server,
                tool: 'answer',
              })),
            },
          ],
        },
      }),
    );
    const h = await openHost(env);
    const { answer } = await h.fire('pw', 'Stop', {});
    expect(answer.decision).toBe('allow');
    expect(answer.dispatches.map((d) => d.outcome)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    await h.flush();
    const [crash, ghost, keyed, nobody, closed] = [0, 1, 2, 3, 4].map((i) =>
      dispatch(h.records, `Stop[0].hooks[${i}]`),
    );
    expect(crash!.reason).toMatch(
      /^MCP server "policy" \(.*code\.json\) did not start: it exited or closed the connection before initializing/,
    );
    expect(crash!.stderrTail).toContain('fatal: cannot read /etc/policy.toml');
    expect(ghost!.reason).toContain('MCP server "ghost"');
    expect(ghost!.reason).toContain('no-such-mcp-server-here was not found');
    expect(keyed!.reason).toContain('uses ${POLICY_URL}, which is not set');
    expect(nobody!.reason).toMatch(/^no MCP server is named "nobody": the servers defined are "policy" \(/);
    expect(closed!.reason).toMatch(
      /^MCP server "closed" \(.*\) did not start: fetch failed: ECONNREFUSED \(http:\/\/127\.0\.0\.1:\d+\/mcp\)$/,
    );
    await h.host.close(1000);
  });

  test("a project's server starts only after its file is trusted; the same .mcp.json serves Claude Code's hosted hooks", async () => {
    env = makeEnv();
    const marker = `mcp-${Date.now()}-trust`;
    const mcpJson = env.write(
      'ws/.mcp.json',
      JSON.stringify({ mcpServers: { policy: stdioServer(marker) } }),
    );
    env.write(
      USER,
      JSON.stringify({
        hooks: { PreToolUse: [guard('answer', { text: '{"decision":"block","reason":"project policy"}' })] },
      }),
    );
    env.write(
      'hp/hooks/claude.json',
      JSON.stringify({
        hooks: { PreToolUse: [guard('answer', { text: '{"decision":"block","reason":"claude policy"}' })] },
      }),
    );
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'PreToolUse', edit);
    expect(answer.decision).toBe('allow');
    await h.flush();
    expect(dispatch(h.records, 'PreToolUse[0].hooks[0]').reason).toContain(
      `it is defined in ${mcpJson}, which is not trusted yet`,
    );
    expect(processesWithMarker(marker)).toEqual([]);

    const source = (await h.host.sources(env.workspace)).find(
      (s) => s.path === mcpJson && s.dialect === 'pw',
    )!;
    expect(source.state).toBe('untrusted');
    await h.host.trust.trust(source, readFileSync(mcpJson), []);
    ({ answer } = await h.fire('pw', 'PreToolUse', edit));
    expect(answer.reason).toBe('project policy');
    ({ answer } = await h.fire('claude', 'PreToolUse', edit));
    expect(answer.reason).toBe('claude policy');
    await h.host.close(1000);
    expect(
      await waitFor(
        () => processesWithMarker(marker),
        (p) => p.length === 0,
      ),
    ).toEqual([]);
  });
});

describe('the MCP server pool', () => {
  test('a server unused for the idle time stops; one with a call in flight does not; the next call starts it again', async () => {
    env = makeEnv();
    const marker = `mcp-${Date.now()}-idle`;
    const pool = new McpPool(env.processEnv, 300);
    env.onCleanup(() => pool.close());
    const entry = {
      name: 'policy',
      definedIn: env.path('defs.json'),
      unusable: null,
      config: { type: 'stdio' as const, cwd: undefined, ...stdioServer(marker) },
    };
    const leased = async () => {
      const l = await pool.lease(entry, env.workspace);
      if (l.kind !== 'leased') throw new Error(l.message);
      return l;
    };
    let lease = await leased();
    await lease.client.callTool({ name: 'answer', arguments: { text: '{}' } });
    await new Promise((r) => setTimeout(r, 900));
    expect(processesWithMarker(marker)).toHaveLength(1); // leased: kept however long the call takes
    lease.release();
    expect(
      await waitFor(
        () => processesWithMarker(marker),
        (p) => p.length === 0,
        5000,
      ),
    ).toEqual([]);
    expect(pool.size).toBe(0);
    lease = await leased();
    expect((await lease.client.callTool({ name: 'answer', arguments: { text: 'again' } })).content).toEqual([
      { type: 'text', text: 'again' },
    ]);
    lease.release();
    expect(calls().filter((c) => c.started)).toHaveLength(2);
  });
});

describe('mcp_tool from the bridge with no host running', () => {
  test('hookpanel emit answers in the harness protocol and leaves no server behind', async () => {
    env = makeEnv();
    const marker = `mcp-${Date.now()}-cli`;
    env.write(
      USER,
      JSON.stringify({
        mcpServers: { policy: stdioServer(marker) },
        hooks: { PreToolUse: [guard('answer', { text: '{"decision":"block","reason":"no edits today"}' })] },
      }),
    );
    const r = await runCli(['emit', 'pw', 'PreToolUse'], {
      env: env.processEnv,
      cwd: env.workspace,
      input: JSON.stringify(edit),
    });
    expect(r).toMatchObject({ code: 2, stderr: 'no edits today\n' });
    expect(processesWithMarker(marker)).toEqual([]);
  });

  // emit reads only the files its event can use: its dialect's, and the .mcp.json another dialect (pw)
  // lists, whose servers Claude Code's hosted hooks call too.
  test("claude's hook calls a server of the workspace's trusted .mcp.json", async () => {
    env = makeEnv();
    const marker = `mcp-${Date.now()}-shared`;
    env.write('ws/.mcp.json', JSON.stringify({ mcpServers: { policy: stdioServer(marker) } }));
    env.write(
      'hp/hooks/claude.json',
      JSON.stringify({
        hooks: { PreToolUse: [guard('answer', { text: '{"decision":"block","reason":"claude policy"}' })] },
      }),
    );
    const emit = () =>
      runCli(['emit', 'claude', 'PreToolUse'], {
        env: env.processEnv,
        cwd: env.workspace,
        input: JSON.stringify(edit),
      });
    const untrusted = await emit();
    expect(untrusted.code, untrusted.stderr).toBe(0);
    const trusted = await runCli(['trust', '.mcp.json'], { env: env.processEnv, cwd: env.workspace });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(await emit()).toMatchObject({ code: 2, stderr: 'claude policy\n' });
    expect(processesWithMarker(marker)).toEqual([]);
  });
});

describe('mcp_tool over streamable HTTP', () => {
  test('calls the tool on a server on 127.0.0.1 with ${VAR} headers from the environment', async () => {
    env = makeEnv();
    const server = await startHttpMcpServer(env.path('calls.jsonl'));
    env.onCleanup(server.close);
    env.processEnv.POLICY_TOKEN = 'tok-123';
    env.write(
      USER,
      JSON.stringify({
        mcpServers: {
          policy: { type: 'http', url: server.url, headers: { Authorization: 'Bearer ${POLICY_TOKEN}' } },
        },
        hooks: {
          PreToolUse: [
            guard('answer', {
              text: '{"decision":"block","reason":"http policy: ${payload.tool_input.file_path}"}',
            }),
          ],
          Stop: [{ hooks: [{ type: 'mcp_tool', server: 'policy', tool: 'fail' }] }],
        },
      }),
    );
    const h = await openHost(env);
    let { answer } = await h.fire('pw', 'PreToolUse', edit);
    expect(answer).toMatchObject({ decision: 'block', reason: 'http policy: src/app.ts' });
    const call = calls().find((c) => c.tool === 'answer')!;
    expect(call.headers?.authorization).toBe('Bearer tok-123');
    ({ answer } = await h.fire('pw', 'Stop', {}));
    expect(answer.dispatches).toEqual([expect.objectContaining({ outcome: 'failed' })]);
    await h.host.close(1000);
  });
});
