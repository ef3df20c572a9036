/**
 * `.xlsx` files on disk, for Node (the CLI, tests). Kept apart from `xlsx.ts` so the browser bundle never sees `fs`.
 *
 * A file is written to a temporary name beside it and renamed over the target, so a crash or a full disk never
 * leaves half a workbook where the director's file was.
 */
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { XlsxWorkbook } from './xlsx';
import { useZipCodec } from './zipCodec';
import { nodeZipCodec } from './zipCodecNode';

// Node's own zlib for the zip container: synchronous and native (zipCodec.ts).
useZipCodec(nodeZipCodec);

/**
 * The workbook last read or written, with the bytes of its file: a command that reads the file twice (`tengen pair W.xlsx
 * --out W.xlsx` reads it to pair, then again to write, checking it did not change meanwhile) parses it once when
 * the file's bytes are still exactly those, and the workbook was not changed in memory since.
 */
let last: { file: string; bytes: Uint8Array; wb: XlsxWorkbook } | undefined;

export async function readXlsxFile(file: string): Promise<XlsxWorkbook> {
  const bytes = await readFile(file);
  const where = path.resolve(file);
  if (last && last.file === where && !last.wb.changed && Buffer.from(last.bytes.buffer, last.bytes.byteOffset, last.bytes.byteLength).equals(bytes)) return last.wb;
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
    // The workbook just saved is what the file now holds: a read of it next reuses it (its sheets as written, not
    // parsed again), as long as neither changes meanwhile (issue 28).
    last = { file: path.resolve(file), bytes, wb };
  } catch (e) {
    await unlink(temporary).catch(() => undefined);
    throw e;
  }
}
