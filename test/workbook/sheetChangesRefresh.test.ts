/**
 * A formula both renderings hold alike is not written, but its cached value is refreshed (`cached-values`) where the
 * workbook holds that very formula with another value — and only there (changes.ts, `sheetChanges`; issue 28 looks at
 * the value before comparing the formula's text): not where the value read is the rendered one, nor where the
 * formula read is not Tengen's (the director's own), nor where the cell holds a typed value.
 */
import type { CellInput, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { sheetChanges, type SheetRead } from '../../src/workbook/session/changes';

const sheet = (cells: CellInput[][]): WorkbookOp[] => [{ kind: 'write', sheet: 'S', at: 'A1', cells }];

describe('cached values of unchanged formulas', () => {
  it('are refreshed where the same formula holds another value, and nowhere else', () => {
    // (the same cells in both renderings: A1 … E1, each =X1+1 with the value 3, a long text too)
    const long = `=${Array.from({ length: 200 }, (_, i) => `Z${i + 1}`).join('+')}`;
    const rendered: CellInput[] = [
      { formula: '=X1+1', value: 3 },
      { formula: '=X1+1', value: 3 },
      { formula: '=X1+1', value: 3 },
      { formula: '=X1+1', value: 3 },
      { formula: long, value: 3 },
      { formula: long, value: 3 },
    ];
    const read: SheetRead = {
      // A: another value (refreshed); B: the value rendered; C: the director's formula; D: a typed 2; E: the long
      // formula read without "=" and another value (refreshed); F: the long one read with a character changed
      values: [[2, 3, 2, 2, 4, 4]],
      formulas: [['X1+1', '=X1+1', '=Y1*2', null, long.slice(1), `${long.slice(0, -1)}9`]],
    };
    const changes = sheetChanges('S', sheet([rendered]), sheet([rendered.map((c) => ({ ...(c as object) }) as CellInput)]), read);
    const refreshed = changes.ops.filter((op) => op.kind === 'cached-values');
    expect(refreshed).toEqual([
      { kind: 'cached-values', sheet: 'S', at: 'A1', values: [[3]] },
      { kind: 'cached-values', sheet: 'S', at: 'E1', values: [[3]] },
    ]);
    expect(changes.ops.filter((op) => op.kind === 'write' || op.kind === 'expect')).toEqual([]);
    expect(changes.writes).toBe(0);
  });

  it('answer alike whether the two renderings share the very cell objects or hold copies of them', () => {
    // The grid as read is made from the grid as it will be, sharing its cells (grid.ts, `shareGridRenderFrom`): the
    // same object in both renderings is the same cell at once (`same`), which must give what the copies give — B, as
    // read, neither written nor refreshed. A shared formula whose value is NaN is not taken for the same (NaN !== NaN),
    // as its copy is not.
    const long = `=${Array.from({ length: 200 }, (_, i) => `Z${i + 1}`).join('+')}`;
    const cells: CellInput[] = [
      { formula: '=X1+1', value: 3 },
      { formula: '=X1+1', value: 3 },
      { formula: '=X1+1', value: 3 },
      { formula: '=X1+1', value: 3 },
      { formula: long, value: 3 },
      { formula: '=X1+2' },
      { formula: '=X1+3', value: Number.NaN },
    ];
    const read: SheetRead = {
      values: [[2, 3, 2, 2, 4, 0, 1]],
      formulas: [['X1+1', '=X1+1', '=Y1*2', null, long.slice(1), '=X1+2', '=X1+3']],
    };
    const shared = sheetChanges('S', sheet([cells]), sheet([cells]), read);
    const copied = sheetChanges('S', sheet([cells]), sheet([cells.map((c) => ({ ...(c as object) }) as CellInput)]), read);
    expect(shared).toEqual(copied);
    // (what both answer: A, E, F (no value: blank) and G refreshed, nothing written)
    expect(shared.ops.filter((op) => op.kind === 'cached-values')).toEqual([
      { kind: 'cached-values', sheet: 'S', at: 'A1', values: [[3]] },
      { kind: 'cached-values', sheet: 'S', at: 'E1', values: [[3, null, Number.NaN]] },
    ]);
    expect(shared.writes).toBe(0);
  });
});
