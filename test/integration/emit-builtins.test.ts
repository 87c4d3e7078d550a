// What `hookpanel emit`, paid on every tool call, and `hookpanel serve` load of Node's own modules. Node
// 22 and later build an ES module's view of a builtin by reading each of its exports, and node:http's
// WebSocket, MessageEvent and CloseEvent are getters that load undici: one `import` of node:http cost
// each emit ~90 ms of CPU under Node 24 (electron/host/http-builtin.ts). Read from each process's own
// list of the builtins it loaded (process.moduleLoadList), written at its exit by a preloaded probe.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

const UNDICI = 'NativeModule internal/deps/undici/undici';
/** Where Node builds an ES module view of node:http by reading its getters (22 and later). */
const FACADE_LOADS_UNDICI = Number(process.versions.node.split('.')[0]) >= 22;

let env: TestEnv;
let serve: RunningHost | null = null;
afterEach(async () => {
  await serve?.stop('SIGKILL');
  serve = null;
  await env?.cleanup();
});

/** NODE_OPTIONS that make every Node process write the builtins it loaded to `<dir>/<pid>` at exit. */
function probe(e: TestEnv): { options: string; loaded: () => string[][] } {
  const dir = e.path('loaded');
  const file = e.write(
    'probe.mjs',
    `import { mkdirSync, writeFileSync } from 'node:fs';\n` +
      `process.on('exit', () => { mkdirSync(${JSON.stringify(dir)}, { recursive: true }); ` +
      `writeFileSync(${JSON.stringify(dir)} + '/' + process.pid, process.moduleLoadList.join('\\n')); });\n`,
  );
  return {
    options: `--import=${file}`,
    loaded: () => readdirSync(dir).map((pid) => readFileSync(join(dir, pid), 'utf8').split('\n')),
  };
}

test('the probe sees undici loaded by an import of node:http where Node loads it so', () => {
  env = makeEnv();
  const p = probe(env);
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', "import 'node:http';"], {
    env: { ...env.processEnv, NODE_OPTIONS: p.options },
  });
  expect(r.status).toBe(0);
  const [list] = p.loaded();
  expect(list).toContain('NativeModule http');
  expect(list!.includes(UNDICI)).toBe(FACADE_LOADS_UNDICI);
});

test('emit through a running host, and serve itself, load node:http without undici', async () => {
  env = makeEnv();
  env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] },
    }),
  );
  const p = probe(env);
  const options = { ...env.processEnv, NODE_OPTIONS: p.options };
  serve = await startServe({ ...env, processEnv: options });
  const payload = { session_id: 's', cwd: env.workspace, hook_event_name: 'PreToolUse', tool_name: 'Bash' };
  const r = await runCli(['emit', 'claude', 'PreToolUse', '--json'], {
    env: options,
    cwd: env.workspace,
    input: JSON.stringify({ ...payload, tool_input: { command: 'ls' } }),
  });
  expect(r.code, r.stderr).toBe(0);
  // The host's answer, with the hook it ran: the socket path, not emit's in-process fallback.
  expect(JSON.parse(r.stdout).dispatches).toMatchObject([{ outcome: 'ok' }]);
  await serve.stop('SIGTERM');
  const lists = p.loaded();
  expect(
    lists.map((l) => l.length),
    JSON.stringify(readdirSync(env.path('loaded'))),
  ).toHaveLength(2);
  for (const list of lists) {
    expect(list).toContain('NativeModule http');
    expect(list).not.toContain(UNDICI);
  }
});
