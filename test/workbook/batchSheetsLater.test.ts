/**
 * Issue 28: the sheets only some batches need (the Standings sheet, the hidden caches) are read from their XML when a
 * batch first looks at them (`XlsxWorkbook.readSheetLater`), not with the tournament. What this must keep: the same
 * cells as `readSheet` gives, the cells as they were read whatever a batch changes since, and the same refusal of a
 * sheet beyond the limits, at reading time (`sheetExtent`).
 */
import fc from 'fast-check';
import JSZip from 'jszip';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { MAX_SHEET_CELLS, MAX_SHEET_ROWS } from '../../src/workbook/adapters/xlsxLimits';
import { readSheetCells, sharedStrings, SMALL_SHEET, sheetExtent, sheetExtentBound } from '../../src/workbook/adapters/xlsxSheetReader';
import { GRID_CACHE_SHEET, STANDINGS_CACHE_SHEET } from '../../src/workbook/formulas/liveCache';
import { importBatch, readSession, readTournament } from '../../src/workbook/session';
import { contextOf } from '../../src/workbook/session/context';
import { errorsOf, example, value } from './fixtures';

const TIME = '2026-05-16T09:00:00.000Z';

async function exampleBytes(): Promise<Uint8Array> {
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(example(), { time: TIME }));
  return wb.save();
}

/** The file's part holding `sheet`. */
async function sheetPath(zip: JSZip, sheet: string): Promise<string> {
  const workbook = await zip.file('xl/workbook.xml')!.async('string');
  const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
  const id = new RegExp(`<sheet [^>]*name="${sheet.replace(/[()]/g, '\\$&')}"[^>]*r:id="([^"]+)"`).exec(workbook)![1];
  const target = new RegExp(`<Relationship [^>]*Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? new RegExp(`<Relationship [^>]*Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)![1];
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

describe('the sheets a batch reads later', () => {
  test('give the cells readSheet gives, for every sheet of a workbook', async () => {
    const bytes = await exampleBytes();
    const later = await XlsxWorkbook.open(bytes);
    const now = await XlsxWorkbook.open(bytes);
    const sheets = await later.sheetNames();
    expect(sheets).toEqual(expect.arrayContaining([GRID_CACHE_SHEET, STANDINGS_CACHE_SHEET, 'Standings']));
    for (const sheet of sheets) {
      const read = await later.readSheetLater(sheet);
      expect({ sheet, read: typeof read }).toEqual({ sheet, read: 'function' });
      expect({ sheet, cells: read!() }).toEqual({ sheet, cells: { values: await now.readSheet(sheet), formulas: await now.readFormulas(sheet) } });
    }
  });

  test('sheetExtent finds the extent the reading finds, on every sheet of a workbook', async () => {
    const zip = await JSZip.loadAsync(await exampleBytes());
    const context = { strings: sharedStrings(await zip.file('xl/sharedStrings.xml')?.async('string')), dateStyles: new Set<number>(), date1904: false };
    for (const name of Object.keys(zip.files).filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f))) {
      const xml = await zip.file(name)!.async('string');
      let extent: { rows: number; columns: number } | undefined;
      readSheetCells(xml, context, (rows, columns) => (extent = { rows, columns }));
      expect({ name, extent: sheetExtent(xml) }).toEqual({ name, extent });
    }
  });

  test('sheetExtentBound passes, refuses and leaves to ExcelJS the sheets sheetExtent does, by the same extent past the limits', () => {
    // The bound it proves is within the limits, or it would refuse what sheetExtent passes.
    expect(SMALL_SHEET.rows <= MAX_SHEET_ROWS && SMALL_SHEET.rows * SMALL_SHEET.columns <= MAX_SHEET_CELLS).toBe(true);
    const fits = (e: { rows: number; columns: number }) => e.rows <= MAX_SHEET_ROWS && e.rows * e.columns <= MAX_SHEET_CELLS;
    /** Its answer against sheetExtent's: the same, or the bound where sheetExtent's extent lies within it. */
    const check = (xml: string) => {
      const exact = sheetExtent(xml);
      const bound = sheetExtentBound(xml);
      if (bound === SMALL_SHEET) {
        expect(exact).toBeDefined();
        expect(exact!.rows <= SMALL_SHEET.rows && exact!.columns <= SMALL_SHEET.columns).toBe(true);
      } else expect(bound).toEqual(exact);
      expect(bound !== undefined && fits(bound)).toBe(exact !== undefined && fits(exact));
      return bound;
    };
    const cells = [
      '<c r="A1"><v>1</v></c>', '<c r="AZ9999" t="s"><v>0</v></c>', '<c r="B7" s="3"/>', '<c r="C3"></c>', '<c r="BA1"><v>1</v></c>',
      '<c r="A10000"><v>1</v></c>', '<c r="AAA1"><v>1</v></c>', '<c r="XFD200"><v>1</v></c>', '<c r="A99999"><v>1</v></c>',
      '<c r="A100001"><v>1</v></c>', '<c t="s" r="D4"><v>1</v></c>', '<c  r="A1"><v>1</v></c>', '<c r="a1"><v>1</v></c>', '<c r="A"><v>1</v></c>',
      '<c r="1"><v>1</v></c>', '<c r=\'A1\'><v>1</v></c>', '<c>x</c>', '<c/>', '<c\nr="A1"><v>1</v></c>', '<cols/>', '<row r="3">', '</row>',
      '<c r="A1', '<c r="Z9999"><f>1</f></c>', '<c r="A01234"><v>1</v></c>', '<c r="A0"><v>1</v></c>',
    ];
    const sheet = (data: string, after = '') => `<worksheet><sheetData>${data}</sheetData>${after}</worksheet>`;
    // Each piece alone and after a sheet the bound covers; a sheet beyond the limits refused by the same extent.
    expect(check(sheet(cells[0] + cells[1]))).toBe(SMALL_SHEET);
    expect(check(sheet(cells[0] + cells[7]))).toEqual({ rows: 200, columns: 16384 });
    expect(check(sheet(`${cells[0]}<c r="A2"`))).toBe(SMALL_SHEET);
    for (const c of cells) for (const data of [c, cells[1] + c, c + cells[1]]) check(sheet(data));
    check('<worksheet><x:sheetData><c r="A1"><v>1</v></c></x:sheetData></worksheet>');
    check('<worksheet><sheetData><c r="A1"><f t="shared" si="0">1</f><v>1</v></c></sheetData></worksheet>');
    check(sheet(cells[0], '<mergeCells/><c r="ZZZ1"><v>1</v></c>'));
    fc.assert(fc.property(fc.array(fc.constantFrom(...cells), { maxLength: 12 }), (parts) => void check(sheet(parts.join('')))), { numRuns: 3000 });
  });

  test('a stray entry far away in a cache sheet is refused on reading, naming it, though its cells are not read yet', async () => {
    const zip = await JSZip.loadAsync(await exampleBytes());
    const part = await sheetPath(zip, GRID_CACHE_SHEET);
    const xml = await zip.file(part)!.async('string');
    // A cell at XFD200: 200 rows × 16,384 columns from A1, beyond the cells a sheet is read as (xlsxLimits.ts).
    zip.file(part, xml.replace('</sheetData>', '<row r="200"><c r="XFD200" t="inlineStr"><is><t>x</t></is></c></row></sheetData>'));
    const wb = await XlsxWorkbook.open(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    expect(errorsOf(await readTournament(wb))).toEqual([expect.stringMatching(/^'Grid \(cache\)'!XFD200: the sheet's last cell is row 200, column 16384/)]);
  });

  test('the cells read are those of the file as read, whatever a batch changed in the sheet before they were looked at', async () => {
    const wb = await XlsxWorkbook.open(await exampleBytes());
    const t = value(await readSession(wb)).tournament;
    const read = contextOf(t).read!;
    await wb.apply({ label: 'changed since', ops: [{ kind: 'write', sheet: GRID_CACHE_SHEET, at: 'A1', cells: [['changed since']] }, { kind: 'write', sheet: 'Standings', at: 'A1', cells: [['changed since']] }] });
    expect((await wb.readSheet(GRID_CACHE_SHEET))![0][0]).toBe('changed since');
    const fresh = await XlsxWorkbook.open(await exampleBytes());
    expect(read.get(GRID_CACHE_SHEET)!.values).toEqual(await fresh.readSheet(GRID_CACHE_SHEET));
    expect(read.get('Standings')!.values).toEqual(await fresh.readSheet('Standings'));
    expect(read.get('Standings')!.formulas).toEqual(await fresh.readFormulas('Standings'));
  });
});
