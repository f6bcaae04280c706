// @vitest-environment node
import { cutForDisplay, hasBidiControls, showBidiControls } from '../../src/lib/display-text';

describe('display text', () => {
  it('makes bidirectional controls visible instead of letting them reorder the text', () => {
    const name = 'shop\u202Egnp.exe';
    expect(hasBidiControls(name)).toBe(true);
    expect(showBidiControls(name)).toBe('shop⟨U+202E⟩gnp.exe');
    expect(showBidiControls('a\u2066b\u2069c\u200Fd')).toBe('a⟨U+2066⟩b⟨U+2069⟩c⟨U+200F⟩d');
    expect(showBidiControls('plain שלום text')).toBe('plain שלום text');
  });

  it('cuts long values on a character boundary and says it did', () => {
    expect(cutForDisplay('short', 10)).toEqual({ text: 'short', cut: false });
    expect(cutForDisplay('x'.repeat(300_000)).text).toHaveLength(300);
    expect(cutForDisplay('😀'.repeat(5), 3)).toEqual({ text: '😀', cut: true });
  });
});
