/**
 * The league's knockout playoffs, case by case as seeds/egc-championship-rules.txt sets them (The League's Knockout
 * Playoffs, Pairings and Final Places).
 */
import { leaguePlayoff, withNextPlayoffRound, type Playoff } from '../../src/systems/round-robin/playoff';
import { roundRobinTable } from '../../src/systems/round-robin/roundRobin';
import type { Game, PlayerId, PlayoffGame, Tournament } from '../../src/model/tournament';
import { id, player, tournament } from './fixtures';

/**
 * A finished EGC league in which a higher tier beats a lower one and equal tiers draw (jigo by 7 komi), so the
 * players of one tier tie. Player k has pairing number k.
 */
function league(tiers: readonly number[], extra: (k: number) => object = () => ({})): Tournament {
  const n = tiers.length;
  const games: Game[] = [];
  for (let round = 1; round < n; round++) {
    roundRobinTable(n, round, 'egc').pairs.forEach(([b, w], i) => {
      const result = tiers[w - 1] > tiers[b - 1] ? 'white-wins' : tiers[w - 1] < tiers[b - 1] ? 'black-wins' : 'jigo';
      games.push({ round, table: i + 1, white: id(w), black: id(b), handicap: 0, result });
    });
  }
  const players = tiers.map((_, i) => player(i + 1, '6d', { pairingNumber: i + 1, ...extra(i + 1) }));
  return tournament(players, { system: 'round-robin', schedule: 'egc', rounds: n - 1 }, games);
}

function playoffOf(t: Tournament): Playoff {
  const p = leaguePlayoff(t);
  if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('; '));
  return p.value;
}

/** The pairings of the next round of each knockout: "place: a-b a-b". */
function nextPairings(p: Playoff): string[] {
  return p.knockouts.filter((k) => k.next !== null).map((k) => `${k.place}: ${k.rounds[k.next! - 1].games.filter((g) => !g.winner).map((g) => g.players.join('-')).join(' ')}`);
}

/** Records `winner` beating his opponent in the knockout for `place`, round `round`. */
function win(t: Tournament, place: number, round: number, winner: number, loser: number): Tournament {
  const g: PlayoffGame = { place, round, white: id(winner), black: id(loser), handicap: 0, colourKnown: false, result: 'white-wins' };
  return { ...t, playoffs: [...(t.playoffs ?? []), g] };
}

function places(p: Playoff, ids: number[]): number[] {
  return ids.map((k) => p.finalPlaces!.get(k as PlayerId)!);
}

const REST10 = [5, 4, 3, 2, 1, 0];

describe('the league playoff (10 players: places 1–3)', () => {
  it('exactly two tied for place 1: the winner gets place 1, the loser place 2', () => {
    let t = league([9, 9, 8, 7, ...REST10]);
    const p = playoffOf(t);
    expect(p.knockouts.map((k) => [k.place, k.players])).toEqual([[1, [1, 2]]]);
    expect(nextPairings(p)).toEqual(['1: 1-2']);
    expect(p.finalPlaces).toBeUndefined();
    t = win(t, 1, 1, 2, 1);
    expect(places(playoffOf(t), [1, 2, 3, 4, 10])).toEqual([2, 1, 3, 4, 10]);
  });

  it('three tied for place 1: round 1 the two greatest numbers, round 2 against number 1; the round 1 loser third', () => {
    let t = league([9, 9, 9, 8, ...REST10]);
    let p = playoffOf(t);
    expect(nextPairings(p)).toEqual(['1: 2-3']);
    expect(p.knockouts[0].rounds[0].freeWins).toEqual([1]);
    t = win(t, 1, 1, 3, 2);
    p = playoffOf(t);
    expect(nextPairings(p)).toEqual(['1: 1-3']);
    t = win(t, 1, 2, 1, 3);
    expect(places(playoffOf(t), [1, 2, 3, 4])).toEqual([1, 3, 2, 4]);
  });

  it('more than three tied for place 1 (five): free wins, fold, then the final and the losers\' game for 3 and 4', () => {
    let t = league([9, 9, 9, 9, 9, 8, 7, 6, 5, 4]);
    expect(nextPairings(playoffOf(t))).toEqual(['1: 4-5']);
    t = win(t, 1, 1, 5, 4);
    expect(nextPairings(playoffOf(t))).toEqual(['1: 1-5 2-3']);
    t = win(win(t, 1, 2, 1, 5), 1, 2, 3, 2);
    const third = playoffOf(t);
    expect(nextPairings(third)).toEqual(['1: 1-3 2-5']);
    expect(third.knockouts[0].rounds[2].games.map((g) => g.kind)).toEqual(['final', 'losers']);
    t = win(win(t, 1, 3, 3, 1), 1, 3, 5, 2);
    // 3 champion, 1 second, 5 and 2 third and fourth, 4 (out in round 1) shares the next place: 5; 6 keeps 6.
    expect(places(playoffOf(t), [3, 1, 5, 2, 4, 6])).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('four tied for place 1: fold, then the final and the losers\' game', () => {
    let t = league([9, 9, 9, 9, 8, 7, 6, 5, 4, 3]);
    expect(nextPairings(playoffOf(t))).toEqual(['1: 1-4 2-3']);
    t = win(win(t, 1, 1, 4, 1), 1, 1, 2, 3);
    expect(nextPairings(playoffOf(t))).toEqual(['1: 2-4 1-3']);
    t = win(win(t, 1, 2, 2, 4), 1, 2, 3, 1);
    expect(places(playoffOf(t), [2, 4, 3, 1, 5])).toEqual([1, 2, 3, 4, 5]);
  });

  it('three or more tied for place 2: the last round decides places 2 and 3, the others share 4', () => {
    let t = league([9, 8, 8, 8, 7, ...REST10.slice(1)]);
    expect(nextPairings(playoffOf(t))).toEqual(['2: 3-4']);
    t = win(win(t, 2, 1, 4, 3), 2, 2, 4, 2);
    expect(places(playoffOf(t), [1, 4, 2, 3, 5])).toEqual([1, 2, 3, 4, 5]);
  });

  it('three tied for place 3: the last round decides 3 and 4, the other has 5', () => {
    let t = league([9, 8, 7, 7, 7, ...REST10.slice(1)]);
    expect(playoffOf(t).knockouts.map((k) => k.place)).toEqual([3]);
    t = win(win(t, 3, 1, 5, 4), 3, 2, 3, 5);
    expect(places(playoffOf(t), [3, 5, 4, 6])).toEqual([3, 4, 5, 6]);
  });

  it('two knockouts: two tied for place 1 and two for place 3, paired at once', () => {
    let t = league([9, 9, 8, 8, ...REST10]);
    expect(nextPairings(playoffOf(t))).toEqual(['1: 1-2', '3: 3-4']);
    const paired = withNextPlayoffRound(t, playoffOf(t));
    expect(paired.playoffs!.map((g) => [g.place, g.round, g.white, g.black, g.colourKnown, g.result])).toEqual([
      [1, 1, 1, 2, false, 'unknown'],
      [3, 1, 3, 4, false, 'unknown'],
    ]);
    t = win(win(t, 1, 1, 1, 2), 3, 1, 4, 3);
    expect(places(playoffOf(t), [1, 2, 4, 3])).toEqual([1, 2, 3, 4]);
  });

  it('a tie for place 4 in the 10-player league is not played off: they share it', () => {
    const p = playoffOf(league([9, 8, 7, 6, 6, 5, 4, 3, 2, 1]));
    expect(p.knockouts).toEqual([]);
    expect(places(p, [4, 5])).toEqual([4, 4]);
  });

  it('numbers the knockout in the rules\' seeding order (previousOrder), not by pairing number', () => {
    const t = league([9, 9, 9, 8, ...REST10], (k) => (k === 3 ? { previousOrder: 1 } : {}));
    expect(playoffOf(t).knockouts[0].players).toEqual([3, 1, 2]);
    expect(nextPairings(playoffOf(t))).toEqual(['1: 1-2']);
  });

  it('refuses a playoff before the league ends, naming the round', () => {
    const t = league([9, 9, 8, 7, ...REST10]);
    const open = { ...t, games: t.games.map((g) => (g.round === 9 && g.table === 2 ? { ...g, result: 'unknown' as const } : g)) };
    const p = leaguePlayoff(open);
    expect(!p.ok && p.errors[0].message).toBe('the league is not over: round 9 of 9 has 1 game without a result (10–3); the playoff is paired after its last round');
  });

  it('refuses a recorded game that is no pairing of the knockout, and a knockout game without a winner', () => {
    const t = league([9, 9, 9, 8, ...REST10]);
    const wrong = leaguePlayoff(win(t, 1, 1, 1, 2));
    expect(!wrong.ok && wrong.errors.map((e) => e.message)).toEqual(['this game is not a pairing of the knockout for place 1 (European Go Championship Tournament Rules, "The League\'s Knockout Playoffs", Pairings and Final Places)']);
    const jigo = leaguePlayoff({ ...t, playoffs: [{ place: 1, round: 1, white: id(2), black: id(3), handicap: 0, result: 'jigo' }] });
    expect(!jigo.ok && jigo.errors[0].message).toMatch(/a knockout game needs a winner/);
  });
});

describe('the league playoff (12 players: places 1–4)', () => {
  const rest12 = [6, 5, 4, 3, 2, 1, 0];
  it('more than three tied for place 2: the losers of the penultimate round play for places 4 and 5', () => {
    let t = league([9, 8, 8, 8, 8, ...rest12]);
    expect(nextPairings(playoffOf(t))).toEqual(['2: 2-5 3-4']);
    t = win(win(t, 2, 1, 2, 5), 2, 1, 4, 3);
    expect(nextPairings(playoffOf(t))).toEqual(['2: 2-4 3-5']);
    t = win(win(t, 2, 2, 4, 2), 2, 2, 5, 3);
    expect(places(playoffOf(t), [1, 4, 2, 5, 3, 6])).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('three tied for place 4: the last round decides place 4 only, the others share 5', () => {
    let t = league([9, 8, 7, 6, 6, 6, ...rest12.slice(1)]);
    expect(playoffOf(t).knockouts.map((k) => [k.place, k.players])).toEqual([[4, [4, 5, 6]]]);
    t = win(win(t, 4, 1, 6, 5), 4, 2, 6, 4);
    expect(places(playoffOf(t), [6, 4, 5, 7])).toEqual([4, 5, 5, 7]);
  });

  it('two tied for place 4: the winner 4, the loser 5', () => {
    const t = win(league([9, 8, 7, 6, 6, 5, ...rest12.slice(1)]), 4, 1, 5, 4);
    expect(places(playoffOf(t), [5, 4])).toEqual([4, 5]);
  });
});
