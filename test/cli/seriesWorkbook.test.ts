/**
 * The Series sheet: `tengen series FILE… --out SERIES.xlsx` writes the tournaments' list and the table into a
 * workbook; `tengen series SERIES.xlsx` reads the list back (files relative to the workbook), so a director adds a
 * tournament by adding a line to the list and runs the command again.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { readXlsxFile } from '../../src/workbook/adapters/xlsxFile';
import { SERIES_SHEET } from '../../src/workbook/sheets/seriesSheet';
import { cli } from '../support/cli';

const DIR = path.resolve(__dirname, '..', 'fixtures', 'series');
const NAMES = ['t1-jaro.json', 't2-dvoukolovy.json', 't3-brno.json', 't4-praha.json', 't5-podzim.json'];

test('a Series sheet lists the tournaments and the table; the workbook is read back as the list of files', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-series-'));
  for (const n of NAMES) copyFileSync(path.join(DIR, n), path.join(dir, n));
  const out = path.join(dir, 'serie-2026.xlsx');
  const written = await cli(['series', ...NAMES.slice(0, 4).map((n) => path.join(dir, n)), '--out', out]);
  expect(written.err).toBe('');
  expect(written.code).toBe(0);
  expect(written.out).toMatch(/serie-2026\.xlsx: Series/);

  const wb = await readXlsxFile(out);
  const cells = (await wb.readSheet(SERIES_SHEET))!;
  const text = cells.map((r) => r.map((c) => (c === null ? '' : String(c))).join('|'));
  expect(text.some((l) => l.startsWith('2|t2-dvoukolovy.json|'))).toBe(true);
  expect(text.some((l) => /^1\|Novák, Jan\|Praha\|12345678\|4\|4\|-\|4\|12\|/.test(l))).toBe(true);

  // read back: the same table as from the files
  const fromWorkbook = await cli(['series', out, '--json']);
  const fromFiles = await cli(['series', ...NAMES.slice(0, 4).map((n) => path.join(dir, n)), '--json']);
  expect(fromWorkbook.err).toBe('');
  expect(fromWorkbook.out).toBe(fromFiles.out);

  // a workbook already there is replaced only with --overwrite
  const refused = await cli(['series', out, '--out', out]);
  expect(refused.code).toBe(1);
  expect(refused.err).toMatch(/--overwrite/);

  // the director adds the fifth tournament to the list and runs the command on the workbook again
  await wb.loadAll(); // the .xlsx adapter parses sheets when read: all of them, to edit them through ExcelJS
  const sheet = wb.excel.getWorksheet(SERIES_SHEET)!;
  const last = cells.findIndex((r) => r[1] === 't4-praha.json') + 1;
  sheet.getCell(`A${last + 1}`).value = 5;
  sheet.getCell(`B${last + 1}`).value = 't5-podzim.json';
  await wb.excel.xlsx.writeFile(out);
  const updated = await cli(['series', out, '--out', out, '--overwrite']);
  expect(updated.err).toBe('');
  expect(updated.out).toMatch(/5 tournaments listed, the table after tournament 5/);
  const five = await cli(['series', ...NAMES.map((n) => path.join(dir, n)), '--json']);
  expect((await cli(['series', out, '--json'])).out).toBe(five.out);
});

test('a workbook without a Series sheet that is no tournament either is named', async () => {
  const r = await cli(['series', path.join(DIR, 'nope.xlsx')]);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/nope\.xlsx/);
});
