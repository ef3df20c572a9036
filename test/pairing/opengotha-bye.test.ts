/**
 * OpenGotha's bye (Tournament.chooseAByePlayer, OpenGotha 3.51.02): one implementation, src/systems/opengotha/bye.ts,
 * serves the `opengotha` system and `--bye-method opengotha` of `mays` and `optimal`. Each player weighs
 * 1000 × earlier byes + rank + 2 × MMS before the round (the McMahon score in Swiss too); the lightest gets the bye,
 * among equal weights the last in OpenGotha's list of players to pair (placement before the round, then name).
 * Hand-made Swiss and McMahon cases worked by hand, then every odd round of the corpus: both callers agree.
 *
 * The tournaments (./fixtures openGothaTournament): bar 1d, floor 20k, MMS zero 30k, so a player's starting MMS is
 * rank + 30 clamped to 10 … 30 (20k … 1d), and a bye is worth one point (genMMS2ValueBye = genNBW2ValueBye = 2).
 */
import { existsSync } from 'node:fs';
import { beforeRound } from '../../src/cli/pair';
import type { Tournament } from '../../src/model/tournament';
import { byeCandidates } from '../../src/systems/byes';
import { buildHistory } from '../../src/pairing/history';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { openGothaByeCandidates } from '../../src/systems/opengotha/bye';
import { pairOpenGotha, prepareOpenGothaRound } from '../../src/systems/opengotha/pair';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { isPairingError } from '../../src/pairing/types';
import { corpusPath, describeCorpus } from '../support/corpus';
import { loadCorpusTournament, OPENGOTHA_PAIRING_CORPUS } from '../support/opengothaConformance';
import { game, id, openGothaTournament as og, player, tournament } from './fixtures';


/** The bye each caller gives: the opengotha system, byes.ts (--bye-method opengotha), mays and optimal. */
function byeOfEveryCaller(t: Tournament, round: number): Record<string, number | null> {
  const prepared = prepareOpenGothaRound(t, round);
  if (isPairingError(prepared)) throw new Error(prepared.message);
  const h = buildHistory(t, round);
  const draw = (r: ReturnType<typeof pairMays>) => {
    if (isPairingError(r)) throw new Error(r.message);
    return r.bye;
  };
  return {
    opengotha: prepared.bye?.id ?? null,
    byeCandidates: byeCandidates(h, h.present, { method: 'opengotha' })[0]?.player ?? null,
    mays: draw(pairMays(t, round, { byeMethod: 'opengotha' })),
    optimal: draw(pairOptimal(t, round, { byeMethod: 'opengotha' })),
  };
}

const everyone = (player: number) => ({ opengotha: player, byeCandidates: player, mays: player, optimal: player });

describe("OpenGotha's bye, one rule for every caller", () => {
  it('Swiss: 2 × the McMahon score, not the number of wins', () => {
    // Round 1: B (6k) beat A (5k); C (1d) had the bye. Before round 2:
    //   A: 0 byes, rank −5, MMS 25 + 0 → −5 + 50 = 45
    //   B: 0 byes, rank −6, MMS 24 + 1 → −6 + 50 = 44   ← the lightest
    //   C: 1 bye,  rank  0, MMS 30 + 1 → 1000 + 62 = 1062
    // Counting wins instead of the McMahon score (byes.ts before), A would weigh −5 + 0 and B −6 + 2: A would get it.
    const players = [player(1, '5k', { family: 'A' }), player(2, '6k', { family: 'B' }), player(3, '1d', { family: 'C' })];
    const t = og(players, {}, [game(1, 2, 1)], [{ round: 1, player: id(3) }], 'swiss');
    expect(byeOfEveryCaller(t, 2)).toEqual(everyone(2));
    const order = openGothaByeCandidates(t, 2, [id(1), id(2), id(3)]);
    if ('error' in order) throw new Error(order.error);
    expect(order.map((c) => [c.player.id, c.weight])).toEqual([
      [2, 44],
      [1, 45],
      [3, 1062],
    ]);
    expect(order[0].reason).toMatch(/1000 × 0 earlier byes \+ rank 6k \(-6\) \+ 2 × MMS 25 = 44, the lightest/);
  });

  it('equal weights: the last in OpenGotha\'s list (placement, then name), not the higher ID', () => {
    // Round 1, McMahon: Zed (ID 1) and Abel (ID 2), both 10k: −10 + 2 × 20 = 30; Mid (5k): −5 + 50 = 45.
    // Equal on every placement criterion, the list goes by name: Abel, Zed — Zed is the last, so Zed (ID 1).
    const players = [player(1, '10k', { family: 'Zed' }), player(2, '10k', { family: 'Abel' }), player(3, '5k', { family: 'Mid' })];
    expect(byeOfEveryCaller(og(players), 1)).toEqual(everyone(1));
    // Reordering the file changes nothing.
    expect(byeOfEveryCaller(og([...players].reverse()), 1)).toEqual(everyone(1));
  });

  it('McMahon: an earlier bye weighs 1000; every candidate in order, and the same reason from both callers', () => {
    // Round 1: 1 (3k) beat 2 (3k); 3 (8k) had the bye; 4 (8k) beat 5 (8k). Before round 2 (MMS = rank + 30 + points):
    //   1: −3 + 2 × 28 = 53; 2: −3 + 2 × 27 = 51; 3: 1000 − 8 + 2 × 23 = 1038; 4: −8 + 2 × 23 = 38; 5: −8 + 2 × 22 = 36.
    const players = [player(1, '3k'), player(2, '3k'), player(3, '8k'), player(4, '8k'), player(5, '8k')];
    const t = og(players, {}, [game(1, 1, 2), game(1, 4, 5)], [{ round: 1, player: id(3) }]);
    expect(byeOfEveryCaller(t, 2)).toEqual(everyone(5));
    const h = buildHistory(t, 2);
    const order = byeCandidates(h, h.present, { method: 'opengotha' });
    expect(order.map((c) => c.player)).toEqual([5, 4, 2, 1, 3]);
    expect(order[4].secondBye).toBe(true);
    // Both callers say the same thing about the bye.
    const drawn = pairOpenGotha(t, 2);
    if (isPairingError(drawn)) throw new Error(drawn.message);
    expect(drawn.report.find((l) => l.kind === 'bye')?.message).toContain(order[0].reason);
  });

  it("a Tengen tournament's McMahon sections and fixed starts count, moved to OpenGotha's zero (30k)", () => {
    // No MMS zero in the file: Tengen counts from 0. Sections A (initial MMS 0) and B (−3); moved to OpenGotha's
    // count from 30k they are 30 and 27. Round 1:
    //   1 (5k, B):  −5 + 2 × 27 = 49   ← the lightest
    //   2 (10k, A): −10 + 2 × 30 = 50
    //   3 (1d, A):  0 + 2 × 30 = 60
    // By rank alone (OpenGotha's smms without sections) 2 would weigh −10 + 2 × 20 = 30 and take it.
    const players = [player(1, '5k', { section: 'B' }), player(2, '10k', { section: 'A' }), player(3, '1d', { section: 'A' })];
    const sections = [
      { name: 'A', initialMms: 0 },
      { name: 'B', initialMms: -3 },
    ];
    const t = tournament(players, { sections, hostCity: 'Nowhere' });
    expect(byeOfEveryCaller(t, 1)).toEqual(everyone(1));
    // A director's fixed start counts the same way.
    const fixed = tournament([player(1, '5k', { initialMms: -3 }), player(2, '10k', { initialMms: 0 }), player(3, '1d', { initialMms: 0 })]);
    expect(byeOfEveryCaller(fixed, 1)).toEqual(everyone(1));
  });

  it('refuses, naming them, OpenGotha parameters it cannot read', () => {
    const players = [player(1, '1d'), player(2, '1k'), player(3, '2k')];
    const bad = og(players, { paiBaRandom: 'many' });
    const r = pairOptimal(bad, 1, { byeMethod: 'opengotha' });
    expect(isPairingError(r) && r.code).toBe('unsupported-parameters');
    expect(isPairingError(r) && r.message).toMatch(/--bye-method opengotha: .*paiBaRandom="many"/);
  });
});

describeCorpus("OpenGotha's bye on the corpus: the opengotha system and --bye-method opengotha agree", () => {
  it('gives the same bye in every round with an odd field', () => {
    let rounds = 0;
    const differences: string[] = [];
    for (const c of OPENGOTHA_PAIRING_CORPUS) {
      if (!existsSync(corpusPath('opengotha-pairings', c.xml))) continue;
      const t = loadCorpusTournament(c.xml);
      const last = Math.max(...t.games.map((g) => g.round));
      for (let round = 1; round <= last; round++) {
        const before = beforeRound(t, round);
        const prepared = prepareOpenGothaRound(before, round);
        if (isPairingError(prepared) || !prepared.bye) continue;
        rounds++;
        const field = [...prepared.field.map((s) => s.id), prepared.bye.id];
        const h = buildHistory(before, round);
        const mine = byeCandidates(h, field, { method: 'opengotha' })[0];
        if (mine.player !== prepared.bye.id || mine.reason !== prepared.byeReason) {
          differences.push(`${c.name} R${round}: opengotha ${prepared.bye.id}, byes.ts ${mine.player}`);
        }
      }
    }
    expect(differences).toEqual([]);
    expect(rounds).toBeGreaterThanOrEqual(15);
  });
});
