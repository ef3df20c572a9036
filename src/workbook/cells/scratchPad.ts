/**
 * Results as the director jots them down: Mays' scratch pad (seeds/mays-swiss-mcmahon-manual.txt, "Two Useful Aids
 * When Game Results Are Reported"): "the director should consider writing down the ID number of the winner (and only
 * of the winner)"; "The reason why the ID number of the winner is sufficient is because once the tournament director
 * locates the winner's entry … he can then discover the ID number of his opponent, the player who lost the game".
 *
 * One entry per game, separated by spaces, commas, semicolons or new lines; `!` marks a result by default, as on
 * the grid (src/workbook/cells/notation.ts, after the EGF's list of default results):
 *   `12`    player 12 won his game of the round
 *   `12!`   player 12 won by default (his opponent did not play: absent or late)
 *   `12=`   the game of player 12 was a jigo
 *   `12=!`  jigo by default (a director's arbitration)
 *   `12-!`  both players of 12's game lose by default
 *   `12+!`  both players of 12's game win by default
 *   `12?`   clear the result of 12's game (back to "not yet reported")
 * A bye needs no entry: it is on the pairing sheet already (the bye's point is given by the ruleset).
 *
 * The one reader of this notation: `readScratchPad` (the entries as typed, for the session API's `parseScratchPad`)
 * and `matchScratchPad` (each entry matched to its game of the round, for the task pane's preview). Pure, no DOM:
 * every error names the line, the entry and the player, and nothing is written unless every entry is good.
 */
import type { Game, GameResult, PlayerId, Round, Tournament } from '../../model/tournament';
import { playerLabel } from '../../model/tournament';

/** What follows the ID: nothing (won), `!`, `=`, `=!`, `-!`, `+!` or `?`. */
export type ScratchPadMark = '' | '!' | '=' | '=!' | '-!' | '+!' | '?';

/** One entry of the pad as typed. */
export interface ScratchPadEntry {
  /** The entry as typed ("12!"). */
  readonly entry: string;
  /** Its line on the pad, from 1. */
  readonly line: number;
  readonly player: PlayerId;
  readonly mark: ScratchPadMark;
}

export interface ScratchPadError {
  /** The entry as typed; empty when the pad is. */
  readonly entry: string;
  /** The line of the entry on the pad, from 1. */
  readonly line?: number;
  readonly player?: PlayerId;
  readonly message: string;
}

type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: readonly ScratchPadError[] };

const ENTRY = /^(\d+)(!|=!|=|-!|\+!|\?)?$/;

/** What an entry that is not a result is told (the whole notation). */
const EXPECTED =
  "not a result: type a winner's ID number (12), optionally followed by ! (won by default), = (jigo), =! (jigo by default), -! (both lose by default), +! (both win by default) or ? (clear)";

/** "line 2: "7x": not a result: …" — the line, the entry, then what is wrong. */
export function formatScratchPadError(e: ScratchPadError): string {
  return [e.line === undefined ? undefined : `line ${e.line}`, e.entry ? `"${e.entry}"` : undefined, e.message].filter(Boolean).join(': ');
}

/** Every entry of the pad in the order typed, each read or, when it is not a result, an error. */
function scan(text: string): (ScratchPadEntry | ScratchPadError)[] {
  const out: (ScratchPadEntry | ScratchPadError)[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    for (const entry of raw.split(/[\s,;]+/).filter(Boolean)) {
      // A minus sign or an en dash typed for "-".
      const m = ENTRY.exec(entry.replace(/[\u2212\u2013]/g, '-'));
      out.push(m ? { entry, line: i + 1, player: Number(m[1]) as PlayerId, mark: (m[2] ?? '') as ScratchPadMark } : { entry, line: i + 1, message: EXPECTED });
    }
  });
  return out;
}

const isEntry = (x: ScratchPadEntry | ScratchPadError): x is ScratchPadEntry => 'mark' in x;

/** The pad's entries as typed, each with its line; an empty pad is no entry. */
export function readScratchPad(text: string): Read<ScratchPadEntry[]> {
  const all = scan(text);
  const errors = all.filter((x): x is ScratchPadError => !isEntry(x));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: all.filter(isEntry) };
}

/** What the mark means for a game whose reported player sits at `colour`. */
export function resultOfMark(mark: ScratchPadMark, colour: 'white' | 'black'): GameResult {
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

export type ScratchPadParse = { readonly ok: true; readonly results: readonly ReportedResult[] } | { readonly ok: false; readonly errors: readonly ScratchPadError[] };

/**
 * Read the scratch pad for `round` of `t`. Every entry must name a registered player who has a game in the round;
 * two entries for the same game (both players claimed as winners, or one player twice) are an error.
 */
export function matchScratchPad(t: Tournament, round: Round, text: string): ScratchPadParse {
  const all = scan(text);
  if (all.length === 0) return { ok: false, errors: [{ entry: '', message: 'no result typed: type the ID number of each winner (e.g. "12 7 3=")' }] };
  const gameOf = new Map<PlayerId, Game>();
  for (const g of t.games.filter((x) => x.round === round)) {
    gameOf.set(g.white, g);
    gameOf.set(g.black, g);
  }
  const errors: ScratchPadError[] = [];
  const results: ReportedResult[] = [];
  const seen = new Map<Game, string>();
  for (const x of all) {
    if (!isEntry(x)) {
      errors.push(x);
      continue;
    }
    const { entry, line, player: id, mark } = x;
    const fail = (message: string) => errors.push({ entry, line, player: id, message });
    if (!t.players.some((p) => p.id === id)) {
      fail(`no player has ID ${id}`);
      continue;
    }
    const game = gameOf.get(id);
    if (!game) {
      const bye = t.byes.some((b) => b.round === round && b.player === id);
      fail(
        bye
          ? `player ${playerLabel(t, id)} has the bye in round ${round}: there is no game to report (the bye's point is counted already)`
          : `player ${playerLabel(t, id)} has no game in round ${round}`,
      );
      continue;
    }
    const before = seen.get(game);
    if (before !== undefined) {
      fail(`table ${game.table ?? '?'} (${playerLabel(t, game.white)} – ${playerLabel(t, game.black)}) is already reported by "${before}"`);
      continue;
    }
    seen.set(game, entry);
    results.push({ round, table: game.table, white: game.white, black: game.black, result: resultOfMark(mark, game.white === id ? 'white' : 'black'), entry });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, results };
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

/** The games of the round still waiting for a result, in table order. */
export function pendingGames(t: Tournament, round: Round): Game[] {
  return t.games.filter((g) => g.round === round && g.result === 'unknown').sort((a, b) => (a.table ?? 0) - (b.table ?? 0));
}
