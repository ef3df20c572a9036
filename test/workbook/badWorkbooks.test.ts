/**
 * Issue 12, the workbook reader: a hand-edited workbook is read as the director left it or refused with an error
 * naming the sheet and cell and what was expected — never a silent guess, never a reset to defaults, never a stack
 * trace. One test per reproducer of the issue.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { TengenInputError } from '../../src/model/errors';
import type { Player, Tournament } from '../../src/model/tournament';
import { loadTournament } from '../../src/workbook/load';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch, newTournamentBatch, readTournament } from '../../src/workbook/session';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { writeXlsxFile } from '../../src/workbook/adapters/xlsxFile';
import { cli } from '../support/cli';
import { errorsOf, example, value } from './fixtures';

const TIME = '2026-05-16T09:00:00.000Z';

async function imported(t: Tournament): Promise<MemoryWorkbook> {
  const wb = new MemoryWorkbook();
  await wb.apply(importBatch(t, { time: TIME }));
  return wb;
}

describe('names', () => {
  test('a family name with a comma ("Smith, Jr.") survives the workbook: its parts come from the Players sheet', async () => {
    const t = example();
    const smith: Player = { ...t.players[0], family: 'Smith, Jr.', given: 'John' };
    const wb = await imported({ ...t, players: [smith, ...t.players.slice(1)] });
    const back = value(await readTournament(wb));
    const p = back.players.find((x) => x.id === smith.id)!;
    expect([p.family, p.given]).toEqual(['Smith, Jr.', 'John']);
  });

  test('a name the director retyped on the Grid wins over the Players sheet (the Grid is the record of names)', async () => {
    const t = example();
    const wb = await imported(t);
    const first = t.players[0];
    const rows = (await wb.readSheet('Grid'))!;
    const row = rows.findIndex((r) => r[0] === first.id) + 1;
    wb.type('Grid', `B${row}`, 'Renamed, Anna');
    const p = value(await readTournament(wb)).players.find((x) => x.id === first.id)!;
    expect([p.family, p.given]).toEqual(['Renamed', 'Anna']);
  });
});

describe('pairing sheets', () => {
  test("a table number typed as text ('Pairings R1'!A4 = \"one\") is refused, naming the cell", async () => {
    const wb = await imported(example());
    wb.type('Pairings R1', 'A4', 'one');
    expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(/^'Pairings R1'!A4: "one" is not a table number; expected a whole number ≥ 1/)]);
  });

  test('a table number 0, negative or fractional is refused; one typed as the text "7" is read as 7', async () => {
    for (const bad of [0, -3, 2.5]) {
      const wb = await imported(example());
      wb.type('Pairings R1', 'A4', bad);
      expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(new RegExp(`^'Pairings R1'!A4: "${bad}" is not a table number`))]);
    }
    const wb = await imported(example());
    const white = (await wb.readSheet('Pairings R1'))![3][1];
    wb.type('Pairings R1', 'A4', '7');
    const t = value(await readTournament(wb));
    const id = Number(/^\d+/.exec(String(white))![0]);
    expect(t.games.find((g) => g.round === 1 && g.white === id)!.table).toBe(7);
  });

  test('a table row whose White or Black does not start with a player ID is refused, naming the cell', async () => {
    const wb = await imported(example());
    wb.type('Pairings R1', 'B4', 'Tremblay, Gabriel');
    expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(/^'Pairings R1'!B4: "Tremblay, Gabriel" does not start with a player's ID; expected "ID Family, Given"/)]);
  });
});

describe('a deleted Settings sheet', () => {
  test('is refused, naming what it held, instead of resetting komi, handicap, tie-breakers and host city', async () => {
    const wb = await imported(example());
    wb.sheets.delete('Settings');
    const errors = errorsOf(await readTournament(wb));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Settings: this workbook has no Settings sheet/);
    expect(errors[0]).toMatch(/komi, handicap, tie-breakers/);
  });

  test('an empty Settings sheet (the header alone) is the director saying "the defaults": read', async () => {
    const wb = await imported(example());
    wb.sheets.delete('Settings');
    wb.type('Settings', 'A1', 'Setting');
    wb.type('Settings', 'B1', 'Value');
    const t = value(await readTournament(wb));
    expect(t.settings.komi).toBeUndefined();
    expect(t.settings.handicap).toBeUndefined();
  });
});

describe('a deleted Players sheet', () => {
  test('is refused, naming what it held, instead of dropping cities, countries, ratings and EGD PINs', async () => {
    const wb = await imported(example());
    wb.sheets.delete('Players');
    expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(/^Players: this workbook has no Players sheet \(it holds the city, country, rating/)]);
  });

  test('an empty Players sheet is the director saying "the Grid alone": read', async () => {
    const wb = await imported(example());
    wb.sheets.delete('Players');
    wb.type('Players', 'A1', 'ID');
    const t = value(await readTournament(wb));
    expect(t.players.every((p) => p.rating === undefined && p.country === undefined)).toBe(true);
  });
});

describe('numbers no tournament holds', () => {
  async function withCell(sheet: string, address: string, v: string | number): Promise<string[]> {
    const wb = await imported(example());
    wb.type(sheet, address, v);
    return errorsOf(await readTournament(wb));
  }

  test.each([2000000000, 1e300, -5000])('an initial score of %s on the Grid is refused, naming the cell', async (v) => {
    expect(await withCell('Grid', 'E16', v)).toEqual([expect.stringMatching(/^Grid!E16: player 1: ".*" is not an initial McMahon score; expected a whole or half number between -1,000 and 1,000/)]);
  });

  test('a section whose initial score is beyond ±1,000 is refused, naming the title cell', async () => {
    expect(await withCell('Grid', 'C9', 'A=2000000000; B=-2; C=-4')).toEqual([expect.stringMatching(/^Grid!C9: "A=2000000000" is not a section; expected name=initial score between -1,000 and 1,000/)]);
  });

  test.each([1e300, 0.3, -1000])('a komi of %s is refused, naming the cell', async (v) => {
    expect(await withCell('Settings', 'B3', v)).toEqual([expect.stringMatching(/^Settings!B3: komi .* expected a whole or half number of points between -100 and 100/)]);
  });

  test('a handicap ceiling beyond 30 stones is refused, naming the cell', async () => {
    expect(await withCell('Settings', 'B5', 1e9)).toEqual([expect.stringMatching(/^Settings!B5: handicap ceiling 1000000000: expected a whole number of stones 0–30/)]);
  });
});

describe('formulas in input cells', () => {
  test('a result cell holding a formula is refused, naming the cell (its cached value may be stale)', async () => {
    const wb = await imported(example());
    const rows = (await wb.readSheet('Grid'))!;
    const row = rows.findIndex((r) => r[0] === 1) + 1;
    wb.type('Grid', `H${row}`, '="+"');
    const errors = errorsOf(await readTournament(wb));
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^Grid!H${row}: holds the formula ="\\+"; expected a typed value`))]);
  });

  test('the same through an .xlsx file whose result formula has a stale cached value', async () => {
    const xlsx = XlsxWorkbook.create();
    await xlsx.apply(importBatch(example(), { time: TIME }));
    const ws = xlsx.excel.getWorksheet('Grid')!;
    let row = 0;
    ws.eachRow((r, n) => {
      if (r.getCell(1).value === 1) row = n;
    });
    ws.getCell(`H${row}`).value = { formula: 'Z99', result: '+' } as ExcelJS.CellFormulaValue;
    const reread = await XlsxWorkbook.load(await xlsx.save());
    expect(errorsOf(await readTournament(reread))).toEqual([expect.stringMatching(new RegExp(`^Grid!H${row}: holds the formula =Z99`))]);
  });
});

describe('limits', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-bad-workbooks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a sheet that inflates to a million rows is refused quickly, naming the sheet', async () => {
    const xlsx = XlsxWorkbook.create();
    await xlsx.apply(importBatch(example(), { time: TIME }));
    const zip = await JSZip.loadAsync(await xlsx.save());
    // The Log sheet: a million rows of one cell each (32 MB of XML; rows and cells without their optional `r`
    // follow each other, so the part deflates to under 100 kB).
    const logPath = await sheetPath(zip, 'Log');
    const original = await zip.file(logPath)!.async('string');
    const rows = '<row><c t="n"><v>1</v></c></row>'.repeat(1_000_000);
    zip.file(logPath, Buffer.from(original.replace(/<sheetData>[\s\S]*<\/sheetData>|<sheetData\/>/, () => `<sheetData>${rows}</sheetData>`)));
    const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bytes.length).toBeLessThan(500_000);
    const file = path.join(dir, 'inflated.xlsx');
    writeFileSync(file, bytes);
    // Refused as the rows are counted, before ExcelJS builds them (how long it takes is not a unit test's business).
    const read = await loadTournament(file);
    expect(errorsOf(read)).toEqual([expect.stringMatching(/^.*inflated\.xlsx: Log: the sheet has more than [\d,]+ rows/)]);
    await expect(XlsxWorkbook.load(bytes)).rejects.toBeInstanceOf(TengenInputError);
  });

  test('a stray entry in the far corner of a sheet (Log!XFD1048576) is refused naming it, not read as 17 billion cells', async () => {
    const xlsx = XlsxWorkbook.create();
    await xlsx.apply(importBatch(example(), { time: TIME }));
    xlsx.excel.getWorksheet('Log')!.getCell('XFD1048576').value = 'x';
    expect(errorsOf(await readTournament(xlsx))).toEqual([expect.stringMatching(/^Log!XFD1048576: the sheet's last cell is row 1048576, column 16384/)]);
    // Tengen itself never writes such a sheet (what it writes, it reads back: issue 27)...
    await expect(xlsx.save()).rejects.toThrow(/Log: the sheet would have 1,048,576 rows/);
    // ...but another program may: the entry planted in the file's XML is refused on opening, before ExcelJS reads it.
    const clean = XlsxWorkbook.create();
    await clean.apply(importBatch(example(), { time: TIME }));
    const zip = await JSZip.loadAsync(await clean.save());
    const log = await sheetPath(zip, 'Log');
    const xml = await zip.file(log)!.async('string');
    zip.file(log, xml.replace('</sheetData>', '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>'));
    const file = path.join(dir, 'corner.xlsx');
    writeFileSync(file, await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    expect(errorsOf(await loadTournament(file))).toEqual([expect.stringMatching(/corner\.xlsx: Log: the sheet has a cell in row 1,048,576/)]);
  });

  test("standings on Tengen's own workbook of a tournament with no players: an empty table", async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply(newTournamentBatch({ name: 'Empty Open', settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf' }, players: [], time: TIME }));
    const file = path.join(dir, 'empty.xlsx');
    await writeXlsxFile(file, wb);
    const run = await cli(['standings', file]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const json = await cli(['standings', file, '--json']);
    expect(json.code).toBe(0);
  });
});

async function sheetPath(zip: JSZip, name: string): Promise<string> {
  const workbook = await zip.file('xl/workbook.xml')!.async('string');
  const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
  const id = new RegExp(`<sheet [^>]*name="${name}"[^>]*r:id="([^"]+)"`).exec(workbook)![1];
  const target = new RegExp(`<Relationship [^>]*Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? new RegExp(`<Relationship [^>]*Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)![1];
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}
