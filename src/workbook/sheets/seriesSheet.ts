/**
 * The `Series` sheet: the tournaments of a series (the list a director keeps, one file a line, in the order held)
 * and the series table computed from them (src/scoring/series.ts). `tengen series FILE… --out SERIES.xlsx` writes
 * it; `tengen series SERIES.xlsx` reads the list back, so a tournament is added by adding a line to the list.
 * Values only: the table is rewritten by the command, not recalculated by formulas.
 */
import { failed, ok, type Parsed } from '../../model/errors';
import { toNumber, type Fraction } from '../../model/fraction';
import { displayName } from '../../model/tournament';
import type { SeriesTable } from '../../scoring/series';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { columnLetter } from '../cells/address';

export const SERIES_SHEET = 'Series';

const LIST_HEADER = ['#', 'File', 'Tournament', 'Participants', 'Two cycles'] as const;

const STEP_WORDS: Readonly<Record<string, string>> = {
  points: 'points',
  'counted-tournaments': 'fewer counted',
  'first-places': 'first places',
  'first-place-quality': 'bigger field won',
  equal: 'equal',
};

/** The title line, shared by the sheet and the text table. */
export function seriesTitle(s: SeriesTable): string {
  const last = s.tournaments[s.held - 1];
  return `Series after tournament ${s.held} of ${s.of} (${last.label}): the best ${s.counted} result${s.counted === 1 ? '' : 's'} count (75 % of ${s.held} tournament${s.held === 1 ? '' : 's'}, rounded down, at least 1)`;
}

/**
 * The table, a header then one line per player: a counted result as its points, one that does not count in
 * brackets, `-` where he did not play. `value` writes points: a number for the sheet, text for the terminal.
 */
export function seriesTableCells(s: SeriesTable, value: (points: Fraction) => CellValue): CellValue[][] {
  const header = ['Pl', 'Name', 'Club', 'EGD PIN', ...s.tournaments.map((_, i) => `T${i + 1}`), 'Points', 'Counted', 'Played', '1st', '1st of', 'Ahead by'];
  const rows = s.rows.map((r): CellValue[] => [
    r.place,
    displayName(r.player),
    r.player.club ?? '',
    r.player.egdPin ?? '',
    ...r.results.map((x) => (x === undefined ? '-' : x.counted ? value(x.points) : `(${String(value(x.points))})`)),
    value(r.points),
    r.countedTournaments,
    r.played,
    r.firstPlaces,
    r.firstPlaceFields.join(', '),
    r.aheadOfNextBy ? STEP_WORDS[r.aheadOfNextBy] : '',
  ]);
  return [header, ...rows];
}

/** `files`: each tournament's file as the list names it (relative to the workbook's folder). */
export function seriesSheetOps(s: SeriesTable, files: readonly string[]): WorkbookOp[] {
  const sheet = SERIES_SHEET;
  const list: CellValue[][] = [[...LIST_HEADER], ...files.map((f, i): CellValue[] => {
    const t = s.tournaments[i];
    return [i + 1, f, t?.name ?? '', t ? t.players.length : '', t?.twoCycle ? 'yes' : ''];
  })];
  const tableRow = 4 + list.length + 1;
  const cells = seriesTableCells(s, (f) => toNumber(f));
  const width = cells[0].length;
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells: [[seriesTitle(s)]] },
    { kind: 'write', sheet, at: 'A3', cells: [['Tournaments, in the order held (add a line and run `tengen series` on this workbook again)']] },
    { kind: 'write', sheet, at: 'A4', cells: list },
    { kind: 'format', sheet, range: `A4:${columnLetter(LIST_HEADER.length)}4`, format: HEADER_FORMAT },
    { kind: 'write', sheet, at: `A${tableRow}`, cells },
    { kind: 'format', sheet, range: `A${tableRow}:${columnLetter(width)}${tableRow}`, format: HEADER_FORMAT },
    { kind: 'column-widths', sheet, widths: [4, 22, 12, 10, ...s.tournaments.map(() => 6), 8, 8, 7, 5, 8, 16] },
  ];
}

/** The files the sheet lists, in order: column File below the list's header, to the first empty line or the table. */
export function readSeriesFiles(cells: readonly (readonly CellValue[])[], file: string): Parsed<string[]> {
  const header = cells.findIndex((r) => r[0] === LIST_HEADER[0] && r[1] === LIST_HEADER[1]);
  if (header < 0) return failed([{ file, where: `${SERIES_SHEET}!A:B`, message: 'no list of tournaments: expected a header row "#", "File"' }]);
  const files: string[] = [];
  for (let r = header + 1; r < cells.length; r++) {
    const name = cells[r][1];
    // the table's header ends the list too, when a line added to the list took the empty line between them
    if (cells[r][0] === 'Pl') break;
    if (name === null || name === undefined || String(name).trim() === '') break;
    files.push(String(name).trim());
  }
  if (files.length === 0) return failed([{ file, where: `${SERIES_SHEET}!B${header + 2}`, message: 'the list of tournaments is empty: write one tournament file a line below "File"' }]);
  return ok(files);
}
