/**
 * A small in-memory Excel behind the Office.js shapes `OfficeWorkbook` uses, for tests without Excel.
 *
 * Discipline is enforced the way Office.js does it: ranges a read returns are `office-addin-mock` objects, whose
 * properties read as "Error, property was not loaded" / "…context.sync() was not called" until `load` and `sync`;
 * the sheet collection's `items` throw until loaded and synced; writes are queued and reach the workbook only at
 * `context.sync()`, which is counted.
 */
import { OfficeMockObject } from 'office-addin-mock';
import type { ExcelHost } from '../../taskpane/officeAdapter';
import { parseRange, rangeAddress } from '../../src/workbook/cells/address';

function parseA1(address: string) {
  const r = parseRange(address);
  return r && { row: r.top - 1, column: r.left - 1, rows: r.bottom - r.top + 1, columns: r.right - r.left + 1 };
}

type Raw = string | number | boolean;
/** A stored cell: a constant, or a formula (the fake does not calculate; its value reads 0). */
type Stored = Raw | { readonly formula: string };

export interface FakeSheet {
  name: string;
  /** "r,c" (0-based) → the cell. */
  cells: Map<string, Stored>;
  formats: string[];
  /** Ranges formatted as text (`@`): what is written there is kept as typed. */
  text: { row: number; column: number; rows: number; columns: number }[];
  frozen?: string;
  print: string[];
  /** Worksheet.visibility as set ("Hidden"); absent: visible. */
  visibility?: string;
}

export class FakeExcel implements ExcelHost {
  sheets: FakeSheet[] = [];
  /** Every `context.sync()` call, per run. */
  syncsPerRun: number[] = [];
  runs: Excel.RunOptions[] = [];
  mergeUndo = true;
  /** Makes the next sync throw this message (Excel refusing a request). */
  failNextSync?: string;
  /** Makes the sync after this many more succeed throw (a write refused part-way through a batch). */
  failSyncAfter?: { readonly syncs: number; readonly message: string };
  /** Makes the next sync of a run grouped with `mergeUndoGroup` throw `UndoNotSupported` once. */
  undoNotSupportedOnce = false;
  /** Bytes each sync sent: the JSON of every value, formula and format queued since the sync before. */
  requestBytes: number[] = [];
  /** `onChanged` handlers by sheet (lower case). */
  private handlers = new Map<string, ((e: Excel.WorksheetChangedEventArgs) => Promise<unknown>)[]>();

  /** The director (or a co-author, `remote`) typing into a cell: stored as typed, the change handlers told. */
  edit(sheet: string, address: string, value: Raw | { formula: string }, remote = false): void {
    const s = this.sheet(sheet) ?? this.addSheet(sheet);
    const box = parseA1(address)!;
    s.cells.set(`${box.row},${box.column}`, value);
    this.fire(s.name, address, remote ? 'Remote' : 'Local', 'Unknown');
  }

  private fire(sheet: string, address: string, source: 'Local' | 'Remote', triggerSource: 'Unknown' | 'ThisLocalAddin'): void {
    for (const h of this.handlers.get(sheet.toLowerCase()) ?? []) {
      void h({ address, source, triggerSource, changeType: 'RangeEdited', type: 'WorksheetChanged', worksheetId: sheet } as unknown as Excel.WorksheetChangedEventArgs);
    }
  }
  /** Workbook-level names: name → reference (`=Grid!$A$1:$Q$95`), as `names.add` received it. */
  names = new Map<string, string>();

  constructor(sheets: Record<string, Raw[][]> = {}) {
    for (const [name, rows] of Object.entries(sheets)) {
      const sheet = this.addSheet(name);
      rows.forEach((row, r) => row.forEach((v, c) => v !== '' && sheet.cells.set(`${r},${c}`, v)));
    }
  }

  supportsMergeUndoGroup(): boolean {
    return this.mergeUndo;
  }

  addSheet(name: string, position?: number): FakeSheet {
    const sheet: FakeSheet = { name, cells: new Map(), formats: [], text: [], print: [] };
    if (position === undefined) this.sheets.push(sheet);
    else this.sheets.splice(position, 0, sheet);
    return sheet;
  }

  sheet(name: string): FakeSheet | undefined {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  async run<T>(options: Excel.RunOptions, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
    this.runs.push(options);
    const run = this.syncsPerRun.push(0) - 1;
    const pending: (() => void)[] = [];
    const mocks: OfficeMockObject[] = [];
    const loads: (() => void)[] = [];
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getters and setters of the fake objects need the workbook
    const excel = this;

    let bytes = 0;
    const grouped = options.mergeUndoGroup === true;
    const sync = async () => {
      this.syncsPerRun[run]++;
      this.requestBytes.push(bytes);
      bytes = 0;
      if (this.failNextSync) {
        const message = this.failNextSync;
        this.failNextSync = undefined;
        pending.length = 0;
        throw new Error(message);
      }
      if (this.failSyncAfter && pending.length > 0) {
        if (this.failSyncAfter.syncs === 0) {
          const message = this.failSyncAfter.message;
          this.failSyncAfter = undefined;
          pending.length = 0;
          throw new Error(message);
        }
        this.failSyncAfter = { ...this.failSyncAfter, syncs: this.failSyncAfter.syncs - 1 };
      }
      // "If an API within the group doesn't offer undo support, the UndoNotSupported error is thrown" (Excel undo
      // capabilities): deleting a sheet is one such API.
      if (grouped && pending.length > 0 && (this.undoNotSupportedOnce || deletes > 0)) {
        this.undoNotSupportedOnce = false;
        pending.length = 0;
        throw Object.assign(new Error('UndoNotSupported: this operation cannot be grouped for undo'), { code: 'UndoNotSupported' });
      }
      for (const write of pending.splice(0)) write();
      for (const load of loads.splice(0)) load();
      for (const m of mocks) await m.sync();
    };

    let deletes = 0;
    const rangeWriter = (sheetName: () => FakeSheet, address: string, name: string) => {
      const box = parseA1(address);
      let loaded: { values: Raw[][]; formulas: Raw[][]; numberFormat: string[][] } | undefined;
      let requested = false;
      const read = <K extends 'values' | 'formulas' | 'numberFormat'>(prop: K) => {
        if (!loaded) throw new Error(`PropertyNotLoaded: range ${address}.${prop} was read before load + context.sync()`);
        return loaded[prop];
      };
      const put = (rows: Raw[][]) => {
        bytes += JSON.stringify(rows).length + address.length;
        pending.push(() => {
          if (!box) throw new Error(`fake Excel: bad address ${address}`);
          rows.forEach((row, r) =>
            row.forEach((v, c) => {
              const key = `${box.row + r},${box.column + c}`;
              const s = sheetName();
              const text = s.text.some((t) => box.row + r >= t.row && box.row + r < t.row + t.rows && box.column + c >= t.column && box.column + c < t.column + t.columns);
              if (v === '') s.cells.delete(key);
              else s.cells.set(key, text ? v : asTyped(v));
            }),
          );
          excel.fire(sheetName().name, address, 'Local', 'ThisLocalAddin');
        });
      };
      const format = (path: string): unknown =>
        new Proxy(
          {},
          {
            get: (_t, prop: string) => (prop === 'getItem' ? (edge: string) => format(`${path}.${edge}`) : format(`${path}.${prop}`)),
            set: (_t, prop: string, value: unknown) => {
              bytes += JSON.stringify(value).length + address.length + path.length;
              pending.push(() => sheetName().formats.push(`${address} ${path}.${prop}=${JSON.stringify(value)}`));
              return true;
            },
          },
        );
      return {
        /** A read of the range: loaded at the next sync (a missing sheet reads as empty, as a null object would). */
        load: () => {
          requested = true;
          loads.push(() => {
            if (!requested || !box) return;
            const s = excel.sheet(name);
            const at = (r: number, c: number) => s?.cells.get(`${box.row + r},${box.column + c}`) ?? '';
            const grid = <T>(f: (v: Stored, r: number, c: number) => T) => Array.from({ length: box.rows }, (_, r) => Array.from({ length: box.columns }, (_, c) => f(at(r, c), r, c)));
            const text = (r: number, c: number) => s?.text.some((t) => box.row + r >= t.row && box.row + r < t.row + t.rows && box.column + c >= t.column && box.column + c < t.column + t.columns) ?? false;
            loaded = {
              values: grid<Raw>((v) => (typeof v === 'object' ? 0 : v)),
              formulas: grid<Raw>((v) => (typeof v === 'object' ? v.formula : v)),
              numberFormat: grid((_v, r, c) => (text(r, c) ? '@' : 'General')),
            };
          });
        },
        get values() {
          return read('values');
        },
        set values(rows: Raw[][]) {
          put(rows);
        },
        get formulas() {
          return read('formulas');
        },
        set formulas(rows: Raw[][]) {
          put(rows);
        },
        get numberFormat() {
          return read('numberFormat');
        },
        set numberFormat(rows: string[][]) {
          bytes += JSON.stringify(rows).length + address.length;
          pending.push(() => {
            const s = sheetName();
            s.formats.push(`${address} numberFormat=${rows[0][0]}×${rows.length * rows[0].length}`);
            if (box && rows.every((row) => row.every((f) => f === '@'))) s.text.push(box);
          });
        },
        format: format('format'),
        clear: () =>
          pending.push(() => {
            const s = sheetName();
            s.text = box ? s.text.filter((t) => !(t.row < box.row + box.rows && box.row < t.row + t.rows && t.column < box.column + box.columns && box.column < t.column + t.columns)) : [];
            if (!box) return s.cells.clear();
            for (const key of [...s.cells.keys()]) {
              const [r, c] = key.split(',').map(Number);
              if (r >= box.row && r < box.row + box.rows && c >= box.column && c < box.column + box.columns) s.cells.delete(key);
            }
          }),
        merge: () => pending.push(() => sheetName().formats.push(`${address} merge`)),
      };
    };

    const worksheetProxy = (name: string) => {
      const resolve = () => {
        const s = excel.sheet(name);
        if (!s) throw new Error(`fake Excel: ItemNotFound, sheet "${name}"`);
        return s;
      };
      return {
        getRange: (address?: string) => rangeWriter(resolve, address ?? 'A1:XFD1048576', name),
        onChanged: {
          add: (handler: (e: Excel.WorksheetChangedEventArgs) => Promise<unknown>) => {
            const key = name.toLowerCase();
            excel.handlers.set(key, [...(excel.handlers.get(key) ?? []), handler]);
            return {
              context: { sync: async () => undefined },
              remove: () => excel.handlers.set(key, (excel.handlers.get(key) ?? []).filter((h) => h !== handler)),
            };
          },
        },
        getRangeByIndexes: (r: number, c: number, rows: number, columns: number) => rangeAddress(r + 1, c + 1, r + rows, c + columns),
        delete: () => {
          deletes++;
          pending.push(() => excel.sheets.splice(excel.sheets.indexOf(resolve()), 1));
        },
        set visibility(v: string) {
          pending.push(() => (resolve().visibility = v));
        },
        set position(p: number) {
          pending.push(() => {
            const s = resolve();
            excel.sheets.splice(excel.sheets.indexOf(s), 1);
            excel.sheets.splice(p, 0, s);
          });
        },
        freezePanes: {
          unfreeze: () => pending.push(() => (resolve().frozen = undefined)),
          freezeAt: (address: string) => pending.push(() => (resolve().frozen = address)),
          freezeRows: (n: number) => pending.push(() => (resolve().frozen = `rows ${n}`)),
          freezeColumns: (n: number) => pending.push(() => (resolve().frozen = `columns ${n}`)),
        },
        pageLayout: new Proxy(
          {},
          {
            get: (_t, prop: string) => (arg: unknown) => pending.push(() => resolve().print.push(`${prop}(${JSON.stringify(arg)})`)),
            set: (_t, prop: string, value: unknown) => {
              pending.push(() => resolve().print.push(`${prop}=${JSON.stringify(value)}`));
              return true;
            },
          },
        ),
        horizontalPageBreaks: {
          add: (at: string) => pending.push(() => resolve().print.push(`break ${at}`)),
          removePageBreaks: () => pending.push(() => resolve().print.push('remove breaks')),
        },
        /** A read: the used range as an office-addin-mock object (null objects for a missing sheet or an empty one). */
        getUsedRangeOrNullObject: () => {
          const s = excel.sheet(name);
          const used = s && s.cells.size > 0 ? usedRange(s) : undefined;
          const mock = new OfficeMockObject(
            used ?? { values: [], formulas: [], rowIndex: 0, rowCount: 0, columnIndex: 0, columnCount: 0 },
          );
          (mock as unknown as { isNullObject: boolean }).isNullObject = used === undefined;
          mocks.push(mock);
          return mock;
        },
        get isNullObject() {
          return excel.sheet(name) === undefined;
        },
      };
    };

    let itemsLoaded = false;
    let itemsRequested = false;
    let items: { name: string; position: number }[] = [];
    const worksheets = {
      load: (what: string) => {
        if (!/items\/name/.test(what)) throw new Error(`fake Excel: unexpected load "${what}"`);
        itemsRequested = true;
        loads.push(() => {
          itemsLoaded = itemsRequested;
          items = excel.sheets.map((s, position) => ({ name: s.name, position }));
        });
      },
      get items() {
        if (!itemsLoaded) throw new Error('PropertyNotLoaded: worksheets.items was read before load + context.sync()');
        return items;
      },
      getItem: (name: string) => worksheetProxy(name),
      getItemOrNullObject: (name: string) => worksheetProxy(name),
      add: (name: string) => {
        pending.push(() => {
          if (excel.sheet(name)) throw new Error(`fake Excel: ItemAlreadyExists "${name}"`);
          excel.addSheet(name);
        });
        return worksheetProxy(name);
      },
    };
    let namesLoaded = false;
    let nameItems: { name: string }[] = [];
    const findName = (name: string) => [...excel.names.keys()].find((n) => n.toLowerCase() === name.toLowerCase());
    const names = {
      load: (what: string) => {
        if (what !== 'items/name') throw new Error(`fake Excel: unexpected names load "${what}"`);
        loads.push(() => {
          namesLoaded = true;
          nameItems = [...excel.names.keys()].map((name) => ({ name }));
        });
      },
      get items() {
        if (!namesLoaded) throw new Error('PropertyNotLoaded: names.items was read before load + context.sync()');
        return nameItems;
      },
      add: (name: string, reference: string) =>
        pending.push(() => {
          if (findName(name)) throw new Error(`fake Excel: ItemAlreadyExists, name "${name}"`);
          excel.names.set(name, reference);
        }),
      getItem: (name: string) => ({
        delete: () =>
          pending.push(() => {
            const found = findName(name);
            if (!found) throw new Error(`fake Excel: ItemNotFound, name "${name}"`);
            excel.names.delete(found);
          }),
      }),
    };
    const context = { workbook: { worksheets, names }, sync };
    return batch(context as unknown as Excel.RequestContext);
  }
}

/**
 * What Excel makes of a value written through `values`/`formulas`, as if typed: a leading `'` keeps the rest as text
 * (the quote prefix); `=` starts a formula; numbers become numbers; `+`, `-` or `@` followed by anything else is read
 * as a formula, which for the grid's notation (`+!`, `-!`) Excel refuses.
 */
function asTyped(v: Raw): Stored {
  if (typeof v !== 'string') return v;
  if (v.startsWith("'")) return v.slice(1);
  if (v.startsWith('=')) return { formula: v };
  if (/^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(v)) return Number(v);
  if (/^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true';
  if (/^[+\-@]/.test(v)) throw new Error(`fake Excel: InvalidArgument, "${v}" is read as a formula and is not one`);
  return v;
}

/** The used range of a sheet as Excel reports it: the bounding box of non-empty cells, '' for blanks. */
function usedRange(sheet: FakeSheet) {
  const keys = [...sheet.cells.keys()].map((k) => k.split(',').map(Number));
  const top = Math.min(...keys.map(([r]) => r));
  const left = Math.min(...keys.map(([, c]) => c));
  const bottom = Math.max(...keys.map(([r]) => r));
  const right = Math.max(...keys.map(([, c]) => c));
  const grid = (formulas: boolean) =>
    Array.from({ length: bottom - top + 1 }, (_, r) =>
      Array.from({ length: right - left + 1 }, (_, c) => {
        const v = sheet.cells.get(`${top + r},${left + c}`) ?? '';
        // Values of formula cells: the fake does not calculate, it reports 0 (Excel would report the result).
        if (typeof v === 'object') return formulas ? v.formula : 0;
        return v;
      }),
    );
  return { values: grid(false), formulas: grid(true), rowIndex: top, rowCount: bottom - top + 1, columnIndex: left, columnCount: right - left + 1 };
}
