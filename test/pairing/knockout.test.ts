/**
 * Knockouts (seeds/egc-championship-rules.txt): fold brackets with free wins for 5–33 players, both PKO brackets
 * against the printed tables, and the messages for a round that cannot be paired.
 */
import fc from 'fast-check';
import type { Tournament } from '../../src/model/tournament';
import { applyPairing, pairingProblems } from '../../src/pairing/apply';
import { pairKnockout } from '../../src/systems/knockout/knockout';
import { foldRoundOne, knockoutBracket } from '../../src/systems/knockout/knockoutBracket';
import { isPairingError, type PairingResult, type RoundPairing } from '../../src/pairing/types';
import { id, player, tournament } from './fixtures';

function field(n: number, bracket: Tournament['settings']['bracket'] = 'fold', rounds = 6): Tournament {
  return tournament(
    Array.from({ length: n }, (_, i) => player(i + 1, '5d')),
    { system: 'knockout', bracket, rounds, ruleset: 'egf' },
  );
}

function paired(r: PairingResult): RoundPairing {
  if (isPairingError(r)) throw new Error(r.message);
  return r;
}

/** The tournament with round `round` paired and played: `whiteWins(game index)` says who won each game. */
function play(t: Tournament, round: number, whiteWins: (i: number) => boolean): { t: Tournament; p: RoundPairing } {
  const p = paired(pairKnockout(t, round));
  expect(pairingProblems(t, p)).toEqual([]);
  const after = applyPairing(t, p);
  let i = 0;
  const games = after.games.map((g) => (g.round === round ? { ...g, result: whiteWins(i++) ? ('white-wins' as const) : ('black-wins' as const) } : g));
  return { t: { ...after, games }, p };
}

/** "1–24": the pairs of a round by player ID (the players' IDs are their numbers here), first mentioned first. */
const pairsOf = (p: RoundPairing) => p.games.map((g) => `${g.white}–${g.black}`);

describe('fold knockout', () => {
  test('13 players: 13 exceeds 8 by 5, so numbers 4–13 play (folded) and 1–3 get a free win', () => {
    const p = paired(pairKnockout(field(13), 1));
    expect(pairsOf(p)).toEqual(['4–13', '5–12', '6–11', '7–10', '8–9']);
    expect(p.freeWins).toEqual([1, 2, 3]);
    expect(p.games.every((g) => !g.colourKnown && g.handicap === 0)).toBe(true);
    // A free win is a bye in the file.
    expect(applyPairing(field(13), p).byes).toEqual([1, 2, 3].map((n) => ({ round: 1, player: id(n) })));
  });

  test('16 players: no free win, 1–16, 2–15 …', () => {
    const p = paired(pairKnockout(field(16), 1));
    expect(pairsOf(p)).toEqual(['1–16', '2–15', '3–14', '4–13', '5–12', '6–11', '7–10', '8–9']);
    expect(p.freeWins).toEqual([]);
  });

  test('round 2 folds the winners again, by their numbers', () => {
    let t = field(6);
    // Round 1: 6 exceeds 4 by 2: 3–6 and 4–5 play, 1 and 2 win free. Upsets: 6 and 5 win.
    ({ t } = play(t, 1, () => false));
    const p = paired(pairKnockout(t, 2));
    expect(pairsOf(p)).toEqual(['1–6', '2–5']);
    expect(p.knockedOut).toEqual([3, 4]);
  });

  test.each(Array.from({ length: 29 }, (_, i) => i + 5))('%i players: each round everyone plays at most once, free wins count, the field halves to one winner', (n) => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (coins) => {
        let t = field(n);
        const rounds = Math.ceil(Math.log2(n));
        expect(knockoutBracket(t).rounds).toHaveLength(rounds);
        let stillIn = n;
        for (let r = 1; r <= rounds; r++) {
          const { t: next, p } = play(t, r, (i) => coins[(i + r * 7) % coins.length]);
          const seen = [...p.games.flatMap((g) => [g.white, g.black]), ...(p.freeWins ?? [])];
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen.length).toBe(stillIn);
          if (r === 1) {
            const power = 2 ** Math.floor(Math.log2(n));
            expect(p.freeWins).toHaveLength(n === power ? 0 : n - 2 * (n - power));
            stillIn = n === power ? n / 2 : power;
          } else {
            expect(p.freeWins ?? []).toEqual([]);
            stillIn /= 2;
          }
          expect(p.games.length + (p.freeWins?.length ?? 0)).toBe(stillIn);
          t = next;
        }
        expect(stillIn).toBe(1);
        const last = knockoutBracket(t).rounds[rounds - 1].matches;
        expect(last).toHaveLength(1);
        expect(last[0].winner).toBeDefined();
        const over = pairKnockout({ ...t, settings: { ...t.settings, rounds: rounds + 1 } }, rounds + 1);
        expect(isPairingError(over) && over.message).toMatch(new RegExp(`has ${rounds} rounds: .* won it`));
      }),
      { numRuns: 5 },
    );
  });

  test('foldRoundOne plays exactly the 2·x greatest numbers', () => {
    for (let n = 2; n <= 130; n++) {
      const { pairs, freeWins } = foldRoundOne(n);
      const x = n - 2 ** Math.floor(Math.log2(n));
      const playing = pairs.flat().sort((a, b) => a - b);
      expect(playing).toEqual(x === 0 ? Array.from({ length: n }, (_, i) => i + 1) : Array.from({ length: 2 * x }, (_, i) => n - 2 * x + 1 + i));
      // Round 2 starts with a power of two: the free wins and round 1's winners.
      expect(freeWins.length + pairs.length).toBe(x === 0 ? n / 2 : 2 ** Math.floor(Math.log2(n)));
    }
  });
});

describe('EGC PKO brackets, pair by pair against the printed tables', () => {
  test('24 players: round 1 as printed for PKO I, II, III', () => {
    const p = paired(pairKnockout(field(24, 'egc-pko-24', 3), 1));
    expect(pairsOf(p)).toEqual([
      '1–24', '12–13', '6–19', '7–18', // PKO I: A) 1 - 24, B) 12 - 13, C) 6 - 19, D) 7 - 18
      '2–23', '11–14', '5–20', '8–17', // PKO II: E) 2 - 23, F) 11 - 14, G) 5 - 20, H) 8 - 17
      '3–22', '10–15', '4–21', '9–16', // PKO III: I) 3 - 22, J) 10 - 15, K) 4 - 21, L) 9 - 16
    ]);
  });

  test('24 players: A–B, C–D in round 2, the winners in round 3 (upsets included)', () => {
    let t = field(24, 'egc-pko-24', 3);
    // Round 1: the second mentioned wins at the odd tables (A, C, E, …), the first at the others.
    ({ t } = play(t, 1, (i) => i % 2 === 1));
    const two = play(t, 2, () => true);
    // A) 1-24 → 24, B) 12-13 → 12; C) 6-19 → 19, D) 7-18 → 7; E) 2-23 → 23, F) 11-14 → 11; …
    expect(pairsOf(two.p)).toEqual(['24–12', '19–7', '23–11', '20–8', '22–10', '21–9']);
    const three = paired(pairKnockout(two.t, 3));
    expect(pairsOf(three)).toEqual(['24–19', '23–20', '22–21']);
    expect(knockoutBracket(two.t).rounds[2].matches.map((m) => m.label)).toEqual(['PKO I', 'PKO II', 'PKO III']);
  });

  test('32 players: four PKOs as printed, then PKO I – PKO IV and PKO II – PKO III', () => {
    let t = field(32, 'egc-pko-32', 4);
    const one = play(t, 1, () => true);
    expect(pairsOf(one.p)).toEqual([
      '1–32', '16–17', '9–24', '8–25', // PKO I: A) 1 - 32, B) 16 - 17, C) 9 - 24, D) 8 - 25
      '2–31', '15–18', '10–23', '7–26', // PKO II: E) 2 - 31, F) 15 - 18, G) 10 - 23, H) 7 - 26
      '3–30', '14–19', '11–22', '6–27', // PKO III: I) 3 - 30, J) 14 - 19, K) 11 - 22, L) 6 - 27
      '4–29', '13–20', '12–21', '5–28', // PKO IV: M) 4 - 29, N) 13 - 20, O) 12 - 21, P) 5 - 28
    ]);
    const two = play(one.t, 2, () => true);
    expect(pairsOf(two.p)).toEqual(['1–16', '9–8', '2–15', '10–7', '3–14', '11–6', '4–13', '12–5']);
    const three = play(two.t, 3, () => false);
    expect(pairsOf(three.p)).toEqual(['1–9', '2–10', '3–11', '4–12']);
    t = three.t;
    // Round 3's second mentioned won: 9, 10, 11, 12 are the PKO winners.
    expect(pairsOf(paired(pairKnockout(t, 4)))).toEqual(['9–12', '10–11']);
  });

  test('pairing numbers, when drawn, decide the places in the bracket', () => {
    const base = field(24, 'egc-pko-24', 3);
    // Number k is the player with ID 25 − k.
    const t = { ...base, players: base.players.map((p) => ({ ...p, pairingNumber: 25 - p.id })) };
    expect(pairsOf(paired(pairKnockout(t, 1))).slice(0, 2)).toEqual(['24–1', '13–12']);
  });
});

describe('bad input: a clear message, nothing paired', () => {
  test('a PKO bracket for the wrong number of players', () => {
    const r = pairKnockout(field(23, 'egc-pko-24', 3), 1);
    expect(isPairingError(r) && r.message).toBe('the egc-pko-24 bracket is for exactly 24 players (seeds/egc-championship-rules.txt, "The Preliminary Knockout Tournaments (PKO)"); 23 are present in round 1');
  });

  test('a round whose previous round has no winner yet', () => {
    const t = applyPairing(field(8), paired(pairKnockout(field(8), 1)));
    const r = pairKnockout(t, 2);
    expect(isPairingError(r) && r.code).toBe('results-pending');
    expect(isPairingError(r) && r.message).toMatch(/^round 1 has no winner yet in match 1 \(1 \(Player 1\) – 8 \(Player 8\)\): no result yet; .*record those results first$/);
  });

  test('a jigo is no winner', () => {
    let { t } = play(field(4), 1, () => true);
    t = { ...t, games: t.games.map((g, i) => (i === 0 ? { ...g, result: 'jigo' as const } : g)) };
    const r = pairKnockout(t, 2);
    expect(isPairingError(r) && r.message).toMatch(/: no winner \(jigo\)/);
  });

  test('some players with a pairing number and some without', () => {
    const base = field(5);
    const t = { ...base, players: base.players.map((p) => (p.id <= 2 ? { ...p, pairingNumber: p.id } : p)) };
    const r = pairKnockout(t, 1);
    expect(isPairingError(r) && r.message).toBe('players 3 (Player 3), 4 (Player 4), 5 (Player 5): no pairing number while 2 other players have one; draw the numbers again (tengen lots) so that every player has one');
  });

  test('a player still in but marked absent', () => {
    const { t } = play(field(4), 1, () => true);
    const marked = { ...t, players: t.players.map((p) => (p.id === 1 ? { ...p, absentRounds: [2] } : p)) };
    const r = pairKnockout(marked, 2);
    expect(isPairingError(r) && r.message).toMatch(/still in the knockout but marked absent in round 2/);
  });
});
