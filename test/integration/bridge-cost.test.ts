// What hookpanel-hook costs each tool call: the processes it starts (each a fork and an exec the agent
// waits for) and the files it writes, watched through PATH shims that log every program it runs; and
// that the payload it no longer keeps in a file still reaches the hook byte for byte, through the host
// and through emit when no host answers.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
    const tmp = env.path('tmp');
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
    serve = await startServe(env);
    writeFileSync(got, '');
    expect((await ran(env.path('host.log'))).sort()).toStrictEqual(['cat', 'curl']);
    expect(received()).toStrictEqual(sent);
  });
});
