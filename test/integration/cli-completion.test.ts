// `hookpanel completion bash|zsh|fish`: each script is valid for its shell and, driven as the shell drives
// it, completes the right words: commands, options, dialect ids, a dialect's events, --outcome and
// --export values, files and folders. bash is always here; zsh and fish are used where installed (CI
// installs both and sets HOOKPANEL_REQUIRE_SHELLS=1, which turns their skip into a failure).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, type TestContext } from 'vitest';
import { COMMANDS, HELP_COMMAND } from '../../electron/cli/definitions.js';
import { OutcomeSchema } from '../../shared/answer.js';
import { DIALECT_IDS, DIALECT_MANIFESTS } from '../../shared/dialects.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
const scripts: Record<string, string> = {};
beforeAll(async () => {
  env = makeEnv();
  for (const shell of ['bash', 'zsh', 'fish']) {
    const r = await runCli(['completion', shell], { env: env.processEnv });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    scripts[shell] = env.write(`completion.${shell}`, r.stdout);
  }
  // What file and folder completion find, where the shells run.
  env.write('ws/hooks.json', '{}');
  env.write('ws/my hooks.yaml', '');
  mkdirSync(env.path('ws/sub'));
});
afterAll(() => env?.cleanup());

/** Skips the test where `shell` is missing, or fails it where the run requires every shell. */
function needs(ctx: TestContext, shell: 'zsh' | 'fish'): void {
  if (installed(shell)) return;
  const why = `${shell} is not installed (Debian: apt-get install ${shell})`;
  if (process.env.HOOKPANEL_REQUIRE_SHELLS) throw new Error(`${why}, and HOOKPANEL_REQUIRE_SHELLS is set`);
  ctx.skip(why);
}

function installed(shell: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${shell}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function run(
  cmd: string,
  args: string[],
  input = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: env.workspace,
      env: { ...env.processEnv, TERM: 'dumb' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // `bash -n FILE` never reads stdin and may be gone before it is written: EPIPE is not a failure.
    child.stdin.on('error', (e: NodeJS.ErrnoException) => e.code === 'EPIPE' || reject(e));
    child.stdin.end(input);
  });
}

const eventsOf = (id: string) => DIALECT_MANIFESTS.find((m) => m.id === id)!.events.map((e) => e.name);
const ALL_EVENTS = [...new Set(DIALECT_MANIFESTS.flatMap((m) => m.events.map((e) => e.name)))];
const COMMAND_NAMES = [...COMMANDS, HELP_COMMAND].map((c) => c.name);
const EXPORTS = ['csv', 'jsonl'];
const [firstDialect, lastDialect] = [DIALECT_IDS[0], DIALECT_IDS.at(-1)!];

/** A command line with the cursor at its end, and every word it should offer. */
const CASES: { line: string; words: readonly string[] }[] = [
  { line: 'hookpanel ', words: COMMAND_NAMES },
  { line: 'hookpanel hi', words: ['history'] },
  { line: 'hookpanel -', words: ['-h', '--help', '-V', '--version'] },
  { line: 'hookpanel help ', words: COMMAND_NAMES },
  { line: 'hookpanel emit ', words: DIALECT_IDS },
  ...DIALECT_IDS.map((d) => ({ line: `hookpanel emit ${d} `, words: eventsOf(d) })),
  {
    line: `hookpanel emit --json --project sub ${lastDialect} Pre`,
    words: eventsOf(lastDialect).filter((e) => e.startsWith('Pre')),
  },
  { line: 'hookpanel emit -', words: ['--project', '--json', '-h', '--help'] },
  { line: 'hookpanel history --outcome ', words: OutcomeSchema.options },
  { line: 'hookpanel history --export ', words: EXPORTS },
  { line: `hookpanel history --dialect ${firstDialect} --event `, words: eventsOf(firstDialect) },
  { line: 'hookpanel history --json --event ', words: ALL_EVENTS },
  { line: 'hookpanel history --limit ', words: [] },
  { line: 'hookpanel history --li', words: ['--limit'] },
  { line: 'hookpanel check --dialect ', words: DIALECT_IDS },
  { line: 'hookpanel check --project ', words: ['sub'] },
  { line: 'hookpanel check ', words: ['hooks.json', 'my hooks.yaml', 'sub'] },
  { line: 'hookpanel check hooks.json ', words: [] },
  { line: 'hookpanel untrust m', words: ['my hooks.yaml'] },
  { line: 'hookpanel completion ', words: ['bash', 'zsh', 'fish'] },
  { line: 'hookpanel-hook ', words: DIALECT_IDS },
  {
    line: `hookpanel-hook ${lastDialect} Pre`,
    words: eventsOf(lastDialect).filter((e) => e.startsWith('Pre')),
  },
];

/** As a set: the shells order and decorate (a folder's /, zsh's \ before a space) in their own ways. */
const normalised = (words: readonly string[]) =>
  [...new Set(words.map((w) => w.replace(/\\(.)/g, '$1').replace(/\/$/, '')))].sort();

test('the --outcome and --export values complete from where they are defined', async () => {
  const history = COMMANDS.find((c) => c.name === 'history')!;
  const values = async (flags: string) => {
    const v = history.options.find((o) => o.flags === flags)?.values;
    return typeof v === 'object' ? v.choices() : null;
  };
  expect(await values('--outcome <outcome>')).toEqual(OutcomeSchema.options);
  expect(await values('--export <format>')).toEqual(EXPORTS);
});

describe('bash', () => {
  test('the script is valid bash', async () => {
    expect(await run('bash', ['-n', scripts.bash!])).toMatchObject({ code: 0, stderr: '' });
  });

  test('driven through COMP_WORDS, it completes each line', async () => {
    // One bash: each case sets COMP_WORDS and COMP_CWORD as bash does, calls the function `complete`
    // registered, and prints COMPREPLY after a line naming the case.
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const driver = [
      `source ${q(scripts.bash!)}`,
      'drive() {',
      '  local fn; fn=$(complete -p "$1" | sed "s/.*-F \\([^ ]*\\) .*/\\1/")',
      '  COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()',
      '  "$fn"',
      '  printf "%s\\n" "${COMPREPLY[@]}"',
      '}',
      ...CASES.flatMap((c, i) => [`echo "#case ${i}"`, `drive ${c.line.split(' ').map(q).join(' ')}`]),
    ].join('\n');
    const r = await run('bash', ['--norc', '--noprofile'], driver);
    expect(r.stderr).toBe('');
    const got = r.stdout.split(/^#case \d+\n/m).slice(1);
    expect(got).toHaveLength(CASES.length);
    CASES.forEach((c, i) =>
      expect(normalised(got[i]!.split('\n').filter(Boolean)), c.line).toEqual(normalised(c.words)),
    );
  });

  test('--option=value, split at the = as bash splits it', async () => {
    const driver = `source '${scripts.bash}'
COMP_WORDS=(hookpanel history --dialect = ${firstDialect} --event ''); COMP_CWORD=6; _hookpanel
printf '%s\\n' "\${COMPREPLY[@]}"
echo '#'
COMP_WORDS=(hookpanel check --dialect = ''); COMP_CWORD=4; _hookpanel
printf '%s\\n' "\${COMPREPLY[@]}"`;
    const r = await run('bash', ['--norc', '--noprofile'], driver);
    const [events, dialects] = r.stdout.split('#\n').map((s) => s.split('\n').filter(Boolean));
    expect(normalised(events!)).toEqual(normalised(eventsOf(firstDialect)));
    expect(normalised(dialects!)).toEqual(normalised(DIALECT_IDS));
  });
});

describe('fish', () => {
  test('the script is valid fish, and `complete -C` completes each line', async (ctx) => {
    needs(ctx, 'fish');
    expect(await run('fish', ['--no-execute', scripts.fish!])).toMatchObject({ code: 0, stderr: '' });
    const q = (s: string) => `'${s.replace(/[\\']/g, '\\$&')}'`;
    const driver = [
      `source ${q(scripts.fish!)}`,
      ...CASES.flatMap((c, i) => [`echo '#case ${i}'`, `complete -C ${q(c.line)}`]),
    ].join('\n');
    const r = await run('fish', ['--no-config', '-c', driver]);
    expect(r.stderr).toBe('');
    const got = r.stdout.split(/^#case \d+\n/m).slice(1);
    expect(got).toHaveLength(CASES.length);
    CASES.forEach((c, i) =>
      expect(
        normalised(
          got[i]!.split('\n')
            .filter(Boolean)
            .map((l) => l.split('\t')[0]!),
        ),
        c.line,
      ).toEqual(normalised(c.words)),
    );
  });
});

describe('zsh', () => {
  // zsh completes only inside its line editor, so each line is typed with a Tab into an interactive zsh
  // on a pseudo-terminal (zsh/zpty), one zsh for every line: compinit, the costly part, runs once (one
  // zsh a line took 21 CPU s). compadd is wrapped to write what it is given to a file; a post-completion
  // function writes "#done" after it, which is what the driver waits for before it clears the line (^U)
  // and types the next, reading what zsh shows meanwhile so its terminal never fills.
  const DRIVER = `zmodload zsh/zpty
script=$1 out=$2; shift 2
zpty z zsh -f -i
zpty -w z "PROMPT= RPROMPT=; autoload -Uz compinit; compinit -u -D; source \${(q)script}"
zpty -w z "zstyle ':completion:*' list-grouped false; bindkey '^I' complete-word"
zpty -w z 'compadd() { local -a hits; builtin compadd -A hits "$@"; (( $#hits )) && print -rl -- $hits >> '\${(q)out}'; builtin compadd "$@" }'
zpty -w z 'finished() { print -r -- "#done" >> '\${(q)out}' }'
i=0
for line in "$@"; do
  print -r -- "#case $i" >> $out
  zpty -w z 'comppostfuncs=( finished )'
  zpty -w -n z "$line"$'\\t'
  for t in {1..300}; do
    while zpty -rt z seen 2>/dev/null; do :; done
    (( $(grep -cx '#done' $out) > i )) && break
    sleep 0.05
  done
  zpty -w -n z $'\\C-u'
  i=$((i+1))
done
zpty -d z
cat $out
`;

  /**
   * What zsh offered for each line, typed one after the other with a Tab into one zsh, the script
   * sourced, or (`fpath`) its folder put on $fpath for compinit to find.
   */
  async function tabs(script: string, out: string, lines: string[], fpath = false): Promise<string[][]> {
    const text = fpath
      ? DRIVER.replace('compinit -u -D; source ${(q)script}', 'fpath=(${(q)script} $fpath); compinit -u -D')
      : DRIVER;
    const driver = env.write(fpath ? 'drive-fpath.zsh' : 'drive.zsh', text);
    const r = await run('zsh', ['-f', driver, script, out, ...lines]);
    const got = r.stdout.split(/^#case \d+\n/m).slice(1);
    expect(got, r.stderr).toHaveLength(lines.length);
    return got.map((g) => g.split('\n').filter(Boolean));
  }

  test('the script is valid zsh, and typing a Tab completes each line', async (ctx) => {
    needs(ctx, 'zsh');
    expect(await run('zsh', ['-n', scripts.zsh!])).toMatchObject({ code: 0, stderr: '' });
    const got = await tabs(
      scripts.zsh!,
      env.path('zsh.out'),
      CASES.map((c) => c.line),
    );
    for (const [i, c] of CASES.entries()) {
      const lines = got[i]!;
      expect(lines, `${c.line}: the completion never finished`).toContain('#done');
      // zsh lists options beside the arguments once a command's arguments are all given.
      const words = lines.filter((l) => l !== '#done' && (c.words.length || !l.startsWith('-')));
      expect(normalised(words), c.line).toEqual(normalised(c.words));
    }
  }, 120_000);

  test('saved as _hookpanel on $fpath, compinit autoloads it', async (ctx) => {
    needs(ctx, 'zsh');
    const folder = env.path('zfunc');
    mkdirSync(folder);
    writeFileSync(join(folder, '_hookpanel'), readFileSync(scripts.zsh!));
    const [lines] = await tabs(folder, env.path('zsh-fpath.out'), [`hookpanel emit ${firstDialect} `], true);
    expect(lines, 'the completion never finished').toContain('#done');
    expect(normalised(lines!.filter((l) => l !== '#done'))).toEqual(normalised(eventsOf(firstDialect)));
  }, 60_000);
});
