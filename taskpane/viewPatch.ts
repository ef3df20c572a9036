/**
 * The standalone page's sheet view after a write (issue 28: "the redraw of the sheet view"): a result changes one cell
 * of a congress Grid of thousands, so the worker sends the cells that changed since the view the page holds, and the
 * page changes those cells of the table drawn, instead of the whole sheet crossing again and every row being drawn
 * anew. A change of the sheet's shape (rows or columns added or removed) sends the whole sheet.
 *
 * Pure functions (no DOM, no worker API): the worker (`workbookWorker.ts`) makes the patch, the page
 * (`sheetView.ts`) applies it.
 */
import type { CellValue } from '../src/workbook/adapters/adapter';

/** The cells that changed: `[row, column, value]`, 0-based, in a sheet of the same rows and columns. */
export interface ViewPatch {
  readonly rows: number;
  readonly width: number;
  readonly cells: readonly (readonly [number, number, CellValue])[];
}

/** Rows × the widest row. */
export function sheetShape(values: readonly (readonly CellValue[])[]): { rows: number; width: number } {
  return { rows: values.length, width: values.reduce((w, row) => Math.max(w, row.length), 0) };
}

/** A copy the worker keeps of the values it sent (the adapter's arrays are not promised to stay as they were). */
export function keptCopy(values: readonly (readonly CellValue[])[]): CellValue[][] {
  return values.map((row) => row.slice());
}

/**
 * What changed from `before` to `after`, as a patch; null when the shape changed or more than `most` cells did (the
 * whole sheet is sent then).
 */
export function viewPatch(before: readonly (readonly CellValue[])[], after: readonly (readonly CellValue[])[], most = 2000): ViewPatch | null {
  const was = sheetShape(before);
  const now = sheetShape(after);
  if (was.rows !== now.rows || was.width !== now.width) return null;
  const cells: [number, number, CellValue][] = [];
  for (let r = 0; r < now.rows; r++) {
    const a = before[r];
    const b = after[r];
    for (let c = 0; c < now.width; c++) {
      const v = b[c] ?? null;
      if ((a[c] ?? null) === v) continue;
      if (cells.length >= most) return null;
      cells.push([r, c, v]);
    }
  }
  return { rows: now.rows, width: now.width, cells };
}

/** `values` (the page's copy of the sheet) brought up to date by `patch`; false when it does not fit them (redraw). */
export function applyViewPatch(values: CellValue[][], patch: ViewPatch): boolean {
  const shape = sheetShape(values);
  if (shape.rows !== patch.rows || shape.width !== patch.width) return false;
  for (const [r, c, v] of patch.cells) {
    const row = values[r];
    while (row.length <= c) row.push(null);
    row[c] = v;
  }
  return true;
}
