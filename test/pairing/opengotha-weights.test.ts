/**
 * Each term of OpenGotha's pair weight on small hand-made tournaments, with the rule (OpenGotha 3.51,
 * Tournament.costValue / gameBetween / chooseAByePlayer, Pairing.detRandom) worked by hand in the comments.
 * Unless a test says otherwise: McMahon, bar 1d, floor 20k, MMS zero 30k, so round 1 scans the scores
 * 9 (floor 20k − 1) … 32 (bar 1d + 2): 24 score groups.
 */
import type { Tournament } from '../../src/model/tournament';
import { readOpenGothaParameters, type OpenGothaParameters } from '../../src/systems/opengotha/parameters';
import { pairingGroups, pairOpenGotha, prepareOpenGothaRound } from '../../src/systems/opengotha/pair';
import { buildRoundState, type OpenGothaRules, type RoundState, type ScoredPlayer } from '../../src/systems/opengotha/scoredPlayers';
import {
  colourBalanceTerm,
  detRandom,
  drawUpDownTerm,
  duplicateGameTerm,
  gameBetween,
  geographyTerm,
  handicapTerm,
  randomTerm,
  scoreDifferenceTerm,
  seedingTerm,
  weightTerms,
} from '../../src/systems/opengotha/weights';
import { isPairingError } from '../../src/pairing/types';
import { game, id, openGothaTournament as og, player, rank } from './fixtures';

function stateOf(t: Tournament, round: number, rules: OpenGothaRules = 'released'): { state: RoundState; p: (n: number) => ScoredPlayer; par: OpenGothaParameters } {
  const read = readOpenGothaParameters(t);
  if (!read.ok) throw new Error(read.problems.join('; '));
  const state = buildRoundState(t, round, read.parameters, rules);
  return { state, p: (n) => state.byId.get(id(n))!, par: read.parameters };
}

describe('Pairing.detRandom', () => {
  // "AB": 'A'·1 + 'B'·2 = 65 + 132 = 197; 197 × 1234567 mod 2 = 1, mod 1001 = 733; reversed: max − n.
  const a = { name: 'A', firstName: '' };
  const b = { name: 'B', firstName: '' };
  it('sums the code units weighted by position, × 1234567, modulo max + 1', () => {
    expect(detRandom(1, a, b)).toBe(1);
    expect(detRandom(1000, a, b)).toBe(733);
    expect(detRandom(0, a, b)).toBe(0);
  });
  it('is mirrored when the players come in reverse alphabetical order', () => {
    expect(detRandom(1, b, a)).toBe(0);
    expect(detRandom(1000, b, a)).toBe(1000 - 733);
  });
});

describe('base criteria', () => {
  const players = [player(1, '1k'), player(2, '1k'), player(3, '1k'), player(4, '1k')];
  it('avoid duplicate games: paiBaAvoidDuplGame for a new pair, 0 for players who have met', () => {
    const t = og(players, {}, [game(1, 1, 2), game(1, 3, 4)]);
    const { state, p } = stateOf(t, 2);
    expect(duplicateGameTerm(state, p(1), p(2))).toBe(0);
    expect(duplicateGameTerm(state, p(1), p(3))).toBe(500000000000000);
  });

  it('random: 0 by default; detRandom(paiBaRandom, p1, p2) when set', () => {
    const { state, p } = stateOf(og(players), 1);
    expect(randomTerm(state, p(1), p(2))).toBe(0);
    const withRandom = stateOf(og(players, { paiBaRandom: '1000000' }), 1);
    // "Player 1" + "Player 2": Σ code × position = 11384; 11384 × 1234567 mod 1000001 = 296674.
    expect(randomTerm(withRandom.state, withRandom.p(1), withRandom.p(2))).toBe(296674);
  });

  it('colour balance: full for opposite signs, half for 0 against |2|, none otherwise or with a handicap', () => {
    // Round 1: 1 White, 2 Black; 3 White, 4 Black. Round 2: 1 White (vs 4), 3 Black (vs 2): balances 1 +2, 2 0, 3 0, 4 −2.
    const games = [game(1, 1, 2, 'jigo'), game(1, 3, 4, 'jigo'), game(2, 1, 4, 'jigo'), game(2, 2, 3, 'jigo')];
    const { state, p } = stateOf(og(players, {}, games), 3);
    expect(state.info.get(id(1))!.colourBalance).toBe(2);
    expect(state.info.get(id(4))!.colourBalance).toBe(-2);
    expect(colourBalanceTerm(state, p(1), p(4))).toBe(1000000); // +2 × −2 < 0
    expect(colourBalanceTerm(state, p(1), p(2))).toBe(500000); // 0 and |2|
    expect(colourBalanceTerm(state, p(2), p(3))).toBe(0); // 0 and 0
    // A 5-stone handicap (1d against 6k by MMS, hdCorrection 1) means colours are not balanced.
    const hd = stateOf(og([player(1, '1d'), player(2, '6k')], {}, []), 1);
    expect(colourBalanceTerm(hd.state, hd.p(1), hd.p(2))).toBe(0);
  });
});

describe('main criteria', () => {
  it('score difference: (long)(10^11 × (1 − x)(1 + 0.5x)) with x = group distance / number of groups', () => {
    // 1d starts at MMS 30 (group 2 of 24: 32, 31, 30), 2k at 28 (group 4): x = 2/24.
    const { state, p } = stateOf(og([player(1, '1d'), player(2, '2k')]), 1);
    expect(state.numberOfGroups).toBe(24);
    expect(scoreDifferenceTerm(state, p(1), p(2))).toBe(95486111111);
    expect(scoreDifferenceTerm(state, p(1), p(1))).toBe(100000000000);
  });

  it('draw-up/draw-down: scenario 2 adds 2 × paiMaDUDDWeight / 5, plus the MID place factors', () => {
    // Round 1, groups of one player each: MID factor (size − 1 − |2·place − size + 1|)/size = 0; scenario 2 ("normal
    // conditions") adds 2 × 2·10^7.
    const { state, p } = stateOf(og([player(1, '1d'), player(2, '1k')]), 1);
    expect(drawUpDownTerm(state, p(1), p(2))).toBe(40000000);
    expect(drawUpDownTerm(state, p(1), p(1))).toBe(0);
  });

  it('draw-up/draw-down: the scenario falls for each player drawn again the same way, rises for each compensated', () => {
    // Round 1: 2 (1k, MMS 29) played up against 1 (1d, 30) and lost; 3 (2k, 28) beat 4 (3k, 27); 5 (1d) was absent
    // (½ point, rounded down). Before round 2: 1 → 31, 5 → 30, 2 and 3 → 29 (one group of two), 4 → 27.
    // Drawn so far: 1 down, 2 up, 3 down, 4 up. Every group but {2, 3} has one player: MID place factors are 0, and
    // in {2, 3} places 0 and 1 of 2 give (2 − 1 − |2·place − 1|)/2 = 0 too, so the term is scenario × 2·10^7.
    const players = [player(1, '1d'), player(2, '1k'), player(3, '2k'), player(4, '3k'), player(5, '1d', { absentRounds: [1] })];
    const { state, p } = stateOf(og(players, {}, [game(1, 1, 2), game(1, 3, 4)]), 2);
    expect(state.info.get(id(2))!.drawnUp).toBe(1);
    expect(state.info.get(id(1))!.drawnDown).toBe(1);
    expect(state.info.get(id(5))).toMatchObject({ drawnUp: 0, drawnDown: 0 });
    expect(drawUpDownTerm(state, p(5), p(2))).toBe(20000000); // 2 drawn up again: 2 − 1 = scenario 1
    expect(drawUpDownTerm(state, p(1), p(2))).toBe(0); // 1 down again, 2 up again: scenario 0
    expect(drawUpDownTerm(state, p(1), p(3))).toBe(40000000); // 1 down again (−1), 3 compensated (+1): scenario 2
    expect(drawUpDownTerm(state, p(5), p(4))).toBe(20000000); // 4 drawn up again: scenario 1
    // 3 (drawn down before) pairs with 2 of his own group: no draw at all.
    expect(drawUpDownTerm(state, p(2), p(3))).toBe(0);
  });

  it('draw-up/draw-down: a draw that compensates both players is scenario 4, or 2 without paiMaCompensateDUDD', () => {
    // Round 1: 1 (1k, 29) beat 2 (1d, 30): 1 drawn up, 2 drawn down. Round 2, both at 30 (no draw): 1 won again.
    // Before round 3: 1 → 31, 2 → 30. Pairing them draws 1 down and 2 up: each compensates his earlier draw, so the
    // scenario rises from 2 to 4: 4 × 2·10^7 (groups of one: no place factor). Without compensation: 2 × 2·10^7.
    const players = [player(1, '1k'), player(2, '1d')];
    const games = [game(1, 1, 2), game(2, 1, 2)];
    const compensated = stateOf(og(players, {}, games), 3);
    expect(drawUpDownTerm(compensated.state, compensated.p(1), compensated.p(2))).toBe(4 * 20000000);
    const uncompensated = stateOf(og(players, { paiMaCompensateDUDD: 'false' }, games), 3);
    expect(drawUpDownTerm(uncompensated.state, uncompensated.p(1), uncompensated.p(2))).toBe(2 * 20000000);
    // After round 1 alone both stand at 30: one group, no draw term.
    const level = stateOf(og(players, {}, [game(1, 1, 2)]), 2);
    expect(drawUpDownTerm(level.state, level.p(1), level.p(2))).toBe(0);
  });

  it('seeding: SPLITANDSLIP, SPLITANDFOLD, SPLITANDRANDOM in a group of four (places by rating)', () => {
    const four = [1, 2, 3, 4].map((n) => player(n, '5k', { rating: 2000 - 100 * n }));
    // Round 1 (≤ paiMaLastRoundForSeedSystem1 = 2): SPLITANDSLIP, x = 2|cla1 − cla2| − 4.
    const slip = stateOf(og(four), 1);
    expect(slip.state.info.get(id(1))!.innerPlacement).toBe(0);
    expect(seedingTerm(slip.state, slip.p(1), slip.p(3))).toBe(5000000); // x = 0
    expect(seedingTerm(slip.state, slip.p(1), slip.p(2))).toBe(3750000); // x = −2: 5·10^6 − (5·10^6 × −2 / 4 × −2 / 4)
    // Round 3 (> 2): SPLITANDFOLD, x = cla1 + cla2 − 3. Everyone drew round 1 and 2 (jigo), so they stay one group.
    const games = [game(1, 1, 2, 'jigo'), game(1, 3, 4, 'jigo'), game(2, 1, 3, 'jigo'), game(2, 2, 4, 'jigo')];
    const fold = stateOf(og(four, {}, games), 3);
    expect(seedingTerm(fold.state, fold.p(1), fold.p(4))).toBe(5000000); // x = 0
    expect(seedingTerm(fold.state, fold.p(1), fold.p(2))).toBe(2777778); // x = −2: 5·10^6 − ((5·10^6 × −2 / 3) × −2 / 3)
    // SPLITANDRANDOM: opposite halves get 5·10^6 − detRandom(10^6, p1, p2), the same half 0.
    const random = stateOf(og(four, { paiMaSeedSystem1: 'SPLITANDRANDOM' }), 1);
    expect(seedingTerm(random.state, random.p(1), random.p(2))).toBe(0);
    expect(seedingTerm(random.state, random.p(1), random.p(3))).toBe(5000000 - detRandom(1000000, random.p(1), random.p(3)));
    // Different groups: no seeding.
    const two = stateOf(og([player(1, '1d'), player(2, '1k')]), 1);
    expect(seedingTerm(two.state, two.p(1), two.p(2))).toBe(0);
  });
});

describe('secondary criteria', () => {
  it('geography: same club and country cost the whole criterion; other clubs and countries a concave share', () => {
    const players = [
      player(1, '5k', { club: 'Paris', country: 'FR' }),
      player(2, '5k', { club: 'paris', country: 'fr' }), // clubs and countries compare ignoring case
      player(3, '5k', { club: 'Roma', country: 'IT' }),
      player(4, '5k', { club: 'Lyon', country: 'FR' }),
    ];
    const { state, p } = stateOf(og(players, { paiSeAvoidSameGeo: '100000000000' }), 1);
    // Same club, same country: geoRatio 0, 10^11 − (long)(10^11 × 1 × 1) = 0.
    expect(geographyTerm(state, p(1), p(2))).toBe(0);
    // Other country (1/24) and club (3 × 1.2/24 = 0.15): geoRatio = 0.15 + (1/24)/2 + 0.5/24 = 0.191666…;
    // 10^11 − (long)(10^11 × (1 − r)(1 + 0.5r)) = 11420138889.
    expect(geographyTerm(state, p(1), p(3))).toBe(11420138889);
    // Same country, other club: geoRatio = 0.15 + 0.5/24.
    expect(geographyTerm(state, p(1), p(4))).toBe(10000868056);
  });

  it('geography (corrected engine): players above the thresholds get the whole weight (both) or the mean (one)', () => {
    const players = [player(1, '2d', { club: 'A' }), player(2, '3d', { club: 'A' }), player(3, '5k', { club: 'A' })];
    const { state, p } = stateOf(og(players, { paiSeAvoidSameGeo: '100000000000' }), 1, 'corrected');
    expect(geographyTerm(state, p(1), p(2))).toBe(100000000000); // secCase 2
    expect(geographyTerm(state, p(1), p(3))).toBe(50000000000); // secCase 1: (10^11 + 0) / 2
  });

  it('handicap: (long)(paiSeMinimizeHandicap × (1 − x)(1 + 0.5x)), x = pseudo-MMS distance / score range', () => {
    // 5k (MMS 25) and 7k (23): x = 2/24, as the score difference above, with weight 10^11.
    const { state, p } = stateOf(og([player(1, '5k'), player(2, '7k')], { paiSeMinimizeHandicap: '100000000000' }), 1);
    expect(handicapTerm(state, p(1), p(2))).toBe(95486111111);
    // Above the rank threshold (1d) a player's pseudo-MMS is the maximum, 0 + 2 + 30 = 32: x = |32 − 25| / 24.
    const strong = stateOf(og([player(1, '2d'), player(2, '5k')], { paiSeMinimizeHandicap: '100000000000' }), 1);
    const x = 7 / 24;
    expect(handicapTerm(strong.state, strong.p(1), strong.p(2))).toBe(Math.trunc(100000000000 * (1 - x) * (1 + 0.5 * x)));
  });
});

describe('the game: handicap and colours (Tournament.gameBetween)', () => {
  it('handicap on the MMS difference minus hdCorrection, capped, the stronger White', () => {
    const { state, p } = stateOf(og([player(1, '1d'), player(2, '6k'), player(3, '19k')]), 1);
    // MMS 30 and 24: pseudo-ranks 0 and −6 (≤ hdNoHdRankThreshold 1d), 6 − 1 = 5 stones.
    expect(gameBetween(state, p(2), p(1))).toMatchObject({ white: p(1), black: p(2), handicap: 5 });
    // 1d against 19k (MMS 11): 19 − 1 = 18, capped at hdCeiling 9.
    expect(gameBetween(state, p(1), p(3)).handicap).toBe(9);
  });

  it('even game: White to the lower colour balance; equal balances by detRandom of the names', () => {
    const players = [player(1, '5k'), player(2, '5k'), player(3, '5k'), player(4, '5k')];
    const { state, p } = stateOf(og(players, {}, [game(1, 1, 2, 'jigo'), game(1, 3, 4, 'jigo')]), 2);
    expect(gameBetween(state, p(1), p(4))).toMatchObject({ white: p(4), black: p(1), handicap: 0 }); // balances +1, −1
    // 1 and 3 both +1: "Player 1Player 3" gives detRandom(1) = n; n = 0 gives White to the first.
    const n = detRandom(1, p(1), p(3));
    expect(gameBetween(state, p(1), p(3)).white).toBe(n === 0 ? p(1) : p(3));
    expect(gameBetween(state, p(3), p(1)).white).toBe(gameBetween(state, p(1), p(3)).white); // order does not matter
  });
});

describe('the draw (pairOpenGotha)', () => {
  it('the total is 1 + every term, and the matching maximises it', () => {
    const players = [1, 2, 3, 4].map((n) => player(n, '5k', { rating: 2000 - 100 * n }));
    const t = og(players);
    const r = pairOpenGotha(t, 1);
    if (isPairingError(r)) throw new Error(r.message);
    // Split and slip in one group of four: 1–3 and 2–4 (each 5·10^6 of seeding).
    expect(r.games.map((g) => [g.white, g.black].sort().join('–')).sort()).toEqual(['1–3', '2–4']);
    const { state, p } = stateOf(t, 1);
    const w = weightTerms(state, p(1), p(3));
    expect(w.total).toBe(1 + w.baseDuplicateGame + w.baseRandom + w.baseBWBalance + w.mainCategory + w.mainScoreDiff + w.mainDUDD + w.mainSeed + w.secHandi + w.secGeo);
    expect(r.totalWeight).toBe(BigInt(w.total) + BigInt(weightTerms(state, p(2), p(4)).total));
  });

  it('the bye: least 1000 × byes + rank + 2 × MMS; among equals the last alphabetically', () => {
    const players = [player(1, '5k', { family: 'Alpha' }), player(2, '10k', { family: 'Beta' }), player(3, '10k', { family: 'Gamma' })];
    const prepared = prepareOpenGothaRound(og(players), 1);
    if (isPairingError(prepared)) throw new Error(prepared.message);
    // Beta and Gamma: −10 + 2 × 20 = 30 each; Alpha −5 + 50 = 45. Gamma is the last of the equals.
    expect(prepared.bye?.id).toBe(id(3));
    // Gamma had a bye in round 1: +1000, so Beta gets it in round 2.
    const again = prepareOpenGothaRound(og(players, {}, [game(1, 1, 2)], [{ round: 1, player: id(3) }]), 2);
    if (isPairingError(again)) throw new Error(again.message);
    expect(again.bye?.id).toBe(id(2));
  });

  it('pairs again players who have met when nothing else is possible, and says so', () => {
    const r = pairOpenGotha(og([player(1, '1d'), player(2, '1k')], {}, [game(1, 1, 2)]), 2);
    if (isPairingError(r)) throw new Error(r.message);
    expect(r.games).toHaveLength(1);
    expect(r.report.some((l) => l.kind === 'repeat')).toBe(true);
  });

  it('honours the director: a forced pair, a forbidden pair, a chosen bye', () => {
    const players = [1, 2, 3, 4, 5].map((n) => player(n, '5k', { rating: 2000 - 100 * n }));
    const r = pairOpenGotha(og(players), 1, { bye: id(1), forcedPairs: [[id(2), id(3)]], forbiddenPairs: [[id(4), id(5)]] });
    expect(isPairingError(r)).toBe(true); // 4 and 5 are left and may not meet
    const ok = pairOpenGotha(og(players), 1, { bye: id(1), forcedPairs: [[id(2), id(3)]] });
    if (isPairingError(ok)) throw new Error(ok.message);
    expect(ok.bye).toBe(id(1));
    expect(ok.games.map((g) => [g.white, g.black].sort().join('–')).sort()).toEqual(['2–3', '4–5']);
    expect(ok.report.some((l) => l.kind === 'forced')).toBe(true);
  });

  it('refuses parameters it does not implement, naming them', () => {
    const r = pairOpenGotha(og([player(1, '1d'), player(2, '1k')], { numberOfCategories: '2' }), 1);
    expect(isPairingError(r) && r.code).toBe('unsupported-parameters');
    expect(isPairingError(r) && r.message).toMatch(/numberOfCategories="2"/);
  });

  it('Swiss: groups by number of wins, 0 … round − 1', () => {
    const players = [1, 2, 3, 4].map((n) => player(n, '5k', { rating: 2000 - 100 * n }));
    const { state } = stateOf(og(players, {}, [game(1, 1, 2), game(1, 3, 4)], [], 'swiss'), 2);
    expect(state.numberOfGroups).toBe(2);
    expect(state.info.get(id(1))!.groupNumber).toBe(0);
    expect(state.info.get(id(2))!.groupNumber).toBe(1);
  });
});

describe('large fields and order independence', () => {
  it('corrected engine: cuts more than 300 players into groups from the top score down (PAIRING_GROUP_MIN/MAX_SIZE)', () => {
    // 120 players at 5k and 230 at 10k: the 120 top players make an even group of at least 100 — the first group;
    // the 230 left (≤ 300) are paired last.
    const players = [...Array.from({ length: 120 }, (_, i) => player(i + 1, '5k')), ...Array.from({ length: 230 }, (_, i) => player(i + 121, '10k'))];
    const prepared = prepareOpenGothaRound(og(players), 1, { rules: 'corrected' });
    if (isPairingError(prepared)) throw new Error(prepared.message);
    const groups = pairingGroups(prepared.state, prepared.field);
    expect(groups.map((g) => g.length)).toEqual([120, 230]);
    expect(groups[0].every((s) => s.player.rank === rank('5k'))).toBe(true);
    // 400 players, 100 at each of four ranks: the first group stops at 100 (even), then 300 are left.
    const four = Array.from({ length: 400 }, (_, i) => player(i + 1, ['5k', '6k', '7k', '8k'][Math.floor(i / 100)]));
    const p4 = prepareOpenGothaRound(og(four), 1, { rules: 'corrected' });
    if (isPairingError(p4)) throw new Error(p4.message);
    expect(pairingGroups(p4.state, p4.field).map((g) => g.length)).toEqual([100, 300]);
  });

  it('gives the same draw whatever the order of players, games and byes in the tournament', () => {
    const players = Array.from({ length: 11 }, (_, i) => player(i + 1, `${i + 1}k`, { club: i % 3 === 0 ? 'A' : 'B', rating: 2000 - 10 * i }));
    const games = [game(1, 1, 2), game(1, 3, 4, 'black-wins'), game(1, 5, 6), game(1, 7, 8, 'jigo'), game(1, 9, 10)];
    const byes = [{ round: 1, player: id(11) }];
    const a = pairOpenGotha(og(players, {}, games, byes), 2);
    const b = pairOpenGotha(og([...players].reverse(), {}, [...games].reverse(), byes), 2);
    if (isPairingError(a) || isPairingError(b)) throw new Error('no draw');
    expect(b.games).toEqual(a.games);
    expect(b.bye).toBe(a.bye);
    expect(b.totalWeight).toBe(a.totalWeight);
  });
});
