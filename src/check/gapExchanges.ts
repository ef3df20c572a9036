/**
 * Exchanges of score gaps between two draws of the same round (issue 20): what one draw has that the other has not.
 * Two draws of the same total MMS difference differ by an exchange of gaps of the same sum — {2, 3} against {1, 4}:
 * one game fewer two points or more apart, bought with a leap of four. The default draw's order
 * (../systems/mcmahon/optimalWeights: the least total, then the largest gap, then the count of gaps of 2+) takes the
 * side with the smaller leap; the count-first order (the least total, then the fewest gaps of 2+) the side with
 * fewer such games. `npm run quality` (./crossCheck `compareDraws`) names, for each round where Mays or OpenGotha
 * makes fewer games 2+ apart at the same total, the exchange, and how often the same program took the other side of
 * the very same exchange: no order of gap priorities can follow a program that takes both sides.
 */
import type { PlayerId } from '../model/tournament';
import { lexicographicPerfectMatching } from '../pairing/matching';
import type { PairingHistory } from '../pairing/history';
import { OptimalTiers, type TierName } from '../systems/mcmahon/optimalWeights';

/** The score gaps of a draw's games, in half points, largest first (games inside a group, gap 0, left out). */
export function gapsOf(h: PairingHistory, games: readonly { readonly white: PlayerId; readonly black: PlayerId }[]): number[] {
  const gaps: number[] = [];
  for (const g of games) {
    if (!h.has(g.white) || !h.has(g.black)) continue;
    const d = Math.abs(h.scoreHalves(g.white) - h.scoreHalves(g.black));
    if (d > 0) gaps.push(d);
  }
  return gaps.sort((a, b) => b - a);
}

export interface GapExchange {
  /** The gaps (half points, largest first) the first draw has and the second has not, and the other way round. */
  readonly ours: readonly number[];
  readonly theirs: readonly number[];
}

/** What `ours` has that `theirs` has not, and the other way round (as multisets). */
export function gapExchange(ours: readonly number[], theirs: readonly number[]): GapExchange {
  const rest = [...theirs];
  const only: number[] = [];
  for (const g of ours) {
    const k = rest.indexOf(g);
    if (k >= 0) rest.splice(k, 1);
    else only.push(g);
  }
  return { ours: only.sort((a, b) => b - a), theirs: rest.sort((a, b) => b - a) };
}

const points = (halves: readonly number[]) => `{${[...halves].sort((a, b) => a - b).map((x) => String(x / 2)).join(', ')}}`;

/** "{2, 3} against {1, 4}" (points, smallest first). */
export function exchangeWords(e: GapExchange): string {
  return `${points(e.ours)} against ${points(e.theirs)}`;
}

/** The same exchange whichever draw is named first. */
export function exchangeKey(e: GapExchange): string {
  const [a, b] = [points(e.ours), points(e.theirs)];
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

const COUNT_FIRST: readonly TierName[] = ['score difference', 'gaps of 2+', 'largest gap', 'large gaps'];

/**
 * The gaps of the draw the count-first order would make of the players `ids` (no repeat allowed): the least total
 * MMS difference, then the fewest games two points or more apart, then the smallest largest gap, then the least
 * squares — the order the default draw does NOT use (see ../systems/mcmahon/optimalWeights); null when no pairing.
 */
export function countFirstGaps(h: PairingHistory, ids: readonly PlayerId[]): number[] | null {
  const tiers = new OptimalTiers(h, ids, { handicap: { policy: 'none' } });
  const all = tiers.tiers();
  const order = COUNT_FIRST.map((name) => all.find((t) => t.name === name)!);
  const solved = lexicographicPerfectMatching(tiers.size, (i, j) => tiers.meetings(i, j) === 0, order);
  if (solved.status !== 'optimal') return null;
  const gaps: number[] = [];
  for (let v = 0; v < solved.mate.length; v++) {
    const d = Math.abs(tiers.score[v] - tiers.score[solved.mate[v]]);
    if (solved.mate[v] > v && d > 0) gaps.push(d);
  }
  return gaps.sort((a, b) => b - a);
}
