/**
 * The `Log` sheet: what was done, when — every pairing (one line per table and per deviation from the system's
 * rules) and every change of a result, registration or section — appended below the lines already there.
 */
import { HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { rowHeight, wrappedLines } from '../print/paper';

export const LOG_SHEET = 'Log';
export const LOG_HEADER: readonly CellValue[] = ['Time', 'Round', 'What'];
/** The What column's width (characters): with the time and the round, a landscape page at full size. */
const LOG_WHAT_WIDTH = 100;

export interface LogLine {
  readonly round?: number;
  readonly what: string;
}

/**
 * The time a Log line is stamped with: the local time of the machine the director works on — the tournament's own
 * clock, as the director reads it ("2026-05-16 14:05"), not UTC in ISO 8601 (issue 25).
 */
export function logTime(now: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())} ${two(now.getHours())}:${two(now.getMinutes())}`;
}

/** The ops writing `lines` at `row` (the first empty row; 2 on a new Log), the header included when row is 2. */
export function logOps(lines: readonly LogLine[], row: number, time: string): WorkbookOp[] {
  const sheet = LOG_SHEET;
  const ops: WorkbookOp[] = [{ kind: 'ensure-sheet', sheet }];
  if (row <= 2) {
    ops.push(
      { kind: 'write', sheet, at: 'A1', cells: [[...LOG_HEADER]] },
      { kind: 'format', sheet, range: 'A1:C1', format: HEADER_FORMAT },
      // The time column as wide as the local time it holds ("2026-05-16 14:05").
      { kind: 'column-widths', sheet, widths: [16, 7, LOG_WHAT_WIDTH] },
      { kind: 'print', sheet, settings: { repeatRows: '1:1', fitToWidth: true, orientation: 'landscape' } },
    );
  }
  if (lines.length > 0) {
    const first = Math.max(row, 2);
    // The time as written (Excel would turn an ISO time into a date number).
    ops.push({ kind: 'format', sheet, range: `A${first}:A${first + lines.length - 1}`, format: { numberFormat: '@' } });
    ops.push(...logWrapOps(first, lines));
    ops.push({ kind: 'write', sheet, at: `A${first}`, cells: lines.map((l) => [time, l.round ?? null, l.what]) });
  }
  return ops;
}

/**
 * What a line says wraps within the What column (issue 25: a long line ran on past the column, and a printout fitted
 * to the width of the longest shrank every page of the Log to unreadable type). An appended line's row is known only
 * when the batch is applied (another pane may have appended since it was read), so the rows from `first` on are
 * formatted with room for `slack` more lines: formatting an empty cell changes nothing a director sees.
 */
export function logWrapOps(first: number, lines: readonly LogLine[], slack = 0): WorkbookOp[] {
  const ops: WorkbookOp[] = [{ kind: 'format', sheet: LOG_SHEET, range: `C${first}:C${first + lines.length - 1 + slack}`, format: { wrap: true } }];
  // A line longer than its column gets a row as tall as its wrapped lines (LibreOffice keeps a row written without a
  // height at 15 pt, and would print the lines over each other).
  lines.forEach((l, i) => {
    const wrapped = wrappedLines(l.what, LOG_WHAT_WIDTH);
    if (wrapped > 1) ops.push({ kind: 'format', sheet: LOG_SHEET, range: `A${first + i}:C${first + i}`, format: { rowHeight: rowHeight(11) * wrapped } });
  });
  return ops;
}

/** The first empty row of a Log sheet's values (2 when it has only its header, or does not exist). */
export function nextLogRow(values: readonly (readonly CellValue[])[] | null): number {
  return Math.max(2, (values?.length ?? 0) + 1);
}
