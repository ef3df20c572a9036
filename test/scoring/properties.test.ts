/**
 * Property tests (fast-check) of the scoring engine on random tournaments with byes, absences, latecomers, jigos,
 * default results and unreported games.
 */
import fc from 'fast-check';
import { fromHalves, toNumber } from '../../src/model/fraction';
import type { Rank } from '../../src/model/rank';
import { CRITERIA, type Bye, type Game, type GameResult, type Player, type PlayerId, type RulesetName, type Tournament } from '../../src/model/tournament';
import { validateTournament } from '../../src/model/validate';
import { explain } from '../../src/scoring/explain';
import { gameHalves } from '../../src/scoring/record';
import { RULESETS } from '../../src/scoring/rulesets';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { computeStandings } from '../../src/scoring/standings';

const RESULTS: GameResult[] = ['white-wins', 'black-wins', 'white-wins', 'black-wins', 'jigo', 'white-wins-by-default', 'black-wins-by-default', 'jigo-by-default', 'both-lose-by-default', 'both-win-by-default', 'unknown'];
const RULESET_NAMES = Object.keys(RULESETS) as RulesetName[];

/** A random valid tournament: every player at most once per round, absences never clash with games. */
const tournamentArb: fc.Arbitrary<Tournament> = fc
  .record({
    n: fc.integer({ min: 2, max: 24 }),
    rounds: fc.integer({ min: 1, max: 6 }),
    system: fc.constantFrom('mcmahon' as const, 'swiss' as const, 'round-robin' as const),
    ruleset: fc.constantFrom(...RULESET_NAMES),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    lotterySeed: fc.integer({ min: 0, max: 1000 }),
    bar: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }),
  })
  .chain(({ n, rounds, system, ruleset, seed, lotterySeed, bar }) =>
    fc
      .tuple(
        fc.array(fc.integer({ min: -25, max: 8 }), { minLength: n, maxLength: n }),
        fc.array(fc.array(fc.nat(), { minLength: n, maxLength: n }), { minLength: rounds, maxLength: rounds }),
        fc.array(fc.array(fc.nat({ max: 99 }), { minLength: n, maxLength: n }), { minLength: rounds, maxLength: rounds }),
        fc.array(fc.nat({ max: RESULTS.length - 1 }), { minLength: n * rounds, maxLength: n * rounds }),
        fc.array(fc.nat({ max: 3 }), { minLength: n * rounds, maxLength: n * rounds }),
      )
      .map(([ranks, orderKeys, presence, results, handicaps]) => {
        const players: Player[] = ranks.map((rank, i) => ({ id: (i + 1) as PlayerId, family: `F${i + 1}`, given: `G${seed % 7}`, rank: rank as Rank, rating: 1000 + ((i * 37 + seed) % 1500) }));
        const absent: number[][] = players.map(() => []);
        const games: Game[] = [];
        const byes: Bye[] = [];
        let k = 0;
        for (let r = 1; r <= rounds; r++) {
          const here: number[] = [];
          for (let i = 0; i < n; i++) {
            const x = presence[r - 1][i];
            if (x < 8) absent[i].push(r); // absent, sleeping or a latecomer
            else if (x < 12) continue; // present, not paired
            else here.push(i);
          }
          here.sort((a, b) => orderKeys[r - 1][a] - orderKeys[r - 1][b] || a - b);
          if (here.length % 2) byes.push({ round: r, player: players[here.pop()!].id });
          for (let i = 0; i + 1 < here.length; i += 2) {
            games.push({ round: r, white: players[here[i]].id, black: players[here[i + 1]].id, handicap: handicaps[k], result: RESULTS[results[k]] });
            k++;
          }
        }
        const withAbsences = players.map((p, i) => (absent[i].length ? { ...p, absentRounds: absent[i] } : p));
        const t: Tournament = {
          name: 'random',
          settings: { system, rounds, ruleset, lotterySeed, bar: bar as Rank | undefined, tiebreaks: system === 'mcmahon' ? ['mms', 'dc', 'sos', 'sodos', 'lottery'] : ['nbw', 'dc', 'sos', 'lottery'] },
          players: withAbsences,
          games,
          byes,
        };
        return t;
      }),
  );

/** The same tournament with its players, games and byes listed in another order. */
function shuffled(t: Tournament, seed: number): Tournament {
  const perm = <T>(xs: readonly T[]) => {
    const a = [...xs];
    let s = seed || 1;
    for (let i = a.length - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const j = s % (i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  return { ...t, players: perm(t.players), games: perm(t.games), byes: perm(t.byes) };
}

describe('scoring properties', () => {
  it('generated tournaments are valid', () => {
    fc.assert(fc.property(tournamentArb, (t) => validateTournament(t).length === 0));
  });

  it('MMS after round r = start + points of rounds ≤ r + the ruleset’s free points', () => {
    fc.assert(
      fc.property(tournamentArb, (t) => {
        const sb = buildScoreboard(t, { asOf: t.settings.rounds });
        const rs = sb.ruleset;
        for (let p = 0; p < sb.players.length; p++) {
          let points = 0;
          let free = 0;
          for (let r = 1; r <= sb.asOf; r++) {
            const o = sb.rounds[p][r - 1].outcome;
            if (o === 'bye') free += rs.byeHalves('mms', t);
            // OpenGotha: a round taken part in but neither paired nor given a bye earns nothing.
            else if (o === 'absent' && sb.rounds[p][r - 1].notAssigned && rs.notAssignedEarns === 'nothing') continue;
            else if (o === 'absent') free += rs.absentHalves('mms', t);
            else points += gameHalves(o);
            const counted = rs.roundsDownFreePoints(t) ? 2 * Math.floor(free / 2) : free;
            expect(sb.mmsAfter[p][r]).toBe(sb.initialHalves[p] + points + counted);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('SOS equals the sum of its explanation (normalised where the ruleset says)', () => {
    fc.assert(
      fc.property(tournamentArb, fc.nat(), (t, pick) => {
        const standings = computeStandings(t, { asOf: t.settings.rounds });
        if (standings.entries.length === 0) return; // OpenGotha lists nobody without a game or a bye
        const entry = standings.entries[pick % standings.entries.length];
        for (const c of ['sos', 'sos1', 'sos2', 'sodos', 'cuss', 'cusp'] as const) {
          const e = explain(t, entry.player.id, c, { asOf: t.settings.rounds });
          const counted = e.rows.filter((r) => r.value !== null);
          const normalise = standings.scoreboard.ruleset.sosWithoutOpponent === 'normalise' && c.startsWith('sos') && counted.length < e.rows.length;
          if (!normalise) expect(e.sumOfCounted).toBeCloseTo(toNumber(e.total), 9);
          const value = toNumber(entry.values[c]);
          expect(toNumber(e.total)).toBe(value);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('Direct Comparison and every standings value are unchanged when the order of players in the file changes', () => {
    fc.assert(
      fc.property(tournamentArb, fc.integer({ min: 1, max: 10000 }), (t, seed) => {
        const a = computeStandings(t);
        const b = computeStandings(shuffled(t, seed));
        const view = (s: typeof a) =>
          s.entries.map((e) => ({ id: e.player.id, place: e.place, sectionPlace: e.sectionPlace, dc: e.dcKeys, values: CRITERIA.map((c) => `${e.values[c].num}/${e.values[c].den}`) }));
        expect(view(b)).toEqual(view(a));
      }),
      { numRuns: 150 },
    );
  });

  it('places are shared by equal players and one greater than the number of better placed players', () => {
    fc.assert(
      fc.property(tournamentArb, (t) => {
        const s = computeStandings({ ...t, settings: { ...t.settings, tiebreaks: [t.settings.system === 'mcmahon' ? 'mms' : 'nbw'] } });
        if (s.scoreboard.ruleset.placesWithinSection) return;
        s.entries.forEach((e, i) => {
          const better = s.entries.filter((o) => o.place < e.place).length;
          expect(e.place).toBe(better + 1);
          if (i > 0 && s.entries[i - 1].place === e.place) {
            const key = s.scoreboard.primary;
            expect(s.entries[i - 1].values[key]).toEqual(e.values[key]);
          }
        });
      }),
    );
  });

  it('NBW never exceeds the number of rounds, and MMS − NBW stays within the start and the free points', () => {
    fc.assert(
      fc.property(tournamentArb, (t) => {
        const s = computeStandings(t, { asOf: t.settings.rounds });
        for (const e of s.entries) {
          expect(toNumber(e.values.nbw)).toBeLessThanOrEqual(t.settings.rounds);
          expect(toNumber(e.values.nbw)).toBeGreaterThanOrEqual(0);
          const start = fromHalves(s.scoreboard.initialHalves[e.index]);
          expect(toNumber(e.values.mms)).toBeGreaterThanOrEqual(toNumber(start));
        }
      }),
    );
  });
});
