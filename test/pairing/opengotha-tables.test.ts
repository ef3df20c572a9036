/**
 * Table numbers of the `opengotha` system (src/systems/opengotha/tables.ts), as OpenGotha 3.51.02 gives them after
 * its automatic pairing (Tournament.renumberTablesByBestScoreThenRating with GameComparator.BEST_SCR_ORDER), worked
 * by hand. McMahon, bar 1d, floor 20k, MMS zero 30k: a player's MMS before round 1 is rank + 30 clamped to 10 … 30.
 */
import type { Tournament } from '../../src/model/tournament';
import { readOpenGothaParameters } from '../../src/systems/opengotha/parameters';
import { pairOpenGotha } from '../../src/systems/opengotha/pair';
import { numberTables, stateAtPairedRound, type TableGame } from '../../src/systems/opengotha/tables';
import { isPairingError } from '../../src/pairing/types';
import { game, id, openGothaTournament as og, player } from './fixtures';


function stateOf(t: Tournament, round: number, bye: number | null = null) {
  const read = readOpenGothaParameters(t);
  if (!read.ok) throw new Error(read.problems.join('; '));
  return stateAtPairedRound(t, round, read.parameters, bye === null ? null : id(bye));
}

const g = (white: number, black: number): TableGame => ({ white: id(white), black: id(black) });

describe('OpenGotha 3.51 table numbers', () => {
  // MMS: 1 (3d, capped at the bar) 30, 2 (1k) 29, 3 (2k) 28, 4 (10k) 20.
  const four = [player(1, '3d'), player(2, '1k'), player(3, '2k'), player(4, '10k')];

  it('ranks each game by its WEAKER player by the placement criteria (3.51.02 tests compare(White, Black) == −1)', () => {
    const state = stateOf(og(four), 1);
    // 1–4 is represented by 4 (MMS 20), 2–3 by 3 (MMS 28): 2–3 takes table 1.
    expect(numberTables(state, [g(1, 4), g(2, 3)])).toEqual([2, 1]);
    // OpenGotha 4's rule (the better player) would put 1–4 first: the variant the conformance test recognises.
    expect(numberTables(state, [g(1, 4), g(2, 3)], new Set(), { representative: 'better', ratings: 'higher-first' })).toEqual([1, 2]);
    // The draw itself: 1–4 and 2–3 forced, the tables follow the same rule.
    const drawn = pairOpenGotha(og(four), 1, { forcedPairs: [[id(1), id(4)], [id(2), id(3)]] });
    if (isPairingError(drawn)) throw new Error(drawn.message);
    expect(drawn.games.map((x) => [x.table, [x.white, x.black].sort().join('–')])).toEqual([
      [1, '2–3'],
      [2, '1–4'],
    ]);
  });

  it('equal on the placement criteria: the higher-rated player represents the game, and the higher rating goes first', () => {
    const equal = [player(1, '5k', { rating: 1500 }), player(2, '5k', { rating: 2000 }), player(3, '5k', { rating: 1900 }), player(4, '5k', { rating: 1800 })];
    const state = stateOf(og(equal), 1);
    // 1–2 by 2 (2000), 3–4 by 3 (1900).
    expect(numberTables(state, [g(3, 4), g(1, 2)])).toEqual([2, 1]);
  });

  it('equal representatives and equal ratings: the order pairAGroup made the games (OpenGotha never answers 0)', () => {
    const same = [1, 2, 3, 4].map((n) => player(n, '5k', { rating: n % 2 === 1 ? 1800 : 1700 }));
    const state = stateOf(og(same), 1);
    expect(numberTables(state, [g(1, 2), g(3, 4)])).toEqual([1, 2]);
    expect(numberTables(state, [g(3, 4), g(1, 2)])).toEqual([1, 2]);
  });

  it('skips the tables already used in the round', () => {
    const state = stateOf(og(four), 1);
    expect(numberTables(state, [g(1, 4), g(2, 3)], new Set([1, 3]))).toEqual([4, 2]);
  });

  it("reads the scores at the round being paired: this round's absences count, its bye only when told", () => {
    // Swiss, round 1 played: 1 beat 2, 3 beat 4, 5 had the bye. Round 2: 4 is absent; 5 gets the bye again.
    const players = [1, 2, 3, 4, 5].map((n) => player(n, '5k', n === 4 ? { absentRounds: [2] } : {}));
    const t = og(players, {}, [game(1, 1, 2), game(1, 3, 4)], [{ round: 1, player: id(5) }], 'swiss');
    const without = stateOf(t, 2);
    expect(without.critValue(id(1), 'NBW')).toBe(2);
    const withBye = stateOf(t, 2, 5);
    expect(without.critValue(id(5), 'NBW')).toBe(2); // round 1's bye
    expect(withBye.critValue(id(5), 'NBW')).toBe(4); // and round 2's
    // Round 2's absence is counted: worth one point here (nbwHalvesAbsent 2), on top of 4's loss in round 1.
    const absentPoint: Tournament = { ...t, settings: { ...t.settings, opengotha: { ...t.settings.opengotha!, nbwHalvesAbsent: 2 } } };
    expect(stateOf(absentPoint, 2).critValue(id(4), 'NBW')).toBe(2);
    expect(stateOf(t, 2).critValue(id(4), 'NBW')).toBe(0);
  });
});
