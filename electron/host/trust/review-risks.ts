// Risk flags for Trust review: the patterns of review-patterns.ts applied to what a hook would run
// (argv, shell strings read command by command, scripts, code in other languages). A flag points a
// person at something to read; it is not a verdict, and a command without flags is not thereby safe.
import { basename, extname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Risk } from '../../../shared/ipc.js';
import type { RiskKind } from '../../../shared/risks.js';
import {
  CODE_DELETE,
  CODE_NETWORK,
  CODE_NETWORK_PROGRAM,
  CODE_PIPE_TO_SHELL,
  CODE_RUNNERS,
  CODE_SECRET_ENV,
  CREDENTIAL_COMMANDS,
  CREDENTIAL_PATHS,
  DOWNLOADERS,
  INLINE_CODE,
  INLINE_FLAGS,
  isSecretName,
  NETWORK_PROGRAMS,
  PACKAGE_RUNNERS,
  RISK_ORDER,
  RISKS,
  secretVariables,
  SQL_DESTROY,
  STDIN_RUNNERS,
  URL,
} from './review-patterns.js';
import { programOf, shellCodeArgument, splitShell, SUBSTITUTED, type SimpleCommand } from './review-shell.js';

export interface RiskContext {
  /** The workspace the hook runs in (its working folder); null when there is none. */
  workspace: string | null;
  home: string;
}

/** One piece of evidence for a flag, before flags are combined. */
interface Signal {
  kind: Exclude<RiskKind, 'sends-credentials'>;
  evidence: string;
}

/** What one hook would run, as far as Trust review knows it. */
export interface RunnableText {
  argv?: readonly string[] | null;
  shell?: string | null;
  /** Where a hook or MCP server sends requests (http hooks, remote MCP servers). */
  url?: string | null;
  headers?: Record<string, string>;
  env?: Record<string, string>;
  /** Scripts it runs, with their text where it could be read. */
  scripts?: { path: string; text: string | null }[];
}

/** Every flag for one runnable, loudest first, with the evidence in `because`. */
export function runnableRisks(r: RunnableText, ctx: RiskContext): Risk[] {
  const signals: Signal[] = [];
  if (r.shell) signals.push(...shellSignals(r.shell, ctx));
  // An argv is one simple command; read as a quoted string, `sh -c CODE` and wrappers inside it count too.
  if (r.argv?.length) signals.push(...shellSignals(r.argv.map(shellWord).join(' '), ctx));
  if (r.url) signals.push({ kind: 'sends-data', evidence: `requests to ${r.url}` });
  for (const [name, value] of Object.entries(r.headers ?? {}))
    for (const v of secretVariables(value))
      signals.push({ kind: 'reads-credentials', evidence: `${v} in the ${name} header` });
  for (const [name, value] of Object.entries(r.env ?? {}))
    for (const v of secretVariables(value))
      signals.push({ kind: 'reads-credentials', evidence: `${v} passed in ${name}` });
  for (const s of r.scripts ?? []) {
    if (s.text === null) continue;
    const name = scriptLabel(s.path, ctx);
    for (const sig of scriptSignals(s.path, s.text, ctx))
      signals.push({ ...sig, evidence: `${sig.evidence} (in ${name})` });
  }
  return combine(signals);
}

/** Flags for a script's own text: shell scripts are read command by command, others by patterns. */
export function scriptRisks(path: string, text: string, ctx: RiskContext): Risk[] {
  return combine(scriptSignals(path, text, ctx));
}

/** Flags for one shell string (a hook's command). */
export function shellRisks(text: string, ctx: RiskContext): Risk[] {
  return combine(shellSignals(text, ctx));
}

/** Flags for source code in any language (inline `python -c`, a script that is not a shell script). */
export function codeRisks(text: string): Risk[] {
  return combine(codeSignals(text));
}

function combine(signals: Signal[]): Risk[] {
  const by = new Map<RiskKind, string[]>();
  for (const s of signals) {
    const list = by.get(s.kind) ?? [];
    if (!list.includes(s.evidence)) list.push(s.evidence);
    by.set(s.kind, list);
  }
  const net = by.get('sends-data');
  const creds = by.get('reads-credentials');
  if (net && creds) {
    // Both in one hook: the loudest flag, naming both halves; the two quieter flags go.
    by.set('sends-credentials', [`${listed(net)}, with ${listed(creds)}`]);
    by.delete('sends-data');
    by.delete('reads-credentials');
  }
  return RISK_ORDER.filter((k) => by.has(k)).map((kind) => ({
    kind,
    title: RISKS[kind].title,
    explain: RISKS[kind].explain,
    because: listed(by.get(kind)!),
  }));
}

function listed(items: string[]): string {
  const shown = items.slice(0, 3).join('; ');
  return items.length > 3 ? `${shown}; and ${items.length - 3} more` : shown;
}

function scriptLabel(path: string, ctx: RiskContext): string {
  if (ctx.workspace) {
    const rel = relative(ctx.workspace, path);
    if (!rel.startsWith('..') && !isAbsolute(rel)) return rel;
  }
  return path;
}

function scriptSignals(path: string, text: string, ctx: RiskContext): Signal[] {
  return isShellScript(path, text) ? shellSignals(text, ctx) : codeSignals(text);
}

/** A shell script by its `#!` line, else by its extension (none, .sh, .bash, .zsh). */
export function isShellScript(path: string, text: string): boolean {
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(text);
  if (!shebang) return ['.sh', '.bash', '.zsh', ''].includes(extname(path));
  const interpreter = basename(shebang[1]!) === 'env' ? (shebang[2] ?? '') : basename(shebang[1]!);
  return /^(sh|bash|zsh|dash|ksh|mksh|ash)$/.test(interpreter);
}

function shellWord(w: string): string {
  return /^[\w@%+=:,./~-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/**
 * Shell text is read command by command up to this size (the shell reader manages about half a MiB a
 * second); longer text, never seen in a real hook, is read by patterns, like code, up to CODE_LIMIT.
 */
export const SHELL_LIMIT = 32 * 1024;
export const CODE_LIMIT = 4 * 1024 * 1024;

/** Why a text's flags may be incomplete (it is too long to read whole), or null. */
export function analysisLimit(text: string, shell: boolean): string | null {
  if (text.length > CODE_LIMIT)
    return `only its first ${CODE_LIMIT / 1024 / 1024} MiB were read for risk flags: read the rest yourself`;
  if (shell && text.length > SHELL_LIMIT)
    return `it is too long to read command by command (${Math.round(text.length / 1024)} KiB), so its flags come from patterns only`;
  return null;
}

function shellSignals(text: string, ctx: RiskContext): Signal[] {
  if (text.length > SHELL_LIMIT) return codeSignals(text);
  const commands = splitShell(text);
  const children = new Map<number, SimpleCommand[]>();
  for (const c of commands)
    if (c.parent !== null && c.via === 'substitution')
      children.set(c.parent, [...(children.get(c.parent) ?? []), c]);
  const out: Signal[] = [];
  commands.forEach((c, i) =>
    out.push(...commandSignals(c, ctx, { all: commands, substituted: children.get(i) ?? [] })),
  );
  // Past the commands read one by one, patterns still see the whole text.
  if (!commands.complete) out.push(...codeSignals(text));
  else out.push(...sqlSignals(text));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Reading one simple command.

/** A command among the others of its text: what pipes into it, and the substitutions it runs. */
interface Neighbours {
  all: SimpleCommand[];
  substituted: SimpleCommand[];
}

function commandSignals(c: SimpleCommand, ctx: RiskContext, near: Neighbours): Signal[] {
  const out: Signal[] = [];
  const program = programOf(c);
  const args = c.words.slice(1);
  const shown = describe(c);

  // Credentials: any word, assignment or redirect naming a credential file or secret variable.
  for (const w of [...c.assignments, ...c.words, ...c.redirects.map((r) => r.target)]) {
    const path = credentialPath(w);
    if (path) out.push({ kind: 'reads-credentials', evidence: path });
    for (const v of secretVariables(w)) out.push({ kind: 'reads-credentials', evidence: v });
  }
  for (const k of CREDENTIAL_COMMANDS)
    if (program === k.program && k.when(args))
      out.push({ kind: 'reads-credentials', evidence: `${clip(shown)} (${k.what})` });
  if (c.wrappers.includes('env') && !c.words.length)
    out.push({ kind: 'reads-credentials', evidence: 'env (prints every variable, tokens included)' });

  // Network.
  const url = args.find((a) => URL.test(a));
  if (NETWORK_PROGRAMS.has(program)) {
    const target = url ?? args.find((a) => !a.startsWith('-') && /[.@:]/.test(a) && !credentialPath(a));
    out.push({ kind: 'sends-data', evidence: target ? `${program} to ${clip(target)}` : program });
  } else if (
    program === 'rsync' &&
    args.some((a) => /^[\w.-]+(@[\w.-]+)?:/.test(a) || a.startsWith('rsync://'))
  ) {
    out.push({ kind: 'sends-data', evidence: clip(shown) });
  } else if (program === 'git' && (args[0] === 'push' || args[0] === 'send-email')) {
    out.push({ kind: 'sends-data', evidence: `git ${args[0]}` });
  } else if (program === 'gh' && (args[0] === 'api' || args[0] === 'gist')) {
    out.push({ kind: 'sends-data', evidence: `gh ${args[0]}` });
  } else if (
    url &&
    !/^(echo|printf)$/.test(program) &&
    inlineCode(c) === null &&
    shellCodeArgument(c) === null
  ) {
    out.push({ kind: 'sends-data', evidence: `${program} with ${clip(url.match(URL)![0])}` });
  }
  for (const w of [...c.words, ...c.redirects.map((r) => r.target)])
    if (/\/dev\/(tcp|udp)\//.test(w)) out.push({ kind: 'sends-data', evidence: clip(w) });

  // Inline code: python -c, node -e, and here-documents fed to them.
  for (const text of [inlineCode(c), INLINE_CODE.test(program) ? c.heredoc : null])
    if (text) out.push(...codeSignals(text));

  // Code from the internet: a download piped into a shell, `bash <(curl …)`, `sh -c "$(curl …)"`.
  if (STDIN_RUNNERS.test(program) && readsCodeFromInput(program, args)) {
    // Up the pipeline (bounded: a pipeline is a handful of stages, not thousands).
    for (let up = c.pipedFrom, n = 0; up !== null && n < 16; up = near.all[up]?.pipedFrom ?? null, n++) {
      const source = near.all[up];
      if (!source) break;
      const from = programOf(source);
      if (DOWNLOADERS.has(from))
        out.push({ kind: 'runs-download', evidence: `${clip(describe(source))} | ${program}` });
      else if (decodes(source))
        out.push({ kind: 'runs-hidden-code', evidence: `${clip(describe(source))} | ${program}` });
    }
  }
  // A substitution's output becomes code when a shell, eval or interpreter runs it (or it is the command).
  if (CODE_RUNNERS.test(program) || INLINE_CODE.test(program) || program === SUBSTITUTED) {
    for (const inner of near.substituted) {
      const what = `${program === SUBSTITUTED ? '' : `${program} `}runs the output of ${clip(describe(inner))}`;
      if (DOWNLOADERS.has(programOf(inner))) out.push({ kind: 'runs-download', evidence: what });
      else if (decodes(inner)) out.push({ kind: 'runs-hidden-code', evidence: what });
    }
  }
  for (const p of PACKAGE_RUNNERS)
    if (p.program.test(program) && p.when(args))
      out.push({ kind: 'runs-download', evidence: `${clip(shown)} (downloads the package and runs it)` });

  // Recursive deletes.
  const recursive =
    (program === 'rm' && args.some((a) => /^-[a-zA-Z]*[rR]/.test(a) || a === '--recursive')) ||
    (program === 'find' && (args.includes('-delete') || /\s-exec(dir)?\s+rm\b/.test(` ${args.join(' ')}`))) ||
    (program === 'git' && args[0] === 'clean' && args.some((a) => /^-[a-zA-Z]*d/.test(a))) ||
    program === 'rimraf';
  if (recursive) {
    const outside = operands(args).filter((a) => isOutside(a, ctx));
    out.push({
      kind: 'deletes-recursively',
      evidence: clip(shown) + (outside.length ? ` (outside the workspace: ${outside.join(', ')})` : ''),
    });
  }

  // Work thrown away for good: a forced push, a hard reset, a clean.
  if (
    program === 'git' &&
    ((args[0] === 'push' &&
      args.some((a) => /^(-f|--force|--force-with-lease|--mirror|--delete)$/.test(a))) ||
      (args[0] === 'reset' && args.includes('--hard')))
  )
    out.push({ kind: 'destroys-data', evidence: clip(shown) });

  // Writes outside the workspace.
  for (const r of c.redirects)
    if (/^(>|>>|>\||&>|&>>|<>)$/.test(r.op) && isOutside(r.target, ctx))
      out.push({ kind: 'writes-outside', evidence: `${r.op} ${r.target}` });
  for (const target of writeTargets(program, args))
    if (isOutside(target, ctx) && !(recursive && program === 'rm'))
      out.push({ kind: 'writes-outside', evidence: `${program} … ${target}` });
  if (program === 'crontab' && !args.some((a) => a === '-l'))
    out.push({ kind: 'writes-outside', evidence: 'crontab (changes your scheduled jobs)' });
  if (program === 'git' && args[0] === 'config' && args.some((a) => a === '--global' || a === '--system'))
    out.push({ kind: 'writes-outside', evidence: `${clip(shown)} (your git settings)` });
  return out;
}

/** The code of `python -c CODE`, `node -e CODE` and the like. */
function inlineCode(c: SimpleCommand): string | null {
  if (!INLINE_CODE.test(programOf(c))) return null;
  const flag = c.words.findIndex((a, i) => i > 0 && INLINE_FLAGS.has(a));
  return flag > 0 ? (c.words[flag + 1] ?? null) : null;
}

function readsCodeFromInput(program: string, args: string[]): boolean {
  if (program === 'source' || program === '.') return args[0] === '/dev/stdin' || args[0] === '-';
  const operandsLeft = operands(args);
  return operandsLeft.length === 0 || operandsLeft[0] === '-' || args.includes('-s');
}

function decodes(c: SimpleCommand): boolean {
  const program = programOf(c);
  const args = c.words.slice(1);
  if (program === 'base64' || program === 'base32') return args.some((a) => /^(-d|-D|--decode)$/.test(a));
  if (program === 'openssl') return args.includes('-d') && /^(enc|base64)$/.test(args[0] ?? '');
  if (program === 'xxd') return args.some((a) => a === '-r' || a === '-revert');
  return program === 'uudecode';
}

/** Arguments that are not options (after `--`, everything). */
function operands(args: string[]): string[] {
  const out: string[] = [];
  let opts = true;
  for (const a of args) {
    if (opts && a === '--') opts = false;
    else if (!opts || !a.startsWith('-') || a === '-') out.push(a);
  }
  return out;
}

/** The files a program writes, where its arguments say so. */
function writeTargets(program: string, args: string[]): string[] {
  const files = operands(args);
  switch (program) {
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln': {
      const t = args.findIndex((a) => a === '-t' || a === '--target-directory');
      if (t >= 0 && args[t + 1]) return [args[t + 1]!];
      const eq = args.find((a) => a.startsWith('--target-directory='));
      if (eq) return [eq.slice('--target-directory='.length)];
      return files.length >= 2 ? [files.at(-1)!] : [];
    }
    case 'rsync':
      return files.length >= 2 && !/^[\w.-]+(@[\w.-]+)?:/.test(files.at(-1)!) ? [files.at(-1)!] : [];
    case 'tee':
    case 'touch':
    case 'truncate':
    case 'mkdir':
    case 'rm':
    case 'rmdir':
    case 'unlink':
    case 'shred':
    case 'chmod':
    case 'chown':
      return program === 'chmod' || program === 'chown' ? files.slice(1) : files;
    case 'dd':
      return args.filter((a) => a.startsWith('of=')).map((a) => a.slice(3));
    case 'sed':
      if (!args.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place'))) return [];
      return args.some((a) => a === '-e' || a === '--expression') ? files : files.slice(1);
    default:
      return [];
  }
}

/** Whether a path a command writes is outside the workspace (and not a temporary or special file). */
export function isOutside(raw: string, ctx: RiskContext): boolean {
  const word = raw.replace(/^["']|["']$/g, '');
  if (!word || word.includes('$(…)')) return false;
  let path: string;
  if (word === '~' || word.startsWith('~/')) path = join(ctx.home, word.slice(1));
  else if (/^\$\{?HOME\}?(\/|$)/.test(word)) path = join(ctx.home, word.replace(/^\$\{?HOME\}?/, ''));
  else if (/^\$\{?XDG_\w+_HOME\}?/.test(word)) return true;
  else if (word.startsWith('$') || word.startsWith('~')) return word.startsWith('~');
  else if (isAbsolute(word)) path = word;
  else if (word.startsWith('..')) {
    if (!ctx.workspace) return true;
    path = resolve(ctx.workspace, word);
  } else return false;
  path = resolve(path);
  if (ctx.workspace && within(ctx.workspace, path)) return false;
  if (/^\/dev\/(null|stdout|stderr|tty|fd\/\d+|tcp\/.*|udp\/.*)$/.test(path)) return false;
  if (within(ctx.home, path)) return true;
  // Temporary files are outside the workspace too, but writing them is what tools do all day.
  return !/^\/(tmp|var\/tmp|private\/tmp)(\/|$)/.test(path);
}

function within(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
}

function credentialPath(word: string): string | null {
  for (const re of CREDENTIAL_PATHS) {
    const m = re.exec(word);
    if (m) return clip(word.replace(/^[@<]+/, '').replace(/^--?[\w-]+=/, ''));
  }
  return null;
}

/** Source code in any language: network libraries, URLs, credential paths and secrets, deletes. */
function codeSignals(whole: string): Signal[] {
  const text = whole.length > CODE_LIMIT ? whole.slice(0, CODE_LIMIT) : whole;
  const out: Signal[] = [];
  const net = CODE_NETWORK.exec(text);
  if (net) out.push({ kind: 'sends-data', evidence: net[0].replace(/\s*\($/, '') });
  const url = URL.exec(text);
  if (url) out.push({ kind: 'sends-data', evidence: clip(url[0]) });
  const program = CODE_NETWORK_PROGRAM.exec(text);
  if (program) out.push({ kind: 'sends-data', evidence: program[1]! });
  for (const re of CREDENTIAL_PATHS) {
    const m = re.exec(text);
    if (m) out.push({ kind: 'reads-credentials', evidence: clip(pathAround(text, m.index, m[0].length)) });
  }
  for (const v of secretVariables(text)) out.push({ kind: 'reads-credentials', evidence: v });
  for (const [, name] of text.matchAll(CODE_SECRET_ENV))
    if (isSecretName(name!)) out.push({ kind: 'reads-credentials', evidence: name! });
  out.push(...sqlSignals(text));
  const del = CODE_DELETE.exec(text);
  if (del) out.push({ kind: 'deletes-recursively', evidence: del[0] });
  const pipe = CODE_PIPE_TO_SHELL.exec(text);
  if (pipe) out.push({ kind: 'runs-download', evidence: clip(pipe[0]) });
  return out;
}

/** SQL (in a `psql -c`, a here-document, a script) that drops or empties tables. */
function sqlSignals(text: string): Signal[] {
  const m = SQL_DESTROY.map((re) => re.exec(text)).find((x) => x);
  return m ? [{ kind: 'destroys-data', evidence: clip(m[0].trim().replace(/["'`]+$/, '')) }] : [];
}

/** The path-like run of characters around a match, for evidence (`open("/home/u/.ssh/id_rsa")` → the path). */
function pathAround(text: string, index: number, length: number): string {
  const ok = /[\w~./$@{}-]/;
  let start = index;
  let end = index + length;
  while (start > 0 && ok.test(text[start - 1]!)) start--;
  while (end < text.length && ok.test(text[end]!)) end++;
  return text.slice(start, end).trim();
}

function describe(c: SimpleCommand): string {
  return [...c.words, ...c.redirects.map((r) => `${r.op} ${r.target}`)].join(' ');
}

function clip(s: string, max = 80): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
