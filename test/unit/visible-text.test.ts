import { describe, expect, test } from 'vitest';
import { visibleText } from '../../shared/visible-text.js';

describe('visibleText', () => {
  test('C0 controls and DEL show as their control pictures; ordinary text is untouched', () => {
    expect(visibleText('a\u001b[2Kb\u0007c\rd\ne\tf\u0000g\u007f')).toBe('a␛[2Kb␇c␍d␊e␉f␀g␡');
    expect(visibleText('rm -rf "build/" && echo \'ok\' # ünïcode ✓ 日本')).toBe(
      'rm -rf "build/" && echo \'ok\' # ünïcode ✓ 日本',
    );
  });

  test('C1 controls, bidi overrides and isolates, zero-width and separators show as code points', () => {
    expect(visibleText('\u009b2J')).toBe('⟨U+009B⟩2J');
    expect(visibleText('exe.\u202etxt')).toBe('exe.⟨U+202E⟩txt');
    expect(visibleText('a\u2066b\u2069c\u200bd\u200de\ufefff\u2028g')).toBe(
      'a⟨U+2066⟩b⟨U+2069⟩c⟨U+200B⟩d⟨U+200D⟩e⟨U+FEFF⟩f⟨U+2028⟩g',
    );
    expect(visibleText('tag\u{e0041}')).toBe('tag⟨U+E0041⟩');
  });

  test('with lines, newlines stay line breaks and everything else is still shown', () => {
    expect(visibleText('one\ntwo\r\n\u001b[1A', { lines: true })).toBe('one\ntwo␍\n␛[1A');
  });
});
