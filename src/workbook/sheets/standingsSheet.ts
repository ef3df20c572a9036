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
import { cachedStandings, entryValues, shownCriteria, showsSections, type Standings } from '../../scoring/standings';
import { freshSheetOps, HEADER_FORMAT, type CellInput, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { columnLetter } from '../cells/address';
import { fontSizeToFit, rowHeight, wrappedLines } from '../print/paper';
import { GRID_NAME, SETTINGS_NAME, STANDINGS_CACHE_NAME, withCachedFallback } from '../formulas/names';
import { spillsKnown } from './spills';

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

/**
 * The table's value of a criterion, by the entry's place in the list: the entry's `values[c]` as a number (the lottery
 * and previous order negated), read through `entryValues` (the same values, without making each entry's `values`
 * object; issue 28).
 */
function criterionColumn(s: Standings, c: Criterion): (index: number) => number {
  const value = entryValues(s, c);
  if (c === 'lottery') return (i) => -value(i).num;
  if (c === 'previousorder') return (i) => -toNumber(value(i));
  return (i) => toNumber(value(i));
}

/** `live`: the title does not name the round (the live table follows the results as they are typed). */
export function standingsCells(s: Standings, live = false): CellValue[][] {
  const t = s.tournament;
  const shown = shownCriteria(s);
  const bySection = s.scoreboard.ruleset.placesWithinSection;
  const sections = showsSections(s);
  const header = ['Place', 'ID', 'Name', 'Rank', 'City/Club', ...(sections ? ['Section'] : []), ...shown.map((c) => CRITERION_LABEL[c]), ...(sections && !bySection ? ['Section place'] : [])];
  const when = live ? '' : ` after round ${s.asOf} of ${t.settings.rounds}`;
  // The title on two lines, the tournament and the rules each on its own, so that neither runs past the printed page
  // (issue 25: one line of both was wider than the table, cut at the page's edge or shrinking the whole page).
  const title = `${t.name}: standings${when}`;
  const rules = `${s.scoreboard.ruleset.title}; order ${s.order.map((c) => CRITERION_LABEL[c]).join(' › ')}`;
  const pad = (row: CellValue[]) => [...row, ...new Array<CellValue>(header.length - row.length).fill(null)];
  // (a row per entry, made once for the standings' entries: `entryRows`)
  let rows = entryRows.get(s.entries);
  if (!rows) {
    const columns = shown.map((c) => criterionColumn(s, c));
    rows = s.entries.map((e, i) => [
      e.place,
      e.player.id,
      displayName(e.player),
      formatRank(e.player.rank),
      e.player.club ?? e.player.city ?? null,
      ...(sections ? [e.section] : []),
      ...columns.map((column) => column(i)),
      ...(sections && !bySection ? [e.sectionPlace] : []),
    ]);
    entryRows.set(s.entries, rows);
  }
  return [pad([title]), pad([rules]), header, ...rows];
}

/**
 * The table's rows of players, by the entries they show: the same for the live table and its values-only copy (the
 * `Standings (cache)` sheet), and for a tournament's twin, whose standings share the very entries
 * (`cachedStandings`, scoring/standings.ts) — made once rather than some three times a round's batch (issue 28: a
 * congress's table is 1,000 rows of values read through each entry's criteria). A row follows from its entry and from
 * what the standings' entries were computed with alone (the criteria shown, the sections): the same for whatever
 * standings hold those entries. Read, never changed.
 */
const entryRows = new WeakMap<Standings['entries'], CellValue[][]>();

/**
 * Column widths from what the columns hold: each at least its header (so "Section place" is never cut to
 * "ection place") and its longest entry, names and clubs capped (longer ones wrap), numbers a little wider than
 * their longest value.
 */
export function standingsWidths(values: readonly (readonly CellValue[])[]): number[] {
  const header = values[STANDINGS_HEADER_ROW - 1];
  const body = values.slice(STANDINGS_HEADER_ROW);
  const caps: Record<string, number> = { Name: 28, 'City/Club': 26 };
  return header.map((h, c) => {
    // (the longest by a loop over the rows, not `Math.max` of a list made per column: a congress's table is 1,000 rows
    // of a dozen columns, rendered as read and as it will be each batch; issue 28)
    let longest = String(h ?? '').length + 2;
    for (let r = 0; r < body.length; r++) {
      const length = String(body[r][c] ?? '').length + 1;
      if (length > longest) longest = length;
    }
    return Math.max(5, Math.min(caps[String(h)] ?? 16, longest));
  });
}

/**
 * A title line's format: bold or italic, `preferred` points when it fits the table's width, smaller when it does not
 * (never under 8 pt), the row as tall as its type.
 */
function titleFormat(text: string, widths: readonly number[], preferred: number, bold: boolean) {
  // A bold letter is wider than a plain one: the width it fits is taken a tenth narrower.
  const width = widths.reduce((a, b) => a + b, 0) * (bold ? 0.9 : 1);
  const fontSize = fontSizeToFit(text, width, preferred, 8);
  return { ...(bold ? { bold: true } : { italic: true }), fontSize, rowHeight: rowHeight(Math.max(fontSize, 11)) };
}

/** The rows (1-based) whose name or club wraps, with how many lines they take (columns C–E wrap). */
export function wrappedRowHeights(values: readonly (readonly CellValue[])[], widths: readonly number[]): { row: number; lines: number }[] {
  const out: { row: number; lines: number }[] = [];
  values.forEach((line, r) => {
    if (r < STANDINGS_HEADER_ROW) return;
    // (columns C–E, each looked at in place, no list made per row — issue 28; each at least one line, as `wrappedLines`
    // answers)
    let lines = 1;
    for (let c = 2; c <= 4; c++) {
      const cell = line[c];
      const n = cell === null || cell === undefined ? 1 : wrappedLines(String(cell), widths[c]);
      if (n > lines) lines = n;
    }
    if (lines > 1) out.push({ row: r + 1, lines });
  });
  return out;
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
  const standings = cachedStandings(t, { ruleset });
  const values = standingsCells(standings, live);
  const header = values[STANDINGS_HEADER_ROW - 1];
  const last = columnLetter(header.length);
  const widths = standingsWidths(values);
  const firstNumber = columnLetter(showsSections(standings) ? 7 : 6);
  const cells: CellInput[][] = [...values];
  if (live) {
    const anchor = values[STANDINGS_HEADER_ROW - 1][0];
    const spill = { rows: values.length - STANDINGS_HEADER_ROW + 1, columns: values[STANDINGS_HEADER_ROW - 1].length };
    cells[STANDINGS_HEADER_ROW - 1] = [{ formula: standingsFormulaText(ruleset), value: anchor, spill }, ...values[STANDINGS_HEADER_ROW - 1].slice(1)];
  }
  // Its spilling formulas declared (spills.ts, `spillsKnown`): the live table's one — a spill over more than one cell —
  // or none, the other cells being values (issue 28: `sheetChanges` looked through a congress's 13,000 cells for it).
  const table = cells[STANDINGS_HEADER_ROW - 1]?.[0];
  const spilling = table !== null && typeof table === 'object' && table.spill !== undefined && (table.spill.rows > 1 || table.spill.columns > 1);
  spillsKnown(cells, spilling ? [[STANDINGS_HEADER_ROW - 1, 0]] : []);
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    // Each title line in a size that fits the table's width (the print area): never past the page's edge.
    { kind: 'format', sheet, range: 'A1', format: titleFormat(String(values[0][0]), widths, 12, true) },
    { kind: 'format', sheet, range: 'A2', format: titleFormat(String(values[1][0]), widths, 11, false) },
    { kind: 'format', sheet, range: `A${STANDINGS_HEADER_ROW}:${last}${STANDINGS_HEADER_ROW}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    // Whole numbers as whole numbers, halves as .5 (General: "7", "7.5"; not "7.0"), places likewise (issue 25).
    ...(cells.length > STANDINGS_HEADER_ROW
      ? [{ kind: 'format' as const, sheet, range: `${firstNumber}${STANDINGS_HEADER_ROW + 1}:${last}${cells.length}`, format: { numberFormat: 'General' } }]
      : []),
    // A club longer than its column wraps rather than running into the next column (printed or not), its row as tall
    // as its lines (LibreOffice keeps a row written without a height at 15 pt: the lines printed over the next row).
    ...(cells.length > STANDINGS_HEADER_ROW ? [{ kind: 'format' as const, sheet, range: `C${STANDINGS_HEADER_ROW + 1}:E${cells.length}`, format: { wrap: true } }] : []),
    ...wrappedRowHeights(values, widths).map(({ row, lines }) => ({ kind: 'format' as const, sheet, range: `A${row}:${last}${row}`, format: { rowHeight: rowHeight(11) * lines } })),
    { kind: 'column-widths', sheet, widths },
    { kind: 'freeze', sheet, rows: STANDINGS_HEADER_ROW, columns: 3 },
    { kind: 'print', sheet, settings: { printArea: `A1:${last}${cells.length}`, repeatRows: `${STANDINGS_HEADER_ROW}:${STANDINGS_HEADER_ROW}`, fitToWidth: true, orientation: 'landscape' } },
  ];
}
