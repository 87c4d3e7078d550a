// Splits shell text (a hook's command string, a shell script) into the simple commands it would run,
// for the risk flags of Trust review. Words come from shell-quote; this adds what it leaves out:
// newlines and comments, here-documents, command substitution, `sh -c '…'`, and wrappers such as
// sudo or env, so that `FOO=1 sudo curl …` is seen as curl. A heuristic reader, not a shell.
import { basename } from 'node:path';
import { parse, type ParseEntry } from 'shell-quote';

export interface SimpleCommand {
  /** The program and its arguments, wrappers and leading assignments removed. */
  words: string[];
  /** `NAME=value` words before the program. */
  assignments: string[];
  /** Wrappers that were removed (sudo, env, xargs, …), by name. */
  wrappers: string[];
  redirects: { op: string; target: string }[];
  /** Text fed to the command's standard input by a here-document. */
  heredoc: string | null;
  /** The command whose output this one reads through a pipe. */
  pipedFrom: number | null;
  /** The command this one runs inside: `$(…)`, `<(…)`, backquotes, `sh -c '…'`, `eval`. */
  parent: number | null;
  /** How it runs inside its parent: its output substituted into the parent's words, or as code the parent runs. */
  via: 'substitution' | 'code' | null;
}

/** The program's name as a person would say it: `/usr/bin/curl` → `curl`, `python3.12` → `python3.12`. */
export function programOf(c: SimpleCommand): string {
  const first = c.words[0] ?? '';
  return basename(first.replace(/^\\/, ''));
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'busybox']);
const KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', '{', 'time']);
const CLOSERS = new Set(['fi', 'done', 'esac', '}', 'in']);
/** Wrappers that run the rest of the line as the command; the value is how many operands they take. */
const WRAPPERS: Record<string, { argFlags: string[]; operands: number }> = {
  sudo: { argFlags: ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U'], operands: 0 },
  doas: { argFlags: ['-u', '-C'], operands: 0 },
  env: { argFlags: ['-u', '-C', '-S'], operands: 0 },
  nohup: { argFlags: [], operands: 0 },
  exec: { argFlags: ['-a'], operands: 0 },
  command: { argFlags: [], operands: 0 },
  builtin: { argFlags: [], operands: 0 },
  nice: { argFlags: ['-n'], operands: 0 },
  ionice: { argFlags: ['-c', '-n', '-p'], operands: 0 },
  stdbuf: { argFlags: ['-i', '-o', '-e'], operands: 0 },
  timeout: { argFlags: ['-s', '-k'], operands: 1 },
  xargs: { argFlags: ['-I', '-n', '-P', '-L', '-d', '-s', '-E', '-a'], operands: 0 },
  watch: { argFlags: ['-n', '-d'], operands: 0 },
  time: { argFlags: ['-f', '-o'], operands: 0 },
};
const SEPARATORS = new Set([';', '&&', '||', '&', ';;', '|', '|&', '(', ')']);
const REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>', '<', '<<', '<<<', '<>', '>&', '<&']);
const HEREDOC = '\u0000heredoc';

/** At most this many commands are read from one text; `complete` says whether that was all of them. */
export const MAX_COMMANDS = 2000;

/** Every simple command in the text, in order, with pipes and nesting recorded. */
export function splitShell(text: string): SimpleCommand[] & { complete: boolean } {
  const out: SimpleCommand[] = [];
  collect(text, null, null, out, 0);
  return Object.assign(out.slice(0, MAX_COMMANDS), { complete: out.length <= MAX_COMMANDS });
}

function collect(
  text: string,
  parent: number | null,
  via: SimpleCommand['via'],
  out: SimpleCommand[],
  depth: number,
): void {
  // Deeper nesting, or thousands of commands, is not what a person writes: stop before it costs.
  if (depth > 4 || out.length > MAX_COMMANDS) return;
  const { flat, heredocs } = flatten(text);
  let entries: ParseEntry[];
  try {
    entries = parse(flat, (name) => `$${name}`);
  } catch {
    entries = flat.split(/\s+/).filter(Boolean);
  }
  let words: string[] = [];
  let redirects: SimpleCommand['redirects'] = [];
  /** Code inside `$(…)` or `<(…)` met while building the current command: it runs within it. */
  let nested: string[] = [];
  let pipedFrom: number | null = null;

  const finish = (pipe: boolean) => {
    const cmd = shape(words, redirects, heredocs, pipedFrom, parent, via);
    let index: number | null = null;
    if (cmd) {
      out.push(cmd);
      index = out.length - 1;
    }
    for (const inner of nested) collect(inner, index ?? parent, 'substitution', out, depth + 1);
    if (cmd) {
      for (const inner of innerCode(cmd)) collect(inner.text, index, inner.via, out, depth + 1);
      if (cmd.heredoc !== null && SHELLS.has(programOf(cmd)))
        collect(cmd.heredoc, index, 'code', out, depth + 1);
    }
    words = [];
    redirects = [];
    nested = [];
    pipedFrom = pipe ? index : null;
  };

  for (let i = 0; i < entries.length && out.length <= MAX_COMMANDS; i++) {
    const e = entries[i]!;
    const next = entries[i + 1];
    if (typeof e === 'string') {
      // shell-quote reads `$(` as the word `$` followed by the operator `(`.
      if (e === '$' && typeof next === 'object' && 'op' in next && next.op === '(') continue;
      words.push(e);
      continue;
    }
    if ('comment' in e) continue;
    const op = (e as { op: string }).op;
    if (op === 'glob') {
      words.push((e as { pattern: string }).pattern);
      continue;
    }
    const previous = entries[i - 1];
    const substitution = op === '<(' || op === '>(' || (op === '(' && previous === '$');
    if (substitution) {
      const inner: string[] = [];
      let level = 1;
      for (i++; i < entries.length; i++) {
        const x = entries[i]!;
        if (typeof x === 'string') inner.push(quote(x));
        else if ('op' in x) {
          if (x.op === '(' || x.op === '<(' || x.op === '>(') level++;
          if (x.op === ')' && --level === 0) break;
          inner.push(x.op === 'glob' ? (x as { pattern: string }).pattern : x.op);
        }
      }
      nested.push(inner.join(' '));
      words.push(op === '(' ? SUBSTITUTED : `${op}${SUBSTITUTED.slice(2)}`);
      continue;
    }
    if (SEPARATORS.has(op)) {
      finish(op === '|' || op === '|&');
      continue;
    }
    if (REDIRECTS.has(op)) {
      if (typeof next === 'string') {
        redirects.push({ op, target: next });
        i++;
      } else redirects.push({ op, target: '' });
    }
  }
  finish(false);
}

/** What stands in a word for a substitution that was taken out and read on its own. */
export const SUBSTITUTED = '$(…)';

function quote(word: string): string {
  return /^[\w@%+=:,./~$-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Code that a command's own words carry: `$(…)` and backquotes inside words, `sh -c CODE`, `eval …`. */
function innerCode(cmd: SimpleCommand): { text: string; via: 'substitution' | 'code' }[] {
  const out: { text: string; via: 'substitution' | 'code' }[] = [];
  const program = programOf(cmd);
  const code = shellCodeArgument(cmd);
  // Code words (eval's, sh -c's) are read whole as code below, their substitutions included.
  const words = program === 'eval' ? [] : cmd.words.filter((_w, i) => i !== code);
  for (const w of [...cmd.assignments, ...words, ...cmd.redirects.map((r) => r.target)])
    for (const text of substitutions(w)) out.push({ text, via: 'substitution' });
  if (code !== null) out.push({ text: cmd.words[code]!, via: 'code' });
  if (program === 'eval') out.push({ text: cmd.words.slice(1).join(' '), via: 'code' });
  return out;
}

/** Where `sh -c CODE` (or `bash -lc CODE`) has its code, if it is that. */
export function shellCodeArgument(cmd: SimpleCommand): number | null {
  if (!SHELLS.has(programOf(cmd))) return null;
  const c = cmd.words.findIndex((w, i) => i > 0 && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w));
  return c > 0 && cmd.words[c + 1] !== undefined ? c + 1 : null;
}

/** The insides of `$(…)` and backquotes in one word (balanced parentheses, no nesting of backquotes). */
export function substitutions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) {
    if (word[i] === '`') {
      const end = word.indexOf('`', i + 1);
      if (end < 0) break;
      out.push(word.slice(i + 1, end));
      i = end;
    } else if (word[i] === '$' && word[i + 1] === '(' && word[i + 2] !== '(') {
      let level = 0;
      let j = i + 1;
      for (; j < word.length; j++) {
        if (word[j] === '(') level++;
        else if (word[j] === ')' && --level === 0) break;
      }
      const inner = word.slice(i + 2, j);
      if (inner !== '…') out.push(inner);
      i = j;
    }
  }
  return out;
}

function shape(
  raw: string[],
  redirects: SimpleCommand['redirects'],
  heredocs: string[],
  pipedFrom: number | null,
  parent: number | null,
  via: SimpleCommand['via'],
): SimpleCommand | null {
  const words = [...raw];
  const assignments: string[] = [];
  const wrappers: string[] = [];
  for (;;) {
    const w = words[0];
    if (w === undefined) break;
    if (KEYWORDS.has(w)) {
      words.shift();
      continue;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
      assignments.push(words.shift()!);
      continue;
    }
    const wrapper = WRAPPERS[basename(w)];
    if (wrapper && !(basename(w) === 'command' && /^-[vV]$/.test(words[1] ?? ''))) {
      wrappers.push(basename(w));
      words.shift();
      let operands = wrapper.operands;
      while (words.length) {
        const next = words[0]!;
        if (next === '--') {
          words.shift();
          break;
        }
        if (next.startsWith('-') && next.length > 1) {
          words.shift();
          if (wrapper.argFlags.includes(next)) words.shift();
          continue;
        }
        if (wrappers.at(-1) === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(next)) {
          assignments.push(words.shift()!);
          continue;
        }
        if (operands > 0) {
          words.shift();
          operands--;
          continue;
        }
        break;
      }
      continue;
    }
    break;
  }
  if (words.length === 1 && CLOSERS.has(words[0]!)) words.shift();
  if (words[0] === 'for' || words[0] === 'case') return null;
  const doc = redirects.find((r) => r.op === '<<' && r.target.startsWith(HEREDOC));
  const heredoc = doc ? (heredocs[Number(doc.target.slice(HEREDOC.length))] ?? '') : null;
  if (!words.length && !wrappers.length && !assignments.length && !redirects.length) return null;
  return {
    words,
    assignments,
    wrappers,
    redirects: redirects.filter((r) => !r.target.startsWith(HEREDOC)),
    heredoc,
    pipedFrom,
    parent,
    via,
  };
}

/**
 * One line for shell-quote: newlines outside quotes become `;`, comments go, line continuations join,
 * and here-document bodies are taken out (each `<<WORD` becomes a placeholder naming its body).
 */
export function flatten(text: string): { flat: string; heredocs: string[] } {
  const heredocs: string[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let flat = '';
  let quote: '"' | "'" | null = null;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    const pending: { word: string; strip: boolean; index: number }[] = [];
    let out = '';
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quote) {
        if (ch === '\\' && quote === '"' && i + 1 < line.length) {
          out += ch + line[++i];
          continue;
        }
        if (ch === quote) quote = null;
        out += ch;
        continue;
      }
      if (ch === '\\' && i + 1 < line.length) {
        out += ch + line[++i];
        continue;
      }
      if (ch === "'" || ch === '"') {
        quote = ch;
        out += ch;
        continue;
      }
      if (ch === '#' && (i === 0 || /[\s;&|()]/.test(line[i - 1]!))) break;
      const doc = ch === '<' ? /^<<(-?)\s*(['"]?)([A-Za-z_][\w-]*)\2/.exec(line.slice(i)) : null;
      if (doc && line[i + 2] !== '<') {
        pending.push({ word: doc[3]!, strip: doc[1] === '-', index: heredocs.length });
        heredocs.push('');
        out += `<< ${HEREDOC}${heredocs.length - 1} `;
        i += doc[0].length - 1;
        continue;
      }
      out += ch;
    }
    // A trailing backslash outside quotes continues the line.
    const continues = !quote && /(^|[^\\])(\\\\)*\\$/.test(out);
    if (continues) out = out.slice(0, -1);
    flat += out;
    for (const p of pending) {
      const body: string[] = [];
      for (n++; n < lines.length; n++) {
        const l = lines[n]!;
        if ((p.strip ? l.replace(/^\t+/, '') : l) === p.word) break;
        body.push(l);
      }
      heredocs[p.index] = body.join('\n');
    }
    if (n < lines.length - 1) flat += quote ? '\n' : continues ? ' ' : ' ; ';
  }
  return { flat, heredocs };
}
