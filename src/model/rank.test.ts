import { formatRank, parseRank, type Rank } from './rank';

describe('parseRank', () => {
  it.each([
    ['5d', 4], ['5D', 4], ['5-D', 4], ['5 dan', 4], ['15k', -15], ['15-K', -15], ['15 kyu', -15],
    ['1p', 9], ['1 pro', 9], ['30k', -30], ['1k', -1], ['1d', 0], ['9d', 8], [' 3 Dan ', 2],
  ])('reads %p as %p', (text, value) => {
    expect(parseRank(text)).toEqual({ ok: true, rank: value });
  });

  it.each(['', 'dan', '0k', '31k', '10d', '10p', '5x', '5 dans extra', 'k5', '2.5k'])('refuses %p with what was expected', (text) => {
    const r = parseRank(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/k|d|p/);
  });

  it('formats every rank back to the spelling it reads', () => {
    for (let v = -30; v <= 17; v++) {
      const text = formatRank(v as Rank);
      expect(parseRank(text)).toEqual({ ok: true, rank: v });
    }
  });
});
