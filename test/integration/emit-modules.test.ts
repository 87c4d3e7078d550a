// Which of Hookpanel's own files `hookpanel emit`, paid on every tool call, loads on its way to a running
// host. Each ES module file costs its resolution, read, compile and link: the dialects' manifests, which
// the light bundle (intake/protocol.js) already holds, were loaded again as 24 files through the CLI's
// shared output module, 23 of emit's 36 (15% of its CPU under Node 24); emit's own path was then 9 files
// more, which the entry now holds (electron/cli/main.vite.config.mts). Seen through a module-loader hook
// preloaded into the CLI process (https://nodejs.org/api/module.html#customization-hooks).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

let env: TestEnv;
let serve: RunningHost | null = null;
afterEach(async () => {
  await serve?.stop('SIGKILL');
  serve = null;
  await env?.cleanup();
});

/**
 * NODE_OPTIONS that make a Node process append each file it loads to `log`, one URL a line, and each
 * question it asks node:net of whether a name is an IP address to `ipLog`.
 */
function loadLog(e: TestEnv): { options: string; urls: () => string[]; ipChecks: () => string[] } {
  const log = e.path('loaded.txt');
  const ipLog = e.path('ip-checks.txt');
  const hooks = e.write(
    'hooks.mjs',
    `import { appendFileSync } from 'node:fs';\n` +
      `export async function load(url, context, next) {\n` +
      `  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');\n` +
      `  return next(url, context);\n}\n`,
  );
  const register = e.write(
    'register.mjs',
    `import { appendFileSync } from 'node:fs';\n` +
      `import { createRequire, register } from 'node:module';\n` +
      `register(${JSON.stringify(pathToFileURL(hooks).href)});\n` +
      // http's Agent calls these through node:net's exports object, so wrapping them there sees it.
      `const net = createRequire(import.meta.url)('node:net');\n` +
      `for (const name of ['isIP', 'isIPv4', 'isIPv6']) {\n` +
      `  const asked = net[name];\n` +
      `  net[name] = (...a) => (appendFileSync(${JSON.stringify(ipLog)}, name + '\\n'), asked(...a));\n}\n`,
  );
  const lines = (path: string) => {
    try {
      return readFileSync(path, 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };
  return {
    options: `--import=${pathToFileURL(register).href}`,
    urls: () => lines(log),
    ipChecks: () => lines(ipLog),
  };
}

test("emit through a running host loads the light path's files, no dialect's module", async () => {
  env = makeEnv();
  // The hook writes its parent's pid: the host's when the host ran it, emit's in its in-process fallback.
  const parent = env.path('parent.txt');
  env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: {
        PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `echo $PPID > ${parent}` }] }],
      },
    }),
  );
  serve = await startServe(env);
  const probe = loadLog(env);
  const r = await runCli(['emit', 'claude', 'PostToolUse', '--json'], {
    env: { ...env.processEnv, NODE_OPTIONS: probe.options },
    cwd: env.workspace,
    input: JSON.stringify({ session_id: 's', cwd: env.workspace, tool_name: 'Bash', tool_input: {} }),
  });
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ dispatches: [{ outcome: 'ok' }] });
  expect(Number(readFileSync(parent, 'utf8'))).toBe(serve.child.pid);
  const dist = pathToFileURL(`${REPO}/dist/`).href;
  const ours = probe
    .urls()
    .filter((u) => u.startsWith(dist))
    .map((u) => u.slice(dist.length));
  // The probe sees emit's own file: the entry, which holds emit's path with the answer's check, the
  // intake protocol and UsageError (main.vite.config.mts).
  expect(ours).toEqual(['electron/cli/main.js']);
  // emit connects to the socket itself: http's Agent would ask whether "localhost" is an IP address,
  // and the first such question compiles Node's IPv6 pattern, 7-20 ms of CPU.
  expect(probe.ipChecks()).toEqual([]);
});
