/**
 * The quick reader's formulas unescaped together (xlsxSheetReader.ts `unescapedFormulas`, issue 28: a congress Grid's
 * 10,000 formulas joined, their `&quot;` replaced at once, split again) read as each unescaped by itself
 * (`readSheetCellsOneByOne`), which test/workbook/quickReader.test.ts compares with ExcelJS: formulas holding each
 * entity, malformed ones, `&amp;quot;`, texts beyond Latin-1, empty formulas, formulas read by the general scan
 * among them, custom functions under their shown names, and every sheet of the examples' workbooks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import JSZip from 'jszip';
import { parseTournamentJson } from '../../src/formats/json';
import { shownFormula, UDF_PREFIX } from '../../src/workbook/adapters/excelFormulaStorage';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { readSheetCellsChecked, readSheetCellsOneByOne, unescapedFormulas, type CellContext } from '../../src/workbook/adapters/xlsxSheetReader';
import { unescapeXml } from '../../src/workbook/adapters/xlsxXml';
import { importBatch } from '../../src/workbook/session';
import { value } from './fixtures';

const context: CellContext = { strings: ['zero', 'one'], dateStyles: new Set(), date1904: false };
/** As the adapter reads custom functions (xlsx.ts `patchOfXml`). */
const shown = (formula: string) => (formula.includes(UDF_PREFIX) ? `=${shownFormula(formula.slice(1))}` : formula);

/** Formula texts as written in `<f>`: every entity, malformed ones, long ones (the byte path), beyond Latin-1. */
const TEXTS = [
  '',
  '1+1',
  'IF(A1=&quot;&quot;,&quot;&quot;,A1)',
  '&quot;a&quot;&amp;&quot;&lt;b&gt;&quot;',
  '&amp;quot;',
  '&&quot;quot;',
  '&quot;quot;',
  '&#34&quot;;',
  '&x&quot;',
  '&apos;x&apos;&#233;&#xE9;',
  'A1&lt;&gt;&quot;x&quot;',
  '&quot;',
  '&quot',
  '&',
  ';&quot;;',
  '&quot;Łukasz&quot;&amp;&quot;☺&quot;',
  `SUM(${Array.from({ length: 80 }, (_x, i) => `IF(B${i}=&quot;+&quot;,1,0)`).join(',')})`,
  `CONCAT(${Array.from({ length: 60 }, (_x, i) => `&quot;é${i}&quot;`).join(',')})`,
  `${UDF_PREFIX}GO_PLACE(A1:A2,&quot;x&quot;)`,
  `IF(${UDF_PREFIX}GO_SOS(Grid!A1:AZ400,A16)&gt;0,1,0)`,
];

function sheet(cells: readonly string[]): string {
  return `<worksheet><sheetData><row r="1">${cells.join('')}</row></sheetData></worksheet>`;
}

const letters = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : `A${String.fromCharCode(65 + i - 26)}`);

describe('formulas unescaped together read as one by one', () => {
  test('unescapedFormulas gives what unescapeXml gives each text, with its =', () => {
    expect(unescapedFormulas(TEXTS)).toEqual(TEXTS.map((t) => `=${unescapeXml(t)}`));
    for (const t of TEXTS) expect(unescapedFormulas([t])).toEqual([`=${unescapeXml(t)}`]);
    expect(unescapedFormulas(['IF(A1=&quot;&quot;,1,2)', 'x&lt;y'])).toEqual(['=IF(A1="",1,2)', '=x<y']);
  });

  test('a sheet of them, with cells the general scan reads among them, reads the same both ways', () => {
    const cells = TEXTS.flatMap((t, i) => [
      `<c r="${letters(i)}1" t="str"><f>${t}</f><v>v</v></c>`,
      // Read by the general scan (attributes in another order, a formula with attributes): unescaped by itself.
      `<c t="str" r="${letters(i)}2"><f>${t}</f><v>w</v></c>`,
      `<c r="${letters(i)}3"><f t="array" ref="${letters(i)}3">${t}</f><v>1</v></c>`,
    ]);
    const xml = `<worksheet><sheetData>${[1, 2, 3].map((r) => `<row r="${r}">${cells.filter((c) => new RegExp(`r="[A-Z]+${r}"`).test(c)).join('')}</row>`).join('')}</sheetData></worksheet>`;
    const together = readSheetCellsChecked(xml, context, () => undefined, shown);
    expect(together).toEqual(readSheetCellsOneByOne(xml, context, () => undefined, shown));
    expect(together!.cells.formulas[0][2]).toBe('=IF(A1="","",A1)');
    expect(together!.cells.formulas[0][18]).toBe('=GO.PLACE(A1:A2,"x")');
    expect(together!.cells.formulas[2][19]).toBe('=IF(GO.SOS(Grid!A1:AZ400,A16)>0,1,0)');
  });

  test('one formula alone, and none', () => {
    const one = sheet(['<c r="A1"><f>&quot;a&quot;</f><v>1</v></c>']);
    expect(readSheetCellsChecked(one, context, () => undefined)).toEqual(readSheetCellsOneByOne(one, context));
    const none = sheet(['<c r="A1" t="s"><v>1</v></c>']);
    expect(readSheetCellsChecked(none, context, () => undefined)).toEqual(readSheetCellsOneByOne(none, context));
  });

  test('every sheet of every example workbook', async () => {
    const examples = path.resolve(__dirname, '..', '..', 'examples');
    let formulas = 0;
    for (const file of readdirSync(examples).filter((f) => f.endsWith('.json'))) {
      const t = value(parseTournamentJson(readFileSync(path.join(examples, file), 'utf8'), file));
      const wb = XlsxWorkbook.create();
      await wb.apply(importBatch(t, { time: '2026-01-01T00:00:00Z' }));
      const zip = await JSZip.loadAsync(await wb.save());
      for (const part of Object.keys(zip.files).filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p))) {
        const xml = await zip.file(part)!.async('string');
        const read = readSheetCellsChecked(xml, context, () => undefined, shown);
        expect({ file, part, read }).toEqual({ file, part, read: readSheetCellsOneByOne(xml, context, () => undefined, shown) });
        formulas += read?.cells.formulas.flat().filter((f) => f !== null).length ?? 0;
      }
    }
    expect(formulas).toBeGreaterThan(1000);
  });
});
