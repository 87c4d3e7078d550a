// A shell command as the argv words a Codex prefix rule matches, or why it has none: a rule for
// `git status` allows exactly what starts with those words, so a command whose meaning is more than
// its words (a pipe, `&&`, a redirection, a substitution, a variable, a wildcard) gets no rule, which
// would otherwise allow more than the person saw.
import { parse } from 'shell-quote';

const OPERATORS: Record<string, string> = {
  '|': 'a pipe (|)',
  '|&': 'a pipe (|&)',
  '&&': 'more than one command (&&)',
  '||': 'more than one command (||)',
  ';': 'more than one command (;)',
  ';;': 'more than one command (;;)',
  '&': 'a background command (&)',
  '(': 'a subshell or substitution ( … )',
  ')': 'a subshell or substitution ( … )',
};

export type CommandWords = { words: string[] } | { whyNot: string };

export function commandWords(command: string): CommandWords {
  const refuse = (what: string): CommandWords => ({
    whyNot: `the command has ${what}: a prefix rule would allow more than this command`,
  });
  if (/[\r\n]/.test(command)) return refuse('more than one line');
  if (command.includes('`')) return refuse('a command substitution (`…`)');
  let expanded: string | null = null;
  const entries = parse(command, (name) => {
    expanded ??= name ? `$${name}` : '$(…)';
    return '';
  });
  if (expanded !== null) return refuse(`a variable or substitution (${expanded})`);
  for (const e of entries) {
    if (typeof e === 'string') continue;
    if ('comment' in e) return refuse('a comment (#)');
    if (e.op === 'glob') return refuse(`a wildcard (${e.pattern})`);
    return refuse(OPERATORS[e.op] ?? `a redirection (${e.op})`);
  }
  const words = entries as string[];
  if (!words.length) return { whyNot: 'the command is empty' };
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) return refuse('a variable set for it (' + words[0] + ')');
  for (const w of words) {
    if ([...w].some((c) => c.charCodeAt(0) < 0x20 || c === '\x7f')) return refuse('a control character');
    if (w.startsWith('~')) return refuse(`a home-directory path the shell expands (${w})`);
    if (/\{[^}]*(,|\.\.)[^}]*\}/.test(w)) return refuse(`a brace expansion (${w})`);
  }
  return { words };
}

/** Programs that run whatever follows them: a rule of their name alone would allow anything. */
const RUNS_ANYTHING = new Set([
  'sudo',
  'doas',
  'env',
  'nohup',
  'exec',
  'command',
  'builtin',
  'nice',
  'ionice',
  'stdbuf',
  'timeout',
  'xargs',
  'watch',
  'time',
  'npx',
  'pnpx',
  'bunx',
  'python',
  'python3',
  'node',
  'perl',
  'ruby',
  'deno',
  'bun',
]);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'busybox']);

/**
 * The fewest leading words a rule may keep. A shell's `-c SCRIPT` is kept whole (its script is the
 * command); a wrapper or interpreter keeps at least the next word (`sudo` alone would allow anything).
 */
export function minimumWords(words: readonly string[]): number {
  const program = words[0]!.split('/').at(-1)!;
  if (SHELLS.has(program) && words.slice(1).some((w) => /^-[a-z]*c[a-z]*$/.test(w))) return words.length;
  if (SHELLS.has(program) || RUNS_ANYTHING.has(program)) return Math.min(2, words.length);
  return 1;
}
