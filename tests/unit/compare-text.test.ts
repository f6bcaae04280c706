// @vitest-environment node
import fc from 'fast-check';
import { compareText } from '../../src/lib/compare-text';

const sorted = (names: string[]) => [...names].sort(compareText);

describe('compareText', () => {
  it('orders names as a reader expects: case and accents aside', () => {
    expect(sorted(['blog.example', 'Zeta', 'Ärzte.de', 'apple', 'arzt.de', 'Éclair', 'eclat'])).toEqual([
      'apple',
      'arzt.de',
      'Ärzte.de',
      'blog.example',
      'Éclair',
      'eclat',
      'Zeta',
    ]);
  });

  it('agrees with the English collator on letters and digits of one case', () => {
    const collator = new Intl.Collator('en');
    const word = fc.stringMatching(/^[a-z0-9]{0,8}$/);
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(Math.sign(compareText(a, b))).toBe(Math.sign(collator.compare(a, b)));
      }),
    );
  });

  it('is a total order: only the same text is equal, and swapping flips the answer', () => {
    expect(compareText('Blog', 'blog')).not.toBe(0);
    expect(compareText('é', 'é'.normalize('NFD'))).not.toBe(0);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(compareText(a, b) === 0).toBe(a === b);
        expect(Math.sign(compareText(a, b)) + Math.sign(compareText(b, a))).toBe(0);
      }),
    );
  });
});
