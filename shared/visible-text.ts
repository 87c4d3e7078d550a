// Text that came from an agent or a hook (a command to be allowed, a hook's reason, its output), made
// safe to show: a terminal obeys control characters (ESC[2K ESC[1A erases the line before and writes
// over it; BEL, CR and newlines rewrite what a person sees), and bidirectional overrides and zero-width
// characters reorder or hide text in a terminal and in the panel alike. Each such character is shown
// as itself made visible, never acted on and never dropped: C0 controls and DEL as their Unicode
// control pictures (ESC is ␛, a newline ␊, a carriage return ␍), every other invisible or reordering
// character (C1 controls, bidi overrides and isolates, zero-width characters, line and paragraph
// separators, Unicode tag characters) as ⟨U+202E⟩. JSON output (--json) is left exact: it escapes
// what it must itself, and programs read it.

// Cc: C0, DEL and C1 controls; Cf: format characters (bidi controls, zero-width, soft hyphen, tags);
// Zl and Zp: the line and paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const INVISIBLE_OR_NEWLINE_KEPT = /(?![\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

function show(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/**
 * `text` with every control, format and separator character shown visibly (see above). With
 * `lines`, newlines are kept as line breaks (output tails shown as blocks); everything else, CR and
 * tab included, is still shown.
 */
export function visibleText(text: string, opts: { lines?: boolean } = {}): string {
  return text.replace(opts.lines ? INVISIBLE_OR_NEWLINE_KEPT : INVISIBLE, show);
}
