/**
 * Numbering the players by strength (seeds/mays-swiss-mcmahon-manual.txt, "Ordering the Players by Strength and
 * Numbering Them"): "After placing the pairing cards in order of strength, the tournament director then proceeds to
 * number these cards consecutively (i.e., giving them ID numbers), starting with the number 1 for the card of the
 * strongest player".
 *
 * Strength is rank first, then — inside a rank — the national rating ("Some tournament directors may want to consult
 * the list of ratings put out by their national associations"), then the director's own order. A player with no
 * rating comes after the rated players of his rank ("If one of the six players who registered as a 6-dan is
 * completely unknown, the tournament director could not be faulted if he placed this player last among the
 * 6-dans").
 */
import type { Bye, Game, Player, PlayerId, Round, Team, Tournament } from '../model/tournament';

export interface NumberingOptions {
  /**
   * The director's order of strength (current IDs, strongest first), used inside a rank after the rating. Players
   * not listed keep their order in `tournament.players`, after the listed ones of the same rank and rating.
   */
  readonly directorOrder?: readonly PlayerId[];
  /**
   * False: ignore ratings, so the director's order alone ranks players of one rank (Mays puts last year's winner at
   * the top of his rank whatever his rating). Default true.
   */
  readonly byRating?: boolean;
}

export interface Numbering {
  readonly tournament: Tournament;
  /** Old ID → new ID. */
  readonly idMap: ReadonlyMap<PlayerId, PlayerId>;
}

/** Players ordered strongest first: rank, rating, the director's order, then their order in the list. */
export function orderByStrength(players: readonly Player[], options: NumberingOptions = {}): Player[] {
  const byRating = options.byRating ?? true;
  const directorPosition = new Map<PlayerId, number>();
  (options.directorOrder ?? []).forEach((id, i) => directorPosition.set(id, i));
  const listPosition = new Map<Player, number>();
  players.forEach((p, i) => listPosition.set(p, i));
  return [...players].sort((a, b) => {
    if (a.rank !== b.rank) return b.rank - a.rank;
    if (byRating) {
      const ra = a.rating ?? Number.NEGATIVE_INFINITY;
      const rb = b.rating ?? Number.NEGATIVE_INFINITY;
      if (ra !== rb) return rb > ra ? 1 : -1;
    }
    const da = directorPosition.get(a.id) ?? Number.POSITIVE_INFINITY;
    const db = directorPosition.get(b.id) ?? Number.POSITIVE_INFINITY;
    if (da !== db) return da < db ? -1 : 1;
    return (listPosition.get(a) ?? 0) - (listPosition.get(b) ?? 0);
  });
}

/**
 * Give every player his ID by strength, 1 = strongest, and carry the new IDs into games, byes and teams. Meant for
 * the start of the tournament; renumbering later keeps every result but changes the IDs players know.
 */
export function numberByStrength(t: Tournament, options: NumberingOptions = {}): Numbering {
  const ordered = orderByStrength(t.players, options);
  const idMap = new Map<PlayerId, PlayerId>();
  ordered.forEach((p, i) => idMap.set(p.id, (i + 1) as PlayerId));
  return { tournament: renumber(t, idMap), idMap };
}

function renumber(t: Tournament, idMap: ReadonlyMap<PlayerId, PlayerId>): Tournament {
  const to = (id: PlayerId): PlayerId => idMap.get(id) ?? id;
  const players: Player[] = t.players.map((p) => ({ ...p, id: to(p.id) })).sort((a, b) => a.id - b.id);
  const games: Game[] = t.games.map((g) => ({ ...g, white: to(g.white), black: to(g.black) }));
  const byes: Bye[] = t.byes.map((b) => ({ ...b, player: to(b.player) }));
  const teams: Team[] | undefined = t.teams?.map((team) => ({
    ...team,
    boards: team.boards.map((b) => ({ ...b, player: to(b.player) })),
  }));
  return teams ? { ...t, players, games, byes, teams } : { ...t, players, games, byes };
}

/**
 * The ID a latecomer receives (Mays, "Can Latecomers and Partial Players Register?"): "the one that follows the number
 * that was given to the current last player in the tournament".
 */
export function nextFreeId(t: Tournament): PlayerId {
  return (t.players.reduce((max, p) => Math.max(max, p.id), 0) + 1) as PlayerId;
}

/**
 * Admit a latecomer who plays from `firstRound` on: he gets the next free ID and is marked absent for the rounds
 * before, so his current McMahon score rises by the ruleset's free points for them (Mays: "The latecomer's or the
 * partial player's current McMahon score must be increased immediately by ½ point for each round he missed").
 * His initial McMahon score is that of his section, or of his rank (see `sectionForRank` in ./sections).
 */
export function admitLatecomer(t: Tournament, player: Omit<Player, 'id'>, firstRound: Round): { tournament: Tournament; id: PlayerId } {
  const id = nextFreeId(t);
  const missed: Round[] = [];
  for (let r = 1; r < firstRound; r++) missed.push(r);
  const absentRounds = [...new Set([...(player.absentRounds ?? []), ...missed])].sort((a, b) => a - b);
  const admitted: Player = { ...player, id, absentRounds };
  return { tournament: { ...t, players: [...t.players, admitted] }, id };
}
