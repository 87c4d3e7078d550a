// The project files a pw or claude command hook runs, so trust covers their bytes as well as the
// settings file's: `./scripts/x.sh`, `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`, `bash ./x.sh`,
// `python3 scripts/y.py`, `node z.js`, in every command of a shell list or pipeline. Commands run with
// the workspace as their working directory, so relative paths resolve against it; only paths inside
// the workspace count (a program on PATH or in your home is yours, not the project's).
import { existsSync, statSync } from 'node:fs';
import { basename, extname, isAbsolute, relative, resolve } from 'node:path';
import { parse, type ParseEntry } from 'shell-quote';
import type { Handler } from '../../../../shared/model.js';

export interface ScriptScope {
  /** The workspace: the hooks' working directory and the project whose files count. */
  workspace: string;
  /** The user's home, for `~/…` and `$HOME/…`. */
  home: string;
}

/**
 * Absolute paths of the project files the handlers would run (missing ones too: trust notices them
 * appearing). Relative paths resolve against `cwd`, the hooks' working directory (the workspace).
 */
export function projectScripts(
  handlers: readonly Handler[],
  scope: ScriptScope,
  cwd: string = scope.workspace,
): string[] {
  const found = new Set<string>();
  for (const h of handlers) {
    if (h.kind === 'shell') fromShell(h.command, scope, cwd, found, 0);
    else if (h.kind === 'exec') fromArgv(h.argv, scope, cwd, found, 0);
  }
  return [...found];
}

// Interpreters that take a script file as their first operand, and the options after which the code
// is inline (no file) or a shell string (read again as a command line).
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish']);
const INTERPRETERS = new Set([
  ...SHELLS,
  'python',
  'python2',
  'python3',
  'node',
  'nodejs',
  'deno',
  'bun',
  'tsx',
  'ts-node',
  'ruby',
  'perl',
  'php',
  'pwsh',
  'powershell',
  'Rscript',
  'lua',
  'osascript',
]);
const INLINE_CODE = new Set(['-c', '-e', '-p', '-m', '-E', '--eval', '--print', '-Command', '-command']);
// Words that run the command after them: `env X=1 ./x.sh`, `exec ./x.sh`, `npx tsx x.ts`, `uv run x.py`.
const WRAPPERS = new Set(['env', 'exec', 'command', 'builtin', 'nohup', 'time', 'nice', 'npx', 'uv', 'run']);
// Shell words that open a command position without being commands themselves.
const KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', '!', '{', '}']);
const SEPARATORS = new Set(['&&', '||', ';', ';;', '|', '|&', '&', '(', ')', '<(', '>(']);
const REDIRECTS = new Set(['>', '>>', '<', '>&', '<&', '<<', '<<<', '&>', '&>>', '>|']);
const MAX_DEPTH = 4;

function fromShell(
  command: string,
  scope: ScriptScope,
  cwd: string,
  found: Set<string>,
  depth: number,
): void {
  if (depth > MAX_DEPTH) return;
  let tokens: ParseEntry[];
  try {
    // Unknown variables become a NUL-marked word, so `$OTHER/x.sh` is never read as `/x.sh`.
    tokens = parse(unquotedNewlinesToSemicolons(command), (name) => expand(name, scope) ?? `\0${name}`);
  } catch {
    return;
  }
  let words: string[] = [];
  let base = cwd;
  const flush = () => {
    const cd = cdTarget(words, scope, base);
    if (cd) base = cd;
    else fromArgv(words, scope, base, found, depth);
    words = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (typeof t === 'string') {
      // Backquoted command substitution stays one word: read its inside as a command line.
      if (t.startsWith('`') && t.endsWith('`') && t.length > 1)
        fromShell(t.slice(1, -1), scope, base, found, depth + 1);
      else words.push(t);
    } else if ('op' in t && SEPARATORS.has(t.op)) {
      flush();
    } else if ('op' in t && REDIRECTS.has(t.op)) {
      i++; // the word after a redirection is a file name, not an argument
    } else if ('op' in t && t.op === 'glob') {
      words.push(`\0${t.pattern}`); // a pattern is not a file Hookpanel can name ahead of time
    }
  }
  flush();
}

function fromArgv(
  argv: readonly string[],
  scope: ScriptScope,
  cwd: string,
  found: Set<string>,
  depth: number,
): void {
  let i = 0;
  // Leading assignments, keywords and wrappers (with their options and assignments) are skipped.
  while (i < argv.length) {
    const w = argv[i]!;
    if (
      KEYWORDS.has(w) ||
      /^[A-Za-z_]\w*=/.test(w) ||
      (i > 0 && WRAPPERS.has(argv[i - 1]!) && w.startsWith('-'))
    )
      i++;
    else if (WRAPPERS.has(w)) i++;
    else break;
  }
  const program = argv[i];
  if (program === undefined) return;
  if (program.includes('/')) add(program, scope, cwd, found);
  if (!INTERPRETERS.has(basename(program))) return;
  for (let j = i + 1; j < argv.length; j++) {
    const arg = argv[j]!;
    if (INLINE_CODE.has(arg)) {
      const code = argv[j + 1];
      if (code !== undefined && SHELLS.has(basename(program)) && arg === '-c')
        fromShell(code, scope, cwd, found, depth + 1);
      return;
    }
    if (arg === 'run' && j === i + 1) continue; // deno run x.ts, bun run x.ts
    if (arg.startsWith('-')) continue;
    // The first operand is the script when it is clearly a file: a path, a file name with an
    // extension, or a file that exists in the project.
    if (arg.includes('/') || extname(arg) !== '' || isFile(resolve(cwd, arg))) add(arg, scope, cwd, found);
    return;
  }
}

function add(word: string, scope: ScriptScope, cwd: string, found: Set<string>): void {
  if (word.includes('\0')) return;
  const home = word === '~' || word.startsWith('~/') ? scope.home + word.slice(1) : word;
  const path = isAbsolute(home) ? resolve(home) : resolve(cwd, home);
  const rel = relative(scope.workspace, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return;
  found.add(path);
}

/** `cd DIR` changes where the next commands' relative paths resolve. */
function cdTarget(words: string[], scope: ScriptScope, cwd: string): string | null {
  if (words[0] !== 'cd' || words.length !== 2 || words[1]!.includes('\0')) return null;
  const dir = words[1]!.startsWith('~') ? scope.home + words[1]!.slice(1) : words[1]!;
  return resolve(cwd, dir);
}

function expand(name: string, scope: ScriptScope): string | undefined {
  if (name === 'CLAUDE_PROJECT_DIR' || name === 'PW_PROJECT_DIR') return scope.workspace;
  if (name === 'HOME') return scope.home;
  return undefined;
}

/** A newline outside quotes ends a command, as `;` does; shell-quote would read it as a space. */
function unquotedNewlinesToSemicolons(command: string): string {
  let out = '';
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === '\\' && quote !== "'" && i + 1 < command.length) {
      const next = command[i + 1]!;
      out += next === '\n' ? '' : c + next; // a backslash-newline joins lines
      i++;
    } else if (quote) {
      if (c === quote) quote = null;
      out += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      out += c;
    } else out += c === '\n' ? ';' : c;
  }
  return out;
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}
