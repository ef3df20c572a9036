/**
 * Each ruleset's rules on small tournaments worked by hand.
 */
import { fraction, toNumber } from '../../src/model/fraction';
import type { Rank } from '../../src/model/rank';
import type { Game, GameResult, Player, PlayerId, RulesetName, Settings, Tournament } from '../../src/model/tournament';
import { explain } from '../../src/scoring/explain';
import { lot } from '../../src/scoring/lottery';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { computeStandings, sharePrizes } from '../../src/scoring/standings';

const id = (n: number) => n as PlayerId;

function player(n: number, rank = 0, extra: Partial<Player> = {}): Player {
  return { id: id(n), family: `P${n}`, given: 'X', rank: rank as Rank, ...extra };
}
function game(round: number, white: number, black: number, result: GameResult = 'white-wins', handicap = 0): Game {
  return { round, white: id(white), black: id(black), result, handicap };
}
function tournament(players: Player[], games: Game[], settings: Partial<Settings> = {}, byes: { round: number; player: number }[] = []): Tournament {
  return {
    name: 'T',
    settings: { system: 'mcmahon', rounds: 4, ruleset: 'egf', ...settings },
    players,
    games,
    byes: byes.map((b) => ({ round: b.round, player: id(b.player) })),
  };
}
const value = (t: Tournament, n: number, c: 'mms' | 'nbw' | 'sos' | 'sos1' | 'sos2' | 'sodos' | 'sosos' | 'cuss' | 'cusp' | 'dc', ruleset?: RulesetName) =>
  toNumber(computeStandings(t, { ruleset }).entries.find((e) => e.player.id === n)!.values[c]);

describe('McMahon score and free points per ruleset', () => {
  // Player 3 misses rounds 2 and 3 and 4; player 4 misses round 1 only (a latecomer).
  const players = [player(1, 2), player(2, 1), player(3, 0, { absentRounds: [2, 3, 4] }), player(4, -3, { absentRounds: [1] })];
  const games = [game(1, 1, 3), game(1, 2, 2 + 0), game(2, 1, 2), game(3, 2, 4), game(4, 4, 1)].filter((g) => g.white !== g.black);
  const t = tournament(players, games, { rounds: 4, bar: 1 as Rank });

  it('initial MMS from the rank, clamped at the bar (BGA: 1d = 0, 4k = −4)', () => {
    const sb = buildScoreboard(t);
    expect([...sb.initialHalves].map((h) => h / 2)).toEqual([1, 1, 0, -3]);
  });

  it('EGF: ½ per round without a game, accumulated points rounded down', () => {
    // P3: start 0, lost round 1, absent 2–4 → ½ × 3 = 1½ → 1
    expect(value(t, 3, 'mms', 'egf')).toBe(1);
    // P4: latecomer (round 1) and not paired in round 2: ½ + ½ = 1; lost round 3, won round 4 → −3 + 1 + 1 = −1
    expect(value(t, 4, 'mms', 'egf')).toBe(-1);
    // P2 (start 1) has no game in rounds 1 and 4 → ½ + ½ = 1; lost round 2, won round 3 → 1 + 1 + 1 = 3
    expect(value(t, 2, 'mms', 'egf')).toBe(3);
  });

  it('BGA: an extra point after every two rounds missed, not a win', () => {
    expect(value(t, 3, 'mms', 'bga')).toBe(1);
    expect(value(t, 3, 'nbw', 'bga')).toBe(0);
  });

  it('AQJG: the current MMS rises ½ per missed round, not rounded', () => {
    expect(value(t, 3, 'mms', 'aqjg')).toBe(1.5);
    expect(value(t, 4, 'mms', 'aqjg')).toBe(-1);
    expect(value(t, 3, 'mms', 'egf')).toBe(1); // the same 1½ rounded down
    expect(value(t, 3, 'nbw', 'aqjg')).toBe(0);
  });

  it('score after each round is the start plus the points of the rounds so far plus free points', () => {
    const sb = buildScoreboard(t, { ruleset: 'aqjg' });
    expect(Array.from(sb.mmsAfter[2]).map((h) => h / 2)).toEqual([0, 0, 0.5, 1, 1.5]);
  });
});

describe('SOS, SOS-1, SOS-2, SODOS, SOSOS, CUSS, CUSP', () => {
  // 4 players, 3 rounds, round robin in McMahon clothing, all start at 0.
  const players = [player(1), player(2), player(3), player(4)];
  const games = [
    game(1, 1, 2), game(1, 3, 4),
    game(2, 1, 3), game(2, 2, 4, 'jigo'),
    game(3, 4, 1), game(3, 2, 3, 'black-wins-by-default'),
  ];
  const t = tournament(players, games, { rounds: 3 });
  // MMS: P1 2, P2 0.5, P3 2, P4 1.5

  it('computes every value by hand', () => {
    expect([1, 2, 3, 4].map((n) => value(t, n, 'mms'))).toEqual([2, 0.5, 2, 1.5]);
    expect(value(t, 1, 'sos')).toBe(0.5 + 2 + 1.5);
    expect(value(t, 1, 'sos1')).toBe(2 + 1.5);
    expect(value(t, 1, 'sos2')).toBe(2);
    expect(value(t, 1, 'sodos')).toBe(0.5 + 2);
    expect(value(t, 2, 'sodos')).toBe(1.5 / 2); // a jigo counts half
    expect(value(t, 1, 'cuss')).toBe(1 + 2 + 2);
    expect(value(t, 3, 'cusp', 'egf')).toBe(1 + 1 + 2); // default win counts outside BGA
    expect(value(t, 3, 'cusp', 'bga')).toBe(1 + 1 + 1); // BGA: only wins and jigos
    const sos = (n: number) => value(t, n, 'sos');
    expect(value(t, 1, 'sosos')).toBe(sos(2) + sos(3) + sos(4));
  });

  it('SOS equals the sum of its explanation', () => {
    for (const n of [1, 2, 3, 4]) {
      const e = explain(t, id(n), 'sos');
      expect(e.sumOfCounted).toBe(toNumber(e.total));
    }
  });

  it('SOS-1 explains which round it ignores', () => {
    const e = explain(t, id(1), 'sos1');
    expect(e.rows.filter((r) => r.dropped).map((r) => r.round)).toEqual([1]);
    expect(e.sumOfCounted).toBe(3.5);
  });
});

describe('OpenGotha: handicap-corrected SOS, own start for rounds without a game', () => {
  const players = [player(1, 2), player(2, -2), player(3, 0, { absentRounds: [2] })];
  const games = [game(1, 1, 2, 'white-wins', 3), game(2, 1, 2, 'black-wins', 2)];
  const t = tournament(players, games, { rounds: 2, ruleset: 'opengotha', mmsZero: -30 as Rank }, [{ round: 1, player: 3 }]);

  it('White counts opponent + handicap, Black opponent − handicap', () => {
    const mms = (n: number) => value(t, n, 'mms');
    expect(mms(2)).toBe(28 + 1);
    expect(value(t, 1, 'sos')).toBe(mms(2) + 3 + mms(2) + 2);
    expect(value(t, 2, 'sos')).toBe(mms(1) - 3 + mms(1) - 2);
  });

  it('a round without a game counts the own starting MMS (SOS) and own start × rounds (SOSOS)', () => {
    expect(value(t, 3, 'sos')).toBe(30 * 2);
    expect(value(t, 3, 'sosos')).toBe(30 * 2 * 2);
  });

  it('bye and absence values come from the tournament (DTD defaults: bye ½, absent ½, rounded down together)', () => {
    expect(value(t, 3, 'mms')).toBe(30 + 1);
  });

  it('in Swiss, SOS counts the opponents\' wins without a handicap correction (SOSW: getNBWX2 of the opponent)', () => {
    const swiss = tournament(players, games, { system: 'swiss', rounds: 2, ruleset: 'opengotha' }, [{ round: 1, player: 3 }]);
    // P1 won round 1 and lost round 2: 1 win each; P1's SOS = P2's wins × 2 rounds, handicaps 3 and 2 not counted.
    expect(value(swiss, 1, 'sos')).toBe(1 + 1);
    expect(value(swiss, 2, 'sos')).toBe(1 + 1);
  });
});

describe('Direct Comparison (EGF)', () => {
  it('two tied players who met: the winner is ahead', () => {
    // P1 and P2 both end on 1 win; P2 beat P1 in round 1 → P2 ahead, DC 1 against 0.
    const t = tournament([player(1), player(2), player(3, -5), player(4, -5)], [game(1, 1, 2, 'black-wins'), game(1, 3, 4), game(2, 1, 3), game(2, 4, 2)], { rounds: 2, tiebreaks: ['mms', 'dc'] });
    const s = computeStandings(t);
    const ids = s.entries.map((e) => e.player.id);
    expect(ids.indexOf(id(2))).toBeLessThan(ids.indexOf(id(1)));
    expect(toNumber(s.entries.find((e) => e.player.id === 2)!.values.dc)).toBe(1);
    expect(toNumber(s.entries.find((e) => e.player.id === 1)!.values.dc)).toBe(0);
    expect(explain(t, id(2), 'dc').rows.map((r) => r.opponent?.id)).toEqual([1]);
  });

  it('players tied on MMS who did not all meet equally often get 0 in McMahon', () => {
    // P1, P2, P3 all end on 1 win; P1 beat P2, P2 and P3 never met → DC 0 for all three.
    const t = tournament(
      [player(1), player(2), player(3), player(4), player(5), player(6)],
      [game(1, 1, 2), game(1, 3, 4), game(1, 5, 6), game(2, 4, 1), game(2, 2, 5), game(2, 6, 3)],
      { rounds: 2, tiebreaks: ['mms', 'dc'] },
    );
    const s = computeStandings(t);
    const tied = s.entries.filter((e) => toNumber(e.values.mms) === 1);
    expect(tied.length).toBeGreaterThanOrEqual(3);
    expect(tied.every((e) => toNumber(e.values.dc) === 0)).toBe(true);
  });

  it('applies iteratively in a round robin: a tie among four is fine-tuned', () => {
    // Round robin of 4: A beats B, C; B beats C, D; C beats D, A?… construct: scores A2 B2 C1 D1, with A beat B, C beat D.
    const t: Tournament = {
      ...tournament(
        [player(1), player(2), player(3), player(4)],
        [game(1, 1, 2), game(1, 3, 4), game(2, 1, 4, 'black-wins'), game(2, 2, 3), game(3, 1, 3, 'black-wins'), game(3, 2, 4, 'black-wins')],
        { rounds: 3, system: 'round-robin', tiebreaks: ['nbw', 'dc'] },
      ),
    };
    // Everyone ends on 1.5? compute: P1 W,L,L =1; P2 L,W,L =1; P3 W,L,W =2; P4 L,W,W =2
    const s = computeStandings(t);
    const order = s.entries.map((e) => e.player.id);
    // P3 vs P4: P3 beat P4 in round 1 → P3 first; P1 vs P2: P1 beat P2 → P1 third.
    expect(order).toEqual([3, 4, 1, 2]);
    expect(s.entries.map((e) => e.place)).toEqual([1, 2, 3, 4]);
  });
});

describe('places, lottery and prizes', () => {
  const players = [player(1), player(2), player(3), player(4)];
  const games = [game(1, 1, 2), game(1, 3, 4)];
  const t = tournament(players, games, { rounds: 1, tiebreaks: ['mms'] });

  it('equal players share the place, one greater than the number of better placed players', () => {
    const s = computeStandings(t);
    expect(s.entries.map((e) => [e.player.id, e.place])).toEqual([[1, 1], [3, 1], [2, 3], [4, 3]]);
  });

  it('divisible prizes are shared equally (EGF)', () => {
    const shares = sharePrizes(computeStandings(t), [300, 100, 50]);
    expect(shares.get(id(1))).toEqual(fraction(200));
    expect(shares.get(id(3))).toEqual(fraction(200));
    expect(shares.get(id(2))).toEqual(fraction(25));
  });

  it('the lottery is reproducible from the seed and independent of listing order', () => {
    const withLottery = (seed: number, list: Player[]) => computeStandings({ ...t, players: list, settings: { ...t.settings, tiebreaks: ['mms', 'lottery'], lotterySeed: seed } }).entries.map((e) => e.player.id);
    const a = withLottery(7, players);
    expect(withLottery(7, [...players].reverse())).toEqual(a);
    expect(new Set(a).size).toBe(4);
    expect(lot(7, 1)).toBe(lot(7, 1));
    const seeds = [1, 2, 3, 4, 5, 6, 8, 9].map((s) => withLottery(s, players).join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});

describe('Number of Board Wins (teams, EGF)', () => {
  it('sums the game results of the players on the team boards', async () => {
    const { numberOfBoardWins, teamRounds } = await import('../../src/scoring/teams');
    const t: Tournament = {
      ...tournament([player(1), player(2), player(3), player(4)], [game(1, 1, 3), game(1, 4, 2, 'jigo'), game(2, 3, 1), game(2, 2, 4, 'white-wins-by-default')], { rounds: 2 }),
      teams: [
        { number: 1, name: 'Ajisai', boards: [1, 2].flatMap((round) => [{ round, board: 1, player: id(1) }, { round, board: 2, player: id(2) }]) },
        { number: 2, name: 'Bokeh', boards: [1, 2].flatMap((round) => [{ round, board: 1, player: id(3) }, { round, board: 2, player: id(4) }]) },
      ],
    };
    const sb = buildScoreboard(t, { asOf: 2 });
    expect(toNumber(numberOfBoardWins(sb, t.teams![0]))).toBe(1 + 0.5 + 0 + 1);
    expect(toNumber(numberOfBoardWins(sb, t.teams![1]))).toBe(0 + 0.5 + 1 + 0);
    expect(teamRounds(sb, t.teams![0]).map((r) => r.boardHalves / 2)).toEqual([1.5, 1]);
  });
});
