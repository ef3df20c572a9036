/**
 * The `define-name` batch op (the names Tengen's formulas read, `src/workbook/formulas/names.ts`) through the three adapters:
 * in memory, the `.xlsx` file (ExcelJS's definedNames, saved and read back) and Office.js (over the fake Excel:
 * `names.add`, and `delete` then `add` to redefine, within the adapter's two syncs).
 */
jest.mock('office-addin-manifest', () => jest.requireActual('office-addin-manifest/lib/officeApp'));

import JSZip from 'jszip';
import type { WorkbookBatch } from '../../src/workbook/adapters/adapter';
import { BatchError } from '../../src/workbook/adapters/batch';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { absoluteReference, definedNameProblem } from '../../src/workbook/formulas/names';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { MAX_APPLY_SYNCS, OfficeWorkbook } from '../../taskpane/officeAdapter';
import { FakeExcel } from '../addin/fakeExcel';

const define = (range: string, sheet = 'Grid', name = 'TengenGrid'): WorkbookBatch => ({
  label: 'names',
  ops: [{ kind: 'ensure-sheet', sheet }, { kind: 'define-name', sheet, name, range }],
});

describe('names Excel accepts', () => {
  it.each(['TengenGrid', 'TengenSettings', '_x', '\\n', 'A1B', 'Grid.Range'])('%s is a name', (name) => {
    expect(definedNameProblem(name)).toBeUndefined();
  });
  it.each([
    ['', /empty/],
    ['A1', /cell reference/],
    ['XFD1048576', /cell reference/],
    ['R1C1', /R1C1/],
    ['rc', /R1C1/],
    ['c', /reserved/],
    ['Tengen Grid', /not a name/],
    ['1Grid', /not a name/],
  ])('"%s" is refused', (name, why) => {
    expect(definedNameProblem(name)).toMatch(why);
  });
  it('references are absolute, the sheet quoted when it must be', () => {
    expect(absoluteReference('Grid', 'A1:Q95')).toBe('Grid!$A$1:$Q$95');
    expect(absoluteReference('Grid (final)', 'B3')).toBe("'Grid (final)'!$B$3:$B$3");
  });
});

describe('define-name', () => {
  it('in memory: defined, then redefined (case-insensitively the same name)', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply(define('A1:Q95'));
    await wb.apply(define('A1:Q99', 'Grid', 'tengengrid'));
    expect([...wb.names.values()]).toEqual([{ name: 'tengengrid', sheet: 'Grid', range: 'A1:Q99' }]);
  });

  it('a bad name or range is refused before anything is written', async () => {
    const wb = new MemoryWorkbook();
    await expect(wb.apply(define('A1:Q95', 'Grid', 'B2'))).rejects.toThrow(BatchError);
    await expect(wb.apply(define('A1:Q95', 'Grid', 'B2'))).rejects.toThrow(/op 2 \(define-name on Grid\).*cell reference/);
    await expect(wb.apply(define('A1:', 'Grid'))).rejects.toThrow(/not an A1 range/);
    expect(wb.sheets.size).toBe(0);
    const noSheet: WorkbookBatch = { label: 'x', ops: [{ kind: 'define-name', sheet: 'Grid', name: 'TengenGrid', range: 'A1' }] };
    await expect(wb.apply(noSheet)).rejects.toThrow(/sheet "Grid" does not exist/);
  });

  it('in the .xlsx file: one definedName, the new range replacing the old, read back after saving', async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply(define('A1:Q95'));
    await wb.apply(define('A1:T101'));
    await wb.apply(define('A1:B10', 'Settings', 'TengenSettings'));
    const bytes = await wb.save();
    const workbookXml = await (await JSZip.loadAsync(bytes)).file('xl/workbook.xml')!.async('string');
    expect(workbookXml.match(/<definedName [^>]*>[^<]*<\/definedName>/g)).toEqual([
      '<definedName name="TengenGrid">Grid!$A$1:$T$101</definedName>',
      '<definedName name="TengenSettings">Settings!$A$1:$B$10</definedName>',
    ]);
    const back = await XlsxWorkbook.load(bytes);
    await back.apply(define('A1:T103'));
    const again = await (await JSZip.loadAsync(await back.save())).file('xl/workbook.xml')!.async('string');
    expect(again).toContain('<definedName name="TengenGrid">Grid!$A$1:$T$103</definedName>');
    expect(again.match(/TengenGrid/g)).toHaveLength(1);
  });

  it('a spill must come with all its cached values: one beyond the rectangle written is refused', async () => {
    const wb = new MemoryWorkbook();
    const batch: WorkbookBatch = {
      label: 'spill',
      ops: [
        { kind: 'ensure-sheet', sheet: 'S' },
        { kind: 'write', sheet: 'S', at: 'A1', cells: [[{ formula: '=GO.PLACE(G,A1:A5)', value: 1, spill: { rows: 5, columns: 1 } }], [2]] },
      ],
    };
    await expect(wb.apply(batch)).rejects.toThrow(/spills 5 × 1 cells, beyond the rectangle written/);
    expect(wb.sheets.size).toBe(0);
  });

  it('through Office.js, a spilling formula is written alone: the cells of its spill are left for Excel to fill', async () => {
    const excel = new FakeExcel({ Sheet1: [] });
    const wb = new OfficeWorkbook(excel);
    const spill = { rows: 3, columns: 2 };
    await wb.apply({
      label: 'spill',
      ops: [
        { kind: 'ensure-sheet', sheet: 'Standings' },
        { kind: 'write', sheet: 'Standings', at: 'A1', cells: [['Title', 'x'], [{ formula: '=GO.STANDINGS(TengenGrid)', value: 'Place', spill }, 'ID'], [1, 7], [2, 3]] },
      ],
    });
    // Row 1 is not part of the spill: written. A2 the formula; B2:B4 and A3:A4 (its spill) empty.
    expect([...excel.sheet('Standings')!.cells.entries()]).toEqual([
      ['0,0', 'Title'],
      ['0,1', 'x'],
      ['1,0', { formula: '=GO.STANDINGS(TengenGrid)' }],
    ]);
  });

  it('through Office.js: added, then deleted and added again, in at most two syncs per batch', async () => {
    const excel = new FakeExcel({ Grid: [[1]] });
    const wb = new OfficeWorkbook(excel);
    await wb.apply(define('A1:Q95'));
    expect([...excel.names]).toEqual([['TengenGrid', '=Grid!$A$1:$Q$95']]);
    await wb.apply(define('A1:Q97'));
    expect([...excel.names]).toEqual([['TengenGrid', '=Grid!$A$1:$Q$97']]);
    expect(Math.max(...excel.syncsPerRun)).toBeLessThanOrEqual(MAX_APPLY_SYNCS);
  });
});
