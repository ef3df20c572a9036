/**
 * A formula's text, and a formula's text result, are written into a worksheet with their quotes as they are
 * (xlsxXml.ts `escapeXmlText`, `formulaXmlText`; issue 28: a 1,000-player Grid's formulas held 288,000 `&quot;`),
 * as Excel writes them; attributes and shared strings keep `&quot;`. Reading takes both spellings: a sheet written
 * by an earlier Tengen or another program (`&quot;`) reads as the same sheet with literal quotes.
 */
import fc from 'fast-check';
import JSZip from 'jszip';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { readSheetCellsChecked, readSheetCellsScanned, type CellContext } from '../../src/workbook/adapters/xlsxSheetReader';
import { xmlText } from '../../src/workbook/adapters/xlsxSheetPatch';
import { escapeXml, escapeXmlText, formulaXmlText } from '../../src/workbook/adapters/xlsxXml';
import { gridBatch, readGrid } from '../../src/workbook/sheets/grid';
import { importBatch, readTournament } from '../../src/workbook/session';
import { writeTournamentJson } from '../../src/formats/json';
import { example, gridPart, value } from './fixtures';

/** `&quot;` back to `"` in the element text of a worksheet (outside tags): the old spelling made the new. */
const literalQuotes = (xml: string) => xml.replace(/>([^<]*)</g, (_m, text: string) => `>${text.replaceAll('&quot;', '"')}<`);
/** The new spelling made the old: every `"` of element text written `&quot;`. */
const escapedQuotes = (xml: string) => xml.replace(/>([^<]*)</g, (_m, text: string) => `>${text.replaceAll('"', '&quot;')}<`);

const PIECE = fc.constantFrom('&', '<', '>', '"', '""', "'", '&quot;', 'a', 'IF(H16="+",1,0)', '½', 'é', ' ', '\u0001', '\uFFFE', '\n');

describe('element text written with literal quotes', () => {
  test('escapeXmlText and formulaXmlText are escapeXml and xmlText with each `&quot;` they write a quote', () => {
    fc.assert(
      fc.property(fc.array(PIECE, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        const quoted = (escaped: string) => escaped.replaceAll('&quot;', '"');
        // A `&quot;` of the text itself is escaped `&amp;quot;` by both: only the quotes differ.
        expect(escapeXmlText(text)).toBe(quoted(escapeXml(text)));
        expect(formulaXmlText(text)).toBe(quoted(xmlText(text)));
        expect(formulaXmlText(text)).not.toMatch(/[<>]|&(?!amp;|lt;|gt;)/);
      }),
      { numRuns: 2000, seed: 28 },
    );
    expect(escapeXmlText('IF(H16="+",1,"½")&"<"')).toBe('IF(H16="+",1,"½")&amp;"&lt;"');
  });

  test("a saved sheet's formulas and text results hold literal quotes; its attributes and shared strings keep `&quot;`", async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply({
      label: 'quotes',
      ops: [
        { kind: 'ensure-sheet', sheet: 'Grid' },
        { kind: 'write', sheet: 'Grid', at: 'A1', cells: [[{ formula: 'IF(B1="+","won","")', value: 'won' }, '+', 'say "hi"']] },
      ],
    });
    const zip = await JSZip.loadAsync(await wb.save());
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).toContain('<f>IF(B1="+","won","")</f>');
    expect(sheet).not.toContain('&quot;');
    const strings = await zip.file('xl/sharedStrings.xml')?.async('string');
    if (strings !== undefined) expect(strings).toContain('say &quot;hi&quot;');
    const again = await XlsxWorkbook.load(await wb.save());
    expect(await again.readFormulas('Grid')).toEqual([['=IF(B1="+","won","")', null, null]]);
    expect(await again.readSheet('Grid')).toEqual([['won', '+', 'say "hi"']]);
  });
});

describe('reading takes both spellings', () => {
  const context: CellContext = { strings: [], dateStyles: new Set(), date1904: false };
  const cells = [
    '<c r="A1"><f>IF(B1=&quot;+&quot;,&quot;a &amp;quot; b&quot;,&quot;&quot;)</f><v>1</v></c>',
    '<c r="B1" t="str"><f>&quot;x&quot;&amp;&quot;y&quot;</f><v>&quot;x&quot;y</v></c>',
    '<c r="C1" t="inlineStr"><is><t>say &quot;hi&quot;</t></is></c>',
  ];
  // Above the size `prefixedUnescaped` reads at once, and below.
  for (const rows of [1, 200]) {
    test(`a sheet of ${rows} row(s) of formulas, with and without \`&quot;\`, reads the same`, () => {
      const xml = `<worksheet><sheetData>${Array.from({ length: rows }, (_, r) => `<row r="${r + 1}">${cells.join('').replace(/r="([A-C])1"/g, `r="$1${r + 1}"`)}</row>`).join('')}</sheetData></worksheet>`;
      const literal = literalQuotes(xml);
      expect(literal).not.toContain('&quot;');
      expect(literal).toContain('&amp;quot;');
      const old = readSheetCellsChecked(xml, context, () => undefined)!.cells;
      expect(old.formulas[0]).toEqual(['=IF(B1="+","a &quot; b","")', '="x"&"y"', null]);
      expect(old.values[0]).toEqual([1, '"x"y', 'say "hi"']);
      expect(readSheetCellsChecked(literal, context, () => undefined)!.cells).toEqual(old);
      expect(readSheetCellsScanned(literal, context)!.cells).toEqual(old);
      expect(readSheetCellsScanned(xml, context)!.cells).toEqual(old);
    });
  }

  test('a tournament saved, then its worksheets respelled the old way (`&quot;`), reads the same tournament', async () => {
    const t = example();
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(t, { time: 'then' }));
    const saved = await wb.save();
    const zip = await JSZip.loadAsync(saved);
    let respelled = 0;
    for (const part of Object.keys(zip.files).filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p))) {
      const xml = await zip.file(part)!.async('string');
      const old = escapedQuotes(xml);
      if (old !== xml) respelled++;
      expect(literalQuotes(old)).toBe(xml);
      zip.file(part, old);
    }
    // The Grid's score formulas hold quotes: some sheet was respelled.
    expect(respelled).toBeGreaterThan(0);
    const oldFile = await zip.generateAsync({ type: 'uint8array' });
    const fromNew = await XlsxWorkbook.load(saved);
    const fromOld = await XlsxWorkbook.load(oldFile);
    expect(await fromOld.readFormulas('Grid')).toEqual(await fromNew.readFormulas('Grid'));
    expect(await fromOld.readSheet('Grid')).toEqual(await fromNew.readSheet('Grid'));
    expect(writeTournamentJson(value(await readTournament(fromOld)))).toBe(writeTournamentJson(value(await readTournament(fromNew))));
    expect(writeTournamentJson(value(await readTournament(fromNew)))).toBe(writeTournamentJson(t));
    // And the grid alone, written and reopened.
    const grid = XlsxWorkbook.create();
    await grid.apply(gridBatch(t));
    expect(gridPart(value(readGrid((await (await XlsxWorkbook.load(await grid.save())).readSheet('Grid'))!)))).toEqual(gridPart(t));
  });
});
