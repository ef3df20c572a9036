/**
 * The order of the players inside a score group for the draw, when the tournament sets one apart from its placement
 * order. The EGC rules (The McMahon Tournament, Pairings): "For only the purpose of creating reasonably fair
 * pairings, SOS-2 is used as a tiebreaker. If the pairing program cannot calculate it, then instead SOS is used."
 * The EGF General Tournament Rules list "ordering the players for making pairings" among a tiebreaker's purposes:
 * "Different tiebreakers might be used for different purposes. Pairing programs should allow such." — and of SOS-2,
 * SOS-1 and SOS: "application for making pairings is reasonable".
 *
 * `settings.pairingTiebreaks` (or the system's option) lists the criteria, best first; the values are those before
 * the round (the scoreboard of ./history). Players they leave equal keep the usual order (rank, rating, ID — IDs
 * are given by strength: Mays, "Ordering the Players by Strength and Numbering Them").
 */
import { compare, type Fraction } from '../model/fraction';
import type { PairingCriterion, PlayerId } from '../model/tournament';
import { DEFAULT_LOTTERY_SEED } from '../scoring/lottery';
import { singleValue } from '../scoring/standings';
import type { PairingHistory } from './history';

/** Negative when `a` comes before `b` in its score group by the pairing tie-breakers, 0 when they leave them equal. */
export type GroupOrder = (a: PlayerId, b: PlayerId) => number;

const EQUAL: GroupOrder = () => 0;

export function groupOrder(h: PairingHistory, tiebreaks: readonly PairingCriterion[] | undefined): GroupOrder {
  if (!tiebreaks || tiebreaks.length === 0) return EQUAL;
  const sb = h.scoreboard;
  const seed = h.tournament.settings.lotterySeed ?? DEFAULT_LOTTERY_SEED;
  const cache = new Map<PlayerId, Fraction[]>();
  const values = (id: PlayerId): Fraction[] => {
    let v = cache.get(id);
    if (!v) {
      const p = sb.indexOf.get(id);
      if (p === undefined) throw new RangeError(`player ${id} is not on the scoreboard`);
      v = tiebreaks.map((c) => singleValue(sb, p, c, seed));
      cache.set(id, v);
    }
    return v;
  };
  return (a, b) => {
    const va = values(a);
    const vb = values(b);
    for (let k = 0; k < va.length; k++) {
      const c = compare(vb[k], va[k]); // the larger value first
      if (c !== 0) return c;
    }
    return 0;
  };
}
