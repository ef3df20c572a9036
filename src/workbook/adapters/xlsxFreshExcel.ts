/**
 * A sheet the adapter created (`xlsxFreshSheet.ts`) handed over to ExcelJS: when a caller asks for the ExcelJS
 * workbook itself (`XlsxWorkbook.excel`: tests, a few CLI paths), its sheets created since must be ExcelJS worksheets
 * too. Each cell's value, formula and format, the merges, widths, frozen panes, print settings and breaks are set on
 * the worksheet as `xlsx.ts` would have set them op by op.
 */
import type ExcelJS from 'exceljs';
import { isFreshFormula, MERGED, type FreshSheet } from './xlsxFreshSheet';

type Sheet = ExcelJS.Worksheet & { rowBreaks: ExcelJS.RowBreak[] };

export function freshToExcel(sheet: FreshSheet, ws: ExcelJS.Worksheet): void {
  const styles = sheet.styles.list.map((s) => {
    const style: Partial<ExcelJS.Style> = {};
    if (s.font) style.font = { ...s.font, ...(s.font.color !== undefined ? { color: { argb: s.font.color } } : {}) } as Partial<ExcelJS.Font>;
    if (s.fill !== undefined) style.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: s.fill } };
    if (s.numFmt !== undefined) style.numFmt = s.numFmt;
    if (s.alignment) style.alignment = { ...s.alignment };
    if (s.border) style.border = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
    return style;
  });
  sheet.rows.forEach((row, i) => {
    if (!row) return;
    const r = ws.getRow(i + 1);
    if (row.height !== undefined) r.height = row.height;
    row.values.forEach((v, j) => {
      if (v === MERGED) return;
      const cell = r.getCell(j + 1);
      if (row.styles[j]) cell.style = structuredClone(styles[row.styles[j]]);
      if (isFreshFormula(v)) cell.value = { formula: v.formula, ...(v.result !== undefined && v.result !== null ? { result: v.result } : {}), ...(v.ref ? { shareType: 'array', ref: v.ref } : {}) } as ExcelJS.CellFormulaValue;
      else if (v !== undefined) cell.value = v;
    });
  });
  for (const m of sheet.merges.values()) ws.mergeCells(m.top, m.left, m.bottom, m.right);
  sheet.widths.forEach((w, i) => {
    if (w !== undefined) ws.getColumn(i + 1).width = w;
  });
  if (sheet.views.length) ws.views = sheet.views.map((v) => ({ ...v })) as ExcelJS.WorksheetView[];
  const p = sheet.page;
  ws.pageSetup = {
    ...ws.pageSetup,
    orientation: p.orientation,
    fitToPage: p.fitToPage,
    fitToWidth: p.fitToWidth,
    fitToHeight: p.fitToHeight,
    scale: p.scale,
    ...(p.paperSize !== undefined ? { paperSize: p.paperSize as ExcelJS.PaperSize } : {}),
    ...(p.printArea !== undefined ? { printArea: p.printArea } : {}),
    ...(p.printTitlesRow !== undefined ? { printTitlesRow: p.printTitlesRow } : {}),
  } as ExcelJS.PageSetup;
  (ws as Sheet).rowBreaks = [];
  for (const r of sheet.breaksAfter) ws.getRow(r).addPageBreak(1, 16384);
}
