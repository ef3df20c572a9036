/**
 * The forced pairings of rounds 9 and 10 (seeds/egc-championship-rules.txt, "The McMahon Tournament", "Pairings")
 * against a brute force: every set of pairs of the Europeans concerned is enumerated, criterion 1 ("No pair is
 * repeated") and the "at most one such European per McMahon group" paired down filter them, and criteria 2 (pairs of
 * the same McMahon score) then 3 (pairs in all) choose; the module must reach the same criteria values with a valid set.
 */
import type { PlayerId } from '../../src/model/tournament';
import { chooseForcedPairs, type ForcedPairsInput } from '../../src/systems/egc/egcForcedPairs';

type Pair = readonly [PlayerId, PlayerId];

function* partialMatchings(players: readonly PlayerId[]): Generator<Pair[]> {
  if (players.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = players;
  yield* partialMatchings(rest);
  for (let i = 0; i < rest.length; i++) {
    for (const m of partialMatchings([...rest.slice(0, i), ...rest.slice(i + 1)])) yield [[first, rest[i]], ...m];
  }
}

/** Whether `pairs` keeps criterion 1 and pairs down at most one player per group; else why not. */
function invalid(input: ForcedPairsInput, pairs: readonly Pair[]): string | null {
  const seen = new Set<PlayerId>();
  const downFrom = new Map<number, number>();
  for (const [a, b] of pairs) {
    if (seen.has(a) || seen.has(b)) return `player twice in ${JSON.stringify(pairs)}`;
    seen.add(a);
    seen.add(b);
    if (input.met(a, b)) return `repeat ${a}-${b}`;
    const sa = input.scoreHalves(a);
    const sb = input.scoreHalves(b);
    if (sa !== sb) {
      const higher = Math.max(sa, sb);
      downFrom.set(higher, (downFrom.get(higher) ?? 0) + 1);
      if (downFrom.get(higher)! > 1) return `two players paired down from group ${higher / 2}`;
    }
  }
  return null;
}

function criteria(input: ForcedPairsInput, pairs: readonly Pair[]): [number, number] {
  return [pairs.filter(([a, b]) => input.scoreHalves(a) === input.scoreHalves(b)).length, pairs.length];
}

function bruteForce(input: ForcedPairsInput): [number, number] {
  let best: [number, number] = [-1, -1];
  for (const m of partialMatchings(input.players)) {
    if (invalid(input, m)) continue;
    const c = criteria(input, m);
    if (c[0] > best[0] || (c[0] === best[0] && c[1] > best[1])) best = c;
  }
  return best;
}

/** A small random field: n Europeans on the leader's score, half a point or a point below, some pairs already met. */
function randomField(seed: number): ForcedPairsInput {
  let x = seed * 2654435761 + 12345;
  const rnd = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const n = 2 + Math.floor(rnd() * 7);
  const players = Array.from({ length: n }, (_, i) => (i + 1) as PlayerId);
  const halves = [16, 15, 14];
  const score = new Map(players.map((id) => [id, id === 1 ? 16 : halves[Math.floor(rnd() * 3)]]));
  const metDensity = rnd() * 0.7;
  const met = new Set<string>();
  for (const a of players) for (const b of players) if (a < b && rnd() < metDensity) met.add(`${a}-${b}`);
  const ordered = [...players].sort((a, b) => score.get(b)! - score.get(a)! || a - b);
  return {
    players: ordered,
    scoreHalves: (id) => score.get(id)!,
    met: (a, b) => met.has(a < b ? `${a}-${b}` : `${b}-${a}`),
  };
}

describe('EGC rounds 9 and 10: forced pairings of the Europeans within one point of the leading European', () => {
  it('same-score pairs first, then the most pairs with one player paired down per group', () => {
    // Group 8: 1, 2, 3; group 7: 4. Criterion 2: one pair in group 8; criterion 3: the third player of group 8 down to 4.
    const score = new Map<number, number>([[1, 16], [2, 16], [3, 16], [4, 14]]);
    const input: ForcedPairsInput = { players: [1, 2, 3, 4] as PlayerId[], scoreHalves: (id) => score.get(id)!, met: () => false };
    const chosen = chooseForcedPairs(input);
    expect(chosen.pairs).toEqual([[1, 2], [3, 4]]);
    expect(chosen.sameScorePairs).toBe(1);
    expect(chosen.pairedDown).toEqual([3]);
  });

  it('never repeats a pair; criterion 2 before criterion 3', () => {
    // 1 and 2 (on 8) have met. Criterion 2 pairs 3–4 (on 7); then nobody is left for 1 or 2 below them: 1 and 2 go to
    // the ordinary draw. 1–3 and 2–4 would make two pairs, but no pair of the same score (and two paired down from 8).
    const score = new Map<number, number>([[1, 16], [2, 16], [3, 14], [4, 14]]);
    const input: ForcedPairsInput = { players: [1, 2, 3, 4] as PlayerId[], scoreHalves: (id) => score.get(id)!, met: (a, b) => a + b === 3 };
    const chosen = chooseForcedPairs(input);
    expect(chosen.pairs).toEqual([[3, 4]]);
    expect(criteria(input, chosen.pairs)).toEqual([1, 1]);
    expect(chosen.pairedDown).toEqual([]);
  });

  it('agrees with a brute force over every set of pairs on 300 small random fields', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const input = randomField(seed);
      const chosen = chooseForcedPairs(input);
      expect({ seed, why: invalid(input, chosen.pairs) }).toEqual({ seed, why: null });
      expect({ seed, criteria: criteria(input, chosen.pairs) }).toEqual({ seed, criteria: bruteForce(input) });
      expect(chosen.sameScorePairs).toBe(criteria(input, chosen.pairs)[0]);
    }
  });
});
