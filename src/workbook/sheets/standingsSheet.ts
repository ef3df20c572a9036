/**
 * The `Standings` sheet: `computeStandings` as a table — place (shared by equal players, EGF), the player, his
 * section, and every criterion of the placement order, with the score and the number of wins first.
 *
 * The live sheet is ONE formula, `=GO.STANDINGS(TengenGrid,,,,TengenSettings)` at the header row's first cell,
 * whose answer (the header and one row per player) spills over the table: typing a result on the Grid reorders
 * the standings at once. One spilled formula rather than a column of `=GO.PLACE`, `=GO.SOS`, … per criterion:
 * the columns shown depend on the placement order (Settings, or the ruleset's), which a fixed set of column
 * formulas could not follow, and Excel hands the grid to JavaScript once instead of once per column. It is written
 * with the table it answers now in every cell of the spill (cached values: LibreOffice, a viewer or Excel without
 * the add-in show the numbers). `Standings (final)` is the same table as plain values, the official record.
 */
import { toNumber } from '../../model/fraction';
import { formatRank } from '../../model/rank';
import { displayName, type Criterion, type RulesetName, type Tournament } from '../../model/tournament';
import { computeStandings, shownCriteria, type Standings } from '../../scoring/standings';
import { freshSheetOps, HEADER_FORMAT, type CellInput, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { columnLetter } from '../cells/address';
import { GRID_NAME, SETTINGS_NAME, STANDINGS_CACHE_NAME, withCachedFallback } from '../formulas/names';

export const STANDINGS_SHEET = 'Standings';
export const STANDINGS_HEADER_ROW = 3;

export const CRITERION_LABEL: Readonly<Record<Criterion, string>> = {
  mms: 'MMS',
  nbw: 'Wins',
  sos: 'SOS',
  sos1: 'SOS-1',
  sos2: 'SOS-2',
  sodos: 'SODOS',
  sosos: 'SOSOS',
  cuss: 'CUSS',
  cusp: 'CUSP',
  dc: 'DC',
  oneonone: '1-on-1',
  rating: 'Rating',
  previousorder: 'Prev. order',
  lottery: 'Lottery',
};

function criterionValue(s: Standings, index: number, c: Criterion): number {
  const e = s.entries[index];
  if (c === 'lottery') return -e.values.lottery.num;
  if (c === 'previousorder') return -toNumber(e.values.previousorder);
  return toNumber(e.values[c]);
}

/** `live`: the title does not name the round (the live table follows the results as they are typed). */
export function standingsCells(s: Standings, live = false): CellValue[][] {
  const t = s.tournament;
  const shown = shownCriteria(s);
  const bySection = s.scoreboard.ruleset.placesWithinSection;
  const header = ['Place', 'ID', 'Name', 'Rank', 'City/Club', 'Section', ...shown.map((c) => CRITERION_LABEL[c]), ...(bySection ? [] : ['Section place'])];
  const when = live ? '' : ` after round ${s.asOf} of ${t.settings.rounds}`;
  const title = `${t.name}: standings${when} (${s.scoreboard.ruleset.title}; order ${s.order.map((c) => CRITERION_LABEL[c]).join(' › ')})`;
  const pad = (row: CellValue[]) => [...row, ...new Array<CellValue>(header.length - row.length).fill(null)];
  return [
    pad([title]),
    pad([]),
    header,
    ...s.entries.map((e, i) => [
      e.place,
      e.player.id,
      displayName(e.player),
      formatRank(e.player.rank),
      e.player.club ?? e.player.city ?? null,
      e.section,
      ...shown.map((c) => criterionValue(s, i, c)),
      ...(bySection ? [] : [e.sectionPlace]),
    ]),
  ];
}

/** The live table's formula (the ruleset given when it overrides the grid's). */
export function standingsFormulaText(ruleset?: RulesetName): string {
  return withCachedFallback(`=GO.STANDINGS(${GRID_NAME},${ruleset ? `"${ruleset}"` : ''},,,${SETTINGS_NAME})`, STANDINGS_CACHE_NAME);
}

/**
 * The Standings sheet: live (`=GO.STANDINGS` spilled, with its cached values) on the `Standings` sheet, values only
 * on any other (`Standings (final)`), unless `live` says otherwise.
 */
export function standingsOps(t: Tournament, ruleset?: RulesetName, sheet = STANDINGS_SHEET, live = sheet === STANDINGS_SHEET): WorkbookOp[] {
  const values = standingsCells(computeStandings(t, { ruleset }), live);
  const last = columnLetter(values[STANDINGS_HEADER_ROW - 1].length);
  const cells: CellInput[][] = [...values];
  if (live) {
    const anchor = values[STANDINGS_HEADER_ROW - 1][0];
    const spill = { rows: values.length - STANDINGS_HEADER_ROW + 1, columns: values[STANDINGS_HEADER_ROW - 1].length };
    cells[STANDINGS_HEADER_ROW - 1] = [{ formula: standingsFormulaText(ruleset), value: anchor, spill }, ...values[STANDINGS_HEADER_ROW - 1].slice(1)];
  }
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 12 } },
    { kind: 'format', sheet, range: `A${STANDINGS_HEADER_ROW}:${last}${STANDINGS_HEADER_ROW}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    ...(cells.length > STANDINGS_HEADER_ROW
      ? [{ kind: 'format' as const, sheet, range: `G${STANDINGS_HEADER_ROW + 1}:${last}${cells.length}`, format: { numberFormat: '0.0#' } }]
      : []),
    { kind: 'column-widths', sheet, widths: [6, 5, 26, 6, 14, 9, ...new Array<number>(values[STANDINGS_HEADER_ROW - 1].length - 6).fill(8)] },
    { kind: 'freeze', sheet, rows: STANDINGS_HEADER_ROW, columns: 3 },
    { kind: 'print', sheet, settings: { printArea: `A1:${last}${cells.length}`, repeatRows: `${STANDINGS_HEADER_ROW}:${STANDINGS_HEADER_ROW}`, fitToWidth: true, orientation: 'landscape' } },
  ];
}
