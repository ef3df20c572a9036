/**
 * Results as the director jots them down: Mays' scratch pad (seeds/mays-swiss-mcmahon-manual.txt, "Two Useful Aids
 * When Game Results Are Reported"): "the director should consider writing down the ID number of the winner (and only
 * of the winner)"; "The reason why the ID number of the winner is sufficient is because once the tournament director
 * locates the winner's entry … he can then discover the ID number of his opponent, the player who lost the game".
 *
 * One entry per game, separated by spaces, commas or new lines; `!` marks a result by default, as on the grid
 * (src/workbook/notation.ts, after the EGF's list of default results):
 *   `12`    player 12 won his game of the round
 *   `12!`   player 12 won by default (his opponent did not play: absent or late)
 *   `12=`   the game of player 12 was a jigo
 *   `12=!`  jigo by default (a director's arbitration)
 *   `12-!`  both players of 12's game lose by default
 *   `12+!`  both players of 12's game win by default
 *   `12?`   clear the result of 12's game (back to "not yet reported")
 * A bye needs no entry: it is on the pairing sheet already (the bye's point is given by the ruleset).
 *
 * Pure: the pane shows the errors (each names the entry and the player) and nothing is written unless every entry
 * is good.
 */
import type { Game, GameResult, PlayerId, Round, Tournament } from '../src/model/tournament';
import { displayName } from '../src/model/tournament';

/** A result to record: which game (by its players) and what happened. */
export interface ReportedResult {
  readonly round: Round;
  readonly table?: number;
  readonly white: PlayerId;
  readonly black: PlayerId;
  readonly result: GameResult;
  /** The scratch-pad entry it came from, for messages ("12!"). */
  readonly entry: string;
}

export interface ScratchPadError {
  /** The entry as typed, or its position when empty. */
  readonly entry: string;
  readonly player?: PlayerId;
  readonly message: string;
}

export type ScratchPadParse =
  | { readonly ok: true; readonly results: readonly ReportedResult[] }
  | { readonly ok: false; readonly errors: readonly ScratchPadError[] };

type Mark = '' | '!' | '=' | '=!' | '-!' | '+!' | '?';

const ENTRY = /^(\d+)(!|=!|=|-!|\+!|\?)?$/;

/** What the mark means for a game whose reported player sits at `colour`. */
function resultFor(mark: Mark, colour: 'white' | 'black'): GameResult {
  switch (mark) {
    case '':
      return colour === 'white' ? 'white-wins' : 'black-wins';
    case '!':
      return colour === 'white' ? 'white-wins-by-default' : 'black-wins-by-default';
    case '=':
      return 'jigo';
    case '=!':
      return 'jigo-by-default';
    case '-!':
      return 'both-lose-by-default';
    case '+!':
      return 'both-win-by-default';
    case '?':
      return 'unknown';
  }
}

export function describeResult(result: GameResult, white: string, black: string): string {
  switch (result) {
    case 'unknown':
      return `${white} – ${black}: not yet reported`;
    case 'white-wins':
      return `${white} (White) beat ${black}`;
    case 'black-wins':
      return `${black} (Black) beat ${white}`;
    case 'jigo':
      return `${white} – ${black}: jigo`;
    case 'white-wins-by-default':
      return `${white} (White) won by default against ${black}`;
    case 'black-wins-by-default':
      return `${black} (Black) won by default against ${white}`;
    case 'jigo-by-default':
      return `${white} – ${black}: jigo by default`;
    case 'both-lose-by-default':
      return `${white} and ${black} both lose by default`;
    case 'both-win-by-default':
      return `${white} and ${black} both win by default`;
  }
}

/** "12 (Doe, John)" when the player is known, else "12". */
export function playerLabel(t: Tournament, id: PlayerId): string {
  const p = t.players.find((x) => x.id === id);
  return p ? `${id} (${displayName(p)})` : String(id);
}

/**
 * Read the scratch pad for `round` of `t`. Every entry must name a registered player who has a game in the round;
 * two entries for the same game (both players claimed as winners, or one player twice) are an error.
 */
export function parseScratchPad(t: Tournament, round: Round, text: string): ScratchPadParse {
  const entries = text.split(/[\s,;]+/).filter((e) => e.length > 0);
  const games = t.games.filter((g) => g.round === round);
  const gameOf = new Map<PlayerId, Game>();
  for (const g of games) {
    gameOf.set(g.white, g);
    gameOf.set(g.black, g);
  }
  const errors: ScratchPadError[] = [];
  const results: ReportedResult[] = [];
  const seen = new Map<Game, string>();
  if (entries.length === 0) return { ok: false, errors: [{ entry: '', message: 'no result typed: type the ID number of each winner (e.g. "12 7 3=")' }] };
  for (const entry of entries) {
    const m = ENTRY.exec(entry.replace(/[\u2212\u2013]/g, '-'));
    if (!m) {
      errors.push({
        entry,
        message: `"${entry}" is not a result: type a winner's ID number, optionally followed by ! (won by default), = (jigo), =! (jigo by default), -! (both lose by default), +! (both win by default) or ? (clear)`,
      });
      continue;
    }
    const id = Number(m[1]) as PlayerId;
    const mark = (m[2] ?? '') as Mark;
    if (!t.players.some((p) => p.id === id)) {
      errors.push({ entry, player: id, message: `no player has ID ${id}` });
      continue;
    }
    const game = gameOf.get(id);
    if (!game) {
      const bye = t.byes.some((b) => b.round === round && b.player === id);
      errors.push({
        entry,
        player: id,
        message: bye
          ? `player ${playerLabel(t, id)} has the bye in round ${round}: there is no game to report (the bye's point is counted already)`
          : `player ${playerLabel(t, id)} has no game in round ${round}`,
      });
      continue;
    }
    const before = seen.get(game);
    if (before !== undefined) {
      errors.push({
        entry,
        player: id,
        message: `table ${game.table ?? '?'} (${playerLabel(t, game.white)} – ${playerLabel(t, game.black)}) is already reported by "${before}"`,
      });
      continue;
    }
    seen.set(game, entry);
    const colour = game.white === id ? 'white' : 'black';
    results.push({ round, table: game.table, white: game.white, black: game.black, result: resultFor(mark, colour), entry });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, results };
}

/** The games of the round still waiting for a result, in table order. */
export function pendingGames(t: Tournament, round: Round): Game[] {
  return t.games.filter((g) => g.round === round && g.result === 'unknown').sort((a, b) => (a.table ?? 0) - (b.table ?? 0));
}
