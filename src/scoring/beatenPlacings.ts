/**
 * Placings in the Czech order.
 *
 * A4: "nižší součet umístění hráčů, které hráč porazil" — the lower sum of the placings of the players one beat.
 * B4: "součet umístění v jednotlivých kolech, přičemž pro umístění v jednotlivých kolech platí pravidlo pro turnaje
 *     jednokolové (A). a.) lepší je samozřejmě nižší b.) 1 + 3 je lepší než 2 + 2 c.) 3 + 1 je lepší než 1 + 3
 *     (progresivní tendence)"
 * B6: "součet umístění stejně jako v bodě B5, ale pro jednotlivá kola" — B5's sum, per cycle.
 */
import { inScope, type CzechGames, type Scope } from './czechGames';

export interface PlacingTerm {
  readonly round: number;
  readonly beaten: number;
  readonly place: number;
}

/** The beaten players and their places (`placeOf` from the table the scope belongs to). */
export function beatenPlacingTerms(g: CzechGames, p: number, placeOf: (q: number) => number, scope: Scope = {}): PlacingTerm[] {
  return g.meetings[p].filter((m) => m.won && inScope(m, scope)).map((m) => ({ round: m.round, beaten: m.opponent, place: placeOf(m.opponent) }));
}

export function beatenPlacings(g: CzechGames, p: number, placeOf: (q: number) => number, scope: Scope = {}): number {
  return beatenPlacingTerms(g, p, placeOf, scope).reduce((s, t) => s + t.place, 0);
}

/**
 * B4's comparison of two players' placings per cycle (in cycle order); negative when `a` is better.
 * a) the lower sum; b) with equal sums the better best placing, then the next (1 + 3 before 2 + 2);
 * c) with the same placings, the better placing in the latest cycle, then the one before (3 + 1 before 1 + 3).
 */
export function compareCyclePlacings(a: readonly number[], b: readonly number[]): number {
  const total = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  if (total(a) !== total(b)) return total(a) - total(b);
  const sa = [...a].sort((x, y) => x - y);
  const sb = [...b].sort((x, y) => x - y);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) if (sa[i] !== sb[i]) return sa[i] - sb[i];
  for (let i = 1; i <= Math.min(a.length, b.length); i++) if (a[a.length - i] !== b[b.length - i]) return a[a.length - i] - b[b.length - i];
  return 0;
}
