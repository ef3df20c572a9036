/**
 * `.xlsx` files on disk, for Node (the CLI, tests). Kept apart from `xlsx.ts` so the browser bundle never sees `fs`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { XlsxWorkbook } from './xlsx';

export async function readXlsxFile(file: string): Promise<XlsxWorkbook> {
  return XlsxWorkbook.load(await readFile(file));
}

export async function writeXlsxFile(file: string, wb: XlsxWorkbook): Promise<void> {
  await writeFile(file, await wb.save());
}
