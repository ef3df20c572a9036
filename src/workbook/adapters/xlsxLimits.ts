/**
 * What an `.xlsx` file may hold before Tengen reads it: each part is held to `MAX_PART_BYTES` as it is inflated
 * (`zipParts.ts`), and a sheet's rows and cells are counted on its XML before anything is built from it, so a file
 * whose sheet inflates to a million rows (a few hundred kB on disk, 1.8 GB and 14 s in ExcelJS) is refused in
 * milliseconds, naming the sheet, instead of being loaded whole. A part never read is never inflated, nor counted.
 *
 * The limits are far above what a tournament's workbook holds and far below what hurts: a field of 10,000 players
 * takes some 20,000 Grid rows; the Log of a long event a few thousand lines; the biggest part of the EGC 2024 Main
 * Open's workbook (985 players, 10 rounds) a few MB.
 */
import { TengenInputError } from '../../model/errors';

/** Rows of one sheet, and the last row a sheet may use (the adapter reads a sheet as a rectangle from A1). */
export const MAX_SHEET_ROWS = 100_000;
/** Cells of one sheet, and the cells of the rectangle from A1 to its last cell. */
export const MAX_SHEET_CELLS = 2_000_000;
/** Inflated bytes of one part of the file (a sheet, the shared strings, the styles …). */
export const MAX_PART_BYTES = 64 * 1024 * 1024;

const thousands = (n: number) => n.toLocaleString('en-US');

/** Why a part is refused that inflates beyond `MAX_PART_BYTES` (`where`: its sheet, or its path). */
export function partTooLarge(where: string): TengenInputError {
  return new TengenInputError([{ where, message: `inflates to more than ${thousands(MAX_PART_BYTES / 1024 / 1024)} MB; a tournament's workbook holds far less: is this the right file?` }]);
}

const BEYOND = `a tournament's sheets hold far fewer. Delete the rows below the tournament (Ctrl+End shows the last cell Excel keeps) and save again`;

/**
 * Why a worksheet's XML is refused (its rows, its last row, its cells beyond the limits), or undefined. Counted on the
 * text before anything is built from it: a sheet whose rows carry no address (`r` is optional) is read by ExcelJS,
 * which would build every row first (a million rows: 1.8 GB, 14 s).
 */
export function sheetProblem(xml: string): string | undefined {
  return checkedSheet(xml).problem;
}

/**
 * `sheetProblem`, with the counts it was judged on: those of the whole sheet when it is accepted (counting stops early
 * only past a limit), which a save adds to what it changed in the sheet (`xlsxSheetPatch.ts`, `PatchTally`) rather
 * than count the sheet again.
 */
export function checkedSheet(xml: string): { problem?: string; counts: SheetCounts; rowsAddressed: boolean } {
  primeCountSheet();
  const rows = { addressed: false };
  const counts = countSheet(xml, true, rows);
  const problem = countsProblem(counts);
  return problem === undefined ? { counts, rowsAddressed: rows.addressed } : { problem, counts, rowsAddressed: rows.addressed };
}

function countsProblem({ rows, lastRow, cells }: SheetCounts): string | undefined {
  if (rows > MAX_SHEET_ROWS) return `the sheet has more than ${thousands(MAX_SHEET_ROWS)} rows; ${BEYOND}`;
  if (lastRow > MAX_SHEET_ROWS) return `the sheet has a cell in row ${thousands(lastRow)}, beyond ${thousands(MAX_SHEET_ROWS)} rows; ${BEYOND}`;
  if (cells > MAX_SHEET_CELLS) return `the sheet has more than ${thousands(MAX_SHEET_CELLS)} cells; a tournament's sheets hold far fewer. Delete the cells outside the tournament and save again`;
  return undefined;
}

/** A worksheet's `<row>` elements, its last row number and its `<c>` elements. */
export interface SheetCounts {
  readonly rows: number;
  readonly lastRow: number;
  readonly cells: number;
}

/**
 * A worksheet's rows, its last row number and its cells, counted on the text: what the reader (`sheetProblem`) and
 * the writer (`writtenSheetProblem`) hold to the same limits. `stopEarly`: stop counting rows, or cells, once past
 * its limit (a file of a million rows is refused in milliseconds); the writer counts all, to say how many.
 */
function countSheet(xml: string, stopEarly: boolean, rowTags?: { addressed: boolean }): SheetCounts {
  const prefixed = /^(?:\uFEFF)?(?:<\?[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<[A-Za-z_][\w.-]*:worksheet\b/.test(xml.slice(0, 4000));
  // Whether every row tag (`<row` ending its name) has its address first (` r="12"`), as `patchable` (xlsxSheetPatch.ts)
  // checks the rows of a sheet it patches: found here, where every row tag is looked at anyway (issue 28: not one more
  // search of a congress Grid's megabytes for them). Not said of a prefixed sheet, nor of one counted only in part.
  let addressed = !prefixed;
  let rows = 0;
  let cells = 0;
  let lastRow = 0;
  const row = (tag: string) => {
    rows++;
    const r = ROW_NUMBER.exec(tag);
    if (r) lastRow = Math.max(lastRow, Number(r[1]));
  };
  if (prefixed) {
    for (const m of xml.matchAll(ROW)) row(m[0]);
    cells = xml.match(CELL)?.length ?? 0;
  } else {
    // Without a namespace prefix (Excel, LibreOffice, ExcelJS, Tengen): "<row" and "<c" found by indexOf, many times faster.
    for (let i = xml.indexOf('<row'); i >= 0; i = xml.indexOf('<row', i + 4)) {
      const next = xml.charCodeAt(i + 4);
      if (next !== 32 && next !== 62 && next !== 47 && next !== 9 && next !== 10 && next !== 13) continue; // <rowBreaks>
      // Its address written first (` r="12"`, as every program writes it) is the one `ROW_NUMBER` finds in the tag: read
      // at once, its digits as `Number` reads them (up to 15: exact).
      const digits = xml.startsWith(' r="', i + 4) ? i + 8 : -1;
      let at = digits;
      let number = 0;
      if (digits > 0) for (let ch = xml.charCodeAt(at); ch >= 48 && ch <= 57 && at - digits < 15; ch = xml.charCodeAt(++at)) number = number * 10 + (ch - 48);
      if (at > digits && xml.charCodeAt(at) === 34) {
        rows++;
        if (number > lastRow) lastRow = number;
      } else {
        addressed = false;
        const end = xml.indexOf('>', i);
        row(xml.slice(i, end < 0 ? xml.length : end + 1));
      }
      if (stopEarly && rows > MAX_SHEET_ROWS) {
        addressed = false;
        break;
      }
    }
    for (let i = xml.indexOf('<c', 0); i >= 0; i = xml.indexOf('<c', i + 2)) {
      const next = xml.charCodeAt(i + 2);
      if (next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13) cells++;
      if (stopEarly && cells > MAX_SHEET_CELLS) break;
    }
  }
  if (rowTags) rowTags.addressed = addressed;
  return { rows, lastRow, cells };
}

/**
 * A small sheet with a row of each form `countSheet` counts — its address first, without one, a `<rowBreaks>` tag —
 * and a prefixed one (`<x:worksheet>`), counted before the first sheet (`primeCountSheet`).
 */
export const COUNT_PRIMING_SHEETS = [
  `<worksheet><sheetData>${'<row r="1"><c r="A1"><v>1</v></c><c r="B1"/></row>'.repeat(8)}<row spans="1:1"><c r="A9"/></row><rowBreaks/></sheetData></worksheet>`,
  '<x:worksheet><x:sheetData><x:row r="1"><x:c r="A1"/></x:row></x:sheetData></x:worksheet>',
] as const;

let countPrimed = false;

/**
 * `countSheet` run over `COUNT_PRIMING_SHEETS` a few times before the first sheet is counted (issue 28), both ways
 * (`stopEarly`, `rowTags` or not), as `readCells` is primed (xlsxSheetReader.ts): V8 optimised it in the middle of a
 * congress Grid's loops, before the code after them had ever run, and every sheet counted after fell back to the
 * interpreter at their end ("insufficient type feedback", `node --trace-deopt`: 18 times when a round is written into
 * the 1,000 × 10 file). What is counted is the same: priming counts only its own sheets. (Some eight times its
 * bytecode's size run before V8 keeps what ran: V8 11.3, `--interrupt-budget-factor-for-feedback-allocation`.)
 */
function primeCountSheet(): void {
  if (countPrimed) return;
  countPrimed = true;
  for (let k = 0; k < 12; k++) for (const xml of COUNT_PRIMING_SHEETS) countSheet(xml, k % 2 === 0, k % 4 < 2 ? { addressed: false } : undefined);
}

/** A worksheet's rows, last row and cells counted on its text, all of them (the test of the writer's own counts). */
export function sheetCounts(xml: string): SheetCounts {
  return countSheet(xml, false);
}

/**
 * A `<row …>` start tag (its row number, when written) or a `<c …>` one, with a namespace prefix (never
 * `<rowBreaks>`, `<cols>`, `<cfRule>`).
 */
const ROW = /<(?:[A-Za-z_][\w.-]*:)?row(?=[\s>/])[^>]*>/g;
const ROW_NUMBER = /\sr="(\d+)"/;
const CELL = /<(?:[A-Za-z_][\w.-]*:)?c[\s>/]/g;
/**
 * The most players a workbook holds so that Tengen reads it back (issue 27: "the reader must never refuse what the
 * writer wrote"): the Grid takes two rows a player below its 15 header rows, within `MAX_SHEET_ROWS`. Lower than the
 * 524,280 players a tournament file holds (src/model/limits.ts); `workbookSizeProblem` says so before any work.
 */
export const MAX_WORKBOOK_PLAYERS = Math.floor((MAX_SHEET_ROWS - 15) / 2);

export function workbookSizeProblem(players: number): string | undefined {
  if (players <= MAX_WORKBOOK_PLAYERS) return undefined;
  return `${thousands(players)} players: a workbook holds at most ${thousands(MAX_WORKBOOK_PLAYERS)} (its Grid, two rows a player, within the ${thousands(MAX_SHEET_ROWS)} rows Tengen reads back); keep the tournament in its file (JSON or OpenGotha XML), which holds it, and run the commands on that file`;
}

/**
 * A sheet about to be written, checked against the limits the reader applies (`sheetProblem`), so that no
 * file Tengen writes is refused when read back: its characters (the reader counts the inflated text), rows, last row
 * and cells. Says what is wrong, or undefined.
 */
export function writtenSheetProblem(xml: string, counted?: SheetCounts): string | undefined {
  const advice = 'the workbook is not written; keep the tournament in its file (JSON or OpenGotha XML), which holds it, and run the commands on that file';
  if (xml.length > MAX_PART_BYTES) return `the sheet would take more than ${thousands(MAX_PART_BYTES / 1024 / 1024)} MB, more than Tengen reads back: ${advice}`;
  // A sheet written whole by Tengen's own writer (xlsxSheetWriter.ts) says what it wrote, a sheet patched (xlsxSheetPatch.ts)
  // its counts as read with what the patch added: neither is counted again on its text.
  const { rows, lastRow, cells } = counted ?? countSheet(xml, false);
  if (rows > MAX_SHEET_ROWS || lastRow > MAX_SHEET_ROWS) return `the sheet would have ${thousands(Math.max(rows, lastRow))} rows, more than the ${thousands(MAX_SHEET_ROWS)} Tengen reads back: ${advice}`;
  if (cells > MAX_SHEET_CELLS) return `the sheet would have ${thousands(cells)} cells, more than the ${thousands(MAX_SHEET_CELLS)} Tengen reads back: ${advice}`;
  return undefined;
}
