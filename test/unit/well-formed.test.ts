// A lone surrogate in history text is U+FFFD (electron/host/history/well-formed.ts), as
// String.prototype.toWellFormed makes it and as SQLite's UTF-8 stores it.
import { expect, test } from 'vitest';
import { wellFormed } from '../../electron/host/history/well-formed.js';

test('each lone surrogate, high or low, anywhere, becomes U+FFFD', () => {
  expect(wellFormed('\ud800')).toBe('\ufffd');
  expect(wellFormed('\udc00')).toBe('\ufffd');
  expect(wellFormed('a\ud800b\udfffc')).toBe('a\ufffdb\ufffdc');
  // A low surrogate before a high one is no pair: two lone ones.
  expect(wellFormed('\udc00\ud800')).toBe('\ufffd\ufffd');
  expect(wellFormed('\ud800\ud800\udc00')).toBe('\ufffd\u{10000}');
});

test('well-formed text is left as it is: pairs, U+FFFD and the rest', () => {
  for (const text of ['', 'rule-1', '\u{10000}', '😀x', '\ufffd', 'é/ü', '\u0000', '构建failed'])
    expect(wellFormed(text)).toBe(text);
});

test('the same as String.prototype.toWellFormed (every supported Node has it)', () => {
  const native = (String.prototype as { toWellFormed?: (this: string) => string }).toWellFormed;
  if (typeof native !== 'function') throw new Error('this Node has no String.prototype.toWellFormed');
  const samples = ['\ud800', 'a\udc00b', '\udc00\ud800', '\ud83d\ude00\ud83d', 'plain', '\ud800\udc00\udc00'];
  for (const text of samples) expect(wellFormed(text)).toBe(native.call(text));
});
