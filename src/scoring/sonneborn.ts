/**
 * Sonneborn in the Czech order (rules A3, B3): "sonnenborn (součet bodů, které získali ti, které hráč porazil)" —
 * the sum of the points gained by those the player beat. Only the beaten count: a jigo adds nothing (unlike the
 * Sonneborn-Berger of chess, which adds half the points of a drawn opponent). A player beaten twice (two cycles)
 * counts twice. The points are the opponent's whole score in the tournament.
 */
import { inScope, pointsHalves, type CzechGames, type Scope } from './czechGames';

export interface SonnebornTerm {
  readonly round: number;
  /** Index of the beaten player. */
  readonly beaten: number;
  /** His points, in half points. */
  readonly halves: number;
}

export function sonnebornTerms(g: CzechGames, p: number, scope: Scope = {}): SonnebornTerm[] {
  return g.meetings[p]
    .filter((m) => m.won && inScope(m, scope))
    .map((m) => ({ round: m.round, beaten: m.opponent, halves: pointsHalves(g, m.opponent, scope) }));
}

/** Sonneborn in half points. */
export function sonnebornHalves(g: CzechGames, p: number, scope: Scope = {}): number {
  return sonnebornTerms(g, p, scope).reduce((s, t) => s + t.halves, 0);
}
