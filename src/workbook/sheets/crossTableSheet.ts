/**
 * The `Cross-table` sheet of a round-robin: the form league directors keep — the players down and across in
 * pairing-number order, each cell the row player's result and colour against the column player
 * (./crossTableNotation.ts), the diagonal shaded, then Points and Place at the right.
 *
 * Points and Place are live: in each row `=GO.RRPOINTS(the row's result cells)` and `=GO.RRPLACE(points, the Points
 * column)`, written with the values they give now cached (LibreOffice and a viewer show the numbers).
 * Printed landscape, fitted to the page width, the header row repeated.
 */
import type { PlayerId, Tournament } from '../../model/tournament';
import { displayName } from '../../model/tournament';
import { formatRank } from '../../model/rank';
import { byPairingNumber } from '../../pairing/lots';
import { freshSheetOps, HEADER_FORMAT, type CellInput, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { columnLetter, rangeAddress } from '../cells/address';
import { crossTablePlaces, crossTablePoints } from '../formulas/crossTableFormulas';
import { entryOf, formatEntry } from '../cells/crossTableNotation';
import { playoffKindOf, playoffOutcome } from '../../scoring/knockoutPlayoff';

export const CROSS_TABLE_SHEET = 'Cross-table';
export const CROSS_TABLE_HEADER_ROW = 3;
/** Columns before the results: No., ID, Name, Rank. */
export const CROSS_TABLE_LEAD_COLUMNS = 4;
export const CROSS_TABLE_HEADER = ['No.', 'ID', 'Name', 'Rank'] as const;

const LEGEND = 'Row player against column player: 1 won, 0 lost, ½ jigo, + / − / = by default; b Black, w White; hN N handicap stones. Points: games won (½ a jigo); byes count nothing.';

/** The players in pairing-number order (the ID order when the file has no pairing numbers, or wrong ones). */
function rowOrder(t: Tournament): PlayerId[] {
  const numbered = byPairingNumber(t);
  return numbered.ok ? numbered.value : [...t.players].sort((a, b) => a.id - b.id).map((p) => p.id);
}

/** The text of every result cell: row i against column j, the games in round order (one a cycle). */
export function crossTableResults(t: Tournament): string[][] {
  const order = rowOrder(t);
  return order.map((me) =>
    order.map((them) => {
      if (me === them) return '';
      const games = t.games.filter((g) => (g.white === me && g.black === them) || (g.white === them && g.black === me)).sort((a, b) => a.round - b.round);
      return games.map((g) => formatEntry(entryOf(g, g.white === me ? 'w' : 'b'))).join(' ');
    }),
  );
}

export function crossTableTitle(t: Tournament): string {
  const schedule = t.settings.schedule === 'egc' ? 'EGC league' : 'Berger';
  const cycles = (t.settings.cycles ?? 1) > 1 ? `, ${t.settings.cycles} cycles` : '';
  return `${t.name}: cross-table (round-robin, ${schedule}${cycles})`;
}

/** The header of the column of final places, right of Place, once a league's knockout playoff is over. */
export const CROSS_TABLE_FINAL = 'Final';

/**
 * Each player's final place once the league's knockout playoff is over (seeds/egc-championship-rules.txt, "The
 * League's Knockout Playoffs", "Pairings and Final Places": "The league players not in the knockout keep their places
 * as final"), else undefined — the Place column is the league's order by wins, which the playoff dissolves.
 */
export function crossTableFinalPlaces(t: Tournament): ReadonlyMap<PlayerId, number> | undefined {
  const kind = playoffKindOf(t);
  if (kind !== 'league' || (t.playoffs?.length ?? 0) === 0) return undefined;
  const order = byPairingNumber(t);
  if (!order.ok) return undefined;
  const { outcome, errors } = playoffOutcome(t, kind, order.value);
  return errors.length === 0 ? outcome.finalPlaces : undefined;
}

/**
 * The cross-table. `finalShown`: the Final column's values to render instead of the computed ones (the session
 * renders the column as it was read, so that only what changed is written).
 */
export function crossTableOps(t: Tournament, finalShown?: ReadonlyMap<PlayerId, CellValue>): WorkbookOp[] {
  const sheet = CROSS_TABLE_SHEET;
  const order = rowOrder(t);
  const n = order.length;
  const byId = new Map(t.players.map((p) => [p.id, p]));
  const results = crossTableResults(t);
  const points = crossTablePoints(results);
  const places = crossTablePlaces(points);
  const top = CROSS_TABLE_HEADER_ROW + 1;
  const first = CROSS_TABLE_LEAD_COLUMNS + 1;
  const lastResult = CROSS_TABLE_LEAD_COLUMNS + n;
  const pointsColumn = lastResult + 1;
  const placeColumn = lastResult + 2;
  const finals = finalShown ?? crossTableFinalPlaces(t);
  const width = pointsColumn + 1 + (finals ? 1 : 0);
  const pad = (row: CellInput[]) => [...row, ...new Array<CellInput>(width - row.length).fill(null)];
  const header: CellValue[] = [...CROSS_TABLE_HEADER, ...order.map((_, i) => i + 1), 'Points', 'Place', ...(finals ? [CROSS_TABLE_FINAL] : [])];
  const pointsRange = `$${columnLetter(pointsColumn)}$${top}:$${columnLetter(pointsColumn)}$${top + n - 1}`;
  const rows: CellInput[][] = order.map((id, i) => {
    const p = byId.get(id)!;
    const row = top + i;
    // One plain formula a row, not one spilled array: LibreOffice recalculates array formulas on load and has no GO
    // functions (#NAME? on paper), but keeps a plain formula's cached value, so the printout shows the numbers.
    return [
      i + 1, id, displayName(p), formatRank(p.rank), ...results[i].map((text) => text || null),
      { formula: `=GO.RRPOINTS(${rangeAddress(row, first, row, lastResult)})`, value: points[i] },
      { formula: `=GO.RRPLACE(${columnLetter(pointsColumn)}${row},${pointsRange})`, value: places[i] },
      ...(finals ? [finals.get(id) ?? null] : []),
    ];
  });
  const lastColumn = columnLetter(placeColumn + (finals ? 1 : 0));
  const lastRow = top + n - 1;
  const diagonal: WorkbookOp[] = order.map((_, i) => ({ kind: 'format', sheet, range: `${columnLetter(first + i)}${top + i}`, format: { fill: '#808080' } }));
  const cycles = t.settings.cycles ?? 1;
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells: [pad([crossTableTitle(t)]), pad([LEGEND]), header, ...rows] },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 14, rowHeight: 20 } },
    // The legend wraps inside the printed width (a small league's table is narrower than its one line).
    { kind: 'merge', sheet, range: `A2:${lastColumn}2` },
    { kind: 'format', sheet, range: 'A2', format: { italic: true, fontSize: 9, wrap: true, rowHeight: 26 } },
    { kind: 'format', sheet, range: `A${CROSS_TABLE_HEADER_ROW}:${lastColumn}${CROSS_TABLE_HEADER_ROW}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    { kind: 'format', sheet, range: `A${top}:${lastColumn}${lastRow}`, format: { border: true, rowHeight: 20 } },
    { kind: 'format', sheet, range: `${columnLetter(first)}${top}:${lastColumn}${lastRow}`, format: { horizontalAlignment: 'center' } },
    { kind: 'format', sheet, range: `A${top}:B${lastRow}`, format: { horizontalAlignment: 'center' } },
    { kind: 'format', sheet, range: `D${top}:D${lastRow}`, format: { horizontalAlignment: 'center' } },
    { kind: 'format', sheet, range: `${columnLetter(pointsColumn)}${top}:${lastColumn}${lastRow}`, format: { bold: true, numberFormat: '0.#' } },
    ...diagonal,
    { kind: 'column-widths', sheet, widths: [5, 5, 24, 6, ...new Array<number>(n).fill(cycles > 1 ? 3 + 3 * cycles : 5), 8, 7, ...(finals ? [7] : [])] },
    { kind: 'freeze', sheet, rows: CROSS_TABLE_HEADER_ROW, columns: 3 },
    { kind: 'print', sheet, settings: { printArea: `A1:${lastColumn}${lastRow}`, repeatRows: `${CROSS_TABLE_HEADER_ROW}:${CROSS_TABLE_HEADER_ROW}`, fitToWidth: true, orientation: 'landscape' } },
  ];
}
