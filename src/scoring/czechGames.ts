/**
 * The games a Czech round-robin table is ordered by: each player's meetings in round order, with the cycle each
 * belongs to. Nothing else counts: "Body" are 1 a win and ½ a jigo, so the free round of an odd round-robin and a
 * round without a game score nothing.
 *
 * The number of cycles is derived from the games, not from settings: a pair's k-th meeting (in round order) belongs
 * to cycle k, and the tournament has as many cycles as the most times any pair met.
 */
import { gameHalves, type Outcome } from './record';
import type { Scoreboard } from './scoreboard';

export interface Meeting {
  readonly round: number;
  /** Index of the opponent in the scoreboard. */
  readonly opponent: number;
  /** What the game gave this player, in half points: 2 a win, 1 a jigo, 0 a loss (default results alike). */
  readonly halves: number;
  /** A win (by play or by default): the opponent counts in Sonneborn and in the placings of the beaten. */
  readonly won: boolean;
  /** 1 = the pair's first meeting, 2 = the second, … */
  readonly cycle: number;
}

export interface CzechGames {
  readonly sb: Scoreboard;
  /** meetings[p]: player p's games with a result, in round order. */
  readonly meetings: readonly (readonly Meeting[])[];
  readonly cycles: number;
}

const COUNTED: ReadonlySet<Outcome> = new Set<Outcome>(['win', 'jigo', 'loss', 'default-win', 'default-jigo', 'default-loss']);

export function czechGames(sb: Scoreboard): CzechGames {
  const meetings: Meeting[][] = sb.players.map(() => []);
  let cycles = 1;
  for (let p = 0; p < sb.players.length; p++) {
    const met = new Map<number, number>();
    for (const r of sb.rounds[p]) {
      if (r.opponent < 0 || !COUNTED.has(r.outcome)) continue;
      const cycle = (met.get(r.opponent) ?? 0) + 1;
      met.set(r.opponent, cycle);
      cycles = Math.max(cycles, cycle);
      meetings[p].push({ round: r.round, opponent: r.opponent, halves: gameHalves(r.outcome), won: gameHalves(r.outcome) === 2, cycle });
    }
  }
  return { sb, meetings, cycles };
}

/** Games of one cycle only, or all of them. */
export type Scope = { readonly cycle?: number };

export function inScope(m: Meeting, scope: Scope): boolean {
  return scope.cycle === undefined || m.cycle === scope.cycle;
}

/** A player's points in half points, within the scope. */
export function pointsHalves(g: CzechGames, p: number, scope: Scope = {}): number {
  return g.meetings[p].reduce((s, m) => s + (inScope(m, scope) ? m.halves : 0), 0);
}

/** The games between two players within the scope, in round order (from a's side). */
export function mutualGames(g: CzechGames, a: number, b: number, scope: Scope = {}): readonly Meeting[] {
  return g.meetings[a].filter((m) => m.opponent === b && inScope(m, scope));
}

/**
 * "i zde se upřednostňuje vítěz posledního zápasu, případně předposledního, jestliže poslední byla remíza (nelze
 * aplikovat na výsledek 0,5:0,5)" — the last game between the two that was not a jigo (from a's side), if any.
 */
export function lastDecidedGame(g: CzechGames, a: number, b: number): Meeting | undefined {
  return [...mutualGames(g, a, b)].reverse().find((m) => m.halves !== 1);
}
