/**
 * What one cell of a round-robin's cross-table says: the result of the row's player against the column's player and
 * the colour he had, as league directors write it — "1b" won with Black, "0w" lost with White, "½b" a jigo with Black,
 * "+w" / "-b" won / lost by default, "=b" a jigo by default, "b" paired (with Black) but no result yet. A handicap
 * game adds its stones: "1wh3". With two cycles the cell holds both games, the first cycle first: "1b 0w".
 */
import type { Game, GameResult } from '../../model/tournament';

export type Colour = 'b' | 'w';

/** One game from one player's side. */
export interface CrossEntry {
  readonly colour: Colour;
  /** Half points: 2 won, 1 jigo, 0 lost; null: no result yet. */
  readonly halves: number | null;
  readonly byDefault: boolean;
  readonly handicap: number;
}

/** The entry of `game` for the player on `colour`. */
export function entryOf(game: Game, colour: Colour): CrossEntry {
  const mine = colour === 'w' ? 'white' : 'black';
  const r = game.result;
  const byDefault = r.endsWith('-by-default');
  let halves: number | null;
  if (r === 'unknown') halves = null;
  else if (r === 'jigo' || r === 'jigo-by-default') halves = 1;
  else if (r === 'both-win-by-default') halves = 2;
  else if (r === 'both-lose-by-default') halves = 0;
  else halves = r.startsWith(mine) ? 2 : 0;
  return { colour, halves, byDefault, handicap: game.handicap };
}

export function formatEntry(e: CrossEntry): string {
  const score = e.halves === null ? '' : e.byDefault ? ['-', '=', '+'][e.halves] : ['0', '½', '1'][e.halves];
  return `${score}${e.colour}${e.handicap > 0 ? `h${e.handicap}` : ''}`;
}

const ENTRY = /^([01½+=-]|0\.5|1\/2)?([bw])(?:h(\d+))?$/i;

/** The entries of a cell (one per cycle, space separated), or the text that is not an entry. */
export function parseCell(text: string): { ok: true; entries: CrossEntry[] } | { ok: false; bad: string } {
  const entries: CrossEntry[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const m = ENTRY.exec(word);
    if (!m) return { ok: false, bad: word };
    const score = m[1];
    const halves = score === undefined ? null : score === '1' || score === '+' ? 2 : score === '0' || score === '-' ? 0 : 1;
    entries.push({ colour: m[2].toLowerCase() as Colour, halves, byDefault: score === '+' || score === '-' || score === '=', handicap: m[3] ? Number(m[3]) : 0 });
  }
  return { ok: true, entries };
}

/** The game's result from both players' entries (the row player on `mine.colour`), or null when they contradict. */
export function resultOf(mine: CrossEntry, theirs: CrossEntry): GameResult | null {
  if (mine.colour === theirs.colour || mine.byDefault !== theirs.byDefault || mine.handicap !== theirs.handicap) return null;
  if (mine.halves === null || theirs.halves === null) return mine.halves === theirs.halves ? 'unknown' : null;
  const white = mine.colour === 'w' ? mine : theirs;
  const black = mine.colour === 'w' ? theirs : mine;
  const key = `${white.halves}${black.halves}`;
  const played: Record<string, GameResult> = { '20': 'white-wins', '02': 'black-wins', '11': 'jigo' };
  const byDefault: Record<string, GameResult> = { '20': 'white-wins-by-default', '02': 'black-wins-by-default', '11': 'jigo-by-default', '00': 'both-lose-by-default', '22': 'both-win-by-default' };
  return (mine.byDefault ? byDefault : played)[key] ?? null;
}
