/**
 * The `Grid poster` sheet: the grid laid out for the wall, sixteen players a page — seeds/mays-swiss-mcmahon-manual.txt,
 * Appendix B: "Tournament Grid Poster (format: 17×22 inches) … Each tournament grid poster can display the names of
 * 16 players"; "Doing the Paperwork": the posters and the grid sheets "are identical. The only difference between
 * them is their size and their purpose … to allow the players, and the visitors to the tournament, the opportunity
 * of viewing the results of the games".
 *
 * Identical: the cells a result changes — each round's result, the scores after each round, Victories and Place —
 * are formulas reading the same cell of the Grid (`=IF(Grid!H16="","",Grid!H16)`, written with its value), so a
 * result typed on the Grid shows on the poster at the next recalculation; the others (names, clubs, opponents,
 * colours) are copied as they are when Tengen pairs a round, which is when the poster is rewritten (its rows follow
 * the Grid's; a player registered since shows from then on). Formulas in those too would triple the poster's
 * weight for cells that change only with a pairing. Nothing is ever typed here.
 *
 * Printed landscape in 14 pt, the header rows repeated, a page break every 16 players (never between a player's two
 * lines), scaled to fit A4 or Letter; printed on larger paper (A3, tabloid) with the printer's "fit to paper".
 */
import type { Tournament } from '../../model/tournament';
import { freshSheetOps, HEADER_FORMAT, type CellInput, type WorkbookOp } from '../adapters/adapter';
import { cellAddress, columnLetter, rangeAddress } from '../cells/address';
import { clubLines, gridCells, gridColumnWidths, gridLayout, valuesOf } from './grid';
import type { GridLanguage } from '../cells/notation';
import { breaksEvery, columnsWidth, rowHeight, scaleToFit } from '../print/paper';

export const POSTER_SHEET = 'Grid poster';
export const POSTER_PLAYERS_PER_PAGE = 16;
const FONT_SIZE = 14;
const HEADER_ROW = 3;
const FIRST_PLAYER_ROW = HEADER_ROW + 2;

/** A reference to a cell of another sheet, quoted as Excel writes it when the name needs quotes. */
function sheetReference(sheet: string, row: number, column: number): string {
  const name = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  return `${name}!${cellAddress(row, column)}`;
}

/** The poster's cells: the title, the Grid's two header rows (as text), then each player's two lines as formulas. */
export function posterCells(t: Tournament, language: GridLanguage = 'en'): CellInput[][] {
  const grid = gridLayout(t.settings.rounds, t.players.length, { language });
  const values = valuesOf(gridCells(t, { language }));
  const width = grid.lastColumn;
  const empty = () => new Array<CellInput>(width).fill(null);
  const title = empty();
  title[0] = t.name;
  const rows: CellInput[][] = [title, empty(), [...values[grid.headerRow - 1]], [...values[grid.subHeaderRow - 1]]];
  const liveOnLine1 = new Set([...Array.from({ length: grid.rounds }, (_, i) => grid.resultColumn(i + 1)), grid.columns.victories, grid.columns.place]);
  const liveOnLine2 = new Set(Array.from({ length: grid.rounds }, (_, i) => grid.scoreColumn(i + 1)));
  for (let r = grid.firstPlayerRow; r <= grid.lastRow && t.players.length > 0; r++) {
    const live = (r - grid.firstPlayerRow) % 2 === 0 ? liveOnLine1 : liveOnLine2;
    const row: CellInput[] = [];
    for (let c = 1; c <= width; c++) {
      const value = values[r - 1]?.[c - 1] ?? null;
      if (!live.has(c)) {
        row.push(value);
        continue;
      }
      const ref = sheetReference(grid.sheet, r, c);
      row.push({ formula: `=IF(${ref}="","",${ref})`, value: value ?? '' });
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The poster's formulas' cached values brought to `t` (a `cached-values` op: Excel recalculates and ignores it; the
 * .xlsx adapter sets the result of each formula already in the cell and leaves every other cell alone). What a file
 * saved by the page or the CLI shows without recalculation — LibreOffice, a viewer — after results typed since the
 * poster was written (issue 25: a saved poster showed round 4's scores beside round 5's "+"). Only the live cells carry
 * a value; the rest of the rectangle is `null` (left alone), so no name or club is ever written here.
 */
export function posterCachedValuesOp(t: Tournament, language: GridLanguage = 'en'): WorkbookOp {
  const values = posterCells(t, language).map((row) => row.map((c) => (c !== null && typeof c === 'object' ? (c.value ?? '') : null)));
  return { kind: 'cached-values', sheet: POSTER_SHEET, at: 'A1', values };
}

/** The poster's ops; a new poster sheet goes before `before` (a sheet that exists), else at the end. */
export function posterOps(t: Tournament, language: GridLanguage = 'en', before?: string): WorkbookOp[] {
  const sheet = POSTER_SHEET;
  const grid = gridLayout(t.settings.rounds, t.players.length, { language });
  const cells = posterCells(t, language);
  const last = columnLetter(grid.lastColumn);
  const lastRow = cells.length;
  // The columns of the Grid, widened for the larger font.
  const widths = gridColumnWidths(t, grid.rounds).map((w) => Math.ceil((w * FONT_SIZE) / 11));
  // No text format on the colour and result columns, unlike the Grid's: a formula written into a cell formatted as
  // text is kept as text by Excel (and by the fake Excel of test/addin), and these cells are formulas.
  const ops: WorkbookOp[] = before === undefined ? [...freshSheetOps(sheet)] : [{ kind: 'ensure-sheet', sheet, before }, { kind: 'clear', sheet }];
  ops.push({ kind: 'write', sheet, at: 'A1', cells }, { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 20, rowHeight: rowHeight(20) } });
  ops.push({ kind: 'format', sheet, range: `A${HEADER_ROW}:${last}${HEADER_ROW + 1}`, format: { ...HEADER_FORMAT, fontSize: FONT_SIZE, horizontalAlignment: 'center', rowHeight: rowHeight(FONT_SIZE) } });
  for (let r = 1; r <= grid.rounds; r++) ops.push({ kind: 'merge', sheet, range: rangeAddress(HEADER_ROW, grid.opponentColumn(r), HEADER_ROW, grid.resultColumn(r)) });
  if (t.players.length > 0) {
    ops.push(
      { kind: 'format', sheet, range: `A${FIRST_PLAYER_ROW}:${last}${lastRow}`, format: { border: true, fontSize: FONT_SIZE, rowHeight: rowHeight(FONT_SIZE) } },
      { kind: 'format', sheet, range: `D${FIRST_PLAYER_ROW}:${last}${lastRow}`, format: { horizontalAlignment: 'center' } },
    );
  }
  const perPage = POSTER_PLAYERS_PER_PAGE;
  const line = rowHeight(FONT_SIZE);
  // A club too long for its column wraps, as on the Grid (same column in the same proportion to the font).
  const lines = clubLines(t, gridColumnWidths(t, grid.rounds)[grid.columns.club - 1]);
  lines.forEach((n, index) => {
    if (n > 1) {
      const row = FIRST_PLAYER_ROW + 2 * index;
      ops.push({ kind: 'format', sheet, range: `C${row}`, format: { wrap: true } }, { kind: 'format', sheet, range: `A${row}:${last}${row}`, format: { rowHeight: line * n } });
    }
  });
  let players = 0;
  for (let first = 0; first < t.players.length; first += perPage) {
    const page = lines.slice(first, first + perPage);
    players = Math.max(players, page.length * 2 + page.reduce((a, n) => a + n - 1, 0));
  }
  const pageHeight = rowHeight(20) + rowHeight(11) + 2 * line + Math.max(players, 2) * line;
  ops.push(
    { kind: 'column-widths', sheet, widths },
    {
      kind: 'print',
      sheet,
      settings: {
        printArea: `A1:${last}${lastRow}`,
        repeatRows: `${HEADER_ROW}:${HEADER_ROW + 1}`,
        scale: scaleToFit(columnsWidth(widths), pageHeight, 'landscape'),
        orientation: 'landscape',
        rowBreaks: breaksEvery(perPage, t.players.length, FIRST_PLAYER_ROW, 2),
      },
    },
  );
  return ops;
}
