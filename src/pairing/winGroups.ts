/**
 * Pairing by number of wins alone — the systems where a win is all that counts: a knockout (who won goes on), the
 * EGC Qualification Tournament's Swiss (seeds/egc-championship-rules.txt, "The European Championship Qualification
 * Tournaments (QT)", "Tournament System": "The number of wins is the only used criterion") and Groups of Eight
 * (seeds/mays-swiss-mcmahon-manual.txt, "Types of Tournaments": "The pairings are done by matching winner against
 * winner").
 */
import type { Game, PlayerId, Round, Tournament } from '../model/tournament';

/** The winner of a game, or null when it has none (not played yet, jigo, both lost, both won by default). */
export function winnerOf(g: Game): PlayerId | null {
  switch (g.result) {
    case 'white-wins':
    case 'white-wins-by-default':
      return g.white;
    case 'black-wins':
    case 'black-wins-by-default':
      return g.black;
    default:
      return null;
  }
}

/**
 * Wins before round `round`: games won (by play or by default; both winning by default is a win each) and byes, which
 * are default wins (seeds/egf-general-tournament-rules-excerpt.txt: a bye is a "default win due to the opponent Bye").
 */
export function winsBefore(t: Tournament, round: Round): Map<PlayerId, number> {
  const wins = new Map<PlayerId, number>(t.players.map((p) => [p.id, 0]));
  const add = (id: PlayerId) => wins.set(id, (wins.get(id) ?? 0) + 1);
  for (const g of t.games) {
    if (g.round >= round) continue;
    const w = winnerOf(g);
    if (w !== null) add(w);
    else if (g.result === 'both-win-by-default') [g.white, g.black].forEach(add);
  }
  for (const b of t.byes) if (b.round < round) add(b.player);
  return wins;
}

/** Games of rounds before `round` that have no result yet: the scores they would give are not known. */
export function pendingGames(t: Tournament, round: Round): Game[] {
  return t.games.filter((g) => g.round < round && g.result === 'unknown');
}

/**
 * How a player meets the others of his wins group: `fold` — the top with the bottom (seeds/egc-championship-rules.txt,
 * "pair the lowest with the highest number, the second lowest with the second highest, etc."); `slide` — the top half
 * against the bottom half, in order (Mays' first pairing: "the players in the column on the left are stronger").
 */
export type GroupStyle = 'fold' | 'slide';

/** The order `first` (the top of what is left of its group) prefers the others of its group in. */
function groupPreference(group: readonly PlayerId[], style: GroupStyle): PlayerId[] {
  // group[0] is the player to pair; the others follow in pairing order.
  const others = group.slice(1);
  if (style === 'fold') return [...others].reverse();
  // Slide: in a group of g, the top meets the player g/2 below him; failing that the nearest to that place, lower first.
  const half = Math.floor(group.length / 2) - 1;
  return others.map((id, i) => ({ id, i })).sort((a, b) => Math.abs(a.i - half) - Math.abs(b.i - half) || b.i - a.i).map((x) => x.id);
}

/**
 * Pairs `players` (in pairing order, an even number) inside their wins groups, from the most wins down, never
 * repeating a game (`met`). A player leaves his group only when what is left of it is odd (he floats down to the best
 * placed player of the next group he may meet); only when no such pairing exists may more players float. Backtracks
 * when a group cannot be completed; null when no pairing without a repeat exists (or the search passes `limit` steps).
 */
export function pairByWins(
  players: readonly PlayerId[],
  wins: ReadonlyMap<PlayerId, number>,
  met: (a: PlayerId, b: PlayerId) => boolean,
  style: GroupStyle,
  limit = 200_000,
): [PlayerId, PlayerId][] | null {
  const order = [...players].sort((a, b) => (wins.get(b) ?? 0) - (wins.get(a) ?? 0) || players.indexOf(a) - players.indexOf(b));
  const search = (strict: boolean): [PlayerId, PlayerId][] | null => {
    let steps = 0;
    const pairs: [PlayerId, PlayerId][] = [];
    const solve = (left: readonly PlayerId[]): boolean => {
      if (left.length === 0) return true;
      if (++steps > limit) return false;
      const [first, ...rest] = left;
      const score = wins.get(first) ?? 0;
      const group = left.filter((id) => (wins.get(id) ?? 0) === score);
      const mayFloat = !strict || group.length % 2 === 1;
      const lower = mayFloat ? rest.filter((id) => (wins.get(id) ?? 0) !== score) : [];
      for (const other of [...groupPreference(group, style), ...lower]) {
        if (met(first, other)) continue;
        pairs.push([first, other]);
        if (solve(rest.filter((id) => id !== other))) return true;
        pairs.pop();
      }
      return false;
    };
    return solve(order) ? pairs : null;
  };
  return search(true) ?? search(false);
}
