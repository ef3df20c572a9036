/**
 * Issue 27: a corrupt .xlsx gets a clear message — the file, what is wrong (which part, which sheet), what to do —
 * never JSZip's or ExcelJS's words, and a part cut short is never read as far as it goes (a Players sheet cut in half
 * once lost half the players' details without a word). The CLI reads through `loadTournament`; the page opens with
 * `XlsxWorkbook.open` (taskpane/pageWorkbook.ts) and shows the error's message.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import JSZip from 'jszip';
import { formatInputError, TengenInputError } from '../../src/model/errors';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { loadTournament } from '../../src/workbook/load';
import { importBatch } from '../../src/workbook/session';
import { example } from './fixtures';

let dir: string;
let good: Uint8Array;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tengen-damaged-'));
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(example(), { time: '2026-01-01T00:00:00Z' }));
  good = await wb.save();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The good workbook with one part replaced by its first half. */
async function withPartCut(part: string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(good);
  const text = await zip.file(part)!.async('string');
  zip.file(part, text.slice(0, Math.floor(text.length / 2)));
  return zip.generateAsync({ type: 'uint8array' });
}

async function messagesOf(name: string, bytes: Uint8Array): Promise<string[]> {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const read = await loadTournament(file);
  return read.ok ? [] : read.errors.map(formatInputError);
}

const INTERNAL = /central directory|jszip|corrupted zip|end of data|cannot read properties|undefined|exceljs/i;

describe('a damaged workbook', () => {
  test.each([
    ['an empty file', 'empty.xlsx', () => new Uint8Array(0), 'the file is empty'],
    ['text named .xlsx', 'text.xlsx', () => new TextEncoder().encode('ID;Name\n1;Doe\n'), 'not an .xlsx workbook, or it is damaged'],
    ['a download cut short', 'cut.xlsx', () => good.slice(0, Math.floor(good.length / 2)), 'its zip container cannot be read'],
    [
      'a byte changed inside a part',
      'flipped.xlsx',
      () => {
        const bytes = good.slice();
        bytes[Math.floor(bytes.length / 3)] ^= 0x55;
        return bytes;
      },
      'damaged',
    ],
  ])('%s is refused naming the file and what to do', async (_, name, bytes, what) => {
    const messages = await messagesOf(name, bytes());
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(name);
    expect(messages[0]).toContain(what);
    expect(messages[0]).toContain('open a saved copy');
    expect(messages[0]).not.toMatch(INTERNAL);
  });

  test.each([
    ['xl/worksheets/sheet1.xml', 'Grid', '</worksheet>'],
    ['xl/worksheets/sheet2.xml', 'Players', '</worksheet>'],
    ['xl/sharedStrings.xml', 'xl/sharedStrings.xml', '</sst>'],
    ['xl/workbook.xml', 'xl/workbook.xml', '</workbook>'],
  ])('%s cut short is refused naming it (%s), never read as far as it goes', async (part, where, closing) => {
    const messages = await messagesOf('half.xlsx', await withPartCut(part));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`half.xlsx: ${where}: the workbook is damaged`);
    expect(messages[0]).toContain(`it is cut short (it does not end with ${closing})`);
    expect(messages[0]).not.toMatch(INTERNAL);
  });

  test('the page opens through XlsxWorkbook.open: the same words, as Tengen\'s own error', async () => {
    const refused = await XlsxWorkbook.open(new TextEncoder().encode('not a zip')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TengenInputError);
    expect((refused as Error).message).toContain('not an .xlsx workbook, or it is damaged');
    expect((refused as Error).message).not.toMatch(INTERNAL);
  });

  test('the good workbook still opens', async () => {
    expect(await messagesOf('good.xlsx', good)).toEqual([]);
  });
});
