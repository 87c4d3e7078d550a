// What changed, in plain words and biggest risk first: the lines the panel shows at the top of a
// review and `hookpanel trust` prints, from one place.
import type {
  ChangeStatus,
  ReviewCommand,
  ReviewItem,
  ReviewRuns,
  ReviewScript,
} from '../../../shared/ipc.js';
import type { FileGate } from '../../../shared/trust-gate.js';
import { counted } from '../util/counted.js';
import { RISK_ORDER } from './review-patterns.js';

export interface SummaryInput {
  change: ReviewItem['change'];
  commands: ReviewCommand[];
  scripts: ReviewScript[];
  settings: ReviewItem['settings'];
  reordered: boolean;
  /** Why the trusted version cannot be compared. */
  problem: string | null;
  /** Whether the bytes differ from the trusted ones in ways beyond what is listed. */
  textChanged: boolean;
  scriptLabel: (path: string) => string;
  /** Who runs the file: where Hookpanel's trust does not decide, the first line says so. */
  gate: FileGate;
}

export function summarize(s: SummaryInput): string[] {
  const lines: string[] = [];
  const live = s.commands.filter((c) => c.status !== 'removed');
  const what = describeCount(live);
  switch (s.change) {
    case 'new':
      lines.push(
        s.gate.decides
          ? `Not trusted before: it would run ${what}.`
          : `Not reviewed before: it has ${what}. Your choice here does not change whether ${s.gate.runner} runs ${live.length === 1 ? 'it' : 'them'}.`,
      );
      break;
    case 'unknown':
      lines.push(
        `It was trusted before, but ${s.problem ?? 'the trusted copy is gone'}, so what changed cannot be shown: read every command (${what}).`,
      );
      break;
    case 'same':
      lines.push(`Trusted; nothing changed since (${what}).`);
      break;
    case 'formatting':
      lines.push(`Formatting only: the same ${what} would run, with the same settings.`);
      break;
    case 'scripts':
      lines.push(
        `The file runs the same ${what}, but ${counted(changedScripts(s.scripts).length, 'script')} it runs changed.`,
      );
      break;
    case 'changed':
      lines.push(`What it would run changed: ${statusCounts(s.commands)}.`);
      break;
  }
  // The commands that need reading, loudest flag first; for a file never trusted, the flagged ones.
  const attention = s.commands
    .filter((c) =>
      s.change === 'new' || s.change === 'unknown' ? c.risks.length > 0 : c.status !== 'unchanged',
    )
    .sort((a, b) => loudness(a) - loudness(b));
  for (const c of attention) lines.push(commandLine(c));
  // Said every time, changed or not: what such a command runs is never shown as merely unchanged.
  for (const c of s.commands)
    if (c.status !== 'removed' && c.unpinned.length)
      lines.push(
        `Command \`${clipMiddle(runsText(c))}\` runs files Hookpanel cannot pin: ${c.unpinned.join('; ')}.`,
      );
  for (const x of s.settings)
    lines.push(`Setting ${x.key}: ${x.before ?? 'not set'} → ${x.after ?? 'not set'}.`);
  if (s.reordered)
    lines.push('The same commands now run in a different order (it matters where one can block).');
  if (s.change !== 'new')
    for (const script of changedScripts(s.scripts))
      lines.push(scriptLine(script, s.scriptLabel(script.path)));
  if (s.change === 'changed' && s.textChanged)
    lines.push(
      'Nothing else that runs changed: the other differences are formatting or keys that run nothing.',
    );
  return lines;
}

/** "3 commands", "1 MCP server", "2 commands and 1 MCP server": what would run, the zeros left out. */
function describeCount(commands: ReviewCommand[]): string {
  const rules = commands.filter((c) => c.kind === 'rule').length;
  const servers = commands.length - rules;
  const parts = [rules ? counted(rules, 'command') : '', servers ? counted(servers, 'MCP server') : ''];
  return parts.filter(Boolean).join(' and ') || 'nothing';
}

const STATUSES: ChangeStatus[] = ['added', 'changed', 'removed', 'unchanged'];

/** "1 command added, 4 unchanged": the noun once, after the first number. */
function statusCounts(commands: ReviewCommand[]): string {
  const parts: string[] = [];
  for (const status of STATUSES) {
    const n = commands.filter((c) => c.status === status).length;
    if (n) parts.push(parts.length ? `${n} ${status}` : `${counted(n, 'command')} ${status}`);
  }
  return parts.join(', ') || 'nothing';
}

function loudness(c: ReviewCommand): number {
  const first = c.risks[0];
  return first ? RISK_ORDER.indexOf(first.kind) : RISK_ORDER.length;
}

function commandLine(c: ReviewCommand): string {
  const what = c.kind === 'server' ? `MCP server ${c.rule.slice('mcpServers.'.length)}` : 'command';
  const now = `\`${clipMiddle(runsText(c))}\``;
  const head =
    c.status === 'changed' && c.before && runsText(c.before) !== runsText(c)
      ? `Changed ${what} \`${clipMiddle(runsText(c.before))}\` → ${now}`
      : c.status === 'new' || c.status === 'unchanged'
        ? `${upperFirst(what)} ${now}`
        : `${upperFirst(c.status)} ${what} ${now}`;
  const tail = c.risks.map((r) => `${lowerFirst(r.title)} (${r.because})`);
  if (c.status === 'changed') tail.push(...c.changes.filter((x) => x !== 'the command'));
  return tail.length ? `${head}: ${tail.join('; ')}.` : `${head}.`;
}

function scriptLine(s: ReviewScript, label: string): string {
  if (s.folder)
    return s.status === 'removed'
      ? `Folder no longer watched: ${label}/.`
      : s.status === 'added'
        ? `Folder now watched (a command runs files there that Hookpanel cannot pin): ${label}/.`
        : `Something under ${label}/ changed (a command runs files there that Hookpanel cannot pin).`;
  const verb =
    s.status === 'added'
      ? 'Script added'
      : s.status === 'removed'
        ? 'Script no longer run'
        : 'Script changed';
  const missing = s.sha256 === null && s.status !== 'removed' ? ' (missing: the file does not exist)' : '';
  const risks = s.risks.map((r) => `${lowerFirst(r.title)} (${r.because})`).join('; ');
  return `${verb}: ${label}${missing}${risks ? `: ${risks}` : ''}.`;
}

function changedScripts(scripts: ReviewScript[]): ReviewScript[] {
  return scripts.filter((s) => s.status === 'changed' || s.status === 'added' || s.status === 'removed');
}

/** One line for what runs: the argv joined as a shell would read it, the shell string, or the words. */
export function runsText(r: ReviewRuns): string {
  if (r.shell !== null) return r.shell;
  if (r.argv)
    return r.argv.map((a) => (/^[\w@%+=:,./~-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
  return r.other ?? '';
}

export function clipMiddle(s: string, max = 100): string {
  const one = s.replace(/\s*\n\s*/g, ' ⏎ ');
  if (one.length <= max) return one;
  const half = Math.floor((max - 1) / 2);
  return `${one.slice(0, half)}…${one.slice(one.length - half)}`;
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
