/**
 * The quick reader (xlsxSheetReader.ts) reads a sheet's XML exactly as ExcelJS reads it, or leaves the sheet to
 * ExcelJS: every workbook the examples make, and a sheet written by hand with what other programs write (inline
 * strings, rich text, entities, errors, booleans, dates, merged ranges, empty and self-closed cells, attributes in
 * another order, a formula without cached value). Issue 28 made the reader a hand-written scanner: this is its proof.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import JSZip from 'jszip';
import { parseTournamentJson } from '../../src/formats/json';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { importBatch } from '../../src/workbook/session';
import { value } from './fixtures';

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');

async function readAll(bytes: Uint8Array, parsed: boolean) {
  const wb = parsed ? await XlsxWorkbook.load(bytes) : await XlsxWorkbook.open(bytes);
  const out: Record<string, unknown> = {};
  for (const sheet of await wb.sheetNames()) out[sheet] = { values: await wb.readSheet(sheet), formulas: await wb.readFormulas(sheet) };
  return out;
}

/** A workbook whose sheet `Hand` is the given `<sheetData>` (and what follows it). */
async function withSheet(sheetData: string): Promise<Uint8Array> {
  const wb = XlsxWorkbook.create();
  await wb.apply({ label: 'strings', ops: [{ kind: 'ensure-sheet', sheet: 'Hand' }, { kind: 'write', sheet: 'Hand', at: 'A1', cells: [['shared one', 'shared two']] }, { kind: 'format', sheet: 'Hand', range: 'C1', format: { numberFormat: 'yyyy-mm-dd' } }] });
  const zip = await JSZip.loadAsync(await wb.save());
  const part = 'xl/worksheets/sheet1.xml';
  const xml = await zip.file(part)!.async('string');
  const style = /<c r="C1" s="(\d+)"/.exec(xml)?.[1] ?? '0';
  zip.file(part, xml.replace(/<sheetData>[\s\S]*?<\/sheetData>|<sheetData\/>/, sheetData.replace(/DATE_STYLE/g, style)));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

describe('the quick reader reads what ExcelJS reads', () => {
  test('a sheet written by hand: inline and rich text, entities, errors, booleans, dates, merges, empty cells', async () => {
    const bytes = await withSheet(
      '<sheetData>' +
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c t="s" r="B1"><v>1</v></c><c r="C1" s="DATE_STYLE"><v>46000.5</v></c></row>' +
        '<row r="2" spans="1:6"><c r="A2" t="inlineStr"><is><t>in &amp; line</t></is></c><c r="B2" t="inlineStr"><is><r><t>rich </t></r><r><rPr><b/></rPr><t xml:space="preserve">text </t></r></is></c>' +
        '<c r="C2" t="b"><v>1</v></c><c r="D2" t="b"><v>0</v></c><c r="E2" t="e"><v>#N/A</v></c><c r="F2" t="str"><f>"a"&amp;"&lt;b&gt;"</f><v>a&lt;b&gt;</v></c></row>' +
        '<row r="3"><c r="A3"/><c r="B3" s="0"></c><c r="C3"><f>1+1</f></c><c r="D3"><f>SUM(A1:A2)</f><v>0</v></c><c r="E3" t="inlineStr"><is><t></t></is></c><c r="F3"><v>-1.5E-3</v></c></row>' +
        '<row r="5"><c r="B5"><v>7</v></c><c r="C5"><v>8</v></c><c r="D5" t="str"><f t="array" ref="D5:D6">_xldudf_GO_PLACE(A1:A2)</f><v>1</v></c></row>' +
        '<row r="6"><c r="D6"><v>2</v></c><c r="E6" t="inlineStr"><is><t>&#233;t&#xE9;</t></is></c></row>' +
        '</sheetData><mergeCells count="1"><mergeCell ref="B5:C5"/></mergeCells>',
    );
    const quick = await readAll(bytes, false);
    expect(quick).toEqual(await readAll(bytes, true));
    expect((quick.Hand as { values: unknown[][] }).values[1]).toEqual(['in & line', 'rich text ', true, false, '#N/A', 'a<b>']);
    expect((quick.Hand as { formulas: unknown[][] }).formulas[4][3]).toBe('=GO.PLACE(A1:A2)');
  });

  test('every example, written as a workbook, reads the same both ways', async () => {
    for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'))) {
      const t = value(parseTournamentJson(readFileSync(path.join(EXAMPLES, file), 'utf8'), file));
      const wb = XlsxWorkbook.create();
      await wb.apply(importBatch(t, { time: '2026-01-01T00:00:00Z' }));
      const bytes = await wb.save();
      expect({ file, sheets: await readAll(bytes, false) }).toEqual({ file, sheets: await readAll(bytes, true) });
    }
  });
});
