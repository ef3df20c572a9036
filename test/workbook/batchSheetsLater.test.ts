/**
 * Issue 28: the sheets only some batches need (the Standings sheet, the hidden caches) are read from their XML when a
 * batch first looks at them (`XlsxWorkbook.readSheetLater`), not with the tournament. What this must keep: the same
 * cells as `readSheet` gives, the cells as they were read whatever a batch changes since, and the same refusal of a
 * sheet beyond the limits, at reading time (`sheetExtent`).
 */
import JSZip from 'jszip';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { readSheetCells, sharedStrings, sheetExtent } from '../../src/workbook/adapters/xlsxSheetReader';
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
