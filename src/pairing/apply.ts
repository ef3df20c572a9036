/**
 * A round's pairing written back into the tournament (the pairing sheet becomes games awaiting results), and the
 * checks every pairing system's output must pass whatever the system.
 */
import type { Game, PlayerId, Tournament } from '../model/tournament';
import type { RoundPairing } from './types';

/** The tournament with the round's games (result unknown) and its bye (less a bye the pairing withdraws). */
export function applyPairing(t: Tournament, pairing: RoundPairing): Tournament {
  const games: Game[] = pairing.games.map((g) => ({
    round: pairing.round,
    table: g.table,
    white: g.white,
    black: g.black,
    handicap: g.handicap,
    ...(g.colourKnown ? {} : { colourKnown: false }),
    result: 'unknown',
  }));
  const kept = pairing.withdrawnBye === undefined ? t.byes : t.byes.filter((b) => !(b.round === pairing.round && b.player === pairing.withdrawnBye));
  // A knockout's free wins (and a Qualification Tournament's round-1 byes) are byes: default wins without a game.
  const fresh = [...(pairing.bye === null ? [] : [pairing.bye]), ...(pairing.freeWins ?? [])].map((player) => ({ round: pairing.round, player }));
  const byes = [...kept, ...fresh];
  return { ...t, games: [...t.games, ...games], byes };
}

/**
 * What is wrong with a pairing, in words (empty when nothing): every player present exactly once (at a table, with
 * the bye, at a table already announced for the round, or left for later in `pending`), nobody absent, tables
 * numbered 1 … n (after the announced ones when the round is paired in parts), handicaps whole numbers ≥ 0.
 */
export function pairingProblems(t: Tournament, pairing: RoundPairing): string[] {
  const problems: string[] = [];
  const present = new Set(t.players.filter((p) => !(p.absentRounds ?? []).includes(pairing.round)).map((p) => p.id));
  const seen = new Map<PlayerId, string>();
  const see = (id: PlayerId, where: string) => {
    const before = seen.get(id);
    if (before) problems.push(`player ${id} appears twice: ${before} and ${where}`);
    else seen.set(id, where);
    if (!present.has(id)) problems.push(`player ${id} (${where}) is not present in round ${pairing.round}`);
  };
  const partial = pairing.pending !== undefined || t.games.some((g) => g.round === pairing.round);
  const announcedTables = new Set(t.games.filter((g) => g.round === pairing.round).map((g) => g.table));
  pairing.games.forEach((g, i) => {
    if (!partial && g.table !== i + 1) problems.push(`table ${g.table} is listed in position ${i + 1}`);
    if (partial && announcedTables.has(g.table)) problems.push(`table ${g.table} is already announced for round ${pairing.round}`);
    if (g.white === g.black) problems.push(`table ${g.table}: player ${g.white} plays himself`);
    if (!Number.isInteger(g.handicap) || g.handicap < 0) problems.push(`table ${g.table}: handicap ${g.handicap}`);
    see(g.white, `table ${g.table}`);
    see(g.black, `table ${g.table}`);
  });
  if (pairing.bye !== null) see(pairing.bye, 'the bye');
  for (const id of pairing.freeWins ?? []) see(id, 'a free win');
  // Players left for later (`pending`) and players at tables already announced for the round are accounted for.
  const accounted = new Set<PlayerId>([
    ...(pairing.pending ?? []),
    ...(pairing.knockedOut ?? []),
    ...t.games.filter((g) => g.round === pairing.round).flatMap((g) => [g.white, g.black]),
    ...t.byes.filter((b) => b.round === pairing.round && b.player !== pairing.withdrawnBye).map((b) => b.player),
  ]);
  for (const id of present) if (!seen.has(id) && !accounted.has(id)) problems.push(`player ${id} is present but neither paired nor given the bye`);
  return problems;
}
