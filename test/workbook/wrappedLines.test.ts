/**
 * `wrappedLines` answers one line at once for a text that fits whole (paper.ts, issue 28). Its answer must be the
 * greedy wrapping's for every text and width — words filled into lines at spaces, a letter and a space each 0.9 of a
 * character, a line full past `width - 0.5` — here counted line by line from the words, apart from the function.
 */
import fc from 'fast-check';
import { wrappedLines } from '../../src/workbook/print/paper';

/** The lines, filled greedily: each line's words and the spaces between them, in units of 0.9. */
function lines(text: string, width: number): number {
  const words = text.split(/\s/).filter((w) => w !== '');
  const filled: string[][] = [[]];
  for (const word of words) {
    const line = filled[filled.length - 1];
    const letters = [...line, word].reduce((n, w) => n + w.length, 0);
    const wide = 0.9 * letters + 0.9 * line.length;
    if (line.length > 0 && wide > width - 0.5) filled.push([word]);
    else line.push(word);
  }
  return filled.length;
}

describe('wrappedLines', () => {
  it('is the greedy wrapping for any text and width, the whole text fitting or not', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'é', 'Ž', ' ', '  ', '\t', '\u00a0', '-', ','), { maxLength: 60 }).map((parts) => parts.join(''));
    const width = fc.oneof(fc.integer({ min: 0, max: 45 }), fc.double({ min: 0, max: 45, noNaN: true }), fc.integer({ min: 0, max: 90 }).map((n) => n / 2));
    fc.assert(
      fc.property(text, width, (t, w) => {
        expect(wrappedLines(t, w)).toBe(lines(t, w));
      }),
      { numRuns: 4000 },
    );
  });

  it('at the edge of a column: a text one letter too long wraps', () => {
    // "aaaaa aaaaa": 11 characters, 9.9 wide — over 10 - 0.5
    expect(wrappedLines('aaaaa aaaaa', 10)).toBe(2);
    expect(wrappedLines('aaaaa aaaa', 10)).toBe(1);
    expect(wrappedLines('Club de go de l’Université de', 24)).toBe(2);
    expect(wrappedLines('', 0)).toBe(1);
  });
});
