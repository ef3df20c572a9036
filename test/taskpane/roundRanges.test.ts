import { formatRounds, parseRounds } from '../../taskpane/roundRanges';
import type { Round } from '../../src/model/tournament';

describe('rounds as a director types them', () => {
  it('reads single rounds and ranges, in any separator, each once and in order', () => {
    expect(parseRounds('3', 5)).toEqual({ ok: true, rounds: [3] });
    expect(parseRounds('3 4', 5)).toEqual({ ok: true, rounds: [3, 4] });
    expect(parseRounds('2-4', 5)).toEqual({ ok: true, rounds: [2, 3, 4] });
    expect(parseRounds(' 5; 2–3,2 ', 5)).toEqual({ ok: true, rounds: [2, 3, 5] });
    expect(parseRounds('1\u22122', 5)).toEqual({ ok: true, rounds: [1, 2] });
  });

  it('says what is wrong, quoting the part', () => {
    expect(parseRounds('', 5)).toEqual({ ok: false, message: 'no round given — type rounds between 1 and 5, e.g. "3", "3 4" or "2-4"' });
    expect(parseRounds('4-2', 5)).toEqual({ ok: false, message: '"4-2": the range runs backwards — write it 2-4' });
    expect(parseRounds('2-6', 5)).toEqual({ ok: false, message: '"2-6": this tournament has rounds 1 to 5' });
    expect(parseRounds('0', 5)).toMatchObject({ ok: false, message: expect.stringContaining('rounds 1 to 5') });
    expect(parseRounds('two', 5)).toMatchObject({ ok: false, message: expect.stringMatching(/^"two" is not a round or a range of rounds/) });
    expect(parseRounds('2-', 5).ok).toBe(false);
  });

  it('writes rounds back as ranges', () => {
    expect(formatRounds([2, 3, 4, 6] as Round[])).toBe('2-4, 6');
    expect(formatRounds([1, 2] as Round[])).toBe('1, 2');
    expect(formatRounds([5, 1, 3] as Round[])).toBe('1, 3, 5');
    for (const text of ['2-4, 6', '1, 2', '3']) {
      const r = parseRounds(text, 9);
      expect(r.ok && formatRounds(r.rounds)).toBe(text);
    }
  });
});
