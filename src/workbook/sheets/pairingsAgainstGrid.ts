/**
 * A round's pairing sheet checked against the Grid (issue 27, cause 5). Both say who played whom, who had White, the
 * handicap and how the game ended; Tengen writes them together, so a difference is a hand edit of one of them, and
 * the reader cannot know which one the director means:
 *
 * - the result (column E) is kept on the Grid — the record Mays' paper method scores from (seeds/mays-swiss-mcmahon-
 *   manual.txt, "Retrieving the Pairing Sheets": results go from the pairing sheets onto the wall chart) — so a
 *   result on the sheet that the Grid does not hold, or holds differently, is refused with both cells named: the
 *   director types it on the Grid (or clears the sheet's cell);
 * - colours and handicap: the posted sheet is what the players sat down by, the Grid what the standings count, so
 *   neither can be taken as the authority; both cells are named and the director corrects the wrong one;
 * - a table row naming two players who did not meet in that round on the Grid is refused too (its table would
 *   otherwise be dropped without a word).
 */
import type { InputError } from '../../model/errors';
import type { Game, PlayerId, Round } from '../../model/tournament';
import type { CellValue } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { isBlank } from '../cells/notation';
import { GRID_SHEET, gridLayout } from './grid';
import { resultWords, type PairingSheetGame } from './pairingsSheet';

/** `+ / −` as typed: any dash for the minus, any spacing. */
function normalisedResult(text: string): string {
  let known = normalised.get(text);
  if (known === undefined) {
    known = text.replace(/[\u2212\u2013\u2014-]/g, '-').replace(/\s+/g, '');
    if (normalised.size < 1000) normalised.set(text, known);
  }
  return known;
}

/**
 * The results as typed and as the Grid gives them, normalised once each (issue 28: a congress's ten pairing sheets have
 * thousands of result cells, written in a handful of ways); a few hundred kept at most.
 */
const normalised = new Map<string, string>();

/**
 * Each round's games in the order of `games`, as `games.filter((g) => g.round === round)` gives them: grouped once for
 * all the rounds' sheets of a reading (issue 28: ten sheets each filtered the 10,000 games of a congress), by list.
 */
const roundsOf = new WeakMap<readonly Game[], Map<number, Game[]>>();

function gamesOfRound(games: readonly Game[], round: Round): readonly Game[] {
  let byRound = roundsOf.get(games);
  if (!byRound) {
    byRound = new Map();
    for (const g of games) {
      const list = byRound.get(g.round);
      if (list) list.push(g);
      else byRound.set(g.round, [g]);
    }
    roundsOf.set(games, byRound);
  }
  // A round is a whole number (the sheet's, 1 to the rounds): `===` and the map's key agree on it.
  return byRound.get(round) ?? [];
}

function handicapOf(cell: CellValue): number | undefined {
  if (isBlank(cell)) return 0;
  const n = typeof cell === 'number' ? cell : typeof cell === 'string' && /^\s*\d{1,2}\s*$/.test(cell) ? Number(cell) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Errors for each row of a round's pairing sheet that contradicts the round's games (`games`, as the Grid gives them);
 * `gridRow` is a player's first line on the Grid.
 */
export function pairingSheetContradictions(sheet: string, round: Round, rows: readonly PairingSheetGame[], games: readonly Game[], gridRow: (id: PlayerId) => number | undefined): InputError[] {
  const layout = gridLayout(0, 0);
  const errors: InputError[] = [];
  const ofRound = gamesOfRound(games, round);
  // The round's first game of each White and Black (what `find` over the round gave), looked up by the pair (issue 28:
  // a congress round has hundreds of tables on each of ten sheets), by White then Black (the pair, not a text made of it).
  const byPair = new Map<PlayerId, Map<PlayerId, Game>>();
  for (const g of ofRound) {
    let ofWhite = byPair.get(g.white);
    if (!ofWhite) byPair.set(g.white, (ofWhite = new Map()));
    if (!ofWhite.has(g.black)) ofWhite.set(g.black, g);
  }
  const pairOf = (white: PlayerId, black: PlayerId) => byPair.get(white)?.get(black);
  // What the Grid's result reads as on the sheet, by the game's result (all `resultWords` looks at).
  const words = new Map<Game['result'], string>();
  const cell = (id: PlayerId, column: number) => sheetCell(GRID_SHEET, gridRow(id) ?? 1, column);
  for (const s of rows) {
    const game = pairOf(s.white, s.black);
    if (!game) {
      const names = `${sheetCell(sheet, s.row, 2)}:${sheetCell(sheet, s.row, 3).replace(/^.*!/, '')}`;
      const swapped = pairOf(s.black, s.white);
      if (swapped) {
        errors.push({
          where: names,
          message: `table ${s.table} gives White to ${s.white} and Black to ${s.black}, but ${cell(swapped.white, layout.colourColumn(round))} gives White to ${swapped.white}; correct the colours on the Grid or on this sheet (swap the two names back) so that they agree`,
        });
      } else {
        const met = (id: PlayerId) => ofRound.find((g) => g.white === id || g.black === id);
        const said = [s.white, s.black].map((id) => {
          const g = met(id);
          return g ? `${id} plays ${g.white === id ? g.black : g.white} (${cell(id, layout.opponentColumn(round))})` : `${id} has no game (${cell(id, layout.opponentColumn(round))})`;
        });
        errors.push({ where: names, message: `table ${s.table}: ${s.white} against ${s.black} is not a game of round ${round} on the Grid (there ${said.join(', ')}); correct this row or the Grid so that they agree` });
      }
      continue;
    }
    const colourCell = () => cell(game.white, layout.colourColumn(round));
    const handicap = handicapOf(s.handicap);
    if (handicap === undefined) {
      errors.push({ where: sheetCell(sheet, s.row, 4), message: `"${String(s.handicap)}" is not a handicap; expected a whole number of stones, or blank for an even game (${colourCell()} on the Grid)` });
    } else if (handicap !== game.handicap) {
      errors.push({
        where: sheetCell(sheet, s.row, 4),
        message: `table ${s.table} says handicap ${handicap}, but ${colourCell()} says ${game.handicap === 0 ? 'an even game' : `handicap ${game.handicap}`}; correct the Grid or this cell so that they agree`,
      });
    }
    if (isBlank(s.result)) continue;
    const typed = String(s.result);
    const resultCell = () => cell(game.white, layout.resultColumn(round));
    let grid = words.get(game.result);
    if (grid === undefined) words.set(game.result, (grid = resultWords(game)));
    if (grid === '') {
      errors.push({
        where: sheetCell(sheet, s.row, 5),
        message: `table ${s.table} says "${typed}", but ${resultCell()} has no result: the Grid keeps the results, so type the result there (White's and Black's result cells) or clear this cell`,
      });
    } else if (typed !== grid && normalisedResult(typed) !== normalisedResult(grid)) {
      errors.push({
        where: sheetCell(sheet, s.row, 5),
        message: `table ${s.table} says "${typed}", but ${resultCell()} says "${grid}" (White / Black); the Grid keeps the results: correct the result there, or correct or clear this cell`,
      });
    }
  }
  return errors;
}
