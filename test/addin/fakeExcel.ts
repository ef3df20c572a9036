/**
 * A small in-memory Excel behind the Office.js shapes `OfficeWorkbook` uses, for tests without Excel.
 *
 * Discipline is enforced the way Office.js does it: ranges a read returns are `office-addin-mock` objects, whose
 * properties read as "Error, property was not loaded" / "…context.sync() was not called" until `load` and `sync`;
 * the sheet collection's `items` throw until loaded and synced; writes are queued and reach the workbook only at
 * `context.sync()`, which is counted.
 */
import type { ExcelHost } from '../../taskpane/officeHost';
import { parseRange, rangeAddress } from '../../src/workbook/cells/address';

function parseA1(address: string) {
  const r = parseRange(address);
  return r && { row: r.top - 1, column: r.left - 1, rows: r.bottom - r.top + 1, columns: r.right - r.left + 1 };
}

type Raw = string | number | boolean;
/**
 * A stored cell: a constant, or a formula (the fake does not calculate; its value reads 0, or `#NAME?` when it was
 * entered while Tengen's functions were not registered).
 */
type Stored = Raw | { readonly formula: string; readonly unresolved?: boolean };

/** UTF-8 bytes of a value's JSON: what crosses between the add-in and Excel. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

function payloadError(code: 'RequestPayloadSizeLimitExceeded' | 'ResponsePayloadSizeLimitExceeded', bytes: number): Error {
  return Object.assign(new Error(`${code}: ${bytes} bytes`), { code });
}

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
  /** Pictures (`shapes.addImage`), with what was set on them. */
  shapes?: FakeShape[];
}

export interface FakeShape {
  readonly type: 'Image';
  readonly base64: string;
  name?: string;
  altTextDescription?: string;
  lockAspectRatio?: boolean;
  left: number;
  top: number;
  width?: number;
  height?: number;
}

/** Excel's defaults: a column 8.43 characters (48 pt), a row 15 pt. */
const DEFAULT_COLUMN_POINTS = 48;
const DEFAULT_ROW_POINTS = 15;

/** Where a cell's top-left corner is, in points, from the widths and heights the sheet's formats set (the last wins). */
export function cellPosition(sheet: FakeSheet, row: number, column: number): { left: number; top: number } {
  const widths = new Map<number, number>();
  const heights = new Map<number, number>();
  for (const f of sheet.formats) {
    const m = /^(\S+) format\.(columnWidth|rowHeight)=([\d.]+)$/.exec(f);
    if (!m) continue;
    const box = parseA1(m[1].includes(':') ? m[1] : `${m[1]}:${m[1]}`) ?? (/^[A-Z]+:[A-Z]+$/.test(m[1]) ? parseA1(`${m[1].split(':')[0]}1:${m[1].split(':')[1]}1`) : undefined);
    if (!box) continue;
    if (m[2] === 'columnWidth') for (let c = box.column; c < box.column + box.columns; c++) widths.set(c, Number(m[3]));
    else for (let r = box.row; r < box.row + box.rows; r++) heights.set(r, Number(m[3]));
  }
  let left = 0;
  for (let c = 0; c < column; c++) left += widths.get(c) ?? DEFAULT_COLUMN_POINTS;
  let top = 0;
  for (let r = 0; r < row; r++) top += heights.get(r) ?? DEFAULT_ROW_POINTS;
  return { left, top };
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
  /** Makes the sync of a grouped run after this many write syncs throw `UndoNotSupported` (an API found late). */
  undoNotSupportedAfter?: number;
  /** UTF-8 bytes each sync sent: the JSON of every value, formula and format queued since the sync before. */
  requestBytes: number[] = [];
  /** UTF-8 bytes each sync answered: the JSON of everything loaded by it. */
  responseBytes: number[] = [];
  /** Excel on the web's limit on a request and on a response. */
  payloadLimit = 5 * 1024 * 1024;
  /** 'desktop' (Windows, Mac): visibility and position are not undoable; 'web': they are. */
  platform: 'desktop' | 'web' = 'desktop';
  /** Set when an API without undo support ran: Excel cleared the director's undo stack. */
  undoStackCleared = false;
  /** The director is editing a cell: a run without `delayForCellEdit` fails. */
  cellEditing = false;
  /** Whether Tengen's custom functions are registered (formulas calling `GO.` resolve). */
  functionsRegistered = true;
  /** Whether the host has dynamic arrays (spilling formulas). */
  dynamicArrays = true;
  /** Syncs that went out with API calculation suspended (`suspendApiCalculationUntilNextSync`). */
  suspendedSyncs = 0;
  /** `application.calculate` calls, by type. */
  calculations: string[] = [];
  /** Runs under way: event handlers are removed only inside one. */
  private activeRuns = 0;
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
  /** How the names were changed: `add X`, `delete X`, `formula X`. */
  nameLog: string[] = [];

  constructor(sheets: Record<string, Raw[][]> = {}) {
    for (const [name, rows] of Object.entries(sheets)) {
      const sheet = this.addSheet(name);
      rows.forEach((row, r) => row.forEach((v, c) => v !== '' && sheet.cells.set(`${r},${c}`, v)));
    }
  }

  supportsMergeUndoGroup(): boolean {
    return this.mergeUndo;
  }

  supportsDynamicArrays(): boolean {
    return this.dynamicArrays;
  }

  /** Whether this Excel has ExcelApi 1.9 (`shapes.addImage`); a test sets it false for an older host. */
  pictures = true;
  supportsPictures(): boolean {
    return this.pictures;
  }

  /** `Excel.run(context, batch)`: a run on the context of an earlier one (events: removing handlers). */
  async runWith<T>(context: Excel.RequestContext, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
    this.activeRuns++;
    try {
      return await batch(context);
    } finally {
      this.activeRuns--;
    }
  }

  /** The formulas stored unresolved (entered while the functions were not registered). */
  unresolved(): string[] {
    return this.sheets.flatMap((s) => [...s.cells].filter(([, v]) => typeof v === 'object' && v.unresolved).map(([k]) => `${s.name}!${k}`));
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
    this.activeRuns++;
    try {
      return await this.runOnce(options, batch);
    } finally {
      this.activeRuns--;
    }
  }

  private async runOnce<T>(options: Excel.RunOptions, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
    this.runs.push(options);
    const run = this.syncsPerRun.push(0) - 1;
    const pending: (() => void)[] = [];
    const loads: (() => void)[] = [];
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getters and setters of the fake objects need the workbook
    const excel = this;

    let bytes = 0;
    const grouped = options.mergeUndoGroup === true;
    let suspended = false;
    let writeSyncs = 0;
    /** What the loads of this sync answer, for the response's size. */
    const answers: (() => unknown)[] = [];
    const sync = async () => {
      this.syncsPerRun[run]++;
      this.requestBytes.push(bytes);
      const sent = bytes;
      bytes = 0;
      if (this.cellEditing && !options.delayForCellEdit) {
        pending.length = 0;
        throw Object.assign(new Error('InvalidOperationInCellEditMode: Excel is in cell-editing mode'), { code: 'InvalidOperationInCellEditMode' });
      }
      if (sent > this.payloadLimit) {
        pending.length = 0;
        throw payloadError('RequestPayloadSizeLimitExceeded', sent);
      }
      if (grouped && counts.notUndoable > 0) {
        // "If you call an unsupported API within your add-in, the user's undo stack is cleared" (Undo capabilities).
        counts.notUndoable = 0;
        pending.length = 0;
        this.undoStackCleared = true;
        throw Object.assign(new Error('UndoNotSupported: this operation cannot be grouped for undo'), { code: 'UndoNotSupported' });
      }
      if (grouped && pending.length > 0 && this.undoNotSupportedAfter !== undefined) {
        if (this.undoNotSupportedAfter === 0) {
          this.undoNotSupportedAfter = undefined;
          pending.length = 0;
          throw Object.assign(new Error('UndoNotSupported: this operation cannot be grouped for undo'), { code: 'UndoNotSupported' });
        }
        this.undoNotSupportedAfter--;
      }
      if (pending.length > 0) writeSyncs++;
      if (suspended && pending.length > 0) this.suspendedSyncs++;
      suspended = false;
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
      // capabilities): a test may make any grouped write refused so.
      if (grouped && pending.length > 0 && this.undoNotSupportedOnce) {
        this.undoNotSupportedOnce = false;
        pending.length = 0;
        throw Object.assign(new Error('UndoNotSupported: this operation cannot be grouped for undo'), { code: 'UndoNotSupported' });
      }
      for (const write of pending.splice(0)) write();
      for (const load of loads.splice(0)) load();
      const answered = answers.splice(0).map((a) => a());
      const received = jsonBytes(answered);
      this.responseBytes.push(answered.length === 0 ? 0 : received);
      if (received > this.payloadLimit) throw payloadError('ResponsePayloadSizeLimitExceeded', received);
      void writeSyncs;
    };

    const excelSheet = (name: string) => excel.sheet(name);
    const inText = (s: FakeSheet | undefined, row: number, column: number) =>
      s?.text.some((t) => row >= t.row && row < t.row + t.rows && column >= t.column && column < t.column + t.columns) ?? false;
    /** What a formula cell reads: the fake does not calculate (0), an unresolved `GO.` formula reads `#NAME?`. */
    const valueOf = (v: Stored): Raw => (typeof v === 'object' ? (v.unresolved ? '#NAME?' : 0) : v);

    type Loadable = 'values' | 'formulas' | 'numberFormat' | 'address' | 'rowIndex' | 'columnIndex' | 'rowCount' | 'columnCount' | 'left' | 'top';
    const rangeWriter = (sheetName: () => FakeSheet, address: string, name: string) => {
      const box = parseA1(address);
      let loaded: Partial<Record<Loadable, unknown>> | undefined;
      const read = (prop: Loadable) => {
        if (!loaded || !(prop in loaded)) throw new Error(`PropertyNotLoaded: range ${address}.${prop} was read before load + context.sync()`);
        return loaded[prop];
      };
      const put = (rows: Raw[][]) => {
        bytes += jsonBytes(rows) + address.length;
        pending.push(() => {
          if (!box) throw new Error(`fake Excel: bad address ${address}`);
          rows.forEach((row, r) =>
            row.forEach((v, c) => {
              const key = `${box.row + r},${box.column + c}`;
              const s = sheetName();
              if (v === '') s.cells.delete(key);
              else {
                const typed = inText(s, box.row + r, box.column + c) ? v : asTyped(v);
                // A formula calling Tengen's functions while they are not registered: stored, unresolved (#NAME?).
                const unresolved = typeof typed === 'object' && !excel.functionsRegistered && /\bGO\./i.test(typed.formula);
                s.cells.set(key, unresolved ? { ...typed, unresolved } : typed);
              }
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
              bytes += jsonBytes(value) + address.length + path.length;
              pending.push(() => sheetName().formats.push(`${address} ${path}.${prop}=${JSON.stringify(value)}`));
              return true;
            },
          },
        );
      return {
        address,
        /** A read of the range: loaded at the next sync; only what was asked is answered (and counted). */
        load: (what: string | string[]) => {
          const props = (Array.isArray(what) ? what : what.split(',')).map((p) => p.trim()) as Loadable[];
          let answer: Partial<Record<Loadable, unknown>> = {};
          loads.push(() => {
            if (!box) return;
            const s = excel.sheet(name);
            const at = (r: number, c: number) => s?.cells.get(`${box.row + r},${box.column + c}`) ?? '';
            const grid = <T>(f: (v: Stored, r: number, c: number) => T) => Array.from({ length: box.rows }, (_, r) => Array.from({ length: box.columns }, (_, c) => f(at(r, c), r, c)));
            const all: Record<Loadable, () => unknown> = {
              values: () => grid<Raw>((v) => valueOf(v)),
              formulas: () => grid<Raw>((v) => (typeof v === 'object' ? v.formula : v)),
              numberFormat: () => grid((_v, r, c) => (inText(s, box.row + r, box.column + c) ? '@' : 'General')),
              address: () => address,
              rowIndex: () => box.row,
              columnIndex: () => box.column,
              rowCount: () => box.rows,
              columnCount: () => box.columns,
              left: () => (s ? cellPosition(s, box.row, box.column).left : 0),
              top: () => (s ? cellPosition(s, box.row, box.column).top : 0),
            };
            answer = Object.fromEntries(props.map((p) => [p, all[p]()]));
            loaded = { ...loaded, ...answer };
          });
          answers.push(() => answer);
        },
        get values() {
          return read('values') as Raw[][];
        },
        set values(rows: Raw[][]) {
          put(rows);
        },
        get formulas() {
          return read('formulas') as Raw[][];
        },
        set formulas(rows: Raw[][]) {
          put(rows);
        },
        get numberFormat() {
          return read('numberFormat') as string[][];
        },
        get left() {
          return read('left') as number;
        },
        get top() {
          return read('top') as number;
        },
        set numberFormat(rows: string[][]) {
          bytes += jsonBytes(rows) + address.length;
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

    /** `nullIfMissing`: got with getItemOrNullObject; a sheet missing when asked is a null object, without ranges. */
    const worksheetProxy = (name: string, nullIfMissing = false) => {
      const isNull = nullIfMissing && excelSheet(name) === undefined;
      const resolve = () => {
        const s = excel.sheet(name);
        if (!s) throw new Error(`fake Excel: ItemNotFound, sheet "${name}"`);
        return s;
      };
      const noRanges = (what: string) => {
        if (isNull) throw new Error(`fake Excel: InvalidObjectPath, ${what} of the null worksheet "${name}" (getItemOrNullObject of a sheet that does not exist)`);
      };
      const notUndoable = () => {
        if (grouped && excel.platform === 'desktop') counts.notUndoable++;
      };
      return {
        getRange: (address?: string) => {
          noRanges('getRange');
          return rangeWriter(resolve, address ?? 'A1:XFD1048576', name);
        },
        onChanged: {
          add: (handler: (e: Excel.WorksheetChangedEventArgs) => Promise<unknown>) => {
            const key = name.toLowerCase();
            excel.handlers.set(key, [...(excel.handlers.get(key) ?? []), handler]);
            return {
              context,
              remove: () => {
                // OfficeExtension.EventHandlerResult.remove: queued on its context, sent by a sync inside Excel.run.
                if (excel.activeRuns === 0) throw new Error('fake Excel: InvalidRequestContext, EventHandlerResult.remove() called outside Excel.run');
                excel.handlers.set(key, (excel.handlers.get(key) ?? []).filter((h) => h !== handler));
              },
            };
          },
        },
        /** Worksheet.shapes (ExcelApi 1.9): pictures added from base64, their type loaded before it is read, deleted. */
        get shapes() {
          noRanges('shapes');
          let loaded: FakeShape[] | undefined;
          return {
            addImage: (base64: string) => {
              if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('fake Excel: InvalidArgument, addImage takes base64 without a data: prefix');
              bytes += base64.length;
              const shape: FakeShape = { type: 'Image', base64, left: 0, top: 0 };
              pending.push(() => {
                const s = resolve();
                s.shapes = [...(s.shapes ?? []), shape];
              });
              // The shape's properties are set on the proxy and reach Excel with the same sync.
              return new Proxy(shape, {
                set: (target, prop: string, value: unknown) => {
                  bytes += 32;
                  pending.push(() => Object.assign(target, { [prop]: value }));
                  return true;
                },
              });
            },
            load: (what: string) => {
              if (!/items\/type/.test(what)) throw new Error(`fake Excel: unexpected shapes load "${what}"`);
              loads.push(() => {
                loaded = [...(resolve().shapes ?? [])];
              });
              answers.push(() => (loaded ?? []).map((x) => x.type));
            },
            get items() {
              if (!loaded) throw new Error('PropertyNotLoaded: shapes.items was read before load + context.sync()');
              return loaded.map((shape) => ({
                type: shape.type,
                delete: () =>
                  pending.push(() => {
                    const s = resolve();
                    s.shapes = (s.shapes ?? []).filter((x) => x !== shape);
                  }),
              }));
            },
          };
        },
        getRangeByIndexes: (r: number, c: number, rows: number, columns: number) => {
          noRanges('getRangeByIndexes');
          return rangeWriter(resolve, rangeAddress(r + 1, c + 1, r + rows, c + columns), name);
        },
        delete: () => {
          // Worksheet.delete is not undoable on any platform (Undo capabilities, "Unsupported APIs").
          if (grouped) counts.notUndoable++;
          pending.push(() => excel.sheets.splice(excel.sheets.indexOf(resolve()), 1));
        },
        set visibility(v: string) {
          notUndoable();
          bytes += 64;
          pending.push(() => (resolve().visibility = v));
        },
        set position(p: number) {
          notUndoable();
          bytes += 64;
          pending.push(() => {
            const s = resolve();
            excel.sheets.splice(excel.sheets.indexOf(s), 1);
            excel.sheets.splice(p, 0, s);
          });
        },
        freezePanes: {
          unfreeze: () => pending.push(() => (resolve().frozen = undefined)),
          freezeAt: (at: string | { address: string }) => pending.push(() => (resolve().frozen = typeof at === 'string' ? at : at.address)),
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
        /** A read: the used range (a null object for an empty sheet), loaded at the next sync as asked. */
        getUsedRangeOrNullObject: () => {
          noRanges('getUsedRangeOrNullObject');
          let loaded: Record<string, unknown> | undefined;
          let isNullObject: boolean | undefined;
          const range = {
            load: (what: string | string[]) => {
              const props = (Array.isArray(what) ? what : what.split(',')).map((p) => p.trim());
              let answer: Record<string, unknown> = {};
              loads.push(() => {
                const s = excel.sheet(name);
                const used = s && s.cells.size > 0 ? usedRange(s, valueOf) : undefined;
                isNullObject = used === undefined;
                answer = used ? Object.fromEntries(props.map((p) => [p, (used as Record<string, unknown>)[p]])) : {};
                loaded = answer;
              });
              answers.push(() => answer);
            },
            get isNullObject() {
              if (isNullObject === undefined) throw new Error('PropertyNotLoaded: isNullObject was read before load + context.sync()');
              return isNullObject;
            },
          };
          for (const prop of ['values', 'formulas', 'rowIndex', 'rowCount', 'columnIndex', 'columnCount']) {
            Object.defineProperty(range, prop, {
              get: () => {
                if (!loaded || !(prop in loaded)) throw new Error(`PropertyNotLoaded: usedRange.${prop} was read before load + context.sync()`);
                return loaded[prop];
              },
            });
          }
          return range;
        },
        get isNullObject() {
          return excel.sheet(name) === undefined;
        },
      };
    };

    const counts = { notUndoable: 0 };
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
        answers.push(() => items);
      },
      get items() {
        if (!itemsLoaded) throw new Error('PropertyNotLoaded: worksheets.items was read before load + context.sync()');
        return items;
      },
      getItem: (name: string) => worksheetProxy(name),
      getItemOrNullObject: (name: string) => worksheetProxy(name, true),
      add: (name: string) => {
        bytes += 64;
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
        answers.push(() => nameItems);
      },
      get items() {
        if (!namesLoaded) throw new Error('PropertyNotLoaded: names.items was read before load + context.sync()');
        return nameItems;
      },
      add: (name: string, reference: string) =>
        pending.push(() => {
          if (findName(name)) throw new Error(`fake Excel: ItemAlreadyExists, name "${name}"`);
          excel.names.set(name, reference);
          excel.nameLog.push(`add ${name}`);
        }),
      getItem: (name: string) => ({
        delete: () =>
          pending.push(() => {
            const found = findName(name);
            if (!found) throw new Error(`fake Excel: ItemNotFound, name "${name}"`);
            excel.names.delete(found);
            excel.nameLog.push(`delete ${name}`);
          }),
        /** NamedItem.formula (ExcelApi 1.7): the name's reference, redefined in place. */
        set formula(reference: string) {
          pending.push(() => {
            const found = findName(name);
            if (!found) throw new Error(`fake Excel: ItemNotFound, name "${name}"`);
            excel.names.set(found, reference);
            excel.nameLog.push(`formula ${name}`);
          });
        },
      }),
    };
    const application = {
      /** ExcelApi 1.6: the next sync goes out without recalculating. */
      suspendApiCalculationUntilNextSync: () => {
        suspended = true;
      },
      calculate: (type: string) => pending.push(() => excel.calculations.push(type)),
    };
    const context = { workbook: { worksheets, names, application }, application, sync };
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
function usedRange(sheet: FakeSheet, valueOf: (v: Stored) => Raw) {
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
        if (typeof v === 'object') return formulas ? v.formula : valueOf(v);
        return v;
      }),
    );
  return { values: grid(false), formulas: grid(true), rowIndex: top, rowCount: bottom - top + 1, columnIndex: left, columnCount: right - left + 1 };
}
