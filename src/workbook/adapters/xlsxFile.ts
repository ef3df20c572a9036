/**
 * `.xlsx` files on disk, for Node (the CLI, tests). Kept apart from `xlsx.ts` so the browser bundle never sees `fs`.
 *
 * A file is written to a temporary name beside it and renamed over the target, so a crash or a full disk never
 * leaves half a workbook where the director's file was.
 */
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { XlsxWorkbook } from './xlsx';

export async function readXlsxFile(file: string): Promise<XlsxWorkbook> {
  return XlsxWorkbook.open(await readFile(file));
}

export async function writeXlsxFile(file: string, wb: XlsxWorkbook): Promise<void> {
  const bytes = await wb.save();
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (e) {
    await unlink(temporary).catch(() => undefined);
    throw e;
  }
}
