/**
 * The `optimal` report's line for a seeding partner changed to lower a handicap: inside a score group the seeding
 * (slip, fold, adjacent) names each player's partner, and where the draw pairs him otherwise because the seeding's
 * pairs would give more stones, the director is told — Mays pairs "inside narrow rank order", and a handicap
 * tournament's draw prefers the smaller handicaps (issue 11); a change the report does not explain looks like a bug.
 *
 * The check is local and exact for what it says: for a pair i–j of one group and a seeding partner k of i (seeding
 * cost 0) held by l, the two pairs i–k, j–l are compared with i–j, k–l priority by priority; the line is written
 * only when they tie on every priority above the handicap and the seeding's pairs give more stones.
 */
import type { PlayerId } from '../../model/tournament';
import type { PairingHistory } from '../../pairing/history';
import type { OptimalTiers } from './optimalWeights';
import type { DeviationLine } from '../../pairing/types';

const RULE =
  'seeds/mays-swiss-mcmahon-manual.txt, Consideration No. 4 ("Do the players have different ranks?") and "Why Is Handicap – 1 Used When Pairing Players of Different Ranks?": the draw prefers the smaller handicaps before the seeding order';

export function seedingChangedLines(h: PairingHistory, tiers: OptimalTiers, pairs: readonly (readonly [PlayerId, PlayerId])[], allowed: (i: number, j: number) => boolean): DeviationLine[] {
  const seeding = tiers.options.seeding ?? 'slip';
  if (seeding === 'random' || pairs.length < 2) return [];
  // A line needs the seeding's pairs to give more stones than the draw's (`seeded > made` below); with no handicap in
  // any game of the field both are 0 for every pair, so no line is written: none is looked for.
  if (tiers.everyGameEven()) return [];
  const cost = tiers.tiers();
  const handicapAt = cost.findIndex((c) => c.name === 'handicap');
  const seedingAt = cost.findIndex((c) => c.name === 'seeding');
  if (handicapAt < 0 || seedingAt < 0) return [];
  const mate = new Int32Array(tiers.size).fill(-1);
  for (const [a, b] of pairs) {
    mate[tiers.vertex(a)] = tiers.vertex(b);
    mate[tiers.vertex(b)] = tiers.vertex(a);
  }
  const pairCost = (k: number, x: number, y: number) => (x < y ? cost[k].cost(x, y) : cost[k].cost(y, x));
  // The seeding cost of a pair, read for every pair of a group (a call site of its own: one cost function, inlined).
  const seedingCost = cost[seedingAt].cost;
  const seedingOf = (x: number, y: number) => (x < y ? seedingCost(x, y) : seedingCost(y, x));
  const ok = (x: number, y: number) => (x < y ? allowed(x, y) : allowed(y, x));
  // Each pair of the draw is explained at most once (a change among three pairs is one line, not two).
  const covered = new Set<number>();
  const lines: DeviationLine[] = [];
  for (let i = 0; i < tiers.size; i++) {
    const j = mate[i];
    if (j < 0 || tiers.score[i] !== tiers.score[j] || seedingOf(i, j) === 0 || covered.has(Math.min(i, j) * tiers.size + Math.max(i, j))) continue;
    const start = i - tiers.position[i];
    // Only i's seeding partners can pass `seedingOf(i, k) === 0` (kept below): read them, not the whole group.
    for (const k of seedingPartners(seeding, tiers.groupSize[i], tiers.position[i]).map((q) => start + q)) {
      const l = mate[k];
      if (k === i || k === j || l < 0 || l === i || seedingOf(i, k) !== 0 || !ok(i, k) || !ok(j, l)) continue;
      // Fewer stones first (four reads; most pairs of a field have none to spare), then the two pairs made against
      // the seeding's two, priority by priority down to the handicap: both must hold, in either order.
      const made = tiers.handicap(Math.min(i, j), Math.max(i, j)) + tiers.handicap(Math.min(k, l), Math.max(k, l));
      const seeded = tiers.handicap(Math.min(i, k), Math.max(i, k)) + tiers.handicap(Math.min(j, l), Math.max(j, l));
      if (seeded <= made) continue;
      let first = -1;
      for (let t = 0; t <= handicapAt && first < 0; t++) {
        if (pairCost(t, i, j) + pairCost(t, k, l) !== pairCost(t, i, k) + pairCost(t, j, l)) first = t;
      }
      if (first !== handicapAt) continue;
      if (covered.has(Math.min(k, l) * tiers.size + Math.max(k, l))) continue;
      covered.add(Math.min(i, j) * tiers.size + Math.max(i, j));
      covered.add(Math.min(k, l) * tiers.size + Math.max(k, l));
      const [a, b, c, d] = [i, j, k, l].map((v) => tiers.ids[v]);
      const pair = (x: PlayerId, y: PlayerId) => (x < y ? `${x}–${y}` : `${y}–${x}`);
      lines.push({
        kind: 'seeding-changed',
        players: [a, b],
        rule: RULE,
        message:
          `${h.describe(a)} meets ${h.describe(b)} and ${h.describe(c)} meets ${h.describe(d)}, not ${pair(a, c)} and ${pair(b, d)} as the ${seeding} seeding ` +
          `would pair them: ${seeded - made} fewer handicap stone${seeded - made === 1 ? '' : 's'} (${made} instead of ${seeded})`,
      });
      break;
    }
  }
  return lines;
}

/**
 * The positions q (ascending) in a score group of `g` players whose pair with position `p` costs 0 on the seeding
 * tier (./optimalWeights `seeding`, same group) — each the tier's formula solved for 0: slip |q − p| = ⌊g/2⌋; fold
 * p + q = even − 1 (even: g less one if odd); adjacent |q − p| = 1 with the lower of the two even. Every other
 * position costs more; the test of this file compares the two over every position of groups of up to 40 players.
 */
export function seedingPartners(seeding: 'slip' | 'fold' | 'adjacent', g: number, p: number): number[] {
  const out: number[] = [];
  const add = (q: number) => {
    if (q >= 0 && q < g && q !== p && !out.includes(q)) out.push(q);
  };
  if (seeding === 'fold') add(g - (g % 2) - 1 - p);
  else if (seeding === 'adjacent') add(p % 2 === 0 ? p + 1 : p - 1);
  else {
    add(p - Math.floor(g / 2));
    add(p + Math.floor(g / 2));
  }
  return out;
}
