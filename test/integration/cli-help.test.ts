// The help a person reads: --version, the list of commands, each command's own help with examples, and
// the flags of the command-line contract (DESIGN.md "The command line") still there and still accepted.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { COMMANDS, flagParts, HELP_COMMAND } from '../../electron/cli/definitions.js';
import { DIALECT_IDS } from '../../shared/dialects.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

describe('hookpanel --version and --help', () => {
  test('--version and -V print the package version, and nothing else', async () => {
    env = makeEnv();
    for (const flag of ['--version', '-V'])
      expect(await runCli([flag], { env: env.processEnv })).toEqual({
        code: 0,
        stdout: `${VERSION}\n`,
        stderr: '',
      });
  });

  test('--help, -h and help list every command with its summary, and the dialects', async () => {
    env = makeEnv();
    const help = await runCli(['--help'], { env: env.processEnv });
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^usage: hookpanel <command> \[options\]\n/);
    // Summaries wrap on narrow terminals: compare with runs of spaces and newlines made one space.
    const flat = help.stdout.replace(/\s+/g, ' ');
    for (const c of [...COMMANDS, HELP_COMMAND]) {
      expect(help.stdout).toMatch(new RegExp(`^  ${c.name}\\b`, 'm'));
      expect(flat).toContain(c.summary);
    }
    expect(help.stdout).toContain(`dialects: ${DIALECT_IDS.join(', ')}`);
    expect(await runCli(['-h'], { env: env.processEnv })).toEqual(help);
    expect(await runCli(['help'], { env: env.processEnv })).toEqual(help);
  });

  test('no command at all: the same help on stdout, and exit 2', async () => {
    env = makeEnv();
    const help = await runCli(['--help'], { env: env.processEnv });
    expect(await runCli([], { env: env.processEnv })).toEqual({ ...help, code: 2 });
  });
});

describe("each command's own help", () => {
  test.each(COMMANDS.map((c) => [c.name, c] as const))(
    '%s --help: usage, arguments, every option, examples and exit status; help <command> is the same',
    async (name, def) => {
      env = makeEnv();
      const r = await runCli([name, '--help'], { env: env.processEnv });
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout.split('\n')[0]).toMatch(new RegExp(`^usage: hookpanel ${name} `));
      for (const a of def.arguments) expect(r.stdout).toMatch(new RegExp(`^  ${a.name} `, 'm'));
      for (const o of def.options) expect(r.stdout).toContain(`  ${o.flags}  `);
      expect(r.stdout).toContain('  -h, --help  ');
      expect(def.examples.length).toBeGreaterThan(0);
      expect(r.stdout).toContain('\nexamples:\n');
      for (const e of def.examples) expect(r.stdout).toContain(`  # ${e.does}\n  ${e.run}\n`);
      expect(r.stdout.replace(/\s+/g, ' ')).toContain(`exit status: ${def.exitStatus}`);
      expect(await runCli(['help', name], { env: env.processEnv })).toEqual(r);
      expect(await runCli([name, '-h'], { env: env.processEnv })).toEqual(r);
    },
  );

  test('emit --help is help, not an event: nothing is run or recorded, whatever the other arguments', async () => {
    env = makeEnv();
    const marker = env.path('ran');
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `touch ${marker}` }] }] } }),
    );
    for (const args of [
      ['emit', '--help'],
      ['emit', 'pw', 'Stop', '--help'],
      ['emit', 'pw', 'Stop', '-h'],
    ]) {
      const r = await runCli(args, { env: env.processEnv, input: '{}' });
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(/^usage: hookpanel emit \[options\] <dialect> <event>\n/);
    }
    expect(existsSync(marker)).toBe(false);
    // The hook does run when the event is emitted, so the check above could have seen it.
    expect(await runCli(['emit', 'pw', 'Stop'], { env: env.processEnv, input: '{}' })).toMatchObject({
      code: 0,
    });
    expect(readFileSync(marker, 'utf8')).toBe('');
  });

  test('the options of a command are those of its table entry, and names never clash', () => {
    for (const c of [...COMMANDS, HELP_COMMAND]) {
      const keys = [...c.arguments.map((a) => a.name), ...c.options.map((o) => flagParts(o.flags).key)];
      expect(new Set(keys).size, c.name).toBe(keys.length);
    }
    expect(flagParts('-y, --dry-run <when>')).toEqual({
      short: 'y',
      long: 'dry-run',
      value: 'when',
      key: 'dryRun',
    });
    expect(() => flagParts('--Bad flag')).toThrow('option flags "--Bad flag"');
  });
});

describe('the command-line contract', () => {
  // DESIGN.md "The command line": every flag a user or an acceptance check may rely on.
  const CONTRACT: Record<string, string[]> = {
    check: ['--project <dir>', '--json', '--dialect <id>'],
    emit: ['--project <dir>', '--json'],
    history: [
      '--json',
      '--events',
      '--limit <n>',
      '--dialect <id>',
      '--event <name>',
      '--rule <rule>',
      '--outcome <outcome>',
      '--workspace <dir>',
      '--since <time>',
      '--until <time>',
      '--text <text>',
      '--export <format>',
    ],
    trust: ['--list', '--json', '--dry-run'],
    untrust: [],
    serve: ['--port <n>', '--open'],
    connect: ['--dry-run', '-y, --yes', '--remote <target>'],
    disconnect: ['--dry-run', '-y, --yes', '--remote <target>'],
    remote: ['--dry-run', '--json'],
    guard: ['--dry-run'],
    requests: ['--json'],
    answer: ['--reason <text>', '--always', '--prefix <words>', '--json'],
  };

  test("trust and untrust: exit 1 when the agent's own trust could not be changed", () => {
    for (const name of ['trust', 'untrust'])
      expect(COMMANDS.find((c) => c.name === name)?.exitStatus).toMatch(
        /^0 .*, 1 when the agent's own trust could not be (recorded|taken back) .*, 2 for a usage mistake$/,
      );
  });

  test('every flag of the contract is in its command', () => {
    for (const [name, flags] of Object.entries(CONTRACT))
      expect(COMMANDS.find((c) => c.name === name)?.options.map((o) => o.flags)).toEqual(
        expect.arrayContaining(flags),
      );
  });

  test('each command takes all its contract flags at once, with its exit codes', async () => {
    env = makeEnv();
    env.write(
      'ws/.agents/settings.json',
      '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "true" }] }] } }',
    );
    const run = (args: string[]) => runCli(args, { env: env.processEnv, cwd: env.workspace, input: '{}' });
    expect((await run(['check', '--project', env.workspace, '--json'])).code).toBe(0);
    const invalid = env.place('elsewhere/hooks.yaml', 'chrys/strict.yaml');
    expect((await run(['check', invalid, '--dialect', 'chrys', '--json'])).code).toBe(1);
    expect(await run(['emit', 'pw', 'Stop', '--project', env.workspace, '--json'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('"decision": "allow"'),
    });
    const filters = ['--dialect', 'pw', '--event', 'Stop', '--rule', 'r', '--outcome', 'ok'];
    const more = [
      '--workspace',
      env.workspace,
      '--since',
      '1h',
      '--until',
      '2099-01-01T00:00:00Z',
      '--text',
      'x',
    ];
    expect(await run(['history', '--json', '--limit', '5', ...filters, ...more])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('"dispatches"'),
    });
    expect((await run(['history', '--events', '--json', '--limit', '5'])).code).toBe(0);
    expect(await run(['history', '--export', 'csv', ...filters])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^type,id,/),
    });
    expect(await run(['trust', '.agents/settings.json', '--dry-run'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Not trusted (--dry-run)'),
    });
    expect((await run(['trust', '.agents/settings.json'])).code).toBe(0);
    expect(await run(['trust', '--list', '--json'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(join(env.workspace, '.agents', 'settings.json')),
    });
    expect(await run(['untrust', '.agents/settings.json'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('its hooks are inert again'),
    });
  });
});
