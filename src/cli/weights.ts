/**
 * `tengen pair … --system opengotha --weights`: each pair of the draw with OpenGotha's weight terms by name, the way
 * OpenGotha's weight dumps print them, so a director can see why each pair was made.
 */
import { displayName, type Tournament } from '../model/tournament';
import type { WeightedPair } from '../systems/opengotha/pair';
import { WEIGHT_TERM_NAMES } from '../systems/opengotha/weights';
import type { RoundPairing } from '../pairing/types';
import { largestOf } from '../model/extremes';

/** The weighted pairs of a draw whose system weighs pairs (opengotha), else undefined. */
export function pairWeights(p: RoundPairing): readonly WeightedPair[] | undefined {
  const weights = (p as RoundPairing & { weights?: readonly WeightedPair[] }).weights;
  return Array.isArray(weights) ? weights : undefined;
}

export function weightsJson(weights: readonly WeightedPair[]) {
  return weights.map((w) => ({ white: w.white, black: w.black, ...w.terms }));
}

/** One block per table: the two players, then each term (named as in OpenGotha's dumps) and the total. */
export function renderWeights(t: Tournament, weights: readonly WeightedPair[]): string {
  const byId = new Map(t.players.map((p) => [p.id as number, p]));
  const who = (id: number) => {
    const p = byId.get(id);
    return p ? `${id} ${displayName(p)}` : String(id);
  };
  const names = [...WEIGHT_TERM_NAMES, 'total'] as const;
  const width = largestOf(names.map((n) => n.length));
  const blocks = weights.map((w, i) => {
    const lines = names.map((n) => `    ${n.padEnd(width)}  ${String(w.terms[n]).padStart(16)}`);
    return [`  Table ${i + 1}: ${who(w.white)} – ${who(w.black)}`, ...lines].join('\n');
  });
  return `\nWeights (OpenGotha's terms; the draw maximises the sum of the totals):\n${blocks.join('\n')}\n`;
}
