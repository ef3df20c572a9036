/**
 * McMahon sections against the manual's own examples (seeds/mays-swiss-mcmahon-manual.txt, "Grouping the Players
 * into McMahon Sections", Guideline No. 4), and the BGA / EGC bar advice.
 */
import fc from 'fast-check';
import { formatRank } from '../../src/model/rank';
import type { Player } from '../../src/model/tournament';
import {
  applyBar,
  applySections,
  bgaBarAdvice,
  egcBarAdvice,
  initialMmsFromRank,
  proposeSections,
  sectionForRank,
  sectionStep,
} from '../../src/systems/mcmahon/sections';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { player, rank, tournament } from './fixtures';

/** Players by rank counts, strongest first: [['6d', 2], ['5d', 3]] …, numbered 1 … n. */
function field(counts: readonly (readonly [string, number])[], extra: (r: string) => Partial<Player> = () => ({})): Player[] {
  const out: Player[] = [];
  for (const [r, count] of counts) for (let i = 0; i < count; i++) out.push(player(out.length + 1, r, extra(r)));
  return out;
}
const fee = (r: string) => ({ feeLevel: ['6d', '5d', '4d'].includes(r) ? '$25' : '$20' });
const summary = (players: readonly Player[], options: Parameters<typeof proposeSections>[1]) =>
  proposeSections(players, options).sections.map((s) => [s.ranks.map(formatRank).join(' '), s.players.length, s.initialMms]);

describe('Mays: McMahon sections', () => {
  it('initial scores 0, −1, −2 for 3 rounds; 0, −2, −4 for 4–8; 0, −3, −6 for 9 and more', () => {
    expect([1, 3, 4, 6, 8, 9, 10].map(sectionStep)).toEqual([1, 1, 2, 2, 2, 3, 3]);
    const players = field([['3d', 2], ['1k', 2], ['10k', 2]]);
    expect(proposeSections(players, { count: 3, rounds: 3 }).sections.map((s) => s.initialMms)).toEqual([0, -1, -2]);
    expect(proposeSections(players, { count: 3, rounds: 6 }).sections.map((s) => s.initialMms)).toEqual([0, -2, -4]);
    expect(proposeSections(players, { count: 3, rounds: 9 }).sections.map((s) => s.initialMms)).toEqual([0, -3, -6]);
  });

  it('the first example: 2, 3, 2, 8, 4, 4 dans → 6d–4d (7), 3d (8), 2d–1d (8), fee levels respected', () => {
    const players = field([['6d', 2], ['5d', 3], ['4d', 2], ['3d', 8], ['2d', 4], ['1d', 4]], fee);
    const expected = [
      ['6d 5d 4d', 7, 0],
      ['3d', 8, -2],
      ['2d 1d', 8, -4],
    ];
    expect(summary(players, { count: 3 })).toEqual(expected);
    // 23 players at about 7 a section: the same three without being told how many.
    expect(summary(players, {})).toEqual(expected);
    expect(proposeSections(players, { count: 3 }).sections.flatMap((s) => s.notes)).toEqual([]);
  });

  it('the second example: 8, 12, 14, 6, 9, 9 dans → 6d–5d (20), 4d–3d (20), 2d–1d (18), the 4-dans lose their fee level', () => {
    const players = field([['6d', 8], ['5d', 12], ['4d', 14], ['3d', 6], ['2d', 9], ['1d', 9]], fee);
    const proposal = proposeSections(players, { count: 3 });
    expect(summary(players, { count: 3 })).toEqual([
      ['6d 5d', 20, 0],
      ['4d 3d', 20, -2],
      ['2d 1d', 18, -4],
    ]);
    expect(proposal.sections[1].notes.join()).toMatch(/mixes fee levels \$25, \$20 \(Guideline No. 4/);
    // A director who puts fee levels above all ("one fee level can have more than one section") is offered the
    // best such grouping — not the manual's "massive section of 34 players", which keeps all $25 players together.
    expect(summary(players, { count: 3, feeWeight: 1000 })).toEqual([
      ['6d 5d', 20, 0],
      ['4d', 14, -2],
      ['3d 2d 1d', 24, -4],
    ]);
  });

  it('at most three consecutive ranks where possible, and says so where not (Guideline No. 2)', () => {
    const even = field([['1k', 2], ['2k', 2], ['3k', 2], ['4k', 2], ['5k', 2], ['6k', 2]]);
    expect(summary(even, { count: 2 }).map((s) => s[0])).toEqual(['1k 2k 3k', '4k 5k 6k']);
    expect(summary(even, { count: 3, maxRanks: 2 }).map((s) => s[0])).toEqual(['1k 2k', '3k 4k', '5k 6k']);
    const sparse = field([['10k', 1], ['15k', 1], ['20k', 1], ['25k', 1]]);
    expect(proposeSections(sparse, { count: 1 }).sections[0].notes.join()).toMatch(/spans 16 ranks \(10k–25k\), more than 3/);
  });

  it('never splits a rank (Guideline No. 3), whatever the field', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -30, max: 8 }), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 8 }), (ranks, count) => {
        const players = ranks.map((r, i) => player(i + 1, formatRank(r as never)));
        const { sections } = proposeSections(players, { count });
        const sectionOfRank = new Map<number, string>();
        for (const s of sections) {
          for (const pid of s.players) {
            const r = players[pid - 1].rank;
            expect(sectionOfRank.get(r) ?? s.name).toBe(s.name);
            sectionOfRank.set(r, s.name);
          }
        }
        expect(sections.reduce((n, s) => n + s.players.length, 0)).toBe(players.length);
      }),
    );
  });

  it('applied sections give the initial McMahon scores; a latecomer joins the section of his rank', () => {
    const players = field([['5d', 3], ['3d', 3], ['1k', 2], ['5k', 2]]);
    const t = applySections(tournament(players), proposeSections(players, { count: 3 }).sections);
    expect(t.settings.sections).toEqual([
      { name: 'A', initialMms: 0 },
      { name: 'B', initialMms: -2 },
      { name: 'C', initialMms: -4 },
    ]);
    expect(Array.from(buildScoreboard(t, { asOf: 0 }).initialHalves)).toEqual([0, 0, 0, -4, -4, -4, -8, -8, -8, -8]);
    expect(sectionForRank(t, rank('3d'))).toBe('B');
    expect(sectionForRank(t, rank('2k'))).toBe('C');
    expect(sectionForRank(t, rank('7d'))).toBe('A');
  });
});

describe('EGF / BGA: initial McMahon score from rank, bar and supergroup', () => {
  it('rank between floor and bar, counted from 1d (BGA: "a 4-kyu player starts at -4, and a 1-dan player starts at 0")', () => {
    expect(initialMmsFromRank(rank('4k'))).toBe(-4);
    expect(initialMmsFromRank(rank('1d'))).toBe(0);
    expect(initialMmsFromRank(rank('6d'), { bar: rank('3d') })).toBe(2);
    expect(initialMmsFromRank(rank('25k'), { floor: rank('20k') })).toBe(-20);
    expect(initialMmsFromRank(rank('1d'), { mmsZero: rank('30k') })).toBe(30);
  });

  it('BGA: the lowest bar keeping the players above it within the table, bar depth below 3', () => {
    const players = field([['5d', 2], ['4d', 3], ['3d', 4], ['2d', 10]]);
    const advice = bgaBarAdvice(players, 6);
    expect(formatRank(advice.bar)).toBe('3d');
    expect(advice.aboveBar).toHaveLength(9);
    expect(advice.candidates.map((c) => [formatRank(c.bar), c.aboveBar, c.depth])).toEqual([
      ['5d', 2, 0],
      ['4d', 5, 1],
      ['3d', 9, 2],
      ['2d', 19, 3],
    ]);
  });

  it('BGA: the bar depth wins over the table, and the note says why', () => {
    const players = field([['7d', 1], ['6d', 1], ['5d', 1], ['4d', 3], ['3d', 3]]);
    const advice = bgaBarAdvice(players, 3);
    expect(formatRank(advice.bar)).toBe('5d');
    expect(advice.notes.join()).toMatch(/fewer than the BGA table's 4 .* bar depth/);
    const crowded = bgaBarAdvice(field([['5d', 10], ['1d', 4]]), 3);
    expect(formatRank(crowded.bar)).toBe('5d');
    expect(crowded.notes.join()).toMatch(/more than the 8/);
  });

  it('EGC: the smallest bar at 4d or above with at most 67 above it', () => {
    const players = field([['7d', 5], ['6d', 20], ['5d', 40], ['4d', 30], ['3d', 50]]);
    const advice = egcBarAdvice(players);
    expect(formatRank(advice.bar)).toBe('5d');
    expect(advice.aboveBar).toHaveLength(65);
    expect(formatRank(egcBarAdvice(players, { alreadyQualified: 30 }).bar)).toBe('4d');
    expect(formatRank(egcBarAdvice(field([['2d', 10]])).bar)).toBe('4d');
  });

  it('EGC: the supergroup one point above the bar, unless the top bar group would have fewer than 8', () => {
    const players = field([['7d', 5], ['6d', 20], ['5d', 40], ['4d', 30]]);
    const all = egcBarAdvice(players);
    expect(all.supergroup).toHaveLength(65);
    expect(all.supergroupPoints).toBe(0);
    expect(all.notes.join()).toMatch(/equals the supergroup/);

    const someSleep = players.map((p, i) => (i >= 50 && i < 60 ? { ...p, absentRounds: [3] } : p));
    const advice = egcBarAdvice(someSleep);
    expect(advice.supergroup).toHaveLength(55);
    expect(advice.supergroupPoints).toBe(1);

    const t = applyBar(tournament(someSleep), { bar: advice.bar, supergroup: advice.supergroup, supergroupPoints: advice.supergroupPoints });
    const sb = buildScoreboard(t, { asOf: 0 });
    expect(sb.initialHalves[0] / 2).toBe(5); // 7d in the supergroup: the bar (5d = 4) + 1
    expect(sb.initialHalves[55] / 2).toBe(4); // a 5d who sleeps a round: at the bar
    expect(sb.initialHalves[94] / 2).toBe(3); // a 4d, below the bar
  });
});
