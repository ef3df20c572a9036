/**
 * Lottery (EGF): "For the mutually tied players, there is one lot for each of them. Then as many lots as necessary
 * are drawn in order. This determines those players' relative order."
 *
 * Tengen draws the lots from a recorded seed: each player's lot is a hash of (seed, player ID), so the draw is
 * reproducible, and independent of the order players are listed in. The lot drawn first (smallest) places first.
 */
export function lot(seed: number, playerId: number): number {
  // splitmix32-style mixing of the two integers; any fixed bijective mix would do.
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(playerId | 0, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seed used when a tournament records none: documented, so places stay reproducible. */
export const DEFAULT_LOTTERY_SEED = 0;
