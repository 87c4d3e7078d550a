// What `hookpanel emit`, paid on every tool call, and `hookpanel serve` load of Node's own modules. Node
// 22 and later build an ES module's view of a builtin by reading each of its exports, and node:http's
// WebSocket, MessageEvent and CloseEvent are getters that load undici: one `import` of node:http cost
// each emit ~90 ms of CPU under Node 24, and the views of node:fs and node:util loaded 26 modules more
// (electron/host/builtins.ts). Read from each process's own list of the builtins it loaded
// (process.moduleLoadList), written at its exit by a preloaded probe.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

const UNDICI = 'NativeModule internal/deps/undici/undici';
/** Where Node builds an ES module's view of a builtin by running its getters (22 and later). */
const VIEWS_RUN_GETTERS = Number(process.versions.node.split('.')[0]) >= 22;

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
    // CommonJS, and fs required at exit: an ES module's `import` of node:fs would load what it looks for.
    // The folder made without `recursive`: a process ending after the test (serve's reaper, once serve
    // is SIGKILLed) writes nothing, rather than making the test's removed folder again.
    'probe.cjs',
    `process.on('exit', () => { const { mkdirSync, writeFileSync } = require('node:fs'); ` +
      `try { mkdirSync(${JSON.stringify(dir)}); } catch (e) { if (e.code !== 'EEXIST') return; } ` +
      `try { writeFileSync(${JSON.stringify(dir)} + '/' + process.pid, ` +
      `[process.argv.slice(2).join(' '), ...process.moduleLoadList].join('\\n')); } catch {} });\n`,
  );
  return {
    options: `--require=${file}`,
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
  const [[, ...list]] = p.loaded() as [string[]];
  expect(list).toContain('NativeModule http');
  expect(list!.includes(UNDICI)).toBe(VIEWS_RUN_GETTERS);
});

test('emit through a running host loads neither node:http nor node:v8; serve loads http without undici', async () => {
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
  const lists = new Map(p.loaded().map(([command, ...list]) => [command, list]));
  // serve's process reaper (`--watch`) may have written its own by now: not these two's.
  const emitted = lists.get('emit claude PreToolUse --json');
  // emit speaks HTTP over node:net (host-response.ts); the V8 flag for WebAssembly is set only by the
  // runs that load the host (wasm-tiering.ts).
  for (const name of ['http', '_http_client', 'v8']) expect(emitted).not.toContain(`NativeModule ${name}`);
  expect(emitted).toContain('NativeModule net');
  expect(lists.get('serve')).toContain('NativeModule http');
  expect(lists.get('serve')).not.toContain(UNDICI);
  // Nor what the views of node:fs and node:util load: fs's streams, worker threads, readline (Node 20
  // loads some of them at its start).
  if (VIEWS_RUN_GETTERS)
    for (const internal of ['internal/fs/streams', 'worker_threads', 'internal/readline/interface'])
      expect(lists.get('emit claude PreToolUse --json')).not.toContain(`NativeModule ${internal}`);
});
