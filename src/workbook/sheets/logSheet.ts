/**
 * The `Log` sheet: what was done, when — every pairing (one line per table and per deviation from the system's
 * rules) and every change of a result, registration or section — appended below the lines already there.
 */
import { HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';

export const LOG_SHEET = 'Log';
export const LOG_HEADER: readonly CellValue[] = ['Time', 'Round', 'What'];

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
      { kind: 'column-widths', sheet, widths: [16, 7, 100] },
      { kind: 'print', sheet, settings: { repeatRows: '1:1', fitToWidth: true, orientation: 'landscape' } },
    );
  }
  if (lines.length > 0) {
    const first = Math.max(row, 2);
    // The time as written (Excel would turn an ISO time into a date number).
    ops.push({ kind: 'format', sheet, range: `A${first}:A${first + lines.length - 1}`, format: { numberFormat: '@' } });
    ops.push({ kind: 'write', sheet, at: `A${first}`, cells: lines.map((l) => [time, l.round ?? null, l.what]) });
  }
  return ops;
}

/** The first empty row of a Log sheet's values (2 when it has only its header, or does not exist). */
export function nextLogRow(values: readonly (readonly CellValue[])[] | null): number {
  return Math.max(2, (values?.length ?? 0) + 1);
}
