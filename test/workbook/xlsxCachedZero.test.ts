/** A formula whose cached value is 0 reads as 0, not as an empty cell — in memory and after a save and a load. */
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';

describe('XlsxWorkbook: cached results of 0', () => {
  it('reads a score formula cached at 0 as 0', async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply({
      label: 'scores',
      ops: [
        { kind: 'ensure-sheet', sheet: 'Grid' },
        { kind: 'write', sheet: 'Grid', at: 'A1', cells: [[{ formula: '=B1+0', value: 0 }, 0, { formula: '=B1+1', value: 1 }]] },
      ],
    });
    expect(await wb.readSheet('Grid')).toEqual([[0, 0, 1]]);
    const again = await XlsxWorkbook.load(await wb.save());
    expect(await again.readSheet('Grid')).toEqual([[0, 0, 1]]);
    expect(await again.readFormulas('Grid')).toEqual([['=B1+0', null, '=B1+1']]);
  });
});
