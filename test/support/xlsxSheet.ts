/** A sheet of an .xlsx file as the tests compare it: its rows of values from A1, read by ExcelJS (not by Tengen's reader). */
import ExcelJS from 'exceljs';

export async function sheetValues(file: string, sheet: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet(sheet);
  if (!ws) throw new Error(`${file} has no sheet ${sheet}`);
  const rows: unknown[][] = [];
  ws.eachRow((row, r) => (rows[r - 1] = (row.values as unknown[]).slice(1)));
  return rows;
}
