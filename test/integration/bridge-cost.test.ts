// What hookpanel-hook costs each tool call: the processes it starts (each a fork and an exec the agent
// waits for) and the files it writes, watched through PATH shims that log every program it runs; and
// that the payload it no longer keeps in a file still reaches the hook byte for byte, through the host
// and through emit when no host answers.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { withHookpanelOnPath } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';

const HOOK_SCRIPT = join(REPO, 'electron', 'cli', 'hookpanel-hook.sh');

let env: TestEnv;
let serve: RunningHost | null = null;
afterEach(async () => {
  await serve?.stop('SIGKILL');
  serve = null;
  await env?.cleanup();
});

/** Every program the script might start, each shimmed to log its name before running the real one. */
const PROGRAMS = ['cat', 'curl', 'mktemp', 'uname', 'rm', 'od', 'tr', 'env', 'node', 'hookpanel'];

function shimPath(e: TestEnv): string {
  const dir = e.path('shims');
  mkdirSync(dir, { recursive: true });
  for (const name of PROGRAMS) {
    const real = spawnSync('/bin/sh', ['-c', `command -v ${name}`], {
      env: e.processEnv,
      encoding: 'utf8',
    }).stdout.trim();
    if (!real) continue;
    writeFileSync(join(dir, name), `#!/bin/sh\necho ${name} >> "$SHIM_LOG"\nexec '${real}' "$@"\n`, {
      mode: 0o755,
    });
  }
  return dir;
}

function runHook(
  e: TestEnv,
  event: string,
  input: string,
  extra: Record<string, string | undefined> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const vars = { ...e.processEnv, ...extra };
  for (const [k, v] of Object.entries(vars)) if (v === undefined) delete vars[k];
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', [HOOK_SCRIPT, 'claude', event], {
      env: vars as NodeJS.ProcessEnv,
      cwd: e.workspace,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A socket file nobody listens on: a process listened on it and was SIGKILLed; its signal. */
async function staleSocket(path: string): Promise<string | null> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const child = spawn(
    process.execPath,
    ['-e', `require('net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((r) => child.stdout.once('data', r));
  const gone = new Promise<string | null>((r) => child.once('exit', (_, signal) => r(signal)));
  child.kill('SIGKILL');
  return gone;
}

const BLOCKER = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: "echo 'blocked by policy' >&2; exit 2" }] },
    ],
  },
};

describe('what hookpanel-hook costs a tool call', () => {
  test('to a running host it starts cat and curl only, and writes no file', async () => {
    env = makeEnv();
    env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
    serve = await startServe(env);
    const shims = shimPath(env);
    const tmp = env.path('hook-tmp');
    mkdirSync(tmp);
    const payload = JSON.stringify({
      session_id: 's',
      cwd: env.workspace,
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
    // With HOOKPANEL_HOME written in (as connect does when it is set), and with the default home found
    // from XDG_CONFIG_HOME: the host's home is <root>/hookpanel.
    for (const home of [{}, { HOOKPANEL_HOME: undefined, XDG_CONFIG_HOME: env.root }]) {
      const log = env.path(`shim-${Object.keys(home).length}.log`);
      const answer = await runHook(env, 'PreToolUse', payload, {
        PATH: `${shims}:${env.processEnv.PATH}`,
        SHIM_LOG: log,
        TMPDIR: tmp,
        ...home,
      });
      expect(answer).toMatchObject({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
      expect(readFileSync(log, 'utf8').trim().split('\n').sort()).toStrictEqual(['cat', 'curl']);
    }
    expect(readdirSync(tmp)).toStrictEqual([]);
  });

  test('the payload reaches the hook byte for byte, through the host and through emit', async () => {
    env = makeEnv();
    withHookpanelOnPath(env);
    const got = env.path('got.json');
    env.write(
      'hp/hooks/claude.json',
      JSON.stringify({
        hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `cat > '${got}'` }] }] },
      }),
    );
    // Words a shell would expand or a here-document would end on, past a pipe's and a here-document's
    // buffer, pretty-printed (newlines inside) and ending in blank lines.
    const sent = {
      session_id: 's',
      cwd: env.workspace,
      tool_name: 'Write',
      tool_input: {
        file_path: 'a.sh',
        content: `EOF\n$HOME $(id) \`id\` \\ \\n "quoted" 'single' ✓ é\n${'x'.repeat(300_000)}\nEOF\n`,
      },
    };
    const text = `${JSON.stringify(sent, null, 2)}\n\n\n`;
    const received = () => {
      const back = JSON.parse(readFileSync(got, 'utf8')) as Record<string, unknown>;
      delete back.hook_event_name;
      return back;
    };
    const shims = shimPath(env);
    const ran = async (log: string) => {
      const answer = await runHook(env, 'PreToolUse', text, {
        PATH: `${shims}:${env.processEnv.PATH}`,
        SHIM_LOG: log,
      });
      expect(answer).toMatchObject({ code: 0, stderr: '' });
      return readFileSync(log, 'utf8').trim().split('\n');
    };
    // No host: emit runs it.
    expect(await ran(env.path('no-host.log'))).toContain('hookpanel');
    expect(received()).toStrictEqual(sent);
    // A host SIGKILLed leaves its socket: curl has read the payload when the connection is refused,
    // and emit runs the event from the copy kept (past a pipe's buffer: the here-document's writer).
    writeFileSync(got, '');
    const dead = await staleSocket(join(env.hookpanelHome, 'run', 'host.sock'));
    // The second cat is the hook's own: emit runs it here, with this PATH.
    expect((await ran(env.path('dead-host.log'))).sort()).toStrictEqual(['cat', 'cat', 'curl', 'hookpanel']);
    expect(received()).toStrictEqual(sent);
    expect(dead).toBe('SIGKILL');
    serve = await startServe(env);
    writeFileSync(got, '');
    expect((await ran(env.path('host.log'))).sort()).toStrictEqual(['cat', 'curl']);
    expect(received()).toStrictEqual(sent);
  });
});

test('a ~/.curlrc changes nothing the fast path sends or answers', async () => {
  env = makeEnv();
  env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
  // What a person may keep there for their own use: headers in the output, chatter on stderr.
  env.write('~/.curlrc', 'include\nverbose\n');
  serve = await startServe(env);
  const log = env.path('shim.log');
  const answer = await runHook(
    env,
    'PreToolUse',
    JSON.stringify({ session_id: 's', cwd: env.workspace, tool_name: 'Bash', tool_input: { command: 'ls' } }),
    { PATH: `${shimPath(env)}:${env.processEnv.PATH}`, SHIM_LOG: log },
  );
  expect(answer).toStrictEqual({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
  expect(readFileSync(log, 'utf8').trim().split('\n').sort()).toStrictEqual(['cat', 'curl']);
});
