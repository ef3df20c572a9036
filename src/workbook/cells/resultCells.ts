/**
 * The cells one round's results change on the Grid, found directly (no rendering of the whole grid): each changed
 * game's two result cells, and the cached values of the formulas that read them — the players' scores after that
 * round and later, and their Victories. Issue 9: "A result is one or two cells, not a rebuilt sheet".
 *
 * The formulas themselves do not change with a result (the score after round r is `=<before> + points(<result>) +
 * <free points>`, grid.ts), so nothing is written to them: Excel recalculates, and a file gets their new values as
 * cached results (`cached-values`) for readers that do not recalculate. Place depends on every player and is left
 * to the next Pair Round and to Standings. When that does not hold — a free-point constant moves, a score cell is
 * not a formula any more, the grid has another shape than the tournament — this gives up (`undefined`) and the
 * session renders the whole sheet and writes what differs.
 */
import type { Game, Round, Tournament } from '../../model/tournament';
import { gameHalves, outcomeOf } from '../../scoring/record';
import type { ExpectedCell, WorkbookOp } from '../adapters/adapter';
import { cellAddress, sheetCell } from './address';
import { readCell, type WorkbookRead } from '../session/changes';
import { GRID_SHEET, gridLayout, pairedRounds } from '../sheets/grid';
import { outcomeMark, resultText, type GridLanguage } from './notation';
import { PAIRINGS_HEADER_ROW, pairingsOps, pairingsSheetName, resultWords } from '../sheets/pairingsSheet';

export interface ResultChanges {
  readonly ops: WorkbookOp[];
  /** Result cells holding an entry the batch changes (`Grid!H16`, and what is there): the director's, to confirm. */
  readonly overwritten: readonly { readonly address: string; readonly value: string }[];
}

export function resultChanges(before: Tournament, after: Tournament, round: Round, language: GridLanguage, read: WorkbookRead): ResultChanges | undefined {
  const grid = read.get(GRID_SHEET);
  if (!grid || before.players.length !== after.players.length) return undefined;
  const shown = pairedRounds(before);
  if (pairedRounds(after) !== shown || round > shown) return undefined;
  const layout = gridLayout(before.settings.rounds, before.players.length, { language });
  // The grid's rows are in ID order (grid.ts); each row is checked to hold its player's ID as read.
  const rowOf = new Map([...after.players].sort((a, b) => a.id - b.id).map((p, i) => [p.id as number, layout.playerRow(i)]));
  const previous = new Map(before.games.filter((g) => g.round === round).map((g) => [`${g.white}-${g.black}`, g]));
  const expected: ExpectedCell[] = [];
  const writes: WorkbookOp[] = [];
  const cached: WorkbookOp[] = [];
  const overwritten: { address: string; value: string }[] = [];
  const games: Game[] = [];
  for (const g of after.games) {
    const was = g.round === round ? previous.get(`${g.white}-${g.black}`) : undefined;
    if (!was || was.result === g.result) continue;
    games.push(g);
    for (const colour of ['white', 'black'] as const) {
      const line1 = rowOf.get(g[colour])!;
      const line2 = line1 + 1;
      if (grid.values[line1 - 1]?.[layout.columns.id - 1] !== g[colour]) return undefined;
      const column = layout.resultColumn(round);
      const old = outcomeOf(was, colour);
      const now = outcomeOf(g, colour);
      const text = resultText(outcomeMark(now));
      if (text !== resultText(outcomeMark(old))) {
        const found = readCell(grid, line1, column);
        if (found.formula !== undefined) return undefined;
        if (found.value !== null && found.value !== '') overwritten.push({ address: sheetCell(GRID_SHEET, line1, column), value: String(found.value) });
        expected.push(found);
        writes.push({ kind: 'write', sheet: GRID_SHEET, at: cellAddress(line1, column), cells: [[text]] });
      }
      // The scores after this round and every later one, and Victories, move by the points the result changed
      // (a result moves no free point: byes and rounds missed make them, scoreboard.ts); the formulas stay. A cell
      // typed over is not Tengen's formula any more: the general path decides. (Cached values left stale by a result
      // typed where nothing recalculates are brought up to date by Pair Round and Standings.)
      const delta = (gameHalves(now) - gameHalves(old)) / 2;
      const targets = [...Array.from({ length: shown - round + 1 }, (_, k) => [line2, layout.scoreColumn(round + k)]), [line1, layout.columns.victories]];
      for (const [row, col] of targets) {
        const cell = readCell(grid, row, col);
        if (cell.formula === undefined) return undefined;
        if (delta !== 0 && typeof cell.value === 'number') cached.push({ kind: 'cached-values', sheet: GRID_SHEET, at: cellAddress(row, col), values: [[cell.value + delta]] });
      }
    }
  }
  const ops: WorkbookOp[] = [...(expected.length > 0 ? [{ kind: 'expect' as const, sheet: GRID_SHEET, cells: expected }] : []), ...writes, ...cached];
  const pairings = pairingResults(after, round, games, language, read);
  if (!pairings) return undefined;
  return { ops: [...ops, ...pairings], overwritten };
}

/**
 * The Result cells of the changed games on the round's pairing sheet (column E: "+ / −"), each expected as read; the
 * sheet made whole when the workbook has none. Undefined when a game is not on the sheet where the sheet would put it.
 */
function pairingResults(after: Tournament, round: Round, games: readonly Game[], language: GridLanguage, read: WorkbookRead): WorkbookOp[] | undefined {
  const sheet = pairingsSheetName(round);
  const found = read.get(sheet);
  if (!found) return [{ kind: 'expect-missing', sheet }, ...pairingsOps(after, round, language)];
  const expected: ExpectedCell[] = [];
  const writes: WorkbookOp[] = [];
  for (const g of games) {
    // The game's row as read: White in column B, Black in C, each starting with the player's ID (pairingsSheet.ts).
    const r = found.values.findIndex((row, i) => i >= PAIRINGS_HEADER_ROW && String(row[1] ?? '').startsWith(`${g.white} `) && String(row[2] ?? '').startsWith(`${g.black} `));
    if (r < 0) return undefined;
    const words = resultWords(g) || null;
    const cell = readCell(found, r + 1, 5);
    if ((cell.value ?? null) === words && cell.formula === undefined) continue;
    expected.push(cell);
    writes.push({ kind: 'write', sheet, at: cellAddress(r + 1, 5), cells: [[words]] });
  }
  return expected.length === 0 ? [] : [{ kind: 'expect', sheet, cells: expected }, ...writes];
}

