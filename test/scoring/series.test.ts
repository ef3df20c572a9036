/**
 * The Czech series table (src/scoring/series.ts) and the matching of players across tournaments
 * (src/scoring/seriesPlayers.ts): points by place, the 75 % of best results after every tournament, the four steps
 * of the series order, shared places (EGF: divisible points shared), duplicates reported, --as-of.
 */
import { fraction } from '../../src/model/fraction';
import type { Player, PlayerId, Tournament } from '../../src/model/tournament';
import { computeSeries, countedResults, cyclesOf, seriesTournament, type SeriesTournament } from '../../src/scoring/series';
import { matchPlayers } from '../../src/scoring/seriesPlayers';

/** "Family Given@Club#PIN" → a player of one file. */
function player(spec: string, id: number): Player {
  const m = /^([^ @#]+) ([^@#]+)(?:@([^#]*))?(?:#(.*))?$/.exec(spec)!;
  return { id: id as PlayerId, family: m[1], given: m[2], rank: 0 as Player['rank'], club: m[3] || undefined, egdPin: m[4] || undefined };
}

/** A tournament from its final order; an inner array is a shared place. */
function tourney(label: string, order: (string | string[])[], twoCycle = false): SeriesTournament {
  const players: Player[] = [];
  const places = new Map<PlayerId, number>();
  let better = 0;
  for (const step of order) {
    const group = typeof step === 'string' ? [step] : step;
    for (const spec of group) {
      const p = player(spec, players.length + 1);
      players.push(p);
      places.set(p.id, better + 1);
    }
    better += group.length;
  }
  return { label, name: label, players, places, twoCycle };
}

const names = (rows: readonly { player: { family: string } }[]) => rows.map((r) => r.player.family);

describe('series points by place', () => {
  test('last place 1, second-to-last 2, …, the winner as many as there were participants; +1 for the winner of a two-cycle tournament', () => {
    const series = computeSeries([tourney('T1', ['A a', 'B b', 'C c', 'D d']), tourney('T2', ['A a', 'B b', 'C c'], true)]);
    expect(series.ok).toBe(true);
    if (!series.ok) return;
    const pointsOf = (family: string) => series.value.rows.find((r) => r.player.family === family)!.results.map((x) => x?.points);
    expect(pointsOf('A')).toEqual([fraction(4), fraction(4)]);
    expect(pointsOf('B')).toEqual([fraction(3), fraction(2)]);
    expect(pointsOf('C')).toEqual([fraction(2), fraction(1)]);
    expect(pointsOf('D')).toEqual([fraction(1), undefined]);
  });

  test('players sharing a place share the sum of the points of the places they span (EGF, divisible prizes)', () => {
    const series = computeSeries([tourney('T1', [['A a', 'B b'], 'C c', ['D d', 'E e', 'F f']], true)]);
    if (!series.ok) throw new Error('refused');
    const of = (f: string) => series.value.rows.find((r) => r.player.family === f)!.results[0]!;
    // places 1 and 2 of 6 in a two-cycle tournament: (6 + 1 + 5) / 2
    expect(of('A').points).toEqual(fraction(6));
    expect(of('A').place).toBe(1);
    expect(of('C').points).toEqual(fraction(4));
    expect(of('D').points).toEqual(fraction(2));
  });
});

describe('75 % of the tournaments held so far, rounded down, after every tournament', () => {
  test('the number of counted results', () => {
    // 1 tournament: 75 % is 0.75, rounded down 0 — read as at least one (see countedResults)
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(countedResults)).toEqual([1, 1, 2, 3, 3, 4, 5, 6]);
  });

  const five = [
    tourney('T1', ['Novák Jan@Praha#11', 'Dvořák Petr@Brno', 'Svoboda Eva@Praha#22', 'Černý Tomáš@Ostrava']),
    tourney('T2', ['Svoboda Eva@Praha#22', 'Novák Jan@Praha#11', 'Dvořák Petr@Brno', 'Horák Lucie@Praha', 'Černý Tomáš@Ostrava'], true),
    tourney('T3', ['Dvořák Petr@Brno', 'Černý Tomáš@Ostrava', 'Horák Lucie@Praha']),
    tourney('T4', ['Novák Jan@Praha#11', 'Horák Lucie@Praha', 'Svoboda Eva@Praha#22', 'Černý Tomáš@Ostrava']),
    tourney('T5', ['Horák Lucie@Praha', 'Dvořák Petr@Brno', 'Novák Jan@Praha#11', 'Svoboda Eva@Praha#22', 'Černý Tomáš@Ostrava', 'Král Ondřej@Plzeň']),
  ];

  test.each([
    // after T1: best 1 of 1
    [1, 1, { Novák: 4, Dvořák: 3, Svoboda: 2, Černý: 1 }],
    // after T2: best 1 of 2 — Svoboda's 6 (5 + the two-cycle bonus), Novák's 4 from T1 or T2
    [2, 1, { Svoboda: 6, Novák: 4, Dvořák: 3, Horák: 2, Černý: 1 }],
    // after T3: best 2 of 3
    [3, 2, { Svoboda: 8, Novák: 8, Dvořák: 6, Černý: 3, Horák: 3 }],
    // after T4: best 3 of 4
    [4, 3, { Novák: 12, Svoboda: 10, Dvořák: 9, Horák: 6, Černý: 4 }],
    // after T5: still best 3 (75 % of 5 = 3.75)
    [5, 3, { Novák: 12, Horák: 11, Svoboda: 11, Dvořák: 11, Černý: 5, Král: 1 }],
  ])('after tournament %i the best %i results count', (asOf, counted, expected) => {
    const series = computeSeries(five, { asOf });
    if (!series.ok) throw new Error('refused');
    expect(series.value.counted).toBe(counted);
    expect(series.value.held).toBe(asOf);
    const got = Object.fromEntries(series.value.rows.map((r) => [r.player.family, r.points.num / r.points.den]));
    expect(got).toEqual(expected);
    for (const r of series.value.rows) {
      expect(r.results.filter((x) => x?.counted).length).toBe(Math.min(counted, r.results.filter(Boolean).length));
      expect(r.results.length).toBe(asOf);
    }
  });

  test('after tournament 5, three players on 11 from 3 counted with one first place each: the bigger field first', () => {
    const series = computeSeries(five);
    if (!series.ok) throw new Error('refused');
    const rows = series.value.rows;
    expect(names(rows)).toEqual(['Novák', 'Horák', 'Svoboda', 'Dvořák', 'Černý', 'Král']);
    expect(rows.slice(1, 4).map((r) => r.firstPlaceFields)).toEqual([[6], [5], [3]]);
    expect(rows.map((r) => r.aheadOfNextBy)).toEqual(['points', 'first-place-quality', 'first-place-quality', 'points', 'points', undefined]);
  });

  test('a later tournament is not seen --as-of an earlier one', () => {
    const series = computeSeries(five, { asOf: 2 });
    if (!series.ok) throw new Error('refused');
    expect(series.value.tournaments.map((t) => t.label)).toEqual(['T1', 'T2']);
    expect(names(series.value.rows)).not.toContain('Král');
  });
});

describe('the series order', () => {
  test('1. the higher sum of counted points', () => {
    const s = computeSeries([tourney('T1', ['A a', 'B b', 'C c'])]);
    if (!s.ok) throw new Error('refused');
    expect(names(s.value.rows)).toEqual(['A', 'B', 'C']);
    expect(s.value.rows.map((r) => r.place)).toEqual([1, 2, 3]);
  });

  test('2. equal points: fewer counted tournaments (counted, not played) is better', () => {
    // four tournaments: best 3 count. A: 5 + 4 = 9 from 2 counted; B: 3 + 3 + 3 = 9 from 3 counted.
    const s = computeSeries([
      tourney('T1', ['A a', 'x x', 'y y', 'z z', 'w w']),
      tourney('T2', ['x x', 'y y', 'B b', 'z z', 'w w']),
      tourney('T3', ['x x', 'y y', 'B b', 'z z', 'w w']),
      tourney('T4', ['x x', 'A a', 'B b', 'y y', 'z z']),
    ]);
    if (!s.ok) throw new Error('refused');
    const a = s.value.rows.find((r) => r.player.family === 'A')!;
    const b = s.value.rows.find((r) => r.player.family === 'B')!;
    expect([a.points, a.countedTournaments]).toEqual([fraction(9), 2]);
    expect([b.points, b.countedTournaments]).toEqual([fraction(9), 3]);
    expect(a.place).toBeLessThan(b.place);
    expect(s.value.rows[s.value.rows.indexOf(a) + 1]).toBe(b);
    expect(a.aheadOfNextBy).toBe('counted-tournaments');
  });

  test('3. equal points and counted tournaments: more first places', () => {
    // four tournaments, best 3 count. A: first of 3 (3) and 3rd of 5 (3): one first place; B: 3 and 3, second places.
    const s = computeSeries([
      tourney('T1', ['A a', 'x x', 'y y']),
      tourney('T2', ['x x', 'y y', 'A a', 'z z', 'w w']),
      tourney('T3', ['x x', 'B b', 'y y', 'z z']),
      tourney('T4', ['y y', 'B b', 'x x', 'z z']),
    ], { asOf: 4 });
    if (!s.ok) throw new Error('refused');
    const a = s.value.rows.find((r) => r.player.family === 'A')!;
    const b = s.value.rows.find((r) => r.player.family === 'B')!;
    expect([a.points, a.countedTournaments, a.firstPlaces]).toEqual([fraction(6), 2, 1]);
    expect([b.points, b.countedTournaments, b.firstPlaces]).toEqual([fraction(6), 2, 0]);
    expect(a.place).toBeLessThan(b.place);
    expect(a.aheadOfNextBy).toBe('first-places');
  });

  test('4. equal on everything before: the player whose first place came from the bigger field is ahead', () => {
    const equal = computeSeries([
      tourney('T1', ['A a', 'x x', 'y y', 'z z', 'w w']), // A: first of 5 → 5
      tourney('T2', ['B b', 'x x', 'y y', 'z z']), // B: first of 4 → 4
      tourney('T3', ['x x', 'y y', 'B b', 'z z', 'w w']), // B: 3rd of 5 → 3
      tourney('T4', ['x x', 'y y', 'z z', 'A a', 'w w', 'v v']), // A: 4th of 6 → 3 … A 5 + 3 = 8? B 4 + 3 = 7
      tourney('T5', ['y y', 'B b', 'x x']), // B: 2nd of 3 → 2: B 4 + 3 + 2 = 9 from 3
      tourney('T6', ['y y', 'x x', 'z z', 'A a']), // A: 4th of 4 → 1: A 5 + 3 + 1 = 9 from 3
    ]);
    if (!equal.ok) throw new Error('refused');
    const a6 = equal.value.rows.find((r) => r.player.family === 'A')!;
    const b6 = equal.value.rows.find((r) => r.player.family === 'B')!;
    expect(equal.value.counted).toBe(4);
    expect([a6.points, a6.countedTournaments, a6.firstPlaces]).toEqual([fraction(9), 3, 1]);
    expect([b6.points, b6.countedTournaments, b6.firstPlaces]).toEqual([fraction(9), 3, 1]);
    expect(a6.firstPlaceFields).toEqual([5]);
    expect(b6.firstPlaceFields).toEqual([4]);
    expect(a6.place).toBeLessThan(b6.place);
    expect(a6.aheadOfNextBy).toBe('first-place-quality');
  });

  test('equal on every step: the place is shared', () => {
    const s = computeSeries([tourney('T1', [['A a', 'B b'], 'C c'])]);
    if (!s.ok) throw new Error('refused');
    expect(s.value.rows.map((r) => r.place)).toEqual([1, 1, 3]);
  });
});

describe('players across tournaments', () => {
  test('by EGD PIN when present (a name written differently is the same player), else by name and club', () => {
    const m = matchPlayers([
      tourney('T1', ['Novák Jan@Praha#11', 'Dvořák Petr@Brno']),
      tourney('T2', ['Novak Jan@Kladno#11', 'dvořák petr@Brno']),
    ]);
    if (!m.ok) throw new Error('refused');
    expect(m.value.players).toHaveLength(2);
    expect(m.value.duplicates).toEqual([]);
  });

  test('the same name in another club is another player, reported as a possible duplicate', () => {
    const s = computeSeries([
      tourney('T1', ['Král Ondřej@Brno', 'Dvořák Petr@Brno']),
      tourney('T2', ['Král Ondřej@Plzeň', 'Dvořák Petr@Brno']),
    ]);
    if (!s.ok) throw new Error('refused');
    expect(s.value.rows.filter((r) => r.player.family === 'Král')).toHaveLength(2);
    expect(s.value.duplicates).toHaveLength(1);
    expect(s.value.duplicates[0].message).toMatch(/Král, Ondřej.*Brno.*T1.*Plzeň.*T2/);
  });

  test('two entries of one file that are the same series player are refused, naming the file and the players', () => {
    const m = matchPlayers([tourney('T1', ['Král Ondřej@Brno', 'Král Ondřej@Brno'])]);
    expect(m.ok).toBe(false);
    if (m.ok) return;
    expect(m.errors[0]).toMatchObject({ file: 'T1', player: '2 (Král, Ondřej)' });
  });
});

describe('two cycles', () => {
  const rr = (meetings: number, extra: Record<string, unknown> = {}, system: 'round-robin' | 'mcmahon' = 'round-robin'): Tournament => ({
    name: 'rr',
    settings: { system, rounds: meetings, ruleset: 'egf', ...extra } as Tournament['settings'],
    players: ['A a', 'B b'].map((s, i) => player(s, i + 1)),
    games: Array.from({ length: meetings }, (_, i) => ({ round: i + 1, white: 1 as PlayerId, black: 2 as PlayerId, handicap: 0, result: 'white-wins' as const })),
    byes: [],
  });
  test('a round-robin whose pairs met twice is two-cycle; settings.cycles, when present, is read instead; McMahon has one', () => {
    expect(cyclesOf(rr(1))).toBe(1);
    expect(cyclesOf(rr(2))).toBe(2);
    expect(cyclesOf(rr(3))).toBe(3);
    expect(cyclesOf(rr(1, { cycles: 2 }))).toBe(2);
    expect(cyclesOf(rr(2, {}, 'mcmahon'))).toBe(1);
    expect(seriesTournament(rr(2), 'f.json').twoCycle).toBe(true);
    // "Při dvoukolovém turnaji": two cycles only, no bonus for three
    expect(seriesTournament(rr(3), 'f.json').twoCycle).toBe(false);
    expect(seriesTournament(rr(2), 'f.json').places).toEqual(new Map([[1, 1], [2, 2]]));
  });
});
