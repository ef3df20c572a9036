import type { Rank } from '../../src/model/rank';
import type { PlayerId } from '../../src/model/tournament';
import { proposeSections } from '../../src/systems/mcmahon/sections';
import { boundariesOf, rankHistogram, rankRange, sectionsFromBoundaries, toggleBoundary } from '../../taskpane/sectionBoundaries';

// Mays' Guideline No. 4 example, p. 18: 6d 2, 5d 3, 4d 2, 3d 8, 2d 4, 1d 4.
const counts: [number, number][] = [
  [5, 2],
  [4, 3],
  [3, 2],
  [2, 8],
  [1, 4],
  [0, 4],
];
let nextId = 1;
const players = counts.flatMap(([rank, n]) => Array.from({ length: n }, () => ({ id: nextId++ as PlayerId, family: `P${nextId}`, given: '', rank: rank as Rank })));

describe("sections by rank boundaries, as Mays' tables show them", () => {
  const histogram = rankHistogram(players);

  it('lines the players up rank by rank, strongest first, with each rank’s number of players', () => {
    expect(histogram.map((c) => [rankRange([c.rank]), c.players.length])).toEqual([
      ['6d', 2],
      ['5d', 3],
      ['4d', 2],
      ['3d', 8],
      ['2d', 4],
      ['1d', 4],
    ]);
  });

  it("cuts Mays' sections 6d–4d, 3d, 2d–1d with their sizes and scores 0, -2, -4", () => {
    const sections = sectionsFromBoundaries(histogram, [3, 4], 2);
    expect(sections.map((s) => [s.name, s.initialMms, rankRange(s.ranks), s.players.length])).toEqual([
      ['A', 0, '6d–4d', 7],
      ['B', -2, '3d', 8],
      ['C', -4, '2d–1d', 8],
    ]);
    expect(sections.flatMap((s) => s.players).sort((a, b) => a - b)).toEqual(players.map((p) => p.id));
  });

  it('moves a boundary: sizes follow, names and the top score are kept, a wide section is noted', () => {
    const before = sectionsFromBoundaries(histogram, [3, 4], 2).map((s, i) => (i === 0 ? { ...s, name: 'Open', initialMms: 1 } : s));
    const starts = toggleBoundary(toggleBoundary(boundariesOf(histogram, before), 4), 3);
    expect(starts).toEqual([]);
    const one = sectionsFromBoundaries(histogram, toggleBoundary(starts, 5), 2, before);
    expect(one.map((s) => [s.name, s.initialMms, rankRange(s.ranks), s.players.length])).toEqual([
      ['Open', 1, '6d–2d', 19],
      ['B', -1, '1d', 4],
    ]);
    expect(one[0].notes).toEqual(['spans 5 ranks (6d–2d), more than 3 (Mays, Guideline No. 2, p. 18)']);
  });

  it("reads the engine's proposal back as boundaries", () => {
    const proposed = proposeSections(players, { rounds: 5, count: 3 }).sections;
    const again = sectionsFromBoundaries(histogram, boundariesOf(histogram, proposed), 2, proposed);
    expect(again.map((s) => s.players)).toEqual(proposed.map((s) => s.players));
  });
});
