/**
 * The European Go Congress McMahon's draw (seeds/egc-championship-rules.txt, "The McMahon Tournament" and "The
 * Preliminary Knockout Tournaments (PKO)"): PKO games as McMahon rounds 1–3, and the forced pairings of Europeans in
 * rounds 9 and 10 fed to the optimal draw as forced pairs.
 */
import type { Game, Player, Tournament } from '../../src/model/tournament';
import { pairEgcCongress, stillInPko } from '../../src/systems/egc/egcCongress';
import { deviationsOf, isPairingError, type RoundPairing } from '../../src/pairing/types';
import { game, id, pairsOf, player, tournament } from './fixtures';

function paired(r: ReturnType<typeof pairEgcCongress>): RoundPairing {
  if (isPairingError(r)) throw new Error(r.message);
  return r;
}

const egc = (players: readonly Player[], games: readonly Game[] = []): Tournament => tournament(players, { rounds: 10, ruleset: 'egf', egc: true }, games);

describe('EGC congress McMahon: PKO games are McMahon rounds 1–3', () => {
  // Four PKO players (1–4) and six others; PKO round 1: 1–4, 2–3.
  const players = [
    ...[1, 2, 3, 4].map((n) => player(n, '6d', { country: 'DE', pko: true })),
    ...[5, 6, 7, 8, 9, 10].map((n) => player(n, n <= 7 ? '5d' : '2d', { country: n % 2 ? 'FR' : 'CN' })),
  ];
  const pko1 = [game(1, 1, 4, 'white-wins'), game(1, 2, 3, 'black-wins')];

  it('round 1: the PKO games stay as they are, everyone else is drawn', () => {
    const p = paired(pairEgcCongress(egc(players, pko1), 1));
    expect(p.games.flatMap((g) => [g.white, g.black]).sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(deviationsOf(p.report, 'egc-pko')[0].message).toMatch(/2 PKO games counted as McMahon games of this round \(1–4, 2–3\)/);
  });

  it('round 2: the PKO winners must have their PKO game entered; the losers are drawn into the McMahon', () => {
    const round1 = [...pko1, game(1, 5, 6), game(1, 7, 8), game(1, 9, 10)];
    expect(stillInPko(egc(players, round1), 2)).toEqual([1, 3]);
    const refused = pairEgcCongress(egc(players, round1), 2);
    expect(isPairingError(refused) && refused.message).toMatch(/1 \(Player 1\), 3 \(Player 3\) are still in the PKO in round 2: enter their PKO games of round 2/);
    const p = paired(pairEgcCongress(egc(players, [...round1, game(2, 1, 3)]), 2));
    expect(p.games.flatMap((g) => [g.white, g.black])).not.toContain(1);
    expect(p.games.flatMap((g) => [g.white, g.black])).toEqual(expect.arrayContaining([2, 4]));
  });

  it('is the optimal draw, named as the congress, with SOS-2 ordering the score groups', () => {
    const p = paired(pairEgcCongress(egc(players, pko1), 1));
    expect(p.system).toBe('optimal (EGC congress)');
    expect(deviationsOf(p.report, 'egc-pko')[0].message).toMatch(/SOS-2 is used as a tiebreaker in the draw/);
  });
});

describe('EGC congress McMahon: forced pairings in rounds 9 and 10', () => {
  // Scores set by initial MMS; rounds 1–7 sat out by everyone (equal free points), round 8 all jigos.
  // Europeans: 1 (7d), 2 (6d), 3 (5d) on the leading European's score, 4 one point below, 5 two below.
  // Non-Europeans: 11 leads the field, 12 with the Europeans, 13, 14 below. 1 and 2 met in round 8.
  const absent = [1, 2, 3, 4, 5, 6, 7];
  const p = (n: number, r: string, mms: number, extra: Partial<Player>) => player(n, r, { initialMms: mms, absentRounds: absent, ...extra });
  const players = [
    p(1, '7d', 10, { country: 'DE' }),
    p(2, '6d', 10, { country: 'FR' }),
    p(3, '5d', 10, { country: 'UA' }),
    p(4, '5d', 9, { country: 'JP', european: true }), // plays for Japan, a European by residence
    p(5, '5d', 8, { country: 'PL' }),
    p(11, '7d', 11, { country: 'KR' }),
    p(12, '6d', 10, { country: 'CN' }),
    p(13, '5d', 9, { country: 'JP' }),
    p(14, '5d', 8, { country: 'US' }),
    p(15, '4d', 8, { country: 'CN' }),
  ];
  const round8 = [game(8, 1, 2, 'jigo'), game(8, 3, 4, 'jigo'), game(8, 5, 11, 'jigo'), game(8, 12, 13, 'jigo'), game(8, 14, 15, 'jigo')];
  const t = egc(players, round8);

  it('round 9: same score first (1–3, as 1–2 met), then one paired down (2–4); the others to the draw', () => {
    const r = paired(pairEgcCongress(t, 9));
    const pairs = pairsOf(r.games);
    expect(pairs).toEqual(expect.arrayContaining(['1–3', '2–4']));
    const summary = deviationsOf(r.report, 'egc-forced');
    expect(summary).toHaveLength(1);
    expect(summary[0].players).toEqual([1, 2, 3, 4]);
    expect(summary[0].message).toMatch(/forced pairs 1–3, 2–4 .*2 paired down/);
    const forced = deviationsOf(r.report, 'forced');
    expect(forced.map((l) => l.message)).toEqual([
      expect.stringMatching(/1 \(Player 1\) – 3 \(Player 3\): forced pairing of Europeans within one point of the leading European \(both on/),
      expect.stringMatching(/2 \(Player 2\) – 4 \(Player 4\): forced pairing .*2 \(Player 2\) paired down from/),
    ]);
    expect(forced.every((l) => l.rule?.includes('During rounds 9 and 10'))).toBe(true);
  });

  it('the leading European is the best European present, not the leader of the field (11 is Korean)', () => {
    const r = paired(pairEgcCongress(t, 9));
    expect(deviationsOf(r.report, 'egc-forced')[0].players).not.toContain(11);
    expect(deviationsOf(r.report, 'egc-forced')[0].players).not.toContain(5);
  });

  it("the director's forced pairs come first; round 8 has no forced pairings of Europeans", () => {
    const r = paired(pairEgcCongress(t, 9, { forcedPairs: [[id(1), id(12)]] }));
    expect(pairsOf(r.games)).toEqual(expect.arrayContaining(['1–12', '2–3']));
    const earlier = egc(players.map((x) => ({ ...x, absentRounds: [1, 2, 3, 4, 5, 6] })), round8.map((g) => ({ ...g, round: 7 })));
    expect(deviationsOf(paired(pairEgcCongress(earlier, 8)).report, 'egc-forced')).toEqual([]);
  });
});
