// The words of the full-text index, cut the same way, by this code, from the records written and from
// what a person types in the search box. SQLite's unicode61 tokenizer
// (https://sqlite.org/fts5.html#unicode61_tokenizer) classifies characters by its own Unicode tables,
// older than Node's (it takes U+18CD6, unassigned, for a letter), and keeps a run of letters of any
// scripts as one token: "构建failed" and "ঝḹ" are one token each, so neither "failed" nor "l" found
// its record. Text reaches SQLite as these words joined by spaces, so its tokenizer only folds case and
// diacritics, the same on both sides.
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';

const LATIN = String.raw`\p{Script=Latin}0-9`;
/** Scripts written without spaces between words: each character is a word of its own. */
const IDEOGRAPHIC = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}`;

/**
 * A word: a run of Latin letters and ASCII digits, one ideograph, or a run of letters and digits of
 * other scripts; each letter with its combining marks. Anything else (punctuation, symbols, private
 * use, code points this Node's Unicode does not assign) separates words.
 */
const WORD = new RegExp(
  [
    String.raw`(?:[${LATIN}]\p{M}*)+`,
    String.raw`[${IDEOGRAPHIC}]\p{M}*`,
    String.raw`(?:(?![${LATIN}${IDEOGRAPHIC}])[\p{L}\p{N}]\p{M}*)+`,
  ].join('|'),
  'gu',
);

/** The words of `text`, in order. */
export function searchWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** `text` as the index holds it: its words, joined by spaces. */
export function searchText(text: string): string {
  return searchWords(text).join(' ');
}

/** A dispatch's columns of the `dispatch_text` index, in its order (schema.ts). */
export function dispatchSearchText(r: DispatchRecord): string[] {
  return [r.rule, r.source, r.handler, r.event, r.reason ?? '', r.stdoutTail, r.stderrTail].map(searchText);
}

/** An event's columns of the `event_text` index, in its order (schema.ts). */
export function eventSearchText(e: EventRecord): string[] {
  const payload = typeof e.payload === 'string' ? e.payload : JSON.stringify(e.payload);
  return [e.event, e.reason ?? '', payload].map(searchText);
}
