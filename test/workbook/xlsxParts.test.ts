/**
 * Parts survive (issues 21 R4, 27 "data loss"): a workbook holding what other tools put there — a director's own
 * sheet with a comment, a chart, an image and a table (written as openpyxl writes them: comments in
 * `xl/comments/comment1.xml`, its VML beside the drawings), a comment on a Tengen sheet, Excel's own parts
 * (`xl/webextensions/webextension1.xml`, `taskpanes.xml`, `xl/calcChain.xml`, `xl/metadata.xml`, a custom XML part) —
 * opened and saved by the page's adapter and paired into by `tengen pair … --out`: every part is still there with
 * its bytes (the rewritten sheets and workbook-level lists apart), except the calculation chain, dropped as soon as a
 * sheet is rewritten (xlsxPackage.ts, ECMA-376 Part 1 §18.6). A workbook Tengen creates carries the add-in's parts.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { ADDIN_ID, ADDIN_VERSION, TASKPANES_PART, WEBEXTENSION_PART } from '../../src/workbook/adapters/webExtension';
import { readTournament } from '../../src/workbook/session';
import { cli } from '../support/cli';
import { value } from './fixtures';
import { partsOf, twoRounds, withForeignParts } from './foreignParts';

/** Parts a save may rewrite: the sheets the batch changed, the lists of sheets, names, styles and content types. */
const REWRITTEN = /^(xl\/worksheets\/sheet\d+\.xml|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/styles\.xml|xl\/sharedStrings\.xml|\[Content_Types\]\.xml|xl\/metadata\.xml)$/;

/** The `<si>` items of a shared-strings part. */
const items = (xml: Buffer | undefined) => [...(xml?.toString() ?? '').matchAll(/<si>[\s\S]*?<\/si>/g)].map((m) => m[0]);

function expectKept(before: Map<string, Buffer>, after: Map<string, Buffer>, rewrittenSheets: readonly string[]): void {
  const missing = [...before.keys()].filter((p) => !after.has(p) && p !== 'xl/calcChain.xml');
  expect(missing).toEqual([]);
  expect(after.has('xl/calcChain.xml')).toBe(false);
  const changed = [...before.keys()].filter((p) => after.has(p) && !before.get(p)!.equals(after.get(p)!) && !(REWRITTEN.test(p) && (!p.startsWith('xl/worksheets/') || rewrittenSheets.includes(p))));
  expect(changed).toEqual([]);
  // Strings are only added: every string the kept sheets index is where it was.
  const strings = items(before.get('xl/sharedStrings.xml'));
  expect(items(after.get('xl/sharedStrings.xml')).slice(0, strings.length)).toEqual(strings);
  // The rewritten sheets keep their comment drawings; the calculation chain's relationship and type went with it.
  expect(after.get('xl/_rels/workbook.xml.rels')!.toString()).not.toContain('calcChain');
  expect(after.get('[Content_Types].xml')!.toString()).not.toContain('calcChain');
}

describe('parts another tool or Excel put in the workbook survive', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-parts-'));

  test('a workbook Tengen creates carries the add-in: webextension and task pane parts with the manifest id', async () => {
    const file = path.join(dir, 'new.xlsx');
    expect((await cli(['workbook', twoRounds(dir), '--out', file])).code).toBe(0);
    const parts = await partsOf(readFileSync(file));
    const manifest = readFileSync(path.resolve(__dirname, '..', '..', 'manifest.xml'), 'utf8');
    expect(manifest).toContain(`<Id>${ADDIN_ID}</Id>`);
    expect(manifest).toContain(`<Version>${ADDIN_VERSION}</Version>`);
    expect(parts.get(WEBEXTENSION_PART)!.toString()).toContain(`<we:reference id="${ADDIN_ID}" version="${ADDIN_VERSION}"`);
    expect(parts.get(WEBEXTENSION_PART)!.toString()).toContain('name="Office.AutoShowTaskpaneWithDocument" value="true"');
    expect(parts.get(TASKPANES_PART)!.toString()).toContain('r:id="rId1"');
    expect(parts.get('xl/webextensions/_rels/taskpanes.xml.rels')!.toString()).toContain('Target="webextension1.xml"');
    expect(parts.get('_rels/.rels')!.toString()).toContain('http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes');
    expect(parts.get('[Content_Types].xml')!.toString()).toContain('application/vnd.ms-office.webextensiontaskpanes+xml');
  }, 60_000);

  test('tengen pair … --out: the round is written, every other part kept byte for byte (calcChain dropped)', async () => {
    const file = path.join(dir, 'pair.xlsx');
    expect((await cli(['workbook', twoRounds(dir), '--out', file])).code).toBe(0);
    await withForeignParts(file, { pivot: true });
    const before = await partsOf(readFileSync(file));
    const paired = await cli(['pair', file, '--round', '3', '--out', file]);
    expect(paired.err).toBe('');
    expect(paired.code).toBe(0);
    const after = await partsOf(readFileSync(file));
    const wb = await XlsxWorkbook.open(readFileSync(file));
    expect(await wb.sheetNames()).toContain('Notes');
    expect(await wb.readSheet('Notes')).toEqual([['Budget', 120], ['Hall', 80]]);
    expect(value(await readTournament(wb)).games.some((g) => g.round === 3)).toBe(true);
    // The sheets the pairing writes (Grid, caches, standings, Log, the new round's) are rewritten; the director's is not.
    const rewritten = [...after.keys()].filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p) && !before.get(p)?.equals(after.get(p)!));
    expect(rewritten).toContain('xl/worksheets/sheet1.xml');
    expect(rewritten).not.toContain('xl/worksheets/sheet90.xml');
    expectKept(before, after, rewritten);
    // The pivot table's cache is still listed by the workbook, which the pairing rewrote (new sheets), and found by it.
    expect(after.get('xl/workbook.xml')!.toString()).toContain('<pivotCaches><pivotCache cacheId="1" r:id="rId902"/></pivotCaches>');
    expect(after.get('xl/_rels/workbook.xml.rels')!.toString()).toContain('Id="rId902" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheDefinition" Target="pivotCache/pivotCacheDefinition1.xml"');
    expect(after.get('[Content_Types].xml')!.toString()).toContain('/xl/pivotTables/pivotTable1.xml');
    // The Grid, rewritten, still points at its comment.
    const grid = after.get('xl/worksheets/sheet1.xml')!.toString();
    expect(grid).toContain('<legacyDrawing r:id="rId1"/>');
    expect(after.get('xl/worksheets/_rels/sheet1.xml.rels')).toEqual(before.get('xl/worksheets/_rels/sheet1.xml.rels'));
    // ExcelJS's own reader still fails on openpyxl's comment paths (issue 27's crash); Tengen parses every sheet.
    await expect(new ExcelJS.Workbook().xlsx.load(readFileSync(file).buffer as ArrayBuffer)).rejects.toThrow(/reading 'comments'/);
    const whole = await XlsxWorkbook.load(readFileSync(file));
    expect(await whole.readSheet('Notes')).toEqual([['Budget', 120], ['Hall', 80]]);
  }, 120_000);

  test('the page: opened, a result written, saved: every other part kept byte for byte', async () => {
    const file = path.join(dir, 'page.xlsx');
    expect((await cli(['workbook', twoRounds(dir), '--out', file])).code).toBe(0);
    await withForeignParts(file);
    const bytes = readFileSync(file);
    const before = await partsOf(bytes);
    const wb = await XlsxWorkbook.open(bytes);
    const t = value(await readTournament(wb));
    const game = t.games.find((g) => g.round === 2)!;
    const { resultsBatch } = await import('../../src/workbook/session');
    await wb.apply(resultsBatch(t, 2, [{ table: game.table!, result: 'jigo' }], { confirmOverwrite: true, time: 'test' }));
    const saved = await wb.save();
    const after = await partsOf(saved);
    const rewritten = [...after.keys()].filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p) && !before.get(p)?.equals(after.get(p)!));
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten).not.toContain('xl/worksheets/sheet90.xml');
    expectKept(before, after, rewritten);
    expect(value(await readTournament(await XlsxWorkbook.open(saved))).games.find((g) => g.round === 2 && g.table === game.table)!.result).toBe('jigo');
  }, 120_000);
});
