/**
 * A workbook held in memory: the `WorkbookAdapter` contract with nothing else (values, formulas with their values,
 * and the layout ops recorded as they were asked), for tests of everything built on the adapter and for the CLI
 * when no file is involved. It applies batches all or nothing, like every adapter, and checks a batch's
 * expectations (`expect`, `expect-missing`) before writing anything.
 */
import type { CellInput, CellValue, CellFormat, ImageOp, PrintSettings, WorkbookAdapter, WorkbookBatch } from './adapter';
import { columnNumber, parseCell, parseRange } from '../cells/address';
import { expectationConflicts, formulaBody, validateBatch, WorkbookConflict } from './batch';

interface MemoryCell {
  readonly value: CellValue;
  readonly formula?: string;
}

export interface MemorySheet {
  readonly cells: Map<string, MemoryCell>;
  readonly merges: string[];
  readonly formats: { range: string; format: CellFormat }[];
  widths: Map<number, number>;
  freeze?: { rows: number; columns: number };
  print?: PrintSettings;
  /** Created hidden (a cache sheet). */
  hidden?: boolean;
  /** Pictures placed (`image` ops), in order. */
  images?: ImageOp[];
}

const key = (row: number, column: number) => `${row},${column}`;

export class MemoryWorkbook implements WorkbookAdapter {
  /** Sheets in tab order. */
  readonly sheets = new Map<string, MemorySheet>();
  /** Every batch applied, in order (what a director would find in Excel's undo list). */
  readonly applied: WorkbookBatch[] = [];
  /** Workbook-level names: name → the sheet and A1 range it refers to (names are case-insensitive, as in Excel). */
  readonly names = new Map<string, { readonly name: string; readonly sheet: string; readonly range: string }>();

  async sheetNames(): Promise<string[]> {
    return [...this.sheets.keys()];
  }

  private extent(sheet: MemorySheet): { rows: number; columns: number } {
    let rows = 0;
    let columns = 0;
    for (const [k, c] of sheet.cells) {
      if (c.value === null && c.formula === undefined) continue;
      const [r, col] = k.split(',').map(Number);
      rows = Math.max(rows, r);
      columns = Math.max(columns, col);
    }
    return { rows, columns };
  }

  async readSheet(name: string): Promise<CellValue[][] | null> {
    const sheet = this.sheets.get(name);
    if (!sheet) return null;
    const { rows, columns } = this.extent(sheet);
    return Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => sheet.cells.get(key(r + 1, c + 1))?.value ?? null));
  }

  async readFormulas(name: string): Promise<(string | null)[][] | null> {
    const sheet = this.sheets.get(name);
    if (!sheet) return null;
    const { rows, columns } = this.extent(sheet);
    return Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => {
        const f = sheet.cells.get(key(r + 1, c + 1))?.formula;
        return f === undefined ? null : `=${f}`;
      }),
    );
  }

  /** What a director typing in Excel would do: sets one cell (a value, or a formula with "="), creating the sheet. */
  type(sheet: string, address: string, value: CellValue): void {
    if (!this.sheets.has(sheet)) this.sheets.set(sheet, { cells: new Map(), merges: [], formats: [], widths: new Map() });
    const at = parseCell(address)!;
    const cells = this.sheets.get(sheet)!.cells;
    if (value === null || value === '') cells.delete(key(at.row, at.column));
    else if (typeof value === 'string' && value.startsWith('=') && value.length > 1) cells.set(key(at.row, at.column), { value: null, formula: formulaBody(value) });
    else cells.set(key(at.row, at.column), { value });
  }

  async apply(batch: WorkbookBatch): Promise<void> {
    validateBatch(batch, this.sheets.keys());
    const conflicts = expectationConflicts(
      batch,
      (name) => this.sheets.has(name),
      (name, row, column) => {
        const c = this.sheets.get(name)?.cells.get(key(row, column));
        return c?.formula !== undefined ? { value: c.value, formula: `=${c.formula}` } : { value: c?.value ?? null };
      },
    );
    if (conflicts.length > 0) throw new WorkbookConflict(batch.label, conflicts);
    for (const op of batch.ops) {
      switch (op.kind) {
        case 'ensure-sheet': {
          if (this.sheets.has(op.sheet)) break;
          const fresh: MemorySheet = { cells: new Map(), merges: [], formats: [], widths: new Map(), ...(op.hidden ? { hidden: true } : {}) };
          if (op.before === undefined) this.sheets.set(op.sheet, fresh);
          else {
            const entries = [...this.sheets.entries()];
            const i = entries.findIndex(([n]) => n === op.before);
            entries.splice(i, 0, [op.sheet, fresh]);
            this.sheets.clear();
            for (const [n, s] of entries) this.sheets.set(n, s);
          }
          break;
        }
        case 'delete-sheet':
          this.sheets.delete(op.sheet);
          break;
        case 'clear': {
          const sheet = this.sheets.get(op.sheet)!;
          if (op.range === undefined) {
            sheet.cells.clear();
            sheet.merges.length = 0;
            sheet.formats.length = 0;
          } else {
            const r = parseRange(op.range)!;
            for (const k of [...sheet.cells.keys()]) {
              const [row, col] = k.split(',').map(Number);
              if (row >= r.top && row <= r.bottom && col >= r.left && col <= r.right) sheet.cells.delete(k);
            }
          }
          break;
        }
        case 'expect':
        case 'expect-missing':
          break;
        case 'cached-values': {
          const sheet = this.sheets.get(op.sheet)!;
          const at = parseCell(op.at)!;
          op.values.forEach((row, i) =>
            row.forEach((v, j) => {
              const k = key(at.row + i, at.column + j);
              const c = sheet.cells.get(k);
              if (v !== null && c?.formula !== undefined) sheet.cells.set(k, { value: v, formula: c.formula });
            }),
          );
          break;
        }
        case 'append':
        case 'write': {
          const sheet = this.sheets.get(op.sheet)!;
          const at = op.kind === 'append' ? { row: this.extent(sheet).rows + 1, column: 1 } : parseCell(op.at)!;
          op.cells.forEach((row, i) =>
            row.forEach((c: CellInput, j) => {
              const k = key(at.row + i, at.column + j);
              if (c !== null && typeof c === 'object') sheet.cells.set(k, { value: c.value ?? null, formula: formulaBody(c.formula) });
              else if (c === null) sheet.cells.delete(k);
              else sheet.cells.set(k, { value: c });
            }),
          );
          break;
        }
        case 'format':
          this.sheets.get(op.sheet)!.formats.push({ range: op.range, format: op.format });
          break;
        case 'merge':
          this.sheets.get(op.sheet)!.merges.push(op.range);
          break;
        case 'column-widths': {
          const sheet = this.sheets.get(op.sheet)!;
          const from = op.from ? columnNumber(op.from)! : 1;
          op.widths.forEach((w, i) => sheet.widths.set(from + i, w));
          break;
        }
        case 'freeze':
          this.sheets.get(op.sheet)!.freeze = { rows: op.rows, columns: op.columns };
          break;
        case 'print':
          this.sheets.get(op.sheet)!.print = op.settings;
          break;
        case 'image': {
          const sheet = this.sheets.get(op.sheet)!;
          sheet.images = [...(sheet.images ?? []), op];
          break;
        }
        case 'delete-images':
          delete this.sheets.get(op.sheet)!.images;
          break;
        case 'define-name':
          this.names.set(op.name.toLowerCase(), { name: op.name, sheet: op.sheet, range: op.range });
          break;
      }
    }
    this.applied.push(batch);
  }
}
