/**
 * What a batch changes, cell by cell: the ops that would write a sheet whole (`gridOps`, `playersOps`,
 * `pairingsOps` …) turned into writes of the cells that differ, each checked at apply time against what was read.
 *
 * "Writes touch only the cells they mean to change; cells, notes, formulas and sheets Tengen did not write are never
 * cleared" (issue 9). So a sheet Tengen keeps (the Grid, the Players sheet, a round's pairing sheet) is not cleared
 * and rewritten: the sheet is rendered twice — as it was (from the tournament read) and as it will be — and only the
 * cells whose rendering differs are written. A cell the first rendering leaves empty is not Tengen's: if the director
 * wrote something there and the new rendering needs the cell, that is an intrusion the session refuses (naming it)
 * unless the overwrite is confirmed. Formatting, widths, freezing and printing are sent again only when they changed
 * (the grid grew by a player, say): they never clear a value.
 *
 * Every written cell is expected to hold what was read when the batch was prepared (an `expect` op, checked by the
 * adapter before anything is written), so a director's typing or another pane's write since then refuses the batch
 * rather than being overwritten; cells the batch does not change are not checked, so two panes writing different
 * cells merge cell by cell.
 */
import type { CellInput, CellValue, ExpectedCell, WorkbookOp } from '../adapters/adapter';
import { cellAddress, parseCell, sheetCell } from '../cells/address';
import { sameFormula } from '../adapters/batch';
import { knownSpills } from '../sheets/spills';

/** A sheet as `readSession` read it: values from A1, and formulas where it read them. */
export interface SheetRead {
  readonly values: readonly (readonly CellValue[])[];
  readonly formulas?: readonly (readonly (string | null)[])[] | null;
}

export type WorkbookRead = ReadonlyMap<string, SheetRead>;

/** The cells a set of ops writes, by `row * COLUMNS + column` (the last write wins). */
const COLUMNS = 20000;

/**
 * The cells a rendering writes, by key, in the order first written (as a `Map` keeps them): held in arrays by row,
 * a sheet's tens of thousands of cells being set and looked up far faster there than in a `Map` (issue 28).
 */
class CellMap {
  private rows: (CellInput | undefined)[][] = [];
  private order: number[] = [];
  /** Keys written with a spilling formula, in the order written; whether a cell was written twice. */
  private spillKeys: number[] = [];
  private rewritten = false;

  set(k: number, c: CellInput): void {
    this.setAt(Math.floor(k / COLUMNS), k % COLUMNS, c);
  }

  /** `set` by row and column (issue 28: a congress Grid's rendering is some 50,000 cells, twice a batch). */
  setAt(row: number, column: number, c: CellInput): void {
    const line = (this.rows[row] ??= []);
    if (line[column] === undefined) this.order.push(row * COLUMNS + column);
    else this.rewritten = true;
    line[column] = c;
    if (c !== null && typeof c === 'object' && c.spill && (c.spill.rows > 1 || c.spill.columns > 1)) this.spillKeys.push(row * COLUMNS + column);
  }

  get(k: number): CellInput | undefined {
    return this.rows[Math.floor(k / COLUMNS)]?.[k % COLUMNS];
  }

  getAt(row: number, column: number): CellInput | undefined {
    return this.rows[row]?.[column];
  }

  has(k: number): boolean {
    return this.get(k) !== undefined;
  }

  clear(): void {
    this.rows = [];
    this.order = [];
    this.spillKeys = [];
    this.rewritten = false;
  }

  /**
   * The keys of the cells holding a spilling formula, in the order first written: those written so, when no cell was
   * written twice (the order is then the same); else every key looked at.
   */
  spilling(): readonly number[] {
    const candidates = this.rewritten ? this.order : this.spillKeys;
    return candidates.filter((k) => {
      const c = this.get(k);
      return isFormula(c) && c.spill !== undefined && (c.spill.rows > 1 || c.spill.columns > 1);
    });
  }

  /** Each cell's row and column, in the order first written. */
  each(visit: (row: number, column: number) => void): void {
    for (const k of this.order) visit(Math.floor(k / COLUMNS), k % COLUMNS);
  }
}

/**
 * The cells of a rendering that writes one rectangle (the common case: a sheet's `write` at A1), read in place from the
 * op's rows rather than copied into a `CellMap` (issue 28: a congress Grid and its cache copy are some 70,000 cells
 * each, twice a batch). Answers as the `CellMap` of the same op would: written once, every place of the rectangle's
 * rows is a key, in row order (row by row, each as long as its array), first written in that order; a cell holds
 * what the op holds there.
 */
class RectCells {
  constructor(
    private readonly top: number,
    private readonly left: number,
    private readonly cells: readonly (readonly CellInput[])[],
  ) {}

  get(k: number): CellInput | undefined {
    return this.getAt(Math.floor(k / COLUMNS), k % COLUMNS);
  }

  getAt(row: number, column: number): CellInput | undefined {
    if (row < this.top || column < this.left) return undefined;
    return this.cells[row - this.top]?.[column - this.left];
  }

  has(k: number): boolean {
    return this.get(k) !== undefined;
  }

  /** As `CellMap.spilling`: the spilling formulas, in the order written (row by row). */
  spilling(): readonly number[] {
    // (where the rectangle's maker declared them — a grid, a cache sheet's copy: spills.ts, `spillsKnown` — as found)
    const known = knownSpills(this.cells);
    if (known) return known.map(([i, j]) => (this.top + i) * COLUMNS + this.left + j);
    const out: number[] = [];
    // (plain loops, and a cell's kind tested in place: a congress Grid's 74,000 cells, once a batch)
    for (let i = 0; i < this.cells.length; i++) {
      const line = this.cells[i];
      for (let j = 0; j < line.length; j++) {
        const c = line[j];
        if (c !== null && typeof c === 'object' && c.spill !== undefined && (c.spill.rows > 1 || c.spill.columns > 1)) out.push((this.top + i) * COLUMNS + this.left + j);
      }
    }
    return out;
  }

  /**
   * `each`, passing over the cells that hold, in `other`, the very same value and no formula (`===`: the same string,
   * number, boolean or blank) — cells for which `sheetChanges`' `visit` does nothing: they are the `same` and no
   * formula, so neither written, expected nor refreshed (issue 28: most of a congress Grid's 70,000 cells).
   */
  eachAgainst(other: RectCells, visit: (row: number, column: number) => void, units: readonly Rectangle[] = []): void {
    const aligned = other.top === this.top && other.left === this.left;
    const runsOf = openRunsBy(units);
    for (let i = 0; i < this.cells.length; i++) {
      const line = this.cells[i];
      const otherLine = aligned ? other.cells[i] : undefined;
      const row = this.top + i;
      // (the cells of spilling units passed over: `visit` does nothing there — issue 28, a congress's Standings table is
      // one unit of some 13,000 cells, the Grid's Place column 2,000)
      const open = runsOf(row, this.left, line.length);
      for (let r = 0; r < open.length; r += 2) {
        for (let j = open[r]; j < open[r + 1]; j++) {
          const b = line[j];
          if (b === null || typeof b !== 'object') {
            const a = aligned ? otherLine?.[j] : other.getAt(row, this.left + j);
            if (a === b) continue;
          }
          visit(row, this.left + j);
        }
      }
    }
  }

  each(visit: (row: number, column: number) => void): void {
    for (let i = 0; i < this.cells.length; i++) {
      const length = this.cells[i].length;
      for (let j = 0; j < length; j++) visit(this.top + i, this.left + j);
    }
  }

  /**
   * `each`, over the cells `other` does not write (`!other.has(key)`: nothing there, `undefined`, in its rectangle):
   * the cells looked up in place, row by row, rather than each spelled as a key and looked up through it (issue 28: a
   * congress batch's second pass over some 170,000 cells, almost all of which both renderings write).
   */
  eachOutside(other: RectCells, visit: (row: number, column: number) => void, units: readonly Rectangle[] = []): void {
    const shift = this.left - other.left;
    const runsOf = openRunsBy(units);
    for (let i = 0; i < this.cells.length; i++) {
      const line = this.cells[i];
      const row = this.top + i;
      const otherLine = row >= other.top ? other.cells[row - other.top] : undefined;
      // (the spilling units' cells passed over, as in `eachAgainst`)
      const open = runsOf(row, this.left, line.length);
      for (let r = 0; r < open.length; r += 2) {
        for (let j = open[r]; j < open[r + 1]; j++) {
          const column = this.left + j;
          if (otherLine !== undefined && column >= other.left && otherLine[j + shift] !== undefined) continue;
          visit(row, column);
        }
      }
    }
  }
}

/** A rectangle of cells: its top-left cell and its size (a spilling formula's unit). */
interface Rectangle {
  readonly row: number;
  readonly column: number;
  readonly rows: number;
  readonly columns: number;
}

/**
 * The places 0…length − 1 of a row's cells (the row's first cell in column `left`) outside every unit, as ranges
 * `[from, to)` laid flat (from, to, from, to …), ascending: the cells `eachAgainst` and `eachOutside` look at.
 */
function openRuns(units: readonly Rectangle[], row: number, left: number, length: number): number[] {
  const covered = units.length > 0 ? coveredColumns(units, row) : NONE;
  const out: number[] = [];
  let j = 0;
  for (let c = 0; c < covered.length; c += 2) {
    const end = Math.min(length, covered[c] - left);
    if (end > j) out.push(j, end);
    j = Math.max(j, covered[c + 1] - left);
  }
  if (length > j) out.push(j, length);
  return out;
}

const NONE: readonly number[] = [];

/**
 * `openRuns` of `units` for row after row, the last answer given again while the row is covered by the very same units
 * and starts and ends alike (`openRuns` follows from the row only through the units covering it): a sheet's rows
 * mostly share one answer — a congress Grid's 2,000 player lines are each covered by the Place spill alone, the
 * Standings table's 1,000 rows by its spill — made once rather than once a row, each time a list of ranges sorted and
 * merged (issue 28). (Up to 30 units, told apart by the bits of a number; more, each row's made anew.) Read, never
 * changed.
 */
function openRunsBy(units: readonly Rectangle[]): (row: number, left: number, length: number) => readonly number[] {
  if (units.length > 30) return (row, left, length) => openRuns(units, row, left, length);
  let lastCovering = -1;
  let lastLeft = -1;
  let lastLength = -1;
  let last: readonly number[] = NONE;
  return (row, left, length) => {
    let covering = 0;
    for (let i = 0; i < units.length; i++) {
      const u = units[i];
      if (row >= u.row && row < u.row + u.rows && u.columns > 0) covering |= 1 << i;
    }
    if (covering !== lastCovering || left !== lastLeft || length !== lastLength) {
      last = openRuns(units, row, left, length);
      lastCovering = covering;
      lastLeft = left;
      lastLength = length;
    }
    return last;
  };
}

/**
 * The columns of `row` inside any of the rectangles, as ranges `[from, to)` laid flat (from, to, from, to …), in
 * order and merged where they meet or overlap; none for a row no rectangle covers.
 */
function coveredColumns(units: readonly Rectangle[], row: number): readonly number[] {
  let ranges: [number, number][] | undefined;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (row >= u.row && row < u.row + u.rows && u.columns > 0) (ranges ??= []).push([u.column, u.column + u.columns]);
  }
  if (!ranges) return NONE;
  ranges.sort((a, b) => a[0] - b[0]);
  const flat: number[] = [];
  for (const [from, to] of ranges) {
    if (flat.length > 0 && from <= flat[flat.length - 1]) flat[flat.length - 1] = Math.max(flat[flat.length - 1], to);
    else flat.push(from, to);
  }
  return flat;
}

/** What `written` answers: the cells of a rendering, by row and column. */
type WrittenCells = Pick<CellMap, 'get' | 'getAt' | 'has' | 'spilling' | 'each'>;

function written(ops: readonly WorkbookOp[]): WrittenCells {
  // One write, not cleared after: its rectangle as it is (`RectCells`). A clear before the write clears nothing yet.
  let writes = 0;
  let only: Extract<WorkbookOp, { kind: 'write' }> | undefined;
  let clearedAfter = false;
  for (const op of ops) {
    if (op.kind === 'write') {
      writes++;
      only = op;
    } else if (op.kind === 'clear' && op.range === undefined && writes > 0) clearedAfter = true;
  }
  if (writes === 1 && !clearedAfter) {
    const at = parseCell(only!.at)!;
    return new RectCells(at.row, at.column, only!.cells);
  }
  const cells = new CellMap();
  for (const op of ops) {
    if (op.kind === 'clear' && op.range === undefined) cells.clear();
    if (op.kind !== 'write') continue;
    const at = parseCell(op.at)!;
    for (let i = 0; i < op.cells.length; i++) {
      const row = op.cells[i];
      for (let j = 0; j < row.length; j++) cells.setAt(at.row + i, at.column + j, row[j]);
    }
  }
  return cells;
}

function isFormula(c: CellInput | undefined): c is { readonly formula: string; readonly value?: CellValue } {
  return typeof c === 'object' && c !== null;
}

function blank(c: CellInput | undefined): boolean {
  return c === undefined || c === null || c === '';
}

function same(a: CellInput | undefined, b: CellInput | undefined): boolean {
  // The very same formula cell in both renderings (the grid as read is made from the grid as it will be, sharing its
  // cells: grid.ts, `shareGridRenderFrom`) is the same — its text is its own, its value too unless NaN, which equals
  // nothing (`===` below): answered at once (issue 28: a congress Grid's 11,000 formulas, most unchanged by a round).
  if (a === b && isFormula(a) && a.value === a.value) return true;
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (isFormula(a) || isFormula(b)) return isFormula(a) && isFormula(b) && sameFormula(a.formula, b.formula) && (a.value ?? null) === (b.value ?? null);
  return a === b;
}

/** The cell as read: what a write there expects to find. */
export function readCell(read: SheetRead, row: number, column: number): ExpectedCell {
  const value = read.values[row - 1]?.[column - 1] ?? null;
  const formula = read.formulas?.[row - 1]?.[column - 1] ?? null;
  return formula ? { at: cellAddress(row, column), value, formula } : { at: cellAddress(row, column), value };
}

function holds(cell: ExpectedCell, c: CellInput | undefined): boolean {
  if (isFormula(c)) return cell.formula !== undefined && sameFormula(cell.formula, c.formula);
  if (cell.formula !== undefined) return false;
  return blank(c) ? cell.value === null || cell.value === '' : cell.value === c;
}

// Pictures with the layout: a slip's QR codes are placed again when the layout or the codes changed.
const LAYOUT = new Set<WorkbookOp['kind']>(['format', 'merge', 'column-widths', 'freeze', 'print', 'delete-images', 'image']);

export interface SheetChanges {
  /** The ops to send: expectations, the changed cells, and the layout when it changed. */
  readonly ops: WorkbookOp[];
  /** `Sheet!A1` of cells holding something Tengen did not write there, which the new rendering would overwrite. */
  readonly intrusions: readonly string[];
  /** How many cells are written (formula values refreshed for readers without recalculation not counted). */
  readonly writes: number;
}

/** Cells in row runs: one `write` (or `cached-values`) per run of adjacent cells on a row. */
function runs<T>(cells: Map<number, T>, make: (at: string, row: T[]) => WorkbookOp): WorkbookOp[] {
  // (ascending, as `sort((a, b) => a - b)` puts them: distinct whole numbers, sorted by a typed array without a comparator)
  // (the keys copied and each run's cells gathered by plain loops, not `Float64Array.from` of the map's iterator and
  // `Array.from` of a view per run: a congress round's batch writes some 7,000 runs, in code not optimised yet; issue 28)
  const keys = new Float64Array(cells.size);
  let n = 0;
  for (const k of cells.keys()) keys[n++] = k;
  keys.sort();
  const ops: WorkbookOp[] = [];
  let start = 0;
  for (let i = 1; i <= keys.length; i++) {
    if (i < keys.length && keys[i] === keys[i - 1] + 1) continue;
    const first = keys[start];
    const row: T[] = [];
    for (let j = start; j < i; j++) row.push(cells.get(keys[j])!);
    ops.push(make(cellAddress(Math.floor(first / COLUMNS), first % COLUMNS), row));
    start = i;
  }
  return ops;
}

/**
 * The ops that take `sheet` from its rendering `before` to its rendering `after` (both whole-sheet op lists for that
 * sheet alone), given what was read from it.
 */
export function sheetChanges(sheet: string, before: readonly WorkbookOp[], after: readonly WorkbookOp[], read: SheetRead): SheetChanges {
  const was = written(before);
  const will = written(after);
  const writes = new Map<number, CellInput>();
  const recalculated = new Map<number, CellValue>();
  const expected: ExpectedCell[] = [];
  const intrusions: string[] = [];
  // A spilling formula and the cells it spills into are one unit (adapter.ts, `spilledBy`): written together, as one
  // rectangle, when any of them changed — never a spill cell alone, which in Excel would block the spill (#SPILL!).
  const spills = spillsOf(will);
  // (a cell is in a spill's unit when in its rectangle: looked up so, not in a set of every key of the units — a
  // congress's Standings and Place spills are some 12,000 cells, issue 28)
  // (a loop, not `some` and a function per unit: every cell looked at asks)
  const spilled = (row: number, column: number) => {
    for (let i = 0; i < spills.length; i++) {
      const s = spills[i];
      if (row >= s.row && row < s.row + s.rows && column >= s.column && column < s.column + s.columns) return true;
    }
    return false;
  };
  const spillWrites: WorkbookOp[] = [];
  for (const s of spills) {
    const anchor = readCell(read, s.row, s.column);
    // Changed: the anchor's formula is not the one read, or a value of the unit (the anchor's first) is not as read.
    let changed = !holds(anchor, will.getAt(s.row, s.column));
    for (let r = 0; r < s.rows && !changed; r++) {
      const line = read.values[s.row + r - 1];
      for (let j = 0; j < s.columns; j++) {
        const want = will.getAt(s.row + r, s.column + j);
        const value = isFormula(want) ? (want.value ?? null) : (want ?? null);
        const found = line?.[s.column + j - 1] ?? null;
        if (r === 0 && j === 0 ? anchor.value !== value : !(found === value || (blank(found) && blank(value)))) {
          changed = true;
          break;
        }
      }
    }
    if (!changed) continue;
    expected.push(anchor);
    const cells: CellInput[][] = [];
    for (let r = 0; r < s.rows; r++) {
      const line: CellInput[] = [];
      for (let c = 0; c < s.columns; c++) line.push(will.getAt(s.row + r, s.column + c) ?? null);
      cells.push(line);
    }
    spillWrites.push({ kind: 'write', sheet, at: cellAddress(s.row, s.column), cells });
  }
  // Every cell either rendering writes: the first's in its order, then the second's that the first does not write.
  const visit = (row: number, column: number) => {
    const k = row * COLUMNS + column;
    if (spills.length > 0 && spilled(row, column)) return;
    const b = was.getAt(row, column);
    const a = will.getAt(row, column);
    if (same(a, b)) {
      // Unchanged, but a formula's cached value may be stale (a result typed where nothing recalculates): refreshed.
      if (isFormula(a)) {
        // The cell as read (`readCell`), without spelling its address: most cells of a sheet take this path. Its value
        // first: only a value not as rendered is refreshed, so the formula read is compared with the rendered one only
        // then (issue 28: a congress Grid's 11,000 formulas, each some 170–1,500 characters, almost all as rendered).
        const value = read.values[row - 1]?.[column - 1] ?? null;
        if (value !== (a.value ?? null)) {
          const formula = read.formulas?.[row - 1]?.[column - 1];
          if (formula && sameFormula(formula, a.formula)) recalculated.set(k, a.value ?? null);
        }
      }
      return;
    }
    const found = readCell(read, row, column);
    if (isFormula(a) && isFormula(b) && sameFormula(a.formula, b.formula)) {
      // Only the formula's value moved: Excel recalculates it; a file keeps it as the cached value. A cell whose
      // formula is not Tengen's any more is left alone (the director's own formula); one whose formula was replaced by
      // a typed number gets its formula back ("the dependent score cells only if those are not already formulas").
      if (found.formula !== undefined) {
        if (sameFormula(found.formula, a.formula)) recalculated.set(k, a.value ?? null);
        return;
      }
    }
    if (holds(found, a)) return;
    if (blank(b) && !(found.value === null || found.value === '') ) intrusions.push(sheetCell(sheet, row, column));
    writes.set(k, a ?? null);
    expected.push(found);
  };
  if (was instanceof RectCells && will instanceof RectCells) {
    was.eachAgainst(will, visit, spills);
    will.eachOutside(was, visit, spills);
  } else {
    was.each(visit);
    will.each((row, column) => {
      if (!was.has(row * COLUMNS + column)) visit(row, column);
    });
  }
  const layout = (ops: readonly WorkbookOp[]) => JSON.stringify(ops.filter((op) => LAYOUT.has(op.kind)));
  const layoutChanged = layout(before) !== layout(after);
  const ops: WorkbookOp[] = [];
  if (expected.length > 0) ops.push({ kind: 'expect', sheet, cells: expected });
  let placed = false;
  for (const op of after) {
    if (op.kind === 'ensure-sheet') ops.push(op);
    else if (op.kind === 'write') {
      if (placed) continue;
      placed = true;
      ops.push(...runs(writes, (at, row) => ({ kind: 'write', sheet, at, cells: [row] })), ...spillWrites);
      ops.push(...runs(recalculated, (at, row) => ({ kind: 'cached-values', sheet, at, values: [row] })));
    } else if (LAYOUT.has(op.kind) && layoutChanged) ops.push(op);
    // A name is cheap to define again and must follow the grid's size (names.ts): always sent.
    else if (op.kind === 'define-name') ops.push(op);
  }
  return { ops, intrusions, writes: writes.size + spillWrites.length };
}

/** The spilling formulas a rendering writes: anchor position and size (the unit's rectangle). */
function spillsOf(cells: WrittenCells): Rectangle[] {
  const out: Rectangle[] = [];
  for (const k of cells.spilling()) {
    const c = cells.get(k);
    if (!isFormula(c) || !c.spill) continue;
    out.push({ row: Math.floor(k / COLUMNS), column: k % COLUMNS, rows: c.spill.rows, columns: c.spill.columns });
  }
  return out;
}

/** Expectations that a sheet is still as read: every non-empty cell of it (for a sheet rewritten whole). */
export function expectAsRead(sheet: string, read: SheetRead): WorkbookOp {
  const cells: ExpectedCell[] = [];
  read.values.forEach((row, r) =>
    row.forEach((v, c) => {
      const found = readCell(read, r + 1, c + 1);
      if (v !== null && v !== '') cells.push(found);
      else if (found.formula !== undefined) cells.push(found);
    }),
  );
  return { kind: 'expect', sheet, cells };
}

/** The ops of a batch, by sheet, in the order the sheets first appear. */
export function opsBySheet(ops: readonly WorkbookOp[]): Map<string, WorkbookOp[]> {
  const out = new Map<string, WorkbookOp[]>();
  for (const op of ops) {
    const list = out.get(op.sheet);
    if (list) list.push(op);
    else out.set(op.sheet, [op]);
  }
  return out;
}
