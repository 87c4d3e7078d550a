// What hookpanel-hook costs each tool call: the processes it starts (each a fork and an exec the agent
// waits for) and the files it leaves, watched through PATH shims that log every program it runs; that
// the payload reaches the hook byte for byte, through the host and through emit when no host answers;
// and what becomes of curl's copy of it (run/payloads/<a random name>) whatever happens to the host or the disk.
import { spawn, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CLI, withHookpanelOnPath } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';
import { waitFor } from '../helpers/host.js';
import { startServe, type RunningHost } from '../helpers/serve.js';
import { fillToTheByte, mountTmpfs, tmpfsUnavailable } from '../helpers/tmpfs.js';

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

/** Where the test's PATH finds `name` ('' where it does not). */
function realProgram(e: TestEnv, name: string): string {
  return spawnSync('/bin/sh', ['-c', `command -v ${name}`], {
    env: e.processEnv,
    encoding: 'utf8',
  }).stdout.trim();
}

function shimPath(e: TestEnv): string {
  const dir = e.path('shims');
  mkdirSync(dir, { recursive: true });
  for (const name of PROGRAMS) {
    const real = realProgram(e, name);
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

/** The copies in run/payloads once the host has removed what it answered (it does so just after). */
function copiesLeft(e: TestEnv): Promise<string[]> {
  const dir = join(e.hookpanelHome, 'run', 'payloads');
  return waitFor(
    () => readdirSync(dir),
    (names) => names.length === 0,
    5000,
  );
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

/** Claude Code's payload of a shell call (`ls`) in the test's workspace. */
const TOOL_CALL = () =>
  JSON.stringify({ session_id: 's', cwd: env.workspace, tool_name: 'Bash', tool_input: { command: 'ls' } });

describe('what hookpanel-hook costs a tool call', () => {
  test('to a running host it starts curl only, and leaves no file', async () => {
    env = makeEnv();
    withHookpanelOnPath(env);
    env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
    serve = await startServe(env);
    const shims = shimPath(env);
    const tmp = env.path('hook-tmp');
    mkdirSync(tmp);
    const payload = TOOL_CALL();
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
      expect(readFileSync(log, 'utf8').trim().split('\n')).toStrictEqual(['curl']);
      expect(await copiesLeft(env)).toStrictEqual([]);
    }
    expect(readdirSync(tmp)).toStrictEqual([]);
    // No copy can be made (the folder gone; read-only to a sandboxed agent): curl opens the copy before it
    // reads stdin, so the shell still has the whole payload, holds it (cat) and posts it.
    rmSync(env.path('hp/run/payloads'), { recursive: true });
    const log = env.path('shim-gone.log');
    const answer = await runHook(env, 'PreToolUse', payload, {
      PATH: `${shims}:${env.processEnv.PATH}`,
      SHIM_LOG: log,
    });
    expect(answer).toStrictEqual({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
    expect(readFileSync(log, 'utf8').trim().split('\n')).toStrictEqual(['curl', 'cat', 'curl']);
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
    // and emit runs the event from the copy kept, which the script then removes.
    writeFileSync(got, '');
    mkdirSync(env.path('hp/run/payloads'), { recursive: true, mode: 0o700 });
    const dead = await staleSocket(join(env.hookpanelHome, 'run', 'host.sock'));
    // The cat is the hook's own: emit runs it here, with this PATH.
    expect((await ran(env.path('dead-host.log'))).sort()).toStrictEqual(['cat', 'curl', 'hookpanel', 'rm']);
    expect(received()).toStrictEqual(sent);
    expect(dead).toBe('SIGKILL');
    expect(await copiesLeft(env)).toStrictEqual([]);
    serve = await startServe(env);
    writeFileSync(got, '');
    expect(await ran(env.path('host.log'))).toStrictEqual(['curl']);
    expect(received()).toStrictEqual(sent);
    expect(await copiesLeft(env)).toStrictEqual([]);
    // Where no copy can be made, the payload the shell holds (a here-document, past its buffer).
    rmSync(env.path('hp/run/payloads'), { recursive: true });
    writeFileSync(got, '');
    expect(await ran(env.path('held.log'))).toStrictEqual(['curl', 'cat', 'curl']);
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
  const answer = await runHook(env, 'PreToolUse', TOOL_CALL(), {
    PATH: `${shimPath(env)}:${env.processEnv.PATH}`,
    SHIM_LOG: log,
  });
  expect(answer).toStrictEqual({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
  expect(readFileSync(log, 'utf8').trim().split('\n')).toStrictEqual(['curl']);
});

/**
 * A curl from before an option the script uses, in a folder of its own: given that option it says what
 * such a curl says (on stderr, `-s` or not) and exits 2; else it runs the real curl. It logs as the shims do.
 */
function olderCurl(e: TestEnv, unknown: string[]): string {
  const dir = e.path(`older-curl-${unknown.length}`);
  mkdirSync(dir, { recursive: true });
  const real = realProgram(e, 'curl');
  const refuse = unknown
    .map(
      (option) =>
        `  [ "$a" = ${option} ] && { echo 'curl: option ${option}: is unknown' >&2; ` +
        `echo "curl: try 'curl --help' or 'curl --manual' for more information" >&2; exit 2; }`,
    )
    .join('\n');
  writeFileSync(
    join(dir, 'curl'),
    `#!/bin/sh\necho curl >> "$SHIM_LOG"\nfor a; do\n${refuse}\ndone\nexec '${real}' "$@"\n`,
    {
      mode: 0o755,
    },
  );
  return dir;
}

test('an older curl: before 7.52 the shell holds the payload, before 7.40 emit runs the event, and curl says nothing of it', async () => {
  env = makeEnv();
  withHookpanelOnPath(env);
  env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
  serve = await startServe(env);
  const shims = shimPath(env);
  const call = TOOL_CALL();
  // --fail-early came in 7.52 (Debian 9's 7.52.1 has it; Ubuntu 16.04's 7.47 does not), --unix-socket
  // in 7.40 (CentOS 7's 7.29 has neither).
  for (const [unknown, started] of [
    [['--fail-early'], ['curl', 'cat', 'curl']],
    [
      ['--fail-early', '--unix-socket'],
      ['curl', 'cat', 'curl', 'hookpanel'],
    ],
  ] as const) {
    const log = env.path(`older-${unknown.length}.log`);
    const path = `${olderCurl(env, [...unknown])}:${shims}:${env.processEnv.PATH}`;
    const guard = await runHook(env, 'PreToolUse', call, { PATH: path, SHIM_LOG: log });
    // A block's reason is the rule's own, with nothing of curl's in it.
    expect(guard).toStrictEqual({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
    expect(readFileSync(log, 'utf8').trim().split('\n')).toStrictEqual(started);
    const after = await runHook(env, 'PostToolUse', call, { PATH: path, SHIM_LOG: log });
    expect(after).toStrictEqual({ code: 0, stdout: '', stderr: '' });
  }
  expect(await copiesLeft(env)).toStrictEqual([]);
});

test('the Node connect wrote in, gone since (a version manager uninstalled it): with no host, a guard still runs through the node on PATH', async () => {
  env = makeEnv();
  env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
  const call = TOOL_CALL();
  // As connect writes it for a Node under ~/.nvm, no hookpanel on PATH; this Node's folder first on it.
  const gone = { HOOKPANEL_NODE: env.path('nvm/versions/node/v20.0.0/bin/node'), HOOKPANEL_CLI: CLI };
  const path = `${dirname(process.execPath)}:${env.processEnv.PATH}`;
  const guard = await runHook(env, 'PreToolUse', call, { ...gone, PATH: path });
  expect(guard).toStrictEqual({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
});

describe("curl's copy of the payload", () => {
  test('a home with spaces and URL characters: the copy is made and posted, and goes', async () => {
    env = makeEnv();
    // macOS's default home has a space ("Application Support"); the rest a URL reads as syntax.
    const odd = join(env.root, 'my home %41#?[x]{y}');
    const oddEnv: TestEnv = {
      ...env,
      hookpanelHome: odd,
      processEnv: { ...env.processEnv, HOOKPANEL_HOME: odd },
    };
    mkdirSync(join(odd, 'hooks'), { recursive: true });
    writeFileSync(join(odd, 'hooks', 'claude.json'), JSON.stringify(BLOCKER));
    serve = await startServe(oddEnv);
    const log = env.path('shim.log');
    const answer = await runHook(oddEnv, 'PreToolUse', TOOL_CALL(), {
      PATH: `${shimPath(env)}:${env.processEnv.PATH}`,
      SHIM_LOG: log,
    });
    expect(answer).toStrictEqual({ code: 2, stdout: '', stderr: 'blocked by policy\n' });
    expect(readFileSync(log, 'utf8').trim().split('\n')).toStrictEqual(['curl']);
    expect(await copiesLeft(oddEnv)).toStrictEqual([]);
  });

  test('the host took the copy and its answer was lost: a guard blocks, saying so', async () => {
    env = makeEnv();
    withHookpanelOnPath(env);
    env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
    // A host that removes the copy, as after an answer, and then closes the connection unanswered.
    const dir = env.path('hp/run/payloads');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const taken: string[] = [];
    const names: string[] = [];
    const server = createServer((req) => {
      req.resume();
      req.on('end', () => {
        const name = String(req.headers['x-hookpanel-payload']);
        names.push(name);
        taken.push(readFileSync(join(dir, name), 'utf8'));
        unlinkSync(join(dir, name));
        req.socket.destroy();
      });
    });
    await new Promise<void>((r) => server.listen(env.path('hp/run/host.sock'), r));
    env.onCleanup(() => new Promise((r) => server.close(() => r())));
    const payload = TOOL_CALL();
    const answer = await runHook(env, 'PreToolUse', payload);
    expect(taken).toStrictEqual([payload]);
    // Random (the kernel's, on Linux), not the script's pid: scripts in two pid namespaces sharing a
    // home never share a copy.
    expect(names[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toBe(
      'hookpanel: the host took the event, but its answer did not arrive; a guard on PreToolUse fails closed\n',
    );
    expect(readdirSync(dir)).toStrictEqual([]);
  });

  test('a full disk: the copy cut short, a guard blocks and another event goes on, both saying why', async (ctx) => {
    const why = tmpfsUnavailable();
    if (why) return ctx.skip(why);
    env = makeEnv();
    withHookpanelOnPath(env);
    env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
    const dir = mountTmpfs(env, 'hookpanel/run/payloads', '64k');
    serve = await startServe(env);
    fillToTheByte(dir);
    const full = readdirSync(dir).sort();
    const guard = await runHook(env, 'PreToolUse', TOOL_CALL());
    expect(guard.code).toBe(2);
    expect(guard.stderr).toMatch(
      /^hookpanel: could not keep the payload in .*\/run\/payloads\/[0-9a-f-]+ \(curl exit \d+; is the disk full\?\); a guard on PreToolUse fails closed\n$/,
    );
    const after = await runHook(env, 'PostToolUse', TOOL_CALL());
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/^hookpanel: could not keep the payload in .*; is the disk full\?\)\n$/);
    // What was cut short is removed.
    expect(readdirSync(dir).sort()).toStrictEqual(full);
  });

  test('a host sweeps the copies killed scripts left, keeps fresh ones, and removes only what it answered', async () => {
    env = makeEnv();
    env.write('hp/hooks/claude.json', JSON.stringify(BLOCKER));
    const dir = env.path('hp/run/payloads');
    mkdirSync(dir, { recursive: true });
    for (const name of ['101', '102', '103', '104']) writeFileSync(join(dir, name), TOOL_CALL());
    const old = new Date(Date.now() - 2 * 60_000);
    utimesSync(join(dir, '101'), old, old);
    writeFileSync(env.path('hp/settings.json'), '{}');
    serve = await startServe(env);
    expect(readdirSync(dir).sort()).toStrictEqual(['102', '103', '104']);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const post = (path: string, named: string) =>
      spawnSync(
        'curl',
        [
          '-q',
          '-s',
          '--unix-socket',
          serve!.socket,
          '-H',
          `X-Hookpanel-Payload: ${named}`,
          '--data-binary',
          '@-',
          `http://hookpanel${path}`,
        ],
        { input: TOOL_CALL(), encoding: 'utf8' },
      );
    // Not the fast path's route, or a path for a name: nothing is removed.
    expect(post('/v1/emit?dialect=claude&event=PreToolUse', '102').status).toBe(0);
    expect(post('/v1/hook/claude/PreToolUse', '../settings.json').stdout).toBe('blocked by policy\n');
    expect(post('/v1/hook/claude/PreToolUse', '103').stdout).toBe('blocked by policy\n');
    expect(
      await waitFor(
        () => readdirSync(dir).sort(),
        (names) => names.length === 2,
      ),
    ).toStrictEqual(['102', '104']);
    expect(readFileSync(env.path('hp/settings.json'), 'utf8')).toBe('{}');
  });
});
