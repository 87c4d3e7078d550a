// A Trust review as terminal text, for `hookpanel trust PATH`: the same summary, commands, flags and
// scripts the panel shows.
import { isAbsolute, relative } from 'node:path';
import type { ReviewItem } from '../../../shared/ipc.js';
import { fileGate } from '../../../shared/trust-gate.js';
import { visibleText } from '../../../shared/visible-text.js';
import { clipMiddle, runsText } from './review-summary.js';

export function reviewText(item: ReviewItem): string {
  const lines: string[] = [];
  const where = (p: string) => {
    const ws = item.source.workspace;
    const rel = ws ? relative(ws, p) : p;
    return ws && !rel.startsWith('..') && !isAbsolute(rel) ? rel : p;
  };
  lines.push(`Review of ${item.source.path} (${item.source.dialect}, ${item.source.layer}):`);
  for (const s of item.summary) lines.push(`  ${s}`);
  const gate = fileGate(item.source.dialect, item.source.role, item.source.guarded);
  lines.push('', 'Who runs it:', `  ${gate.runs}`, `  ${gate.trust}`, `  ${gate.block}`);
  if (item.commands.length) {
    lines.push('', gate.decides ? 'What it would run:' : 'What it runs:');
    for (const c of item.commands) {
      const on = c.kind === 'server' ? 'started by' : 'on';
      lines.push(
        `  [${c.status}] ${c.rule} ${on} ${c.event}${c.matcher ? ` (${c.matcher})` : ''}: ${clipMiddle(runsText(c), 160)}`,
      );
      if (c.before) lines.push(`      was: ${clipMiddle(runsText(c.before), 160)}`);
      for (const x of c.changes.filter((x) => x !== 'the command')) lines.push(`      changed: ${x}`);
      for (const r of c.risks) lines.push(`      ! ${r.title}: ${r.because}`);
    }
  }
  if (item.scripts.length) {
    lines.push('', 'Scripts it runs:');
    for (const s of item.scripts) {
      const missing = s.sha256 === null && s.status !== 'removed' ? ', missing' : '';
      lines.push(`  [${s.status}${missing}] ${where(s.path)}`);
      if (s.note) lines.push(`      note: ${s.note}`);
      for (const r of s.risks) lines.push(`      ! ${r.title}: ${r.because}`);
      // What changed in it, shown (the project wrote it: its controls never drive the terminal).
      if (s.diff)
        for (const d of s.diff.replace(/\n$/, '').split('\n')) lines.push(`      ${visibleText(d)}`);
    }
  }
  if ([...item.commands, ...item.scripts].some((x) => x.risks.length))
    lines.push(
      '',
      'Flags (!) come from patterns in the text: they point at what to read; they are not a verdict.',
    );
  // Commands and paths are the file author's text: a control character in them is shown, not obeyed
  // (ESC[1A would write over the line above), and a newline in a command stays inside its line.
  return `${lines.map((l) => visibleText(l)).join('\n')}\n`;
}
