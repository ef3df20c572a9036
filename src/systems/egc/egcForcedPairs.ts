/**
 * The forced pairings of rounds 9 and 10 of the European Go Congress McMahon (seeds/egc-championship-rules.txt,
 * "The McMahon Tournament", "Pairings"):
 *
 *   "During rounds 9 and 10, forced pairings are applied to some of those Europeans with McMahon Scores at most 1
 *   below the European with currently the greatest McMahon Score. Such Europeans are paired by the following criteria
 *   in order:
 *     1. No pair is repeated.
 *     2. Players with the same McMahon Score are paired.
 *     3. Maximize the number of pairs of such Europeans while pairing down at most one such European per McMahon
 *        group, if necessary."
 *
 * Read as a lexicographic choice among the sets of pairs of those Europeans: criterion 1 is a hard rule (no pair that
 * has met); criterion 2 comes first: the most pairs of equal McMahon score; criterion 3 then: the most pairs in all,
 * where a pair across McMahon groups pairs its higher player down, and at most one player of each group is paired
 * down. The Europeans left unpaired here go to the ordinary draw. Between equally good sets, the first in the order
 * the players are given wins (the strongest European meets the strongest he can, as a final would; a group pairs
 * down its last player against the first player of a lower group).
 *
 * Pure: knows players by ID, their scores and who has met; ./egcCongress feeds the result to the draw as forced pairs.
 */
import type { PlayerId } from '../../model/tournament';
import { CompatibilityGraph } from '../../pairing/feasibility';

/** Groups larger than this are matched by the general maximum matching (./feasibility), without the order's tie-break. */
const EXACT_GROUP = 16;

export interface ForcedPairsInput {
  /** The Europeans concerned, in order of preference (best first: score, then the draw's order). */
  readonly players: readonly PlayerId[];
  /** Current McMahon score, in half points. */
  scoreHalves(id: PlayerId): number;
  /** True when the two have played each other already. */
  met(a: PlayerId, b: PlayerId): boolean;
}

export interface ForcedPairs {
  readonly pairs: readonly (readonly [PlayerId, PlayerId])[];
  /** Pairs of equal McMahon score (criterion 2). */
  readonly sameScorePairs: number;
  /** The players paired down, one at most per McMahon group (criterion 3). */
  readonly pairedDown: readonly PlayerId[];
}

type Pair = readonly [PlayerId, PlayerId];

interface GroupMatching {
  readonly count: number;
  readonly pairs: readonly Pair[];
}

/**
 * The most pairs inside one McMahon group with no repeat, the first player paired with the first partner he can
 * have when that costs nothing (exact search over the subsets of the group: groups of Europeans within a point of
 * the lead hold a few players).
 */
function bestInGroup(players: readonly PlayerId[], met: (a: PlayerId, b: PlayerId) => boolean): GroupMatching {
  if (players.length > EXACT_GROUP) {
    const mate = new CompatibilityGraph(players.length, (i, j) => !met(players[i], players[j])).maximumMatching(players.map(() => true));
    const pairs: Pair[] = [];
    for (let i = 0; i < mate.length; i++) if (mate[i] > i) pairs.push([players[i], players[mate[i]]]);
    return { count: pairs.length, pairs };
  }
  const memo = new Map<string, GroupMatching>();
  const solve = (left: readonly PlayerId[]): GroupMatching => {
    if (left.length < 2) return { count: 0, pairs: [] };
    const key = left.join(',');
    const known = memo.get(key);
    if (known) return known;
    const [first, ...rest] = left;
    let best = solve(rest);
    let bestWithFirst: GroupMatching | undefined;
    for (let i = 0; i < rest.length; i++) {
      if (met(first, rest[i])) continue;
      const sub = solve([...rest.slice(0, i), ...rest.slice(i + 1)]);
      if (!bestWithFirst || sub.count + 1 > bestWithFirst.count) bestWithFirst = { count: sub.count + 1, pairs: [[first, rest[i]], ...sub.pairs] };
    }
    if (bestWithFirst && bestWithFirst.count >= best.count) best = bestWithFirst;
    memo.set(key, best);
    return best;
  };
  return solve(players);
}

/** One choice of pairs across groups: for each group but the lowest, none or one of its players paired down. */
function crossChoices(groups: readonly (readonly PlayerId[])[], met: (a: PlayerId, b: PlayerId) => boolean): Pair[][] {
  let choices: Pair[][] = [[]];
  for (let g = 0; g < groups.length - 1; g++) {
    const next: Pair[][] = [];
    for (const chosen of choices) {
      next.push(chosen);
      const used = new Set(chosen.flat());
      // The group's last player first (it pairs down its weakest), against the first of the groups below.
      for (const down of [...groups[g]].reverse()) {
        if (used.has(down)) continue;
        for (let h = g + 1; h < groups.length; h++) {
          for (const up of groups[h]) {
            if (used.has(up) || met(down, up)) continue;
            next.push([...chosen, [down, up]]);
          }
        }
      }
    }
    choices = next;
  }
  return choices;
}

/** The forced pairs of the Europeans given (see the module comment). */
export function chooseForcedPairs(input: ForcedPairsInput): ForcedPairs {
  const scores = [...new Set(input.players.map((id) => input.scoreHalves(id)))].sort((a, b) => b - a);
  const groups = scores.map((s) => input.players.filter((id) => input.scoreHalves(id) === s));
  const met = (a: PlayerId, b: PlayerId) => input.met(a, b);
  const inGroupMemo = new Map<string, GroupMatching>();
  const inGroup = (players: readonly PlayerId[]) => {
    const key = players.join(',');
    let m = inGroupMemo.get(key);
    if (!m) {
      m = bestInGroup(players, met);
      inGroupMemo.set(key, m);
    }
    return m;
  };

  let best: { same: number; total: number; pairs: Pair[]; down: PlayerId[] } | undefined;
  for (const cross of crossChoices(groups, met)) {
    const used = new Set(cross.flat());
    const inside = groups.map((g) => inGroup(g.filter((id) => !used.has(id))));
    const same = inside.reduce((n, m) => n + m.count, 0);
    const total = same + cross.length;
    if (!best || same > best.same || (same === best.same && total > best.total)) {
      best = { same, total, pairs: [...inside.flatMap((m) => m.pairs), ...cross], down: cross.map(([down]) => down) };
    }
  }
  return best ? { pairs: best.pairs, sameScorePairs: best.same, pairedDown: best.down } : { pairs: [], sameScorePairs: 0, pairedDown: [] };
}
