/// <reference types="office-js" />
/**
 * Reading what a batch expects, at the start of its `Excel.run` (before anything is written): the sheet list, the
 * workbook's names, the expected cells, the Log's used range for `append`, the number formats of cells about to get
 * text.
 *
 * In two steps. First the sheet list (and the names): no range is then asked of a sheet that does not exist — one
 * the same batch creates, say — since a worksheet got with `getItemOrNullObject` for a missing sheet is a null object
 * and what is queued on it is undocumented and may throw (issue 21, R8; "*OrNullObject methods and properties",
 * https://learn.microsoft.com/office/dev/add-ins/develop/application-specific-api-model#ornullobject-methods-and-properties).
 * Then the cells, on the sheets that exist, cut into syncs whose answers stay under `READ_LIMIT`
 * (./officeReads.ts: the web's 5 MB limit is on responses too).
 */
import type { WorkbookBatch } from '../src/workbook/adapters/adapter';
import type { FoundCell } from '../src/workbook/adapters/batch';
import { parseCell } from '../src/workbook/cells/address';
import { cellValue, inTabOrder, jsonBytes, payloadTooLarge, READ_LIMIT } from './officeReads';
import { excelText } from './officeWrites';

export interface Reads {
  /** The sheet list in tab order, when the batch needed it (sheets created, deleted, expected or read). */
  readonly tabs?: readonly string[];
  /** The workbook's names, lower-cased, when the batch defines names. */
  readonly names?: ReadonlySet<string>;
  cell(sheet: string, row: number, column: number): FoundCell;
  /** The last non-empty row of a sheet the batch appends to (0 when empty or missing). */
  lastRow(sheet: string): number;
  /** Whether a cell is formatted as text (`@`) in the workbook now. */
  textFormatted(sheet: string, row: number, column: number): boolean;
}

interface Loaded {
  readonly sheet: string;
  /** 1-based, as the batch's addresses. */
  readonly top: number;
  readonly left: number;
  readonly values?: unknown[][];
  readonly formulas?: unknown[][];
  readonly numberFormat?: unknown[][];
}

/** A rectangle to read: 1-based rows and columns. */
interface Job {
  readonly sheet: string;
  readonly top: number;
  readonly left: number;
  readonly rows: number;
  readonly columns: number;
  readonly props: readonly ('values' | 'formulas' | 'numberFormat')[];
}

/** Cells read in one sync: about 1–2 MB of values and formulas or number formats as a Tengen workbook holds them. */
const CELLS_PER_SYNC = 60_000;

/** Reads what `batch` needs before writing; `onSync` counts the syncs made. */
export async function readExpectations(context: Excel.RequestContext, batch: WorkbookBatch, onSync: () => void = () => undefined): Promise<Reads> {
  const worksheets = context.workbook.worksheets;
  const sync = async () => {
    await context.sync();
    onSync();
  };
  const definesNames = batch.ops.some((op) => op.kind === 'define-name');
  const jobs = cellJobs(batch);
  const needsTabs = jobs.length > 0 || batch.ops.some((op) => op.kind === 'ensure-sheet' || op.kind === 'delete-sheet' || op.kind === 'expect-missing' || op.kind === 'append');
  // Step 1: the sheet list and the names.
  let tabs: string[] | undefined;
  let names: Set<string> | undefined;
  if (needsTabs || definesNames) {
    if (needsTabs) worksheets.load('items/name,items/position');
    if (definesNames) context.workbook.names.load('items/name');
    await sync();
    if (needsTabs) tabs = inTabOrder(worksheets.items);
    if (definesNames) names = new Set(context.workbook.names.items.map((n) => n.name.toLowerCase()));
  }
  const actual = (sheet: string) => tabs?.find((t) => t.toLowerCase() === sheet.toLowerCase());

  // Step 2: the cells, on the sheets that exist, in syncs of at most CELLS_PER_SYNC cells (bands of rows).
  const loaded: Loaded[] = [];
  const used = new Map<string, { rowIndex: number; rowCount: number } | null>();
  const appendSheets = [...new Set(batch.ops.filter((op) => op.kind === 'append').map((op) => op.sheet.toLowerCase()))];
  const bands: Job[] = [];
  for (const job of jobs) {
    if (!actual(job.sheet)) continue;
    const rowsPerBand = Math.max(1, Math.floor(CELLS_PER_SYNC / job.columns / job.props.length));
    for (let r = 0; r < job.rows; r += rowsPerBand) bands.push({ ...job, top: job.top + r, rows: Math.min(rowsPerBand, job.rows - r) });
  }
  let budget = CELLS_PER_SYNC;
  let next = 0;
  let usedPending = appendSheets.filter((s) => actual(s) !== undefined);
  for (const s of appendSheets) if (!actual(s)) used.set(s, null);
  while (next < bands.length || usedPending.length > 0) {
    // The used ranges for `append` (a few numbers) go with the first sync of cells.
    const usedRanges = usedPending.map((s) => {
      const range = worksheets.getItem(actual(s)!).getUsedRangeOrNullObject(true);
      range.load(['rowIndex', 'rowCount']);
      return [s, range] as const;
    });
    const queued: { job: Job; range: Excel.Range }[] = [];
    let cells = 0;
    while (next < bands.length && (queued.length === 0 || cells + bands[next].rows * bands[next].columns * bands[next].props.length <= budget)) {
      const job = bands[next++];
      const range = worksheets.getItem(actual(job.sheet)!).getRangeByIndexes(job.top - 1, job.left - 1, job.rows, job.columns);
      // eslint-disable-next-line office-addins/no-empty-load -- the properties are the job's (values and formulas, or numberFormat)
      range.load([...job.props]);
      queued.push({ job, range });
      cells += job.rows * job.columns * job.props.length;
    }
    try {
      await sync();
    } catch (e) {
      // Refused as too big all the same: the same bands again, fewer a sync.
      if (payloadTooLarge(e) && queued.length > 1) {
        next -= queued.length;
        budget = Math.max(1, Math.floor(budget / 2));
        continue;
      }
      throw e;
    }
    for (const [s, range] of usedRanges) used.set(s, range.isNullObject ? null : { rowIndex: range.rowIndex, rowCount: range.rowCount });
    usedPending = [];
    let bytes = 0;
    for (const { job, range } of queued) {
      const read: Loaded = {
        sheet: job.sheet.toLowerCase(),
        top: job.top,
        left: job.left,
        values: job.props.includes('values') ? (range.values as unknown[][]) : undefined,
        formulas: job.props.includes('formulas') ? (range.formulas as unknown[][]) : undefined,
        numberFormat: job.props.includes('numberFormat') ? (range.numberFormat as unknown[][]) : undefined,
      };
      bytes += jsonBytes([read.values, read.formulas, read.numberFormat]);
      loaded.push(read);
    }
    // Heavier cells than thought (long texts, custom formats): fewer a sync, so the next answers stay under the limit.
    if (bytes > READ_LIMIT / 2 && cells > 0) budget = Math.max(1, Math.floor((cells * READ_LIMIT) / 2 / bytes));
  }

  const within = (sheet: string, row: number, column: number, prop: 'values' | 'formulas' | 'numberFormat') => {
    for (const b of loaded) {
      const grid = b[prop];
      if (!grid || b.sheet !== sheet.toLowerCase()) continue;
      const v = grid[row - b.top]?.[column - b.left];
      if (v !== undefined) return v;
    }
    return undefined;
  };
  return {
    tabs,
    names,
    cell: (sheet, row, column) => {
      const value = cellValue(within(sheet, row, column, 'values'));
      const f = within(sheet, row, column, 'formulas');
      // As readFormulas: a formula starts with "=" and differs from its value (a quoted "=" text reads the same).
      return typeof f === 'string' && f.startsWith('=') && f !== value ? { value, formula: f } : { value };
    },
    lastRow: (sheet) => {
      const r = used.get(sheet.toLowerCase());
      return r ? r.rowIndex + r.rowCount : 0;
    },
    textFormatted: (sheet, row, column) => within(sheet, row, column, 'numberFormat') === '@',
  };
}

/**
 * The rectangles a batch needs read: its expected cells (one rectangle per sheet and column, from the first
 * expected row to the last), and the number formats of cells about to get text Excel would convert, on sheets the
 * batch does not clear first (a clear resets the formats: the batch's own text formats are all there is then).
 */
function cellJobs(batch: WorkbookBatch): Job[] {
  const jobs: Job[] = [];
  const columns = new Map<string, { sheet: string; column: number; top: number; bottom: number }>();
  for (const op of batch.ops) {
    if (op.kind !== 'expect') continue;
    for (const cell of op.cells) {
      const at = parseCell(cell.at)!;
      const k = `${op.sheet.toLowerCase()}|${at.column}`;
      const c = columns.get(k);
      columns.set(k, c ? { ...c, top: Math.min(c.top, at.row), bottom: Math.max(c.bottom, at.row) } : { sheet: op.sheet, column: at.column, top: at.row, bottom: at.row });
    }
  }
  for (const c of columns.values()) jobs.push({ sheet: c.sheet, top: c.top, left: c.column, rows: c.bottom - c.top + 1, columns: 1, props: ['values', 'formulas'] });
  const fresh = new Set<string>();
  for (const op of batch.ops) {
    if (op.kind === 'clear' && op.range === undefined) fresh.add(op.sheet.toLowerCase());
    if (op.kind !== 'write' || fresh.has(op.sheet.toLowerCase())) continue;
    if (!op.cells.some((row) => row.some((c) => typeof c === 'string' && excelText(c) !== c))) continue;
    const at = parseCell(op.at)!;
    jobs.push({ sheet: op.sheet, top: at.row, left: at.column, rows: op.cells.length, columns: op.cells[0].length, props: ['numberFormat'] });
  }
  return jobs;
}
