/**
 * The patching of a sheet's XML as it was before issue 28's single pass over the sheet (session 19): a regular
 * expression a row, each changed row's cells joined apart, then the rows joined. Kept here, apart from the code it
 * checks, as the oracle of `patchedSheetXml` (xlsxSheetPatch.ts): the same XML and the same tally, whatever the sheet.
 */
import { attribute, withAttribute } from '../../src/workbook/adapters/xlsxXml';
import { cellAddress } from '../../src/workbook/cells/address';
// The helpers the single pass did not change (a cell's XML, the columns' styles, the tally's test, the dimension, the
// scan of a row's cells one by one) are the code's own: what this oracle keeps apart is the pass over rows, the
// order of a row's columns, the count of cells written, and the scan without its shortcut (`keptCells`).
import {
  cellXml,
  countedCellTag,
  patchPlan,
  restyled,
  scanRowCells,
  withDimension,
  type CellChange,
  type PatchContext,
  type PatchTally,
  type SheetPatch,
} from '../../src/workbook/adapters/xlsxSheetPatch';

const ROW = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;

/**
 * The sheet's XML with the patch's changes made (the rows without a change kept byte for byte); `tally`, when given,
 * receives what changed in its rows and cells (`PatchTally`).
 */
export function oraclePatchedSheetXml(xml: string, patch: SheetPatch, ctx: PatchContext, tally?: PatchTally): string {
  if (!patch.changed) return xml;
  // What changes, and where the data is, found as the code finds it (`patchPlan`): the oracle keeps apart the pass.
  const { byRow, styled, heights, maxRow, maxColumn, colStyle, start, selfClosing, dataStart, dataEnd, data, rows } = patchPlan(xml, patch, ctx);
  let next = 0;
  const out: string[] = [];
  const heightAttributes = (r: number) => (heights.has(r) ? ` ht="${heights.get(r)}" customHeight="1"` : '');
  // Cells written less cells replaced, each counted as `xlsxLimits.ts` counts a cell's tag.
  let cellsAdded = 0;
  let rowsAdded = 0;
  let lastRowAdded = 0;
  const newRow = (r: number) => {
    const cells = rowCells('', byRow.get(r)!, r, undefined);
    if (!(cells || heights.has(r))) return '';
    rowsAdded++;
    lastRowAdded = Math.max(lastRowAdded, r);
    return `<row r="${r}"${heightAttributes(r)}>${cells}</row>`;
  };
  const rowCells = (inner: string, changes: Map<number, CellChange>, r: number, rowStyle: string | undefined): string => {
    const parts: string[] = [];
    const formats = styled.get(r);
    const pending = (formats ? [...new Set([...changes.keys(), ...formats.keys()])] : [...changes.keys()]).sort((a, b) => a - b);
    const emit = (column: number, was: string | undefined, found: string | undefined) => {
      const base = was !== undefined ? found : (rowStyle ?? colStyle(column));
      const f = formats?.get(column);
      const style = f ? String(ctx.style!(Number(base ?? 0), f)) : base;
      const change = changes.get(column);
      if (was !== undefined && countedCellTag(was)) cellsAdded--;
      const cell = change ? cellXml(cellAddress(r, column), style, change, was, ctx, r, column) : was !== undefined ? restyled(was, style) : `<c r="${cellAddress(r, column)}"${style !== undefined ? ` s="${style}"` : ''}/>`;
      if (cell !== '' && countedCellTag(cell)) cellsAdded++;
      parts.push(cell);
    };
    // The cells kept one by one (`scanRowCells` without its shortcut, `keptCells`): what the shortcut must equal.
    scanRowCells(inner, pending, emit, (from, to) => parts.push(inner.slice(from, to)), false);
    return parts.join('');
  };
  ROW.lastIndex = 0;
  let copied = 0;
  for (let m = ROW.exec(data); m; m = ROW.exec(data)) {
    const r = Number(/\sr="(\d+)"/.exec(m[1])![1]);
    for (; next < rows.length && rows[next] < r; next++) {
      out.push(data.slice(copied, m.index));
      copied = m.index;
      out.push(newRow(rows[next]));
    }
    if (next < rows.length && rows[next] === r) {
      next++;
      out.push(data.slice(copied, m.index));
      let open = withAttribute(`<row${m[1]}>`, 'spans', undefined);
      if (heights.has(r)) open = withAttribute(withAttribute(open, 'ht', String(heights.get(r))), 'customHeight', '1');
      const rowStyle = ['1', 'true'].includes(attribute(open, 'customFormat') ?? '') ? attribute(open, 's') : undefined;
      out.push(`${open}${rowCells(m[2] ?? '', byRow.get(r)!, r, rowStyle)}</row>`);
      copied = m.index + m[0].length;
    }
  }
  out.push(data.slice(copied));
  for (; next < rows.length; next++) out.push(newRow(rows[next]));
  const sheetData = `<sheetData>${out.join('')}</sheetData>`;
  const before = xml.slice(0, start);
  const after = xml.slice(selfClosing ? dataStart : dataEnd + '</sheetData>'.length);
  if (tally) {
    tally.rows += rowsAdded;
    tally.cells += cellsAdded;
    tally.lastRow = Math.max(tally.lastRow, lastRowAdded);
  }
  return withDimension(before, maxRow, maxColumn) + sheetData + after;
}
