// Mistakes on the command line: each is exit 2 and one line on stderr naming it (with a guess where one
// is near), nothing on stdout. emit's mistakes keep emit's own answer, and anything unexpected is one
// line too, with its stack only when asked for.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { COMMANDS } from '../../electron/cli/definitions.js';
import { OutcomeSchema } from '../../shared/answer.js';
import { DIALECT_IDS } from '../../shared/dialects.js';
import { CLI, runCli, type CliResult } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

/** Exit 2, nothing on stdout, and exactly one line on stderr, which is returned. */
function usageMistake(r: CliResult): string {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^[^\n]+\n$/);
  return r.stderr.trimEnd();
}

describe('a mistyped command or option', () => {
  test('a command near a known one is named, with the guess', async () => {
    env = makeEnv();
    const cli = (args: string[]) => runCli(args, { env: env.processEnv });
    for (const name of COMMANDS.map((c) => c.name)) {
      const typo = `${name.slice(0, -2)}${name.at(-1)}${name.at(-2)}`;
      expect(usageMistake(await cli([typo]))).toBe(
        `hookpanel: unknown command '${typo}' (did you mean ${name}?)`,
      );
    }
    // Asking for its help, or for help on it, is the same mistake.
    const chek = "hookpanel: unknown command 'chek' (did you mean check?)";
    expect(usageMistake(await cli(['help', 'chek']))).toBe(chek);
    expect(usageMistake(await cli(['chek', '--help']))).toBe(chek);
    expect(usageMistake(await cli(['chek', '--json', 'x']))).toBe(chek);
  });

  test('a command near none points at the list', async () => {
    env = makeEnv();
    expect(usageMistake(await runCli(['frobnicate'], { env: env.processEnv }))).toBe(
      "hookpanel: unknown command 'frobnicate' (see hookpanel --help)",
    );
  });

  test('an option: the nearest of the command, or a pointer at its help', async () => {
    env = makeEnv();
    const cli = (args: string[]) => runCli(args, { env: env.processEnv });
    expect(usageMistake(await cli(['check', '--jsn']))).toBe(
      "hookpanel check: unknown option '--jsn' (did you mean --json?)",
    );
    expect(usageMistake(await cli(['history', '--outcom', 'failed']))).toBe(
      "hookpanel history: unknown option '--outcom' (did you mean --outcome?)",
    );
    expect(usageMistake(await cli(['trust', '--dryrun', 'x']))).toBe(
      "hookpanel trust: unknown option '--dryrun' (did you mean --dry-run?)",
    );
    expect(usageMistake(await cli(['serve', '--frobnicate']))).toBe(
      "hookpanel serve: unknown option '--frobnicate' (see hookpanel serve --help)",
    );
    expect(usageMistake(await cli(['--frobnicate']))).toBe(
      "hookpanel: unknown option '--frobnicate' (see hookpanel --help)",
    );
  });
});

describe('arguments and values', () => {
  test('missing, extra, or outside the values a flag takes', async () => {
    env = makeEnv();
    const cli = (args: string[]) => runCli(args, { env: env.processEnv });
    expect(usageMistake(await cli(['untrust']))).toBe(
      "hookpanel untrust: missing required argument 'path' (see hookpanel untrust --help)",
    );
    expect(usageMistake(await cli(['check', 'a', 'b']))).toContain('hookpanel check: too many arguments');
    expect(usageMistake(await cli(['check', '--project']))).toContain(
      "option '--project <dir>' argument missing",
    );
    expect(usageMistake(await cli(['history', '--outcome', 'fail']))).toContain(
      `Allowed choices are ${OutcomeSchema.options.join(', ')}`,
    );
    expect(usageMistake(await cli(['history', '--export', 'xml']))).toContain(
      'Allowed choices are csv, jsonl',
    );
    expect(usageMistake(await cli(['check', '--dialect', 'nope']))).toContain(
      `Allowed choices are ${DIALECT_IDS.join(', ')}`,
    );
    expect(usageMistake(await cli(['completion', 'tcsh']))).toContain('Allowed choices are bash, zsh, fish');
    expect(usageMistake(await cli(['history', '--limit', '0']))).toBe(
      'hookpanel history: --limit must be a positive whole number',
    );
    expect(usageMistake(await cli(['serve', '--port', 'http']))).toBe(
      'hookpanel serve: --port must be a port number (0 picks a free one)',
    );
    expect(usageMistake(await cli(['trust']))).toContain('hookpanel trust: missing PATH');
  });

  test("emit's mistakes keep emit's answer: exit 2, one line, nothing on stdout, nothing run", async () => {
    env = makeEnv();
    const cli = (args: string[]) => runCli(['emit', ...args], { env: env.processEnv, input: '{}' });
    expect(usageMistake(await cli([]))).toBe(
      'hookpanel emit: missing <dialect> <event>; usage: hookpanel emit <dialect> <event> [--project <dir>] [--json]',
    );
    expect(usageMistake(await cli(['pw']))).toContain('hookpanel emit: missing <event>; usage:');
    expect(usageMistake(await cli(['pw', 'Stop', 'extra']))).toContain('hookpanel emit: too many arguments');
    // Guessed as for every other command (commander, loaded only for the mistake).
    expect(usageMistake(await cli(['pw', 'Stop', '--jsn']))).toBe(
      "hookpanel emit: unknown option '--jsn' (did you mean --json?)",
    );
    expect(usageMistake(await cli(['nosuch', 'Stop', '--projct', 'x']))).toBe(
      "hookpanel emit: unknown option '--projct' (did you mean --project?)",
    );
    expect(usageMistake(await cli(['pw', 'Stop', '-x']))).toBe(
      "hookpanel emit: unknown option '-x' (see hookpanel emit --help)",
    );
    expect(usageMistake(await cli(['pw', 'Stop', '--project']))).toContain(
      "hookpanel emit: Option '--project",
    );
    expect(usageMistake(await cli(['nosuch', 'Stop']))).toBe(
      `hookpanel emit: unknown dialect "nosuch"; one of ${DIALECT_IDS.join(', ')}`,
    );
    // Nothing was recorded: no event ran.
    const history = await runCli(['history', '--events', '--json'], { env: env.processEnv });
    expect(JSON.parse(history.stdout)).toEqual({ events: [] });
  });
});

describe('an unexpected error', () => {
  test('is one line saying how to see the stack, and exit 1; HOOKPANEL_DEBUG=1 shows it, in TypeScript', async () => {
    env = makeEnv();
    // Hookpanel's home under a file: reading the trust store fails with ENOTDIR.
    env.write('file', 'not a folder');
    const processEnv = { ...env.processEnv, HOOKPANEL_HOME: env.path('file/hookpanel') };
    const plain = await runCli(['trust', '--list'], { env: processEnv });
    expect(plain).toMatchObject({ code: 1, stdout: '' });
    expect(plain.stderr).toMatch(
      /^hookpanel trust: ENOTDIR: not a directory, open '.*' \(run with HOOKPANEL_DEBUG=1 for the stack\)\n$/,
    );
    const debug = await runCli(['trust', '--list'], { env: { ...processEnv, HOOKPANEL_DEBUG: '1' } });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/^hookpanel trust: Error: ENOTDIR: not a directory/);
    const frames = debug.stderr.split('\n').filter((l) => /^\s+at /.test(l));
    expect(frames.length).toBeGreaterThan(0);
    // The command is bundled: its frames name the TypeScript's files, through the source maps.
    expect(frames.filter((l) => /\/electron\/host\/[\w/-]+\.ts:\d+:\d+\)?$/.test(l)).length).toBeGreaterThan(
      0,
    );
  });
});

describe('a reader that stops early', () => {
  test('closing the pipe ends the output quietly, with the exit code of the command', async () => {
    env = makeEnv();
    // The reader (a process substitution) has exited before hookpanel starts: its first write is EPIPE.
    const script = 'exec 3> >(exit 0); wait $!; "$0" "$@" >&3; echo "exit $?"';
    for (const args of [['help', 'history'], ['--version'], ['check', '--json']]) {
      const r = await new Promise<CliResult>((resolve, reject) => {
        const child = spawn('bash', ['-c', script, process.execPath, CLI, ...args], {
          env: env.processEnv,
          cwd: env.workspace,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
      expect(r, args.join(' ')).toEqual({ code: 0, stdout: 'exit 0\n', stderr: '' });
    }
  });
});

describe('hookpanel-hook', () => {
  const hook = (args: string[], e: TestEnv): Promise<CliResult> =>
    new Promise((resolve, reject) => {
      const child = spawn('sh', [join(REPO, 'electron', 'cli', 'hookpanel-hook.sh'), ...args], {
        env: e.processEnv,
        // It exits on a usage mistake before reading stdin.
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  test('says its usage when not given a dialect and an event, and shows help when asked', async () => {
    env = makeEnv();
    for (const args of [[], ['pw'], ['pw', 'Stop', 'extra']])
      expect(usageMistake(await hook(args, env))).toBe(
        `hookpanel-hook: expected <dialect> <event>, got ${args.length} argument(s); usage: hookpanel-hook <dialect> <event>`,
      );
    for (const flag of ['--help', '-h']) {
      const help = await hook([flag], env);
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout).toMatch(/^usage: hookpanel-hook <dialect> <event>\n/);
      expect(help.stdout).toContain('examples:');
    }
  });
});
