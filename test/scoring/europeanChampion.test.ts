/**
 * The European Open Champion and the qualification order of the congress McMahon (seeds/egc-championship-rules.txt,
 * "The McMahon Tournament", "Results"), on small constructed fields.
 */
import type { Game, Player, Tournament } from '../../src/model/tournament';
import { egcResults } from '../../src/scoring/europeanChampion';
import { lot } from '../../src/scoring/lottery';
import { game, player, tournament } from '../pairing/fixtures';

const egc = (players: readonly Player[], games: readonly Game[], rounds: number, byes: Tournament['byes'] = []): Tournament =>
  tournament(players, { rounds, ruleset: 'egf', egc: true, lotterySeed: 7 }, games, byes);

// 1 (Korea) and 2 (Germany) end on 6, 1 having beaten 2; 5 (Germany) is on 6 too but missed round 2.
// 3 (France), 4 (Japan) and 6 (Poland) end on 5.
const players = [
  player(1, '7d', { country: 'KR', initialMms: 5 }),
  player(2, '7d', { country: 'DE', initialMms: 5 }),
  player(3, '6d', { country: 'FR', initialMms: 4, rating: 2450 }),
  player(4, '6d', { country: 'JP', initialMms: 4 }),
  player(5, '7d', { country: 'DE', initialMms: 5, absentRounds: [2], rating: 2700 }),
  player(6, '6d', { country: 'PL', initialMms: 4, rating: 2400 }),
];
const games = [game(1, 1, 2), game(1, 3, 4), game(1, 5, 6), game(2, 2, 3), game(2, 4, 1)];
const byes = [{ round: 2, player: 6 as never }];

describe('EGC congress McMahon: the European Open Champion', () => {
  it('has played all rounds and the greatest McMahon score; a tie is broken by Direct Comparison', () => {
    const r = egcResults(egc(players, games, 2, byes));
    expect(r.final).toBe(true);
    expect(r.europeanChampion).toEqual([1]); // a non-European can be the European Open Champion
    expect(r.openOrder.map((e) => [e.player.id, e.position])).toEqual([[1, 1], [2, 2], [3, 3], [4, 3], [6, 3]]);
    expect(r.openOrder.map((e) => e.player.id)).not.toContain(5); // missed a round
  });

  it('is shared when Direct Comparison does not separate the tied players', () => {
    const four = [1, 2, 3, 4].map((n) => player(n, '5d', { country: 'DE' }));
    const r = egcResults(egc(four, [game(1, 1, 3), game(1, 2, 4)], 1));
    expect(r.europeanChampion).toEqual([1, 2]);
  });

  it('is provisional before the last round', () => {
    expect(egcResults(egc(players, games, 10, byes)).final).toBe(false);
  });
});

describe('EGC congress McMahon: the qualification order of Europeans', () => {
  it('all rounds, McMahon score, Direct Comparison, rating', () => {
    const r = egcResults(egc(players, games, 2, byes));
    // 2 on 6; 3 and 6 on 5, never met (DC 0), 3 has the higher rating; 5 missed a round, whatever his score.
    expect(r.qualificationOrder.map((e) => e.player.id)).toEqual([2, 3, 6, 5]);
    expect(r.qualificationOrder.map((e) => e.position)).toEqual([1, 2, 3, 4]);
  });

  it('then the lottery', () => {
    const sameRating = players.map((p) => (p.id === 3 ? { ...p, rating: 2400 } : p));
    const r = egcResults(egc(sameRating, games, 2, byes));
    const first = lot(7, 3) < lot(7, 6) ? 3 : 6;
    expect(r.qualificationOrder.map((e) => e.player.id)).toEqual([2, first, first === 3 ? 6 : 3, 5]);
  });

  it('Direct Comparison before rating', () => {
    // 3 and 6 both end on 5; 3 beat 6 in round 1, so 3 is ahead though 6 is rated higher.
    const variant = players.map((p) => (p.id === 6 ? { ...p, rating: 2600 } : p));
    const g = [game(1, 1, 2), game(1, 3, 6), game(1, 5, 4), game(2, 2, 3), game(2, 6, 1)];
    const r = egcResults(egc(variant, g, 2, [{ round: 2, player: 4 as never }]));
    expect(r.qualificationOrder.map((e) => [e.player.id, e.mmsHalves / 2, e.dcKeys[0] / 2])).toEqual([[2, 6, 0], [3, 5, 1], [6, 5, 0], [5, 6, 0]]);
  });
});

describe('EGC congress McMahon: a no-show has not played all rounds (European Go Championship Tournament Rules, "The McMahon Tournament")', () => {
  // 1 starts two points up, beats 2 in round 1 and does not come to round 2: 3 wins that game by default. 1 still has
  // the greatest McMahon score (7), but "the European Open Champion is the … player that has played all rounds".
  const field = [
    player(1, '7d', { country: 'DE', initialMms: 6, rating: 2700 }),
    player(2, '5d', { country: 'DE', initialMms: 4, rating: 2500 }),
    player(3, '5d', { country: 'FR', initialMms: 4, rating: 2450 }),
    player(4, '5d', { country: 'PL', initialMms: 4, rating: 2400 }),
  ];
  const noShow = (reason: Game['reason']): Game[] => [game(1, 1, 2), game(1, 3, 4), { round: 2, white: 1 as never, black: 3 as never, handicap: 0, result: 'black-wins-by-default', reason }, game(2, 2, 4)];

  it('a default loss as absent: not the champion, and after every player who played all rounds in the qualification order', () => {
    const r = egcResults(egc(field, noShow('absent'), 2));
    expect(r.europeanChampion).toEqual([3]);
    expect(r.openOrder.map((e) => e.player.id)).not.toContain(1);
    // 1 has the greatest score (7) but comes after 3 (6), 2 (5) and 4 (4), who played all rounds.
    expect(r.qualificationOrder.map((e) => [e.player.id, e.mmsHalves / 2, e.allRounds])).toEqual([[3, 6, true], [2, 5, true], [4, 4, true], [1, 7, false]]);
  });

  it('a default loss without a reason is a no-show too; the opponent\'s win by default is a round played', () => {
    const r = egcResults(egc(field, noShow(undefined), 2));
    expect(r.europeanChampion).toEqual([3]);
    expect(r.qualificationOrder.find((e) => e.player.id === 3)!.allRounds).toBe(true);
  });

  it('a default the arbiter gave (the player was there) is a round played', () => {
    const r = egcResults(egc(field, noShow('arbitration'), 2));
    expect(r.europeanChampion).toEqual([1]);
  });
});
