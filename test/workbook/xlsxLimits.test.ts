/**
 * The counting of a sheet's rows and cells (xlsxLimits.ts) is run over `COUNT_PRIMING_SHEETS` before the first sheet
 * (`primeCountSheet`, issue 28: so that V8 optimises it having seen each of its paths run). The priming sheets hold a
 * row of each form and count as their rows and cells say; the first sheet a process counts, just after the priming,
 * counts as it does later, whatever the priming counted before.
 */
import { checkedSheet, COUNT_PRIMING_SHEETS, sheetCounts } from '../../src/workbook/adapters/xlsxLimits';

describe('priming the count of a sheet', () => {
  test('the priming sheets hold a row of each form and count as they say', () => {
    const [plain, prefixed] = COUNT_PRIMING_SHEETS;
    for (const form of ['<row r="', '<row spans', '<rowBreaks/>', '<c r="B1"/>']) expect(plain).toContain(form);
    expect(prefixed).toContain('<x:worksheet>');
    expect(checkedSheet(plain)).toEqual({ counts: { rows: 9, lastRow: 1, cells: 17 }, rowsAddressed: false });
    expect(checkedSheet(prefixed)).toEqual({ counts: { rows: 1, lastRow: 1, cells: 1 }, rowsAddressed: false });
    expect(COUNT_PRIMING_SHEETS.map(sheetCounts)).toEqual([
      { rows: 9, lastRow: 1, cells: 17 },
      { rows: 1, lastRow: 1, cells: 1 },
    ]);
  });

  test("a process's first sheet, counted just after the priming, counts as it does later", () => {
    // Unlike the priming sheets (rows far down, every row addressed, a sheet of 100,001 rows refused): what the
    // priming counted (its last row, its unaddressed row) must not reach it.
    const sheet = `<worksheet><sheetData><row r="7"><c r="A7"><v>1</v></c></row><row r="4000"><c r="C4000"/><c r="D4000"/></row></sheetData></worksheet>`;
    const tooMany = `<worksheet><sheetData>${'<row r="2"/>'.repeat(100_001)}</sheetData></worksheet>`;
    let first: ReturnType<typeof checkedSheet> | undefined;
    let refused: string | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('../../src/workbook/adapters/xlsxLimits') as typeof import('../../src/workbook/adapters/xlsxLimits');
      first = fresh.checkedSheet(sheet);
      refused = fresh.checkedSheet(tooMany).problem;
    });
    expect(first).toEqual({ counts: { rows: 2, lastRow: 4000, cells: 3 }, rowsAddressed: true });
    expect(first).toEqual(checkedSheet(sheet));
    expect(refused).toMatch(/^the sheet has more than 100,000 rows/);
    expect(refused).toBe(checkedSheet(tooMany).problem);
  });
});
