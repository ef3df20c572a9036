/**
 * What Mays' paper method may claim about a pair of the same city, club or family it kept. It switches cards only
 * inside a score group (seeds/mays-swiss-mcmahon-manual.txt, Consideration No. 2: "If either is true, try switching
 * the cards in the column on the right (up and down)"), so the report claims no more than it can show: whether any
 * pairing of that score group (no repeat, nothing forbidden) has fewer such pairs — checked by an exact matching of
 * the group — and never "could not be avoided" for the whole field (the `optimal` system checks that).
 */
import type { PlayerId } from '../../model/tournament';
import type { PairingHistory } from '../../pairing/history';
import { lexicographicPerfectMatching } from '../../pairing/matching';

export function maysNeighbourWhy(
  h: PairingHistory,
  field: readonly PlayerId[],
  pairs: readonly (readonly [PlayerId, PlayerId])[],
  near: (a: PlayerId, b: PlayerId) => unknown,
  allowed: (a: PlayerId, b: PlayerId) => boolean,
): (a: PlayerId, b: PlayerId) => string {
  const memo = new Map<number, string>();
  return (a, b) => {
    const score = h.scoreHalves(a);
    if (h.scoreHalves(b) !== score) return "kept by Mays' method: a pair across score groups, where it switches no cards";
    const known = memo.get(score);
    if (known !== undefined) return known;
    const group = field.filter((id) => h.scoreHalves(id) === score);
    const inGroup = new Set(group);
    const made = pairs.filter(([x, y]) => inGroup.has(x) && inGroup.has(y));
    let words: string;
    if (made.length * 2 !== group.length) {
      words = "kept by Mays' method: its score group is paired partly across groups, where it switches no cards";
    } else {
      const count = made.filter(([x, y]) => near(x, y)).length;
      const best = lexicographicPerfectMatching(group.length, (i, j) => allowed(group[i], group[j]), [
        { name: 'same city, club or family', cost: (i, j) => (near(group[i], group[j]) ? 1 : 0) },
      ]);
      words =
        best.status === 'optimal' && best.totals[0] < count
          ? `kept by Mays' method: its switches of the cards on the right left ${count} such pair${count === 1 ? '' : 's'} in the score group, where a pairing of the group with ${best.totals[0]} exists (the optimal system finds it)`
          : "no pairing of its score group has fewer such pairs (Mays' switches, Consideration No. 2)";
    }
    memo.set(score, words);
    return words;
  };
}
