// What a lone surrogate in history text means: U+FFFD, as String.prototype.toWellFormed makes it
// (https://tc39.es/ecma262/#sec-string.prototype.towellformed). SQLite keeps text as UTF-8, which cannot
// hold a lone surrogate: the binding writes each one as U+FFFD (V8's UTF-8 conversion replaces it), so the
// name columns hold every name well-formed. A filter is made well-formed the same way before it is
// compared, so that it describes what is stored and what the panel draws: "\ud800" finds a rule named
// "x\ud800" and one named "x\ufffd" (both drawn "x�"), and never half of "\u{10000}", a pair being one
// character. The records themselves keep their text exactly, lone surrogates included.

/** `text` with each lone surrogate made U+FFFD, as `String.prototype.toWellFormed` does (ES2024). */
export function wellFormed(text: string): string {
  // With the u flag a surrogate pair is one code point, so \p{Cs} matches only a lone surrogate.
  return text.replace(/\p{Cs}/gu, '\ufffd');
}
