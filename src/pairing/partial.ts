/**
 * A round paired in part (Mays, "Pairings for Round 2": "begin the pairing process at the bottom of a tournament …
 * even though several games may still be ongoing"): the tables already announced, and the players present in the
 * round who are not yet seated — neither at a table nor given the bye. The CLI's `--rest` and the pane's "Round N: the
 * rest" both ask it.
 */
import type { PlayerId, Round, Tournament } from '../model/tournament';

export interface RoundPart {
  readonly tables: number;
  readonly waiting: readonly PlayerId[];
}

/** The round's announced tables and the players still waiting, or null when nothing of it is paired or nobody waits. */
export function partOfRound(t: Tournament, round: Round): RoundPart | null {
  const games = t.games.filter((g) => g.round === round);
  if (games.length === 0) return null;
  const seated = new Set([...games.flatMap((g) => [g.white, g.black]), ...t.byes.filter((b) => b.round === round).map((b) => b.player)]);
  const waiting = t.players.filter((p) => !(p.absentRounds ?? []).includes(round) && !seated.has(p.id)).map((p) => p.id);
  return waiting.length > 0 ? { tables: games.length, waiting } : null;
}
