/**
 * `.xlsx` files on disk, for Node (the CLI, tests). Kept apart from `xlsx.ts` so the browser bundle never sees `fs`.
 *
 * A file is written to a temporary name beside it and renamed over the target, so a crash or a full disk never
 * leaves half a workbook where the director's file was.
 */
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { XlsxWorkbook } from './xlsx';
import { useZipCodec } from './xlsxZip';

// Node's own deflate writes the package: some five times faster than JSZip's JavaScript one (issue 28, `xlsxZip.ts`).
useZipCodec({ deflateRaw: (data) => deflateRawSync(data, { level: 6 }), crc32: (data) => crc32(data) });

/**
 * The workbook last read, with the bytes it was read from: a command that reads the file twice (`tengen pair W.xlsx
 * --out W.xlsx` reads it to pair, then again to write, checking it did not change meanwhile) parses it once when
 * the file's bytes are still exactly those, and the workbook was not changed in memory since.
 */
let last: { file: string; bytes: Uint8Array; wb: XlsxWorkbook } | undefined;

export async function readXlsxFile(file: string): Promise<XlsxWorkbook> {
  const bytes = await readFile(file);
  const where = path.resolve(file);
  if (last && last.file === where && !last.wb.changed && Buffer.from(last.bytes).equals(bytes)) return last.wb;
  const wb = await XlsxWorkbook.open(bytes);
  last = { file: where, bytes, wb };
  return wb;
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
