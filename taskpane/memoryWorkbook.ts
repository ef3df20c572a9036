/**
 * A workbook held in memory: values and formulas only (formats, merges, widths and print settings are accepted and
 * not kept). It is the adapter's contract with nothing else around it — all of a batch or none of it — for tests of
 * the wizard's logic, and for a page that has no `.xlsx` to hold.
 */
import type { CellInput, CellValue, WorkbookAdapter, WorkbookBatch, WorkbookOp } from '../src/workbook/adapter';
import { isFormulaInput } from '../src/workbook/adapter';
import { parseCell, parseRange } from '../src/workbook/address';

type Sheet = Map<string, CellInput>;

const key = (row: number, column: number) => `${row},${column}`;

export class MemoryWorkbook implements WorkbookAdapter {
  private sheets: Map<string, Sheet> = new Map();
  private order: string[] = [];

  async sheetNames(): Promise<string[]> {
    return [...this.order];
  }

  async readSheet(sheet: string): Promise<CellValue[][] | null> {
    return this.rectangle(sheet, (c) => (isFormulaInput(c) ? (c.value ?? null) : c));
  }

  async readFormulas(sheet: string): Promise<(string | null)[][] | null> {
    return this.rectangle(sheet, (c) => (isFormulaInput(c) ? c.formula : null));
  }

  private rectangle<T>(sheet: string, pick: (c: CellInput) => T): (T | null)[][] | null {
    const cells = this.sheets.get(sheet);
    if (!cells) return null;
    let rows = 0;
    let columns = 0;
    for (const [k, v] of cells) {
      if (v === null) continue;
      const [r, c] = k.split(',').map(Number);
      rows = Math.max(rows, r);
      columns = Math.max(columns, c);
    }
    const out: (T | null)[][] = Array.from({ length: rows }, () => new Array<T | null>(columns).fill(null));
    for (const [k, v] of cells) {
      if (v === null) continue;
      const [r, c] = k.split(',').map(Number);
      out[r - 1][c - 1] = pick(v);
    }
    return out;
  }

  async apply(batch: WorkbookBatch): Promise<void> {
    // Work on a copy: the batch lands whole or not at all.
    const sheets = new Map([...this.sheets].map(([n, s]) => [n, new Map(s)] as const));
    const order = [...this.order];
    batch.ops.forEach((op, i) => {
      const fail = (detail: string): never => {
        throw new Error(`"${batch.label}", step ${i + 1} (${op.kind} on sheet "${op.sheet}"): ${detail}. Nothing was written.`);
      };
      applyOp(op, sheets, order, fail);
    });
    this.sheets = sheets;
    this.order = order;
  }
}

function applyOp(op: WorkbookOp, sheets: Map<string, Sheet>, order: string[], fail: (detail: string) => never): void {
  const sheetOf = (name: string): Sheet => sheets.get(name) ?? fail(`no sheet named "${name}"`);
  switch (op.kind) {
    case 'ensure-sheet': {
      if (sheets.has(op.sheet)) return;
      sheets.set(op.sheet, new Map());
      const at = op.before === undefined ? -1 : order.indexOf(op.before);
      if (at < 0) order.push(op.sheet);
      else order.splice(at, 0, op.sheet);
      return;
    }
    case 'delete-sheet':
      sheets.delete(op.sheet);
      order.splice(0, order.length, ...order.filter((n) => n !== op.sheet));
      return;
    case 'clear': {
      const s = sheetOf(op.sheet);
      if (op.range === undefined) return s.clear();
      const r = parseRange(op.range) ?? fail(`"${op.range}" is not a range`);
      for (const k of [...s.keys()]) {
        const [row, column] = k.split(',').map(Number);
        if (row >= r.top && row <= r.bottom && column >= r.left && column <= r.right) s.delete(k);
      }
      return;
    }
    case 'write': {
      const s = sheetOf(op.sheet);
      const at = parseCell(op.at) ?? fail(`"${op.at}" is not a cell address`);
      const width = op.cells[0]?.length ?? 0;
      op.cells.forEach((row, r) => {
        if (row.length !== width) fail(`row ${r + 1} has ${row.length} cells, the first has ${width}`);
        row.forEach((cell, c) => {
          if (cell === null) s.delete(key(at.row + r, at.column + c));
          else s.set(key(at.row + r, at.column + c), cell);
        });
      });
      return;
    }
    case 'format':
    case 'merge':
      sheetOf(op.sheet);
      if (!parseRange(op.range)) fail(`"${op.range}" is not a range`);
      return;
    case 'column-widths':
    case 'freeze':
    case 'print':
      sheetOf(op.sheet);
      return;
  }
}
