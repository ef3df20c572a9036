/**
 * The shared strings as the quick reader takes them (xlsxSheetReader.ts `sharedStrings`): a plain run read at once
 * (issue 28), every other form — runs with attributes, rich text, phonetic runs, empty items — as before; and the
 * same as ExcelJS reads them from a sheet.
 */
import JSZip from 'jszip';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { sharedStrings } from '../../src/workbook/adapters/xlsxSheetReader';

const ITEMS = [
  '<si><t>Plain</t></si>',
  '<si><t>Tom &amp; Jerry &lt;3 &quot;x&quot; &#233;&#x263A;</t></si>',
  '<si><t xml:space="preserve">  spaced  </t></si>',
  '<si><r><rPr><b/></rPr><t>Rich</t></r><r><t xml:space="preserve"> text</t></r></si>',
  '<si><t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh></si>',
  '<si><t>one</t><t>two</t></si>',
  '<si><t/></si>',
  '<si/>',
  '<si><t></t></si>',
  '<si><t>Łukasz Žák, ½</t></si>',
];
const EXPECTED = ['Plain', 'Tom & Jerry <3 "x" é☺', '  spaced  ', 'Rich text', '漢字', 'onetwo', '', '', '', 'Łukasz Žák, ½'];

function part(items: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${items.length}" uniqueCount="${items.length}">${items.join('')}</sst>`;
}

test('each form of shared string item reads as its text', () => {
  expect(sharedStrings(part(ITEMS))).toEqual(EXPECTED);
});

/**
 * Three forms are read by the quick reader otherwise than by ExcelJS, before issue 28's change as after: two runs
 * without `<r>` (not allowed by the schema: "onetwo" where ExcelJS gives "two"), an empty item `<si/>` and an empty
 * run written open and closed ("" where ExcelJS gives nothing). Left out of the comparison, their reading pinned above.
 */
const DIFFERENT = new Set([5, 7, 8]);
const COMPARED = ITEMS.filter((_s, i) => !DIFFERENT.has(i));
const COMPARED_EXPECTED = EXPECTED.filter((_s, i) => !DIFFERENT.has(i));

test('a sheet of those strings reads the same through the quick reader and through ExcelJS', async () => {
  const wb = XlsxWorkbook.create();
  await wb.apply({ label: 'strings', ops: [{ kind: 'ensure-sheet', sheet: 'Hand' }, { kind: 'write', sheet: 'Hand', at: 'A1', cells: [['x']] }] });
  const zip = await JSZip.loadAsync(await wb.save());
  const sheet = 'xl/worksheets/sheet1.xml';
  const cells = COMPARED.map((_s, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c></row>`).join('');
  zip.file(sheet, (await zip.file(sheet)!.async('string')).replace(/<sheetData>[\s\S]*?<\/sheetData>|<sheetData\/>/, `<sheetData>${cells}</sheetData>`));
  const strings = Object.keys(zip.files).find((f) => /sharedStrings\.xml$/.test(f))!;
  zip.file(strings, part(COMPARED));
  const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  const quick = await (await XlsxWorkbook.open(bytes)).readSheet('Hand');
  const excel = await (await XlsxWorkbook.load(bytes)).readSheet('Hand');
  expect(JSON.stringify(quick)).toEqual(JSON.stringify(excel));
  expect(quick!.map((row) => row[0])).toEqual(COMPARED_EXPECTED);
});
