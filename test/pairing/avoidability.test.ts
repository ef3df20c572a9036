/**
 * The report's re-draw checks (./avoidability): exact verdicts on a small field, and the bound on whole-field
 * re-draws — beyond it a line claims nothing.
 */
import { buildHistory } from '../../src/pairing/history';
import { AvoidabilityChecker, avoidanceWords, describeCost, holdsPerfectMatching, largestOutside, listPairs } from '../../src/systems/mcmahon/avoidability';
import { lexicographicPerfectMatching, type CostTier } from '../../src/pairing/matching';
import { seededRandom } from '../support/random';
import { OptimalTiers } from '../../src/systems/mcmahon/optimalWeights';
import type { PlayerId } from '../../src/model/tournament';
import { game, player, tournament } from './fixtures';

const id = (n: number) => n as PlayerId;

describe('AvoidabilityChecker', () => {
  // After round 1, 1 beat 3 and 2 beat 4: the Paris players 1 and 2 at MMS 1, the Lyon players 3 and 4 at MMS 0.
  const t = tournament(
    [1, 2, 3, 4].map((n) => player(n, '3d', { section: 'A', club: n <= 2 ? 'Paris' : 'Lyon' })),
    { sections: [{ name: 'A', initialMms: 0 }] },
    [game(1, 1, 3), game(1, 2, 4)],
  );
  const h = buildHistory(t, 2);
  const tiers = new OptimalTiers(h, h.present, { handicap: undefined });
  const allowed = (i: number, j: number) => tiers.meetings(i, j) === 0;
  const forbidPair = (a: number, b: number) => {
    const [x, y] = [tiers.vertex(id(a)), tiers.vertex(id(b))].sort((p, q) => p - q);
    return (i: number, j: number) => i === x && j === y;
  };

  it('a pair whose avoidance costs score difference could not be avoided, and says what it would cost', () => {
    // The draw 1–2, 3–4 (no score difference); without 1–2 only 1–4, 2–3 is left: two pairs one point apart.
    const checker = new AvoidabilityChecker({ h, tiers, allowed, pairs: [[id(1), id(2)], [id(3), id(4)]] });
    const verdict = checker.check('geography', forbidPair(1, 2), [id(1), id(2)]);
    expect(avoidanceWords(verdict, 'geography')).toBe('it could not be avoided: avoiding it would cost +2 total MMS difference');
    expect(checker.count).toBe(1);
  });

  it('no complete pairing without it: could not be avoided, said so', () => {
    const two = tournament([1, 2].map((n) => player(n, '3d', { section: 'A', club: 'Paris' })), { sections: [{ name: 'A', initialMms: 0 }] });
    const h2 = buildHistory(two, 1);
    const tiers2 = new OptimalTiers(h2, h2.present, { handicap: undefined });
    const checker = new AvoidabilityChecker({ h: h2, tiers: tiers2, allowed: () => true, pairs: [[id(1), id(2)]] });
    const verdict = checker.check('geography', () => true, [id(1), id(2)]);
    expect(avoidanceWords(verdict, 'geography')).toBe('it could not be avoided: no complete pairing of the field avoids it');
  });

  it('beyond the bound on re-draws, a line is not re-checked and claims nothing', () => {
    const checker = new AvoidabilityChecker({ h, tiers, allowed, pairs: [[id(1), id(2)], [id(3), id(4)]] }, 0);
    // Forbid every pair across groups and 1–2: the local re-pairing fails, and no whole-field re-draw is left.
    const verdict = checker.check('geography', (i, j) => tiers.score[i] !== tiers.score[j] || forbidPair(1, 2)(i, j), [id(1), id(2)]);
    expect(verdict.verdict).toBe('unchecked');
    expect(avoidanceWords(verdict)).toMatch(/^kept \(not re-checked/);
    expect(checker.count).toBe(0);
  });

  it('costs in the words of the priorities', () => {
    expect(describeCost(h, 'score difference', 4)).toBe('+2 total MMS difference');
    expect(describeCost(h, 'repeats', 1)).toBe('a repeated game');
    expect(describeCost(h, 'handicap', 2)).toBe('2 more handicap stones');
  });
});

describe("a part re-draw asks first whether its pairs hold a complete pairing (issue 28, speed only)", () => {
  // The matcher's own answer is the reference: a weighted perfect matching exists exactly when a perfect matching does.
  const zeroTier: CostTier = { name: 'zero', cost: () => 0 };
  it('answers as the matcher does, from any warm start, on random graphs', () => {
    const random = seededRandom(2028);
    let without = 0;
    for (let trial = 0; trial < 300; trial++) {
      const n = 2 + 2 * Math.floor(random() * 6) + (trial % 13 === 0 ? 1 : 0);
      const density = 0.15 + random() * 0.5;
      const edges = new Set<number>();
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (random() < density) edges.add(i * n + j);
      const allowed = (i: number, j: number) => edges.has(i * n + j);
      const list = listPairs(n, allowed);
      // A warm start: some pairs of a random pairing, allowed or not (the search keeps only listed ones).
      const order = [...Array(n).keys()].sort(() => random() - 0.5);
      const hint = new Int32Array(n).fill(-1);
      for (let k = 0; k + 1 < n; k += 2) if (random() < 0.7) [hint[order[k]], hint[order[k + 1]]] = [order[k + 1], order[k]];
      const matcher = lexicographicPerfectMatching(n, allowed, [zeroTier]).status === 'optimal';
      expect(holdsPerfectMatching(list, hint)).toBe(matcher);
      if (!matcher) without++;
    }
    expect(without).toBeGreaterThan(20);
  });

  it('lists the pairs as the matcher reads them from the function', () => {
    const allowed = (i: number, j: number) => (i + j) % 3 !== 0;
    const list = listPairs(6, allowed);
    const pairs = Array.from({ length: list.count }, (_, p) => [list.u[p], list.v[p]]);
    const want: number[][] = [];
    for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) if (allowed(i, j)) want.push([i, j]);
    expect(pairs).toEqual(want);
    expect(Array.from(list.rowStart as Int32Array)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => want.filter(([a]) => a < i).length));
  });
});

describe('the largest cost of the draw outside a re-paired part (issue 28, speed only)', () => {
  it('is the largest over the pairs outside, read from the pairs by cost', () => {
    const random = seededRandom(77);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 30);
      const lows = [...Array(n).keys()].filter(() => random() < 0.6);
      const costs = Float64Array.from({ length: n }, () => Math.floor(random() * 5));
      const inside = Uint8Array.from({ length: n }, () => (random() < 0.3 ? 1 : 0));
      const byCost = Int32Array.from(lows).sort((a, b) => costs[b] - costs[a] || a - b);
      const want = lows.reduce((m, v) => (inside[v] === 0 ? Math.max(m, costs[v]) : m), 0);
      expect(largestOutside(byCost, costs, inside)).toBe(want);
    }
  });
});
