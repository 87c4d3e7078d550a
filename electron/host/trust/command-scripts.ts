// The project files a command hook runs, so trust covers their bytes as well as the hook file's:
// `./scripts/x.sh`, `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`, `sh -e x.sh`, `timeout 5 ./x.sh`,
// `. ./lib.sh`, `bash < x.sh`, `python3 scripts/y.py`, in every command of the line, and the files a
// tracked shell script runs or sources in turn. The command line is read with a real shell parser
// (tree-sitter's bash grammar), so lists, pipelines, substitutions, redirections, here-documents and
// compound commands are what the shell sees. Commands run with the workspace as their working folder,
// so relative paths resolve against it; only paths inside the workspace count (a program on PATH or in
// your home is yours, not the project's).
//
// Where the files a command runs cannot be known ahead of time (a file pattern, a variable, `eval` of
// text built when it runs, PATH pointed into the project), the command is *unpinned*: the review says
// so in plain words, and the folders the command names are watched instead, so any change under them
// asks for review again.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, isAbsolute, relative, resolve } from 'node:path';
import type { Node as SyntaxNode, Parser as TreeParser } from 'web-tree-sitter';
import type { Handler, Rule } from '../../../shared/model.js';

export interface ScriptScope {
  /** The workspace: the hooks' working directory and the project whose files count. */
  workspace: string;
  /** The user's home, for `~/…` and `$HOME/…`. */
  home: string;
}

/** A command whose files Hookpanel cannot name one by one. */
export interface Unpinned {
  /** The command (or the script line) as written. */
  command: string;
  /** Why, in plain words: "it runs the files a pattern matches (hooks/*.sh)". */
  why: string;
  /** Workspace folders it names: any change under them asks for review again. */
  folders: string[];
}

export interface ScriptFinding {
  /** Absolute paths of project files the commands run (missing ones too: trust notices them appearing). */
  scripts: string[];
  unpinned: Unpinned[];
}

let parser: TreeParser | null = null;
let loading: Promise<void> | null = null;

/** Loads the shell grammar (once, ~25 ms); findScripts needs it. */
export function shellParserReady(): Promise<void> {
  loading ??= (async () => {
    const { Parser, Language } = await import('web-tree-sitter');
    const require = createRequire(import.meta.url);
    // Named from the package, not beside the script: the in-process emit bundles this module elsewhere.
    const runtime = require.resolve('web-tree-sitter/tree-sitter.wasm');
    await Parser.init({ locateFile: () => runtime });
    const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
    const p = new Parser();
    p.setLanguage(bash);
    parser = p;
  })();
  return loading;
}

/**
 * What the handlers would run among the project's files. Relative paths resolve against `cwd`, the
 * hooks' working directory (the workspace). Call `shellParserReady()` first.
 */
export function findScripts(
  handlers: readonly Handler[],
  scope: ScriptScope,
  cwd: string = scope.workspace,
): ScriptFinding {
  const run = new Reader(scope);
  for (const h of handlers) {
    const line = h.kind === 'shell' ? h.command : h.kind === 'exec' ? h.argv.join(' ') : '';
    try {
      if (h.kind === 'shell') run.shellText(h.command, cwd, null, 0, line);
      else if (h.kind === 'exec')
        run.argv(
          h.argv.map((w) => literal(w)),
          { cwd, path: null, script: null, depth: 0, stdin: null, line, vars: new Map() },
        );
      else if (h.kind === 'script') run.pin(resolve(cwd, h.path), 0, 'script');
    } catch (e) {
      if (!parser) throw e;
      // Never a reason to lose the whole load: what could not be read is said, not guessed.
      run.unpinned.push({ command: line, why: 'Hookpanel could not read what it runs', folders: [] });
    }
  }
  return run.result();
}

/** The files a rule runs, in its own working folder (chrys `cwd`, `${workspace_cwd}` expanded). */
export function ruleScripts(rule: Pick<Rule, 'handler' | 'cwd'>, scope: ScriptScope): ScriptFinding {
  const cwd = rule.cwd ? rule.cwd.replaceAll('${workspace_cwd}', scope.workspace) : scope.workspace;
  if (cwd.includes('${'))
    return {
      scripts: [],
      unpinned:
        rule.handler.kind === 'shell' || rule.handler.kind === 'exec'
          ? [
              {
                command: rule.handler.kind === 'shell' ? rule.handler.command : rule.handler.argv.join(' '),
                why: `it runs in a folder only known when the event comes (${rule.cwd})`,
                folders: [],
              },
            ]
          : [],
    };
  return findScripts([rule.handler], scope, resolve(scope.workspace, cwd));
}

/** Absolute paths of the project scripts (see findScripts), for callers that need only those. */
export function projectScripts(
  handlers: readonly Handler[],
  scope: ScriptScope,
  cwd: string = scope.workspace,
): string[] {
  return findScripts(handlers, scope, cwd).scripts;
}

// ---------------------------------------------------------------------------------------------------

/** A word as the shell would expand it ahead of time: its text where fully known, else its known start. */
interface Word {
  text: string;
  /** Every part is literal (no variable, substitution, pattern or brace expansion left). */
  known: boolean;
  /** The literal text before the first part that is not known. */
  prefix: string;
  /** An unquoted pattern character (`*`, `?`, `[`) or brace expansion. */
  glob: boolean;
}

const literal = (text: string): Word => ({ text, known: true, prefix: text, glob: false });

interface Ctx {
  cwd: string;
  /** Workspace folders PATH was pointed into, or null when PATH is the user's. */
  path: string[] | null;
  /** The tracked script being read, for `$0`, `$(dirname "$0")`, `${BASH_SOURCE[0]}`. */
  script: string | null;
  depth: number;
  /** Where the command's standard input comes from, when it is code a shell would read. */
  stdin: Stdin | null;
  /** The command line, for what the review says. */
  line: string;
  /** Variables given a value ahead of time (`DIR=hooks`, `for f in hooks/*.sh`), shared along a script. */
  vars: Map<string, Word>;
}

type Stdin =
  { kind: 'file'; word: Word } | { kind: 'text'; text: string } | { kind: 'unknown'; words: Word[] };

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish', 'busybox']);
// Interpreters: the options after which the code is inline (no file), and the options that take a value.
interface Interp {
  inline: string[];
  valued: string[];
  /** A first operand run as a subcommand (`deno run x.ts`). */
  sub?: string[];
  /** Options whose value is a file the interpreter runs too (`node -r ./setup.js`). */
  runsValue?: string[];
}
const SHELL_INTERP: Interp = {
  inline: ['-c'],
  valued: ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'],
};
const INTERPRETERS: Record<string, Interp> = {
  python: { inline: ['-c', '-m'], valued: ['-W', '-X', '-Q'] },
  node: {
    inline: ['-e', '--eval', '-p', '--print'],
    valued: [
      '-r',
      '--require',
      '--import',
      '--loader',
      '--experimental-loader',
      '--env-file',
      '-C',
      '--conditions',
    ],
    runsValue: ['-r', '--require', '--import'],
  },
  deno: { inline: ['eval'], valued: ['--config', '-c', '--import-map', '--env-file'], sub: ['run'] },
  bun: { inline: ['-e', '--eval', '-p', '--print'], valued: ['--cwd', '--preload', '-r'], sub: ['run'] },
  tsx: { inline: ['-e', '--eval', '-p', '--print'], valued: ['--tsconfig', '-r', '--require', '--import'] },
  'ts-node': { inline: ['-e', '--eval', '-p', '--print'], valued: ['-r', '--require', '-P', '--project'] },
  ruby: { inline: ['-e'], valued: ['-r', '-I', '-C', '-E', '-F'] },
  perl: { inline: ['-e', '-E'], valued: ['-I', '-M', '-m', '-x'] },
  php: { inline: ['-r'], valued: ['-c', '-d', '-z'] },
  Rscript: { inline: ['-e'], valued: [] },
  lua: { inline: ['-e'], valued: ['-l'] },
  pwsh: { inline: ['-Command', '-command', '-c'], valued: ['-ExecutionPolicy'] },
  osascript: { inline: ['-e'], valued: [] },
};
for (const [alias, name] of [
  ['python2', 'python'],
  ['python3', 'python'],
  ['nodejs', 'node'],
  ['powershell', 'pwsh'],
] as const)
  INTERPRETERS[alias] = INTERPRETERS[name]!;

// Words that run the command after them, and their options that take a value (`timeout -k 5 10 cmd`
// also takes a duration operand; `env -C dir` changes the folder; `exec -a name`).
const WRAPPERS: Record<string, { valued: string[]; operands?: number }> = {
  env: { valued: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'] },
  exec: { valued: ['-a'] },
  command: { valued: [] },
  builtin: { valued: [] },
  nohup: { valued: [] },
  time: { valued: ['-f', '-o', '--format', '--output'] },
  nice: { valued: ['-n', '--adjustment'] },
  ionice: { valued: ['-c', '-n', '-p', '--class', '--classdata'] },
  timeout: { valued: ['-s', '-k', '--signal', '--kill-after'], operands: 1 },
  setsid: { valued: [] },
  stdbuf: { valued: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  sudo: { valued: ['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '--user', '--group'] },
  doas: { valued: ['-u', '-C'] },
  xargs: {
    valued: ['-a', '-d', '-E', '-I', '-L', '-n', '-P', '-s', '--arg-file', '--delimiter', '--max-args'],
  },
  flock: { valued: ['-w', '-E', '--timeout', '--conflict-exit-code'], operands: 1 },
  npx: { valued: ['-p', '--package', '-c', '--call'] },
  uv: { valued: ['--with', '--python', '-p', '--directory', '--project'] },
};
// Words that do not run what follows them as a program: `command -v x` looks a name up.
const LOOKUPS = new Set(['type', 'which', 'hash', 'whence']);

const MAX_DEPTH = 4;
const MAX_SCRIPTS = 64;
/** Tracked scripts larger than this are not read for what they source (the review says so). */
const MAX_SCRIPT_BYTES = 1024 * 1024;
/** Shell text longer than this is not parsed (the review says so). */
const MAX_TEXT = 256 * 1024;

class Reader {
  private readonly scripts = new Set<string>();
  readonly unpinned: Unpinned[] = [];
  private readonly read = new Set<string>();

  constructor(private readonly scope: ScriptScope) {}

  result(): ScriptFinding {
    return { scripts: [...this.scripts], unpinned: this.unpinned };
  }

  /** A command or script's text, read as the shell would. */
  shellText(text: string, cwd: string, script: string | null, depth: number, line: string): void {
    if (depth > MAX_DEPTH) return;
    if (text.length > MAX_TEXT) {
      this.unpin(line, 'it is too long for Hookpanel to read', script ? [dirname(script)] : []);
      return;
    }
    if (!parser) throw new Error('the shell parser is not loaded: await shellParserReady() first');
    const tree = parser.parse(text);
    if (!tree) return;
    try {
      const ctx: Ctx = { cwd, path: null, script, depth, stdin: null, line, vars: new Map() };
      if (tree.rootNode.hasError)
        this.unpin(
          script ? `${this.label(script)}` : line,
          'Hookpanel cannot read all of it as shell (a syntax error), so what runs after it is unknown',
          script ? [dirname(script)] : [],
        );
      this.walk(tree.rootNode, ctx);
    } finally {
      tree.delete();
    }
  }

  /** Walks statements in order: `cd` and PATH assignments carry to the commands after them. */
  private walk(node: SyntaxNode, ctx: Ctx): void {
    switch (node.type) {
      case 'command':
        this.command(node, ctx);
        return;
      case 'variable_assignment':
        this.assignment(node, ctx);
        return;
      case 'declaration_command':
        for (const c of node.namedChildren) if (c?.type === 'variable_assignment') this.assignment(c, ctx);
        return;
      case 'redirected_statement': {
        const body = node.childForFieldName('body');
        const stdin = this.stdinOf(node, ctx);
        for (const c of node.namedChildren)
          if (c && c !== body && c.type !== 'heredoc_redirect') this.walkSubstitutions(c, ctx);
        if (body) this.walk(body, { ...ctx, stdin: stdin ?? ctx.stdin, line: ctx.line });
        return;
      }
      case 'for_statement': {
        // `for f in hooks/*.sh`: $f is one of those words.
        const name = node.childForFieldName('variable')?.text;
        const values = node.childrenForFieldName('value').filter((c): c is SyntaxNode => c !== null);
        const words = values.map((v) => this.word(v, ctx));
        if (name)
          ctx.vars.set(
            name,
            words.length === 1 && words[0]!.known
              ? words[0]!
              : {
                  text: `\0${name}`,
                  known: false,
                  prefix: commonStart(words),
                  glob: words.some((w) => w.glob),
                },
          );
        for (const c of node.namedChildren) if (c && !values.includes(c)) this.walk(c, ctx);
        return;
      }
      case 'pipeline': {
        let previous: SyntaxNode | null = null;
        for (const c of node.namedChildren) {
          if (!c) continue;
          // Later commands of a pipeline read the earlier one's output: `cat x.sh | sh` runs x.sh.
          this.walk(c, { ...ctx, stdin: previous ? this.pipedFrom(previous, ctx) : ctx.stdin });
          previous = c;
        }
        return;
      }
      case 'subshell':
      case 'command_substitution':
      case 'process_substitution': {
        const inner = { ...ctx };
        for (const c of node.namedChildren) if (c) this.walk(c, inner);
        return;
      }
      default:
        for (const c of node.namedChildren) if (c) this.walk(c, ctx);
    }
  }

  /** Substitutions inside words (`$(./x.sh)`, `<(./y.sh)`) run commands too. */
  private walkSubstitutions(node: SyntaxNode, ctx: Ctx): void {
    if (node.type === 'command_substitution' || node.type === 'process_substitution') {
      this.walk(node, { ...ctx, stdin: null });
      return;
    }
    for (const c of node.namedChildren) if (c) this.walkSubstitutions(c, ctx);
  }

  private assignment(node: SyntaxNode, ctx: Ctx): void {
    const name = node.childForFieldName('name')?.text;
    const value = node.childForFieldName('value');
    if (value) this.walkSubstitutions(value, ctx);
    if (!name || !value) return;
    const w = this.word(value, ctx);
    if (name === 'PATH') ctx.path = this.pathDirs(w, ctx);
    else ctx.vars.set(name, w);
  }

  /** Project folders a PATH value points into (null when none: PATH stays the user's). */
  private pathDirs(value: Word, ctx: Ctx): string[] | null {
    const dirs = value.text
      .split(':')
      .filter((d) => d !== '' && !d.includes('\0'))
      .map((d) => this.resolve(d, ctx.cwd))
      .filter((d): d is string => d !== null);
    return dirs.length ? dirs : null;
  }

  private command(node: SyntaxNode, outer: Ctx): void {
    const ctx = { ...outer };
    const words: Word[] = [];
    // Redirections written among the words (`bash <<< "…"`) feed this command's input.
    ctx.stdin = this.stdinOf(node, ctx) ?? ctx.stdin;
    for (const c of node.namedChildren) {
      if (!c) continue;
      if (c.type === 'variable_assignment') {
        const name = c.childForFieldName('name')?.text;
        const value = c.childForFieldName('value');
        if (value) this.walkSubstitutions(value, ctx);
        // A prefix assignment applies to this command only.
        if (name === 'PATH' && value) ctx.path = this.pathDirs(this.word(value, ctx), ctx);
      } else if (c.type === 'command_name') {
        const w = c.namedChildren[0];
        if (w) {
          this.walkSubstitutions(w, ctx);
          words.push(this.word(w, ctx));
        }
      } else if (c.type === 'herestring_redirect' || c.type === 'file_redirect') {
        this.walkSubstitutions(c, ctx);
      } else {
        this.walkSubstitutions(c, ctx);
        words.push(this.word(c, ctx));
      }
    }
    if (words.length === 0) return;
    // `cd DIR` changes where the next commands' relative paths resolve.
    if ((words[0]!.text === 'cd' || words[0]!.text === 'pushd') && words.length === 2) {
      const dir = words[1]!;
      if (dir.known) outer.cwd = resolve(outer.cwd, dir.text);
      return;
    }
    this.argv(words, ctx);
  }

  /** One simple command's words (after assignments): wrappers, interpreters, sourcing, eval, programs. */
  argv(words: Word[], ctx: Ctx): void {
    let i = 0;
    // Wrappers and their options; `env` may also assign (PATH too) and change folder.
    for (;;) {
      const w = words[i];
      if (!w) return;
      const name = basename(w.text);
      const wrapper = w.known ? WRAPPERS[name] : undefined;
      if (!wrapper) break;
      if ((name === 'command' || name === 'builtin') && words[i + 1]?.text.match(/^-[vV]/)) return;
      i++;
      if (name === 'uv' && words[i]?.text === 'run') {
        i++;
        // `uv run x.py` runs the file with the project's Python.
        const next = words.slice(i).find((w) => !w.text.startsWith('-'));
        if (next?.known && next.text.endsWith('.py')) return this.runFile(next, ctx, 'other');
      }
      let operands = wrapper.operands ?? 0;
      while (i < words.length) {
        const a = words[i]!.text;
        if (a === '--') {
          i++;
          break;
        }
        if (a.startsWith('-') && a.length > 1) {
          const [flag, attached] = a.startsWith('--') ? a.split('=', 2) : [a.slice(0, 2), a.slice(2)];
          if (wrapper.valued.includes(flag!)) {
            const value = attached ? literal(attached) : words[i + 1];
            if (!attached) i++;
            if ((flag === '-C' || flag === '--chdir') && name === 'env' && value?.known)
              ctx = { ...ctx, cwd: resolve(ctx.cwd, value.text) };
            if ((flag === '-S' || flag === '--split-string') && value) {
              // `env -S 'sh -e x.sh'`: the string is split into the command's words.
              if (!value.known) return this.unpin(ctx.line, 'env -S runs words only known when it runs', []);
              return this.argv(
                [...value.text.split(/\s+/).filter(Boolean).map(literal), ...words.slice(i + 1)],
                ctx,
              );
            }
          }
          i++;
          continue;
        }
        if (name === 'env' && /^[A-Za-z_]\w*=/.test(a)) {
          if (a.startsWith('PATH=')) ctx = { ...ctx, path: this.pathDirs(literalTail(words[i]!, 5), ctx) };
          i++;
          continue;
        }
        if (operands > 0) {
          operands--;
          i++;
          continue;
        }
        break;
      }
      if (name === 'xargs') {
        // The rest of the words come from the input: a shell or interpreter's script is unknown.
        const rest = words.slice(i);
        const prog = rest[0] ? basename(rest[0].text) : 'echo';
        if ((SHELLS.has(prog) || INTERPRETERS[prog]) && !rest.slice(1).some((w) => !w.text.startsWith('-')))
          return this.unpin(ctx.line, 'xargs hands it the names of the files to run', [
            ...this.folders(rest, ctx),
            ...(ctx.stdin?.kind === 'unknown' ? this.folders(ctx.stdin.words, ctx) : []),
          ]);
      }
    }
    const program = words[i]!;
    const args = words.slice(i + 1);
    if (!program.known) {
      return this.unpin(
        ctx.line,
        program.glob
          ? `it runs the files a pattern matches (${program.text})`
          : `it runs a program whose name is only known when it runs (${program.text.replaceAll('\0', '$')})`,
        this.folders([program], ctx),
      );
    }
    const name = basename(program.text);
    if (LOOKUPS.has(name)) return;
    if (name === '.' || name === 'source') return this.source(args[0], ctx);
    if (name === 'eval') return this.evalText(args, ctx);
    if (program.text.includes('/')) this.runFile(program, ctx, null);
    else if (ctx.path) {
      this.unpin(
        ctx.line,
        `PATH points into the project, so ${program.text} may be any file there`,
        ctx.path.filter((d) => this.inside(d)),
      );
    }
    if (SHELLS.has(name)) return this.shell(args, ctx);
    const interp = INTERPRETERS[name] ?? (/^python\d/.test(name) ? INTERPRETERS.python : undefined);
    if (interp) this.interpreter(name, interp, args, ctx);
  }

  /** `sh [options] [file | -c text | -s]`: the file, the text, or standard input. */
  private shell(args: Word[], ctx: Ctx): void {
    let inline = false;
    let fromStdin = false;
    for (let j = 0; j < args.length; j++) {
      const a = args[j]!;
      if (a.text === '--' || a.text === '-') {
        if (a.text === '-') fromStdin = true;
        const next = args[j + 1];
        if (next && !fromStdin) return this.operand(next, inline, ctx, 'sh');
        break;
      }
      if (/^[-+][A-Za-z]+$/.test(a.text) && a.known) {
        if (SHELL_INTERP.valued.includes(a.text)) {
          j++;
          continue;
        }
        if (a.text.startsWith('-') && a.text.includes('c')) inline = true;
        if (a.text.startsWith('-') && a.text.includes('s')) fromStdin = true;
        if (a.text.endsWith('o') || a.text.endsWith('O')) j++; // -eo pipefail
        continue;
      }
      if (a.text.startsWith('--') && a.known) {
        if (SHELL_INTERP.valued.includes(a.text)) j++;
        continue;
      }
      if (fromStdin) break;
      return this.operand(a, inline, ctx, 'sh');
    }
    if (inline) return; // `sh -c` with nothing after it runs nothing
    this.fromStdin(ctx, 'sh');
  }

  private interpreter(name: string, interp: Interp, args: Word[], ctx: Ctx): void {
    for (let j = 0; j < args.length; j++) {
      const a = args[j]!;
      if (interp.inline.includes(a.text)) return;
      if (j === 0 && interp.sub?.includes(a.text)) {
        const next = args.slice(1).find((w) => !w.text.startsWith('-'));
        if (next && next.known && !next.text.includes('/') && extname(next.text) === '')
          return this.unpin(
            ctx.line,
            `${name} ${a.text} ${next.text} runs a script the project's package defines`,
            [],
          );
        continue;
      }
      if (a.text === '--') {
        const next = args[j + 1];
        return next ? this.operand(next, false, ctx, name) : undefined;
      }
      if (a.text.startsWith('-') && a.text.length > 1) {
        const flag = a.text.split('=', 1)[0]!;
        if (interp.valued.includes(flag)) {
          const value = a.text.includes('=') ? literal(a.text.slice(flag.length + 1)) : args[++j];
          if (value && interp.runsValue?.includes(flag) && /^[./~]/.test(value.text))
            this.runFile(value, ctx, null);
        }
        continue;
      }
      return this.operand(a, false, ctx, name);
    }
    this.fromStdin(ctx, name);
  }

  /** The script operand of a shell or interpreter, or the text of `sh -c`. */
  private operand(w: Word, inline: boolean, ctx: Ctx, interpreter: string): void {
    if (inline) {
      if (!w.known)
        return this.unpin(ctx.line, 'it runs shell text only known when it runs', this.folders([w], ctx));
      return this.shellText(w.text, ctx.cwd, ctx.script, ctx.depth + 1, ctx.line);
    }
    this.runFile(w, ctx, SHELLS.has(interpreter) ? 'shell' : 'other');
  }

  /** Code read from standard input: a redirected file, a here-document, or another command's output. */
  private fromStdin(ctx: Ctx, interpreter: string): void {
    const input = ctx.stdin;
    if (!input) return; // from the agent's payload: not a file
    if (input.kind === 'file')
      return this.runFile(input.word, ctx, SHELLS.has(interpreter) ? 'shell' : 'other');
    if (input.kind === 'text') {
      if (SHELLS.has(interpreter)) this.shellText(input.text, ctx.cwd, ctx.script, ctx.depth + 1, ctx.line);
      return;
    }
    this.unpin(
      ctx.line,
      `${interpreter} runs code it reads from another command's output`,
      this.folders(input.words, ctx),
    );
  }

  private stdinOf(node: SyntaxNode, ctx: Ctx): Stdin | null {
    let found: Stdin | null = null;
    for (const c of node.namedChildren) {
      if (!c) continue;
      if (c.type === 'file_redirect') {
        const op = c.children.find((x) => x && !x.isNamed)?.text;
        const dest = c.childForFieldName('destination') ?? c.namedChildren.at(-1);
        if (op === '<' && dest) found = { kind: 'file', word: this.word(dest, ctx) };
      } else if (c.type === 'heredoc_redirect') {
        const body = c.namedChildren.find((x) => x?.type === 'heredoc_body');
        found = { kind: 'text', text: body?.text ?? '' };
      } else if (c.type === 'herestring_redirect') {
        const w = c.namedChildren[0];
        const v = w ? this.word(w, ctx) : literal('');
        found = v.known ? { kind: 'text', text: v.text } : { kind: 'unknown', words: [v] };
      }
    }
    return found;
  }

  /** What a pipeline's earlier command writes: `cat FILE` is that file; anything else is unknown. */
  private pipedFrom(node: SyntaxNode, ctx: Ctx): Stdin {
    if (node.type === 'command') {
      const name = node.childForFieldName('name')?.text;
      const args = node.namedChildren.filter(
        (c) => c && c.type !== 'command_name' && c.type !== 'variable_assignment',
      );
      if (name === 'cat' && args.length === 1) return { kind: 'file', word: this.word(args[0]!, ctx) };
    }
    return { kind: 'unknown', words: this.commandWords(node, ctx) };
  }

  /** The words of the commands in a node, for the folders an unknown input names. */
  private commandWords(node: SyntaxNode, ctx: Ctx): Word[] {
    const out: Word[] = [];
    const visit = (n: SyntaxNode) => {
      if (n.type === 'command')
        for (const c of n.namedChildren) {
          if (c && c.type !== 'variable_assignment')
            out.push(this.word(c.type === 'command_name' ? (c.namedChildren[0] ?? c) : c, ctx));
        }
      else for (const c of n.namedChildren) if (c) visit(c);
    };
    visit(node);
    return out;
  }

  /** `. FILE` / `source FILE`: the file runs in this shell. */
  private source(w: Word | undefined, ctx: Ctx): void {
    if (!w) return;
    if (!w.known)
      return this.unpin(
        ctx.line,
        `it sources a file only known when it runs (${w.text.replaceAll('\0', '$')})`,
        this.folders([w], ctx),
      );
    // Without a slash the shell looks on PATH first; a file of that name in the folder is what bash finds.
    if (!w.text.includes('/') && !isFile(resolve(ctx.cwd, w.text))) {
      if (ctx.path)
        this.unpin(ctx.line, `PATH points into the project, so ${w.text} may be any file there`, ctx.path);
      return;
    }
    this.runFile(w, ctx, 'shell');
  }

  /** `eval` of literal text is read as a command line; of anything else, unknown. */
  private evalText(args: Word[], ctx: Ctx): void {
    if (args.every((a) => a.known))
      return this.shellText(args.map((a) => a.text).join(' '), ctx.cwd, ctx.script, ctx.depth + 1, ctx.line);
    this.unpin(ctx.line, 'eval runs text only known when it runs', this.folders(args, ctx));
  }

  /** A file the command runs: pinned when its path is known and inside the workspace. */
  private runFile(w: Word, ctx: Ctx, kind: 'shell' | 'other' | null): void {
    if (!w.known) {
      this.unpin(
        ctx.line,
        w.glob
          ? `it runs the files a pattern matches (${w.text})`
          : `it runs a file whose name is only known when it runs (${w.text.replaceAll('\0', '$')})`,
        this.folders([w], ctx),
      );
      return;
    }
    const path = this.resolve(w.text, ctx.cwd);
    if (path) this.pin(path, ctx.depth, kind);
  }

  /** Adds a project file, and reads a shell script for the files it runs or sources in turn. */
  pin(path: string, depth: number, kind: 'shell' | 'other' | 'script' | null): void {
    this.scripts.add(path);
    if (this.read.has(path) || this.read.size >= MAX_SCRIPTS || depth >= MAX_DEPTH) return;
    this.read.add(path);
    let bytes: Buffer;
    try {
      if (!statSync(path).isFile()) return;
      bytes = readFileSync(path);
    } catch {
      return; // missing: its appearing re-gates the file
    }
    const head = bytes.subarray(0, 256).toString('utf8');
    const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(head);
    const by = shebang
      ? basename(shebang[1]!) === 'env'
        ? basename(shebang[2] ?? '')
        : basename(shebang[1]!)
      : null;
    const isShell =
      kind === 'shell' ||
      (by !== null ? SHELLS.has(by) : kind !== 'other' && /\.(sh|bash|zsh|ksh)$/.test(path));
    if (!isShell) return;
    if (bytes.length > MAX_SCRIPT_BYTES) {
      this.unpin(this.label(path), 'it is too large for Hookpanel to read for the files it runs', [
        dirname(path),
      ]);
      return;
    }
    // A script runs in the hook's folder; `$0` and `$(dirname "$0")` name the script itself.
    this.shellText(bytes.toString('utf8'), this.scope.workspace, path, depth + 1, this.label(path));
  }

  /** A word's value: literal parts joined, known variables expanded, the rest marked unknown. */
  private word(node: SyntaxNode, ctx: Ctx): Word {
    switch (node.type) {
      case 'word':
      case 'number': {
        let text = node.text.replace(/\\(.)/g, '$1');
        if (text === '~' || text.startsWith('~/')) text = this.scope.home + text.slice(1);
        const glob = /(^|[^\\])[*?[]/.test(node.text) || node.text === '{' || /^\{.*,/.test(node.text);
        return glob
          ? { text, known: false, prefix: text.slice(0, text.search(/[*?[{]/)), glob }
          : literal(text);
      }
      case 'raw_string':
        return literal(node.text.slice(1, -1));
      case 'ansi_c_string':
        return literal(node.text.slice(2, -1).replace(/\\(.)/g, '$1'));
      case 'string_content':
        return literal(node.text.replace(/\\([$`"\\\n])/g, '$1'));
      case 'string': {
        const parts = node.namedChildren
          .filter((c): c is SyntaxNode => c !== null)
          .map((c) => this.word(c, ctx));
        return { ...join(parts), glob: false };
      }
      case 'concatenation':
        // Every child counts: the grammar leaves a lone `$` unnamed (`"$X"/a/$N.sh`), and what it
        // could not name is not known.
        return join(
          node.children
            .filter((c): c is SyntaxNode => c !== null)
            .map((c) => (c.isNamed ? this.word(c, ctx) : unknown(c.text))),
        );
      case 'simple_expansion':
      case 'expansion': {
        const name =
          node.namedChildren.find((c) => c?.type === 'variable_name' || c?.type === 'special_variable_name')
            ?.text ?? '';
        const whole = node.type === 'simple_expansion' || /^\$\{[A-Za-z_]\w*\}$/.test(node.text);
        if (whole) return this.variable(name, ctx) ?? unknown(node.text);
        const dir = this.scriptDirExpansion(node.text, ctx);
        return dir !== null ? literal(dir) : unknown(node.text);
      }
      case 'command_substitution': {
        const dir = this.scriptDirExpansion(node.text, ctx);
        return dir !== null ? literal(dir) : unknown(node.text);
      }
      default:
        return unknown(node.text);
    }
  }

  private variable(name: string, ctx: Ctx): Word | null {
    // Gemini CLI sets GEMINI_PROJECT_DIR (and CLAUDE_PROJECT_DIR) to the session's folder too.
    if (name === 'CLAUDE_PROJECT_DIR' || name === 'PW_PROJECT_DIR' || name === 'GEMINI_PROJECT_DIR')
      return literal(this.scope.workspace);
    if (name === 'HOME') return literal(this.scope.home);
    if ((name === '0' || name === 'BASH_SOURCE') && ctx.script) return literal(ctx.script);
    return ctx.vars.get(name) ?? null;
  }

  /** `$(dirname "$0")`, `$(cd "$(dirname "$0")" && pwd)`, `${0%/*}`, `${BASH_SOURCE%/*}`: the script's folder. */
  private scriptDirExpansion(text: string, ctx: Ctx): string | null {
    if (!ctx.script) return null;
    const self = String.raw`(?:"?\$\{?(?:0|BASH_SOURCE(?:\[0\])?)\}?"?)`;
    if (
      new RegExp(String.raw`^\$\(\s*dirname\s+(?:--\s+)?${self}\s*\)$`).test(text) ||
      new RegExp(
        String.raw`^\$\(\s*cd\s+(?:--\s+)?"?\$\(\s*dirname\s+(?:--\s+)?${self}\s*\)"?\s*(?:&&|;)\s*pwd(?:\s+-P)?\s*\)$`,
      ).test(text) ||
      /^\$\{(?:0|BASH_SOURCE(?:\[0\])?)%\/\*\}$/.test(text)
    )
      return dirname(ctx.script);
    return null;
  }

  /** Workspace folders a command's words name (the known start of each path-like word). */
  private folders(words: Word[], ctx: Ctx): string[] {
    const out = new Set<string>();
    for (const w of words) {
      const start = w.known ? w.text : w.prefix;
      if (/^[a-z][\w+.-]*:\/\//i.test(start)) continue; // a URL, not a folder
      const cut = start.lastIndexOf('/');
      // A path's folder; a bare word naming a project folder (`find hooks`) is that folder.
      const dir =
        cut >= 0
          ? start.slice(0, cut + 1) || '/'
          : w.glob
            ? '.'
            : w.known && w.text !== '' && isDir(resolve(ctx.cwd, w.text))
              ? w.text
              : null;
      if (dir === null) continue;
      const path = this.resolve(dir, ctx.cwd);
      if (path) out.add(path);
    }
    if (ctx.path) for (const d of ctx.path) out.add(d);
    return [...out].filter((d) => this.inside(d) || d === this.scope.workspace);
  }

  private unpin(command: string, why: string, folders: string[]): void {
    if (this.unpinned.some((u) => u.command === command && u.why === why)) return;
    this.unpinned.push({ command, why, folders: [...new Set(folders)] });
  }

  /** An absolute path inside the workspace (the workspace itself included), or null. */
  private resolve(word: string, cwd: string): string | null {
    if (word.includes('\0')) return null;
    const path = isAbsolute(word) ? resolve(word) : resolve(cwd, word);
    return this.inside(path) || path === this.scope.workspace ? path : null;
  }

  private inside(path: string): boolean {
    const rel = relative(this.scope.workspace, path);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  }

  private label(path: string): string {
    return this.inside(path) ? relative(this.scope.workspace, path) : path;
  }
}

/** The known start the words share (for a loop over several paths: their common folder). */
function commonStart(words: Word[]): string {
  const starts = words.map((w) => (w.known ? w.text : w.prefix));
  if (!starts.length) return '';
  let common = starts[0]!;
  for (const s of starts) while (!s.startsWith(common)) common = common.slice(0, -1);
  return common;
}

function unknown(text: string): Word {
  return { text: `\0${text}`, known: false, prefix: '', glob: false };
}

function join(parts: Word[]): Word {
  let prefix = '';
  let known = true;
  for (const p of parts) {
    if (known) prefix += p.known ? p.text : p.prefix;
    if (!p.known) known = false;
  }
  return { text: parts.map((p) => p.text).join(''), known, prefix, glob: parts.some((p) => p.glob) };
}

/** A word's text after its first `n` characters (`PATH=` in `env PATH=…`). */
function literalTail(w: Word, n: number): Word {
  return { ...w, text: w.text.slice(n), prefix: w.prefix.slice(n) };
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}
