/**
 * Who wins which prize (src/scoring/prizes.ts) on the bundled example with places by victories alone (so players
 * are equal): EGF's equal shares of the sums of the places equal players hold together, indivisible prizes left to
 * the director between equal players, a section's places among its own players, the whole field's among everyone.
 */
import { fraction } from '../../src/model/fraction';
import type { Prize, Tournament } from '../../src/model/tournament';
import { prizeGroups, prizesWithoutSection } from '../../src/scoring/prizes';
import { computeStandings } from '../../src/scoring/standings';
import { example } from '../workbook/fixtures';

function withPrizes(prizes: Prize[]): Tournament {
  const t = example();
  return { ...t, settings: { ...t.settings, tiebreaks: ['nbw'], prizes } };
}

describe('prizes by place (EGF: equal players share the divisible ones)', () => {
  test('two players equal first share the sums of places 1 and 2; the place-2 book is the director\'s to give', () => {
    const t = withPrizes([
      { section: 'A', place: 1, amount: 100, unit: '€' },
      { section: 'A', place: 2, amount: 50, unit: '€', item: 'Book' },
      { section: 'A', place: 3, amount: 30, unit: '€' },
    ]);
    const a = prizeGroups(computeStandings(t)).find((g) => g.section === 'A')!;
    // Section A by victories: 1 and 2 equal first, then 4, then 3.
    expect(a.entries.map((x) => [x.entry.player.id, x.place])).toEqual([[1, 1], [2, 1], [4, 3], [3, 4]]);
    for (const id of [1, 2]) {
      expect(a.awards.get(id as never)).toEqual({ shares: [{ unit: '€', total: 150, sharedBy: 2, share: fraction(75) }], items: ['Book'], itemsShared: true });
    }
    expect(a.awards.get(4 as never)).toEqual({ shares: [{ unit: '€', total: 30, sharedBy: 1, share: fraction(30) }], items: [], itemsShared: false });
    expect(a.awards.has(3 as never)).toBe(false);
    expect(a.winners).toEqual([1, 2]);
  });

  test('three players equal second share the second-place sum exactly (100 / 3), other sections untouched', () => {
    const t = withPrizes([{ section: 'C', place: 2, amount: 100, unit: '$' }]);
    const groups = prizeGroups(computeStandings(t));
    const c = groups.find((g) => g.section === 'C')!;
    expect(c.entries.filter((x) => x.place === 2).map((x) => x.entry.player.id)).toEqual([9, 10, 13]);
    for (const id of [9, 10, 13]) expect(c.awards.get(id as never)?.shares).toEqual([{ unit: '$', total: 100, sharedBy: 3, share: fraction(100, 3) }]);
    expect(groups.find((g) => g.section === 'A')!.awards.size).toBe(0);
  });

  test('a prize of the whole field: places among everyone, in a block of its own after the sections', () => {
    const t = withPrizes([{ place: 1, item: 'Go board' }]);
    const groups = prizeGroups(computeStandings(t));
    expect(groups.map((g) => g.section)).toEqual(['A', 'B', 'C', undefined]);
    const field = groups.at(-1)!;
    expect(field.entries).toHaveLength(t.players.length);
    expect(field.awards.get(1 as never)).toEqual({ shares: [], items: ['Go board'], itemsShared: true });
  });

  test('no sections: one block, the whole field', () => {
    const t = example();
    const plain: Tournament = { ...t, settings: { ...t.settings, sections: undefined, prizes: [{ place: 1, amount: 10 }] }, players: t.players.map(({ section: _s, ...p }) => p) }; // eslint-disable-line @typescript-eslint/no-unused-vars
    const groups = prizeGroups(computeStandings(plain));
    expect(groups.map((g) => g.section)).toEqual([undefined]);
  });

  test('a prize naming a section nobody is in is reported', () => {
    const t = withPrizes([{ section: 'Z', place: 1, item: 'Cup' }]);
    expect(prizesWithoutSection(computeStandings(t))).toEqual([{ section: 'Z', place: 1, item: 'Cup' }]);
  });
});
