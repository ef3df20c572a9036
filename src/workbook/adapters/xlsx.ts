/**
 * The `.xlsx` adapter: a `WorkbookAdapter` over ExcelJS, for files on disk (through `xlsxFile.ts`), the CLI and the
 * standalone browser mode (webpack resolves `exceljs` to its browser build; nothing here touches the file system).
 *
 * `apply` is all or nothing: the whole batch is checked first (`validateBatch`: sheet names, addresses, shapes,
 * values; then its expectations, the cells as they were read when the batch was prepared, refusing with a
 * `WorkbookConflict`), then written; should ExcelJS still fail half-way, the workbook is put back and the error names
 * the op. A batch of cell writes (a result, Log lines) keeps the cells it touches before touching them and puts them
 * back; a batch that creates, deletes or lays out sheets is rolled back from a copy of the whole workbook taken
 * before it (slow on a big workbook, and only those batches pay for it).
 *
 * Formulas are stored without their leading "=" (ExcelJS's convention) with the value given as their cached result,
 * so readers that do not recalculate (ExcelJS itself, viewers, LibreOffice with its default "never recalculate"
 * on load) see the numbers; Excel recalculates on opening (`fullCalcOnLoad`), and both recalculate as soon as a
 * cell the formula reads is edited.
 *
 * Saving stores the formulas as Excel does and loading reads them back (`excelFormulaStorage.ts`): custom
 * functions as `_xldudf_GO_…`, spilling formulas as dynamic arrays. Names (`define-name`) are ExcelJS's
 * `definedNames`.
 *
 * Known limit: ExcelJS does not read page breaks back from a file, so a sheet's row breaks survive only while the
 * workbook stays in memory or the sheet is rewritten by a batch; `rowBreaks` this adapter wrote are kept across
 * `save`.
 *
 * Why one file of this size: the WorkbookAdapter contract applied op by op to ExcelJS sheets; the package (xlsxPackage.ts), the sheet XML reader (xlsxSheetReader.ts) and styles (xlsxStyles.ts) are apart already. The next split: the op application into its own file.
 */
import type ExcelJS from 'exceljs';
import { excelJs } from './xlsxExcelJs';
import type { CellFormat, CellValue, ImageOp, PrintSettings, WorkbookAdapter, WorkbookBatch, WorkbookOp } from './adapter';
import { columnLetter, columnNumber, MAX_COLUMNS, MAX_ROWS, parseCell, parseRange, rangeAddress, sheetCell, type RangePosition } from '../cells/address';
import { BatchError, expectationConflicts, formulaBody, validateBatch, WorkbookConflict, type FoundCell } from './batch';
import { dynamicArrayMetadataXml, mapFormulas, markDynamicArrays, METADATA_CONTENT_TYPE, METADATA_PART, METADATA_RELATIONSHIP, shownFormula, storedFormula, UDF_PREFIX } from './excelFormulaStorage';
import { assemble, RELATIONSHIP_TYPES, SharedStringsMerge, sharedStringItems, SHARED_STRINGS_CONTENT_TYPE, sheetPackage, XlsxPackage, rewrittenSheet, type PackageName, type PackageSheet } from './xlsxPackage';
import { mergeStyles, StylesEditor } from './xlsxStyles';
import { dateStyles, mergeSlaves, readSheetCellsChecked, sharedStrings, sheetExtentBound, type CellContext, type SheetCells } from './xlsxSheetReader';
import { patchable, patchedSheetXml, patchSpills, patchTexts, sharedStringItem, SheetPatch } from './xlsxSheetPatch';
import { absoluteReference } from '../formulas/names';
import { MAX_SHEET_CELLS, MAX_SHEET_ROWS, writtenSheetProblem, type SheetCounts } from './xlsxLimits';
import { ZipDamaged, ZipParts } from './zipParts';
import { TengenInputError } from '../../model/errors';
import { DAMAGED_WORKBOOK_ADVICE } from './damaged';
import { FreshSheet, rangeOf, cellOf, pageSetupOf } from './xlsxFreshSheet';
import { freshPrintNames, freshSheetXml, StyleTable } from './xlsxSheetWriter';
import { newPackage } from './xlsxNewPackage';
import { freshToExcel } from './xlsxFreshExcel';
import { freshFromSheet } from './xlsxFreshFromSheet';

type Cell = ExcelJS.Cell;

/** A sheet of the workbook, parsed into ExcelJS or not yet. */
interface Slot {
  name: string;
  state: PackageSheet['state'];
  /** The sheet as the file (read or last saved) has it; undefined for a sheet created since. */
  was?: PackageSheet;
  /** In the ExcelJS workbook (a chart sheet never is: it holds no cells, and is kept as it is). */
  loaded: boolean;
  /** Changed since the file was read or saved: rewritten on the next save. */
  dirty: boolean;
  /** Its page breaks were set by a batch (else the file's are kept: ExcelJS does not read them). */
  breaksSet: boolean;
  chart: boolean;
  /**
   * Its pictures as batches set them since the file was read or saved (`image`, `delete-images`): the sheet's drawing
   * is replaced by these on saving (xlsxDrawing.ts); undefined, the file's drawing is kept.
   */
  images?: readonly ImageOp[];
  /**
   * A sheet not parsed into ExcelJS: its cells as read from its XML, and the cells batches changed in it since
   * (`xlsxSheetPatch.ts`); null when its XML is one for ExcelJS to read (a shared formula, a cell without address).
   */
  patch?: SheetPatch | null;
  /**
   * A sheet this adapter created (issue 28): its cells and layout in a model of their own, written straight to its XML
   * on saving (`xlsxFreshSheet.ts`, `xlsxSheetWriter.ts`), never through ExcelJS.
   */
  fresh?: FreshSheet;
}

/**
 * Ops a sheet not parsed into ExcelJS takes in its XML (`xlsxSheetPatch.ts`); any other op has ExcelJS parse it.
 * `format` too, unless the workbook was opened to write with ExcelJS (the test comparing both ways).
 */
const PATCH_KINDS = new Set<WorkbookOp['kind']>(['expect', 'expect-missing', 'ensure-sheet', 'define-name', 'write', 'append', 'cached-values', 'format']);

/** The defined names ExcelJS writes for a sheet's print settings (ECMA-376 Part 1, §18.2.5). */
const PRINT_NAMES = ['_xlnm.Print_Area', '_xlnm.Print_Titles'];
/**
 * Worksheet fields ExcelJS has but does not declare: its row breaks, its tab position, and its merges by master cell
 * (`_merges`, what `mergeCells` records). The merges are read there rather than through `ws.model.merges`: the `model`
 * getter serialises every row and cell of the sheet, so reading it once per merge made writing a grid quadratic in its
 * rounds (a 3,000-round grid took 38 s, issue 12).
 */
type Sheet = ExcelJS.Worksheet & { rowBreaks: ExcelJS.RowBreak[]; orderNo: number; _merges?: Record<string, RangePosition> };
const inside = (ws: ExcelJS.Worksheet) => ws as Sheet;

/** The sheet's merged ranges. */
function mergesOf(ws: ExcelJS.Worksheet): RangePosition[] {
  return Object.values(inside(ws)._merges ?? {}).map((m) => ({ top: m.top, left: m.left, bottom: m.bottom, right: m.right }));
}

/** The workbook's font (ExcelJS's default style, as Excel's own default workbook). */
const DEFAULT_FONT = 'Calibri';

function argb(colour: string): string {
  return `FF${colour.slice(1).toUpperCase()}`;
}

/** A cell's value as the adapter reports it: text, number, boolean or null; dates as ISO text. */
function plainValue(v: ExcelJS.CellValue): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return plainValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('error' in v) return String((v as ExcelJS.CellErrorValue).error);
    if ('text' in v) return String((v as ExcelJS.CellHyperlinkValue).text);
  }
  return null;
}

function isMergeSlave(cell: Cell): boolean {
  return cell.isMerged && cell.master.address !== cell.address;
}

export class XlsxWorkbook implements WorkbookAdapter {
  /**
   * The ExcelJS workbook holding the sheets parsed so far (all of them once `loadAll` ran, or after `create`); made
   * (and ExcelJS loaded) when first needed.
   */
  private book: ExcelJS.Workbook | undefined;

  private get workbook(): ExcelJS.Workbook {
    this.book ??= new (excelJs().Workbook)();
    return this.book;
  }
  /** Whether the sheets a batch creates are kept as `FreshSheet`s (else ExcelJS worksheets: the equivalence test). */
  private readonly freshSheets: boolean = true;
  /** The file as it was last read or saved: every part a save does not rewrite is written back from it unchanged. */
  private pkg: XlsxPackage | undefined;
  /** The sheets in tab order, parsed or not. */
  private slots: Slot[];
  /** The workbook's defined names as they are now (scoped by sheet name). */
  private names: PackageName[];

  /**
   * One operation at a time: a save rewrites the package and the sheets' state while a read or a write in between
   * would see it half-done (the standalone page autosaves after a write while the wizard reads the workbook again:
   * a read during the save missed the Settings sheet, and the pane took the workbook for changed). Every public
   * operation waits for the one before it.
   */
  private queue: Promise<unknown> = Promise.resolve();

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The ExcelJS workbook was handed out (`excel`): its sheets may have been added, removed or changed there. */
  private handedOut = false;

  /** Over a package and its sheets; or (tests) over an ExcelJS workbook alone, its sheets all new. */
  protected constructor(workbook: ExcelJS.Workbook | undefined, pkg?: XlsxPackage, slots?: Slot[], freshSheets = true) {
    this.book = workbook;
    this.freshSheets = freshSheets;
    this.pkg = pkg;
    this.slots = slots ?? [];
    this.names = [...(pkg?.names ?? [])];
    if (!slots) {
      this.handedOut = true;
      this.syncWithExcel();
    }
  }

  /** After the ExcelJS workbook was handed out: the sheet list follows it, and every sheet counts as changed. */
  private syncWithExcel(): void {
    if (!this.handedOut) return;
    this.slots = this.slots.filter((s) => s.chart || !s.loaded || this.workbook.getWorksheet(s.name));
    for (const ws of this.workbook.worksheets) {
      if (!this.slots.some((s) => s.name === ws.name)) this.slots.push({ name: ws.name, state: ws.state === 'visible' ? 'visible' : ws.state, loaded: true, dirty: true, breaksSet: true, chart: false });
    }
    for (const s of this.slots) s.dirty ||= !s.chart;
  }

  /**
   * A new, empty workbook. Its package (`xlsxNewPackage.ts`, with the parts that bring the add-in with it:
   * `webExtension.ts`) is made when it is first saved. `writer: 'exceljs'` has ExcelJS hold and write the sheets
   * created, as before issue 28 (the test comparing both ways); by default they are written straight to XML.
   */
  static create(options: { writer?: 'tengen' | 'exceljs' } = {}): XlsxWorkbook {
    return new XlsxWorkbook(undefined, undefined, [], options.writer !== 'exceljs');
  }

  /**
   * Opens a file, parsing no sheet yet: each is parsed when first read or changed. One beyond what a tournament's
   * workbook holds (`xlsxLimits.ts`) is refused first, naming the sheet.
   */
  static async open(data: ArrayBuffer | Uint8Array, options: { writer?: 'tengen' | 'exceljs' } = {}): Promise<XlsxWorkbook> {
    const bytes = toUint8Array(data);
    // The zip container's own words are not for a director (issue 27).
    let zip: ZipParts;
    try {
      zip = ZipParts.read(bytes);
    } catch (e) {
      if (!(e instanceof ZipDamaged)) throw e;
      const what = bytes.length === 0 ? 'the file is empty' : 'it is not an .xlsx workbook, or it is damaged (cut short, or changed by something other than a spreadsheet program): its zip container cannot be read';
      throw new TengenInputError([{ message: `${what}; ${DAMAGED_WORKBOOK_ADVICE}` }]);
    }
    // No part is inflated yet: each is when first read, its CRC-32 checked and its size held to the limits then
    // (zipParts.ts, xlsxLimits.ts); the parts never read are written back with the bytes they have.
    const pkg = await XlsxPackage.open(zip);
    return new XlsxWorkbook(undefined, pkg, pkg.sheets.map((was) => ({ name: was.name, state: was.state, was, loaded: was.part === undefined, dirty: false, breaksSet: false, chart: was.part === undefined })), options.writer !== 'exceljs');
  }

  /** Opens a file and parses every sheet at once (`excel` needs them all). */
  static async load(data: ArrayBuffer | Uint8Array): Promise<XlsxWorkbook> {
    const wb = await XlsxWorkbook.open(data);
    await wb.loadAll();
    return wb;
  }

  /** Parses every sheet not parsed yet. */
  loadAll(): Promise<void> {
    return this.exclusive(() => this.loadAllNow());
  }

  private async loadAllNow(): Promise<void> {
    await this.ensureLoaded(this.slots.map((s) => s.name));
  }

  /**
   * Saves the workbook: the sheets changed since it was read (or last saved) are rewritten, every other part of the
   * file is kept as it was (`xlsxPackage.ts`).
   */
  save(): Promise<Uint8Array> {
    return this.exclusive(() => this.saveNow());
  }

  private async saveNow(): Promise<Uint8Array> {
    this.syncWithExcel();
    this.pkg ??= await XlsxPackage.open(await newPackage());
    const pkg = this.pkg;
    const dirty = this.slots.filter((s) => s.dirty && !s.chart && (s.loaded || s.patch?.changed || s.fresh));
    // Sheets changed in their XML alone (xlsxSheetPatch.ts), those ExcelJS writes, those written whole here.
    const patched = dirty.filter((s) => !s.loaded && !s.fresh);
    const excel = dirty.filter((s) => s.loaded);
    const fresh = dirty.filter((s) => s.fresh);
    const parts = new Map<string, { text: string; contentType?: string } | undefined>();
    const relationships: { type: string; target: string }[] = [];
    const sheetChanges = new Map<Slot, string>();
    // What the sheets written whole here hold, as the writer counted it (for `writtenSheetProblem`).
    const counted = new Map<Slot, SheetCounts>();
    let styles: string | undefined;
    let dynamic = 0;
    let customFunctions = false;
    if (dirty.length > 0) {
      const written = excel.length > 0 ? await this.writeSheets(excel) : undefined;
      const stylesPart = pkg.stylesPart();
      let merged: ReturnType<typeof mergeStyles> = { xml: '', map: (i: number) => i };
      if (written) {
        const workbookStyles = (stylesPart && (await pkg.text(stylesPart))) ?? written.styles;
        merged = mergeStyles(workbookStyles, written.styles);
        if (merged.xml !== workbookStyles) styles = merged.xml;
      }
      // The new sheets' formats, through one table of their own merged into the workbook's (as ExcelJS's are).
      const table = new StyleTable();
      const freshStyles = new Map<Slot, Int32Array>();
      for (const slot of fresh) freshStyles.set(slot, Int32Array.from(slot.fresh!.styles.list, (st) => table.index(st)));
      let freshMerged: ReturnType<typeof mergeStyles> = { xml: '', map: (i: number) => i };
      if (fresh.length > 0) {
        const workbookStyles = styles ?? (stylesPart && (await pkg.text(stylesPart))) ?? table.xml();
        freshMerged = mergeStyles(workbookStyles, table.xml());
        if (freshMerged.xml !== workbookStyles) styles = freshMerged.xml;
      }
      const stringsPart = pkg.sharedStringsPart();
      const workbookStrings = stringsPart ? await pkg.text(stringsPart) : undefined;
      // The patched sheets' texts go after ExcelJS's, then the new sheets' as they are written: all index the merged strings.
      const strings = new SharedStringsMerge(workbookStrings);
      const excelIndex = (written?.strings ?? []).map((item) => strings.add(item));
      const textIndex = new Map<string, number>();
      for (const slot of patched) for (const text of patchTexts(slot.patch!)) if (!textIndex.has(text)) textIndex.set(text, strings.add(sharedStringItem(text)));
      const freshTextIndex = (text: string): number => {
        let i = textIndex.get(text);
        if (i === undefined) textIndex.set(text, (i = strings.add(sharedStringItem(text))));
        return i;
      };
      // The formats the patched sheets' `format` ops make, derived from the workbook's own (with those added above).
      const editor = patched.some((s) => s.patch!.formats.length > 0) ? new StylesEditor(styles ?? (stylesPart && (await pkg.text(stylesPart))) ?? new StyleTable().xml()) : undefined;
      for (const slot of patched) {
        const original = (await pkg.text(slot.was!.part!)) ?? '';
        const tally = { rows: 0, cells: 0, lastRow: 0 };
        const xml = patchedSheetXml(original, slot.patch!, { stringIndex: (text) => textIndex.get(text)!, style: (index, formats) => editor!.derive(index, formats) }, tally);
        // Its rows and cells: those counted when it was read, with what the patch added (not counted again on the
        // whole text: a congress Grid is megabytes, a result changes one of its rows).
        const read = pkg.sheetCounts(slot.was!.part!);
        if (read) counted.set(slot, { rows: read.rows + tally.rows, cells: read.cells + tally.cells, lastRow: Math.max(read.lastRow, tally.lastRow) });
        dynamic += patchSpills(slot.patch!);
        customFunctions ||= xml.includes(UDF_PREFIX);
        sheetChanges.set(slot, xml);
      }
      if (editor) {
        const xml = editor.xml();
        if (xml !== (styles ?? (stylesPart && (await pkg.text(stylesPart))))) styles = xml;
      }
      for (const slot of excel) {
        const xml = written!.sheets.get(slot.name)!;
        const marked = markDynamicArrays(mapFormulas(xml, storedFormula));
        dynamic += marked.count;
        customFunctions ||= marked.xml.includes(UDF_PREFIX);
        const original = slot.was?.part ? await pkg.text(slot.was.part) : undefined;
        sheetChanges.set(slot, rewrittenSheet(marked.xml, original, (index) => excelIndex[index] ?? index, merged.map, !slot.breaksSet));
        // The sheet's print area and titles as ExcelJS wrote them replace the ones it had.
        this.names = [...this.names.filter((n) => !(n.sheet === slot.name && PRINT_NAMES.includes(n.name))), ...written!.printNames.filter((n) => n.sheet === slot.name)];
      }
      for (const slot of fresh) {
        const sheetStyles = freshStyles.get(slot)!;
        const written = freshSheetXml(slot.fresh!, (i) => freshMerged.map(sheetStyles[i]), freshTextIndex);
        dynamic += written.dynamicArrays;
        customFunctions ||= written.customFunctions;
        const original = slot.was?.part ? await pkg.text(slot.was.part) : undefined;
        sheetChanges.set(slot, original === undefined ? written.xml : rewrittenSheet(written.xml, original, (i) => i, (i) => i, false));
        if (original === undefined) counted.set(slot, written);
        this.names = [...this.names.filter((n) => !(n.sheet === slot.name && PRINT_NAMES.includes(n.name))), ...freshPrintNames(slot.fresh!, slot.name)];
      }
      // The shared strings, every sheet's texts in them now.
      const stringsXml = strings.xml();
      if (stringsXml !== undefined && stringsXml !== workbookStrings) {
        if (stringsPart) parts.set(stringsPart, { text: stringsXml });
        else {
          parts.set('xl/sharedStrings.xml', { text: stringsXml, contentType: SHARED_STRINGS_CONTENT_TYPE });
          relationships.push({ type: RELATIONSHIP_TYPES.sharedStrings, target: 'sharedStrings.xml' });
        }
      }
      for (const slot of this.slots) {
        if (customFunctions) break;
        if (sheetChanges.has(slot) || !slot.was?.part) continue;
        customFunctions = ((await pkg.text(slot.was.part)) ?? '').includes(UDF_PREFIX);
      }
    }
    // What Tengen writes, Tengen reads back (issue 27): a sheet beyond the reader's limits is refused before anything is.
    for (const [slot, xml] of sheetChanges) {
      const problem = writtenSheetProblem(xml, counted.get(slot));
      if (problem) throw new TengenInputError([{ where: slot.name, message: problem }]);
    }
    const metadata = dynamic > 0 && !pkg.zip.file(METADATA_PART);
    if (metadata) parts.set(METADATA_PART, { text: dynamicArrayMetadataXml(), contentType: METADATA_CONTENT_TYPE });
    const listChanged = this.slots.length !== pkg.sheets.length || this.slots.some((s, i) => s.was !== pkg.sheets[i] || s.state !== s.was?.state || s.name !== s.was?.name);
    const namesChanged = this.names.length !== pkg.names.length || this.names.some((n, i) => n !== pkg.names[i]);
    if (sheetChanges.size === 0 && !listChanged && !namesChanged) return pkg.zip.generate();
    const bytes = await assemble(pkg, {
      sheets: this.slots.map((s) => ({ name: s.name, state: s.state, ...(s.was ? { was: s.was } : {}), ...(sheetChanges.has(s) ? { xml: sheetChanges.get(s)! } : {}), ...(s.images !== undefined ? { images: s.images } : {}) })),
      names: this.names,
      ...(styles !== undefined ? { styles } : {}),
      parts,
      workbookRelationships: [...relationships, ...(metadata ? [{ type: METADATA_RELATIONSHIP, target: 'metadata.xml' }] : [])],
      // Plain formulas are recalculated on opening; a workbook holding a custom function is not so marked
      // (`excelFormulaStorage.ts`, point 3).
      ...(sheetChanges.size > 0 ? { fullCalcOnLoad: !customFunctions } : {}),
    });
    const saved = await XlsxPackage.open(pkg.zip);
    this.pkg = saved;
    const byName = new Map(saved.sheets.map((s) => [s.name, s]));
    for (const s of this.slots) {
      s.was = byName.get(s.name);
      s.dirty = false;
      s.breaksSet = false;
      delete s.images;
      // A patched sheet's reading is the saved XML's: kept, its changes now in the file.
      if (s.patch) s.patch.saved();
    }
    this.names = [...saved.names];
    // Texts were added to the shared strings: a sheet read from its XML from now on reads them from the saved part.
    this.context = undefined;
    return bytes;
  }

  /** ExcelJS's writing of the given sheets alone: each sheet's XML, its strings and styles, its print names. */
  private async writeSheets(dirty: Slot[]): Promise<{ sheets: Map<string, string>; strings: string[]; styles: string; printNames: PackageName[] }> {
    const book = this.workbook as unknown as { _worksheets: (ExcelJS.Worksheet | undefined)[] };
    const all = book._worksheets;
    const wanted = new Set(dirty.map((s) => s.name));
    book._worksheets = all.map((ws) => (ws && wanted.has(ws.name) ? ws : undefined));
    let buffer: ArrayBuffer;
    try {
      buffer = (await this.workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } } as Partial<ExcelJS.XlsxWriteOptions>)) as ArrayBuffer;
    } finally {
      book._worksheets = all;
    }
    const out = await XlsxPackage.open(ZipParts.read(new Uint8Array(buffer)));
    const sheets = new Map<string, string>();
    // Read from the zip as it is (ExcelJS wrote it: no limit to hold it to, `XlsxPackage.text`).
    for (const s of out.sheets) if (s.part) sheets.set(s.name, await out.zip.text(s.part));
    const strings = sharedStringItems(out.sharedStringsPart() ? await out.text(out.sharedStringsPart()!) : undefined);
    const styles = (await out.text(out.stylesPart() ?? 'xl/styles.xml')) ?? '';
    return { sheets, strings, styles, printNames: out.names.filter((n) => PRINT_NAMES.includes(n.name)) };
  }

  /** Parses into ExcelJS the named sheets not parsed yet (one small package of them: `sheetPackage`). */
  private async ensureLoaded(names: readonly string[]): Promise<void> {
    this.syncWithExcel();
    const wanted = this.slots.filter((s) => names.includes(s.name) && !s.loaded && !s.fresh && s.was?.part);
    if (wanted.length === 0) return;
    const sheets: { name: string; xml: string }[] = [];
    // The `format` ops and row heights a patched sheet took are applied again by ExcelJS, once it is parsed.
    const replay = new Map(wanted.filter((s) => s.patch && (s.patch.formats.length > 0 || s.patch.heights.size > 0)).map((s) => [s.name, { formats: [...s.patch!.formats], heights: new Map(s.patch!.heights) }]));
    for (const slot of wanted) {
      const file = (await this.pkg!.text(slot.was!.part!)) ?? '';
      // The cells batches changed in the sheet's XML since (xlsxSheetPatch.ts) are parsed with it, their texts inline.
      const xml = slot.patch?.changed ? patchedSheetXml(file, slot.patch, {}) : file;
      sheets.push({ name: slot.name, xml: xml.includes(UDF_PREFIX) ? mapFormulas(xml, shownFormula) : xml });
    }
    const scratch = new (excelJs().Workbook)();
    await scratch.xlsx.load(toArrayBuffer(await sheetPackage(this.pkg!, sheets, this.names)));
    for (const slot of wanted) {
      const from = scratch.getWorksheet(slot.name);
      const ws = this.workbook.addWorksheet(slot.name, slot.state === 'visible' ? undefined : { state: slot.state });
      if (from) ws.model = { ...from.model, name: slot.name } as typeof ws.model;
      const again = replay.get(slot.name);
      if (again) {
        for (const { range, format } of again.formats) this.format(ws, range, { ...format, rowHeight: undefined });
        for (const [row, height] of again.heights) ws.getRow(row).height = height;
      }
      slot.loaded = true;
      slot.patch = undefined;
    }
  }

  /** The ExcelJS workbook underneath (tests, the CLI): every sheet must be parsed (`load`, not `open`). Counts as changed. */
  get excel(): ExcelJS.Workbook {
    // The sheets created here are handed over to ExcelJS, in their places.
    for (const slot of this.slots) {
      if (!slot.fresh) continue;
      freshToExcel(slot.fresh, this.workbook.addWorksheet(slot.name, slot.state === 'visible' ? undefined : { state: slot.state }));
      slot.fresh = undefined;
      slot.loaded = true;
      slot.breaksSet = true;
    }
    const unread = this.slots.find((s) => !s.loaded);
    if (unread) throw new Error(`sheet "${unread.name}" is not parsed yet: open the workbook with XlsxWorkbook.load (or await loadAll()) before using its ExcelJS workbook`);
    this.handedOut = true;
    for (const s of this.slots) s.dirty = !s.chart;
    return this.workbook;
  }

  /** Whether anything was changed since the file was read or last saved. */
  get changed(): boolean {
    if (this.handedOut || !this.pkg) return true;
    const pkg = this.pkg;
    return this.slots.some((s, i) => s.dirty || s.was !== pkg.sheets[i]) || this.slots.length !== pkg.sheets.length || this.names.length !== pkg.names.length || this.names.some((n, i) => n !== pkg.names[i]);
  }

  sheetNames(): Promise<string[]> {
    return this.exclusive(() => this.sheetNamesNow());
  }

  private async sheetNamesNow(): Promise<string[]> {
    this.syncWithExcel();
    return this.slots.filter((s) => !s.chart).map((s) => s.name);
  }

  private rectangle<T>(sheet: string, read: (cell: Cell) => T, empty: T): T[][] | null {
    const ws = this.book?.getWorksheet(sheet);
    if (!ws) return null;
    let rows = 0;
    let columns = 0;
    ws.eachRow({ includeEmpty: false }, (row, r) => {
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        if (isMergeSlave(cell)) return;
        if (cell.value === null || cell.value === undefined) return;
        rows = Math.max(rows, r);
        columns = Math.max(columns, c);
      });
    });
    checkExtent(sheet, rows, columns);
    const out: T[][] = [];
    for (let r = 1; r <= rows; r++) {
      const row = ws.getRow(r);
      const line: T[] = [];
      for (let c = 1; c <= columns; c++) {
        const cell = row.getCell(c);
        line.push(isMergeSlave(cell) ? empty : read(cell));
      }
      out.push(line);
    }
    return out;
  }

  /** A sheet not parsed into ExcelJS, read from its XML (`xlsxSheetReader.ts`); undefined when ExcelJS must read it. */
  private async quickRead(sheet: string): Promise<SheetCells | undefined> {
    const slot = this.slots.find((s) => s.name === sheet);
    if (!slot) return undefined;
    return (await this.patchOf(slot)) ?? undefined;
  }

  /** The sheet's cells read from its XML, with the changes made to them since (null: ExcelJS must read the sheet). */
  private async patchOf(slot: Slot): Promise<SheetPatch | null> {
    if (slot.loaded || !slot.was?.part || !this.pkg) return null;
    if (slot.patch !== undefined) return slot.patch;
    const context = await this.cellContext(this.pkg);
    const raw = (await this.pkg.text(slot.was.part)) ?? '';
    slot.patch = patchOfXml(slot.name, raw, context, this.pkg.rowAddressesChecked(slot.was.part));
    return slot.patch;
  }

  /** What the cells of sheets read from their XML need of the package's other parts (read once a package). */
  private async cellContext(pkg: XlsxPackage): Promise<CellContext> {
    this.context ??= {
      strings: sharedStrings(pkg.sharedStringsPart() ? await pkg.text(pkg.sharedStringsPart()!) : undefined),
      dateStyles: dateStyles(pkg.stylesPart() ? await pkg.text(pkg.stylesPart()!) : undefined),
      date1904: pkg.date1904,
    };
    return this.context;
  }

  /**
   * A sheet's cells as they are now, parsed only when first asked for (issue 28): for the sheets only some batches
   * need (the hidden caches, the Standings), which a result never reads. Its XML is taken now and held to the limits
   * as `readSheet` holds it (its size when inflated, its rows and cells, its last cell: `sheetExtentBound`), so a sheet
   * `readSheet` refuses is refused here, now; its cells are read from that XML when first asked for, so they are
   * the cells as they were now whatever a batch changes since. Null when the sheet is not one of the file's as read
   * (created, changed or parsed since, a chart sheet), or not one read from its XML: `readSheet` reads it.
   */
  readSheetLater(sheet: string): Promise<(() => SheetCells) | null> {
    return this.exclusive(() => this.readSheetLaterNow(sheet));
  }

  private async readSheetLaterNow(sheet: string): Promise<(() => SheetCells) | null> {
    const slot = this.slots.find((s) => s.name === sheet);
    const pkg = this.pkg;
    if (!slot || !pkg || slot.loaded || slot.fresh || slot.dirty || slot.patch !== undefined || !slot.was?.part) return null;
    const was = slot.was;
    const context = await this.cellContext(pkg);
    const raw = (await pkg.text(was.part!)) ?? '';
    const extent = sheetExtentBound(raw);
    if (!extent) return null;
    checkExtent(sheet, extent.rows, extent.columns);
    let cells: SheetCells | undefined;
    return () => {
      if (cells) return cells;
      const patch = patchOfXml(sheet, raw, context, pkg.rowAddressesChecked(was.part!));
      if (!patch) throw new Error(`sheet "${sheet}" cannot be read from its XML`); // sheetExtentBound said it can
      // The sheet still as read: its reading is kept for the batches that change it, as `readSheet` keeps it.
      if (slot.was === was && slot.patch === undefined && !slot.loaded && !slot.fresh && this.context === context) slot.patch = patch;
      cells = { values: patch.values.map((row) => [...row]), formulas: patch.formulas.map((row) => [...row]) };
      return cells;
    };
  }

  /** What the cells of sheets read from their XML need of the other parts (read once a package). */
  private context: CellContext | undefined;

  readSheet(sheet: string): Promise<CellValue[][] | null> {
    return this.exclusive(() => this.readSheetNow(sheet));
  }

  private async readSheetNow(sheet: string): Promise<CellValue[][] | null> {
    const own = this.freshOf(sheet);
    if (own) return own.values((rows, columns) => checkExtent(sheet, rows, columns));
    const quick = await this.quickRead(sheet);
    if (quick) return quick.values.map((row) => [...row]);
    await this.ensureLoaded([sheet]);
    // A formula's cached result is read from `cell.result`: ExcelJS 4.4's `cell.value` leaves out a result of 0
    // (its FormulaValue copies only truthy fields), which would turn every score of 0 into an empty cell.
    return this.rectangle(sheet, (cell) => (cell.type === excelJs().ValueType.Formula ? plainValue(cell.result as ExcelJS.CellValue) : plainValue(cell.value)), null);
  }

  readFormulas(sheet: string): Promise<(string | null)[][] | null> {
    return this.exclusive(() => this.readFormulasNow(sheet));
  }

  private async readFormulasNow(sheet: string): Promise<(string | null)[][] | null> {
    const own = this.freshOf(sheet);
    if (own) return own.formulas((rows, columns) => checkExtent(sheet, rows, columns));
    const quick = await this.quickRead(sheet);
    if (quick) return quick.formulas.map((row) => [...row]);
    await this.ensureLoaded([sheet]);
    return this.rectangle<string | null>(
      sheet,
      (cell) => {
        const f = cell.formula;
        return f ? `=${f}` : null;
      },
      null,
    );
  }

  /** Where `slotNamed` last found a sheet: a batch's ops come sheet by sheet, thousands on the same one. */
  private slotAt = 0;

  /**
   * The sheet of this name (names are unique in a workbook), as `this.slots.find` gives it, without searching the list
   * again for every op of a batch (issue 28: a round's 20,000 ops, a few lookups each, on a workbook of 20-odd sheets).
   */
  private slotNamed(name: string): Slot | undefined {
    const last = this.slots[this.slotAt];
    if (last !== undefined && last.name === name) return last;
    const at = this.slots.findIndex((s) => s.name === name);
    if (at < 0) return undefined;
    this.slotAt = at;
    return this.slots[at];
  }

  /** The sheet when it is one this adapter created (`FreshSheet`). */
  private freshOf(sheet: string): FreshSheet | undefined {
    return this.slotNamed(sheet)?.fresh;
  }

  /** A cell as the adapter reads it, with its formula: what a batch's expectations are compared with. */
  private found(sheet: string, row: number, column: number): FoundCell {
    const own = this.freshOf(sheet);
    if (own) return own.found(row, column);
    const slot = this.slotNamed(sheet);
    const patch = slot && !slot.loaded ? slot.patch : undefined;
    if (patch) return patch.isMergeSlave(row, column) ? { value: null } : patch.found(row, column);
    // No ExcelJS workbook yet: no sheet is parsed into it, and the cell is not there.
    const cell = this.book?.getWorksheet(sheet)?.findCell(row, column);
    if (!cell || isMergeSlave(cell)) return { value: null };
    if (cell.type === excelJs().ValueType.Formula) return { value: plainValue(cell.result as ExcelJS.CellValue), formula: `=${cell.formula}` };
    return { value: plainValue(cell.value) };
  }

  /**
   * The sheets a batch names that ExcelJS must parse: all but those it only checks, names, or writes cells of that
   * can be changed in the sheet's XML (no cell of a merged range but its top-left: ExcelJS keeps merges).
   */
  private async sheetsForExcel(batch: WorkbookBatch): Promise<string[]> {
    const bySheet = new Map<string, WorkbookOp[]>();
    for (const op of batch.ops) {
      const list = bySheet.get(op.sheet);
      if (list) list.push(op);
      else bySheet.set(op.sheet, [op]);
    }
    const out: string[] = [];
    for (const [name, ops] of bySheet) {
      const slot = this.slots.find((s) => s.name === name);
      if (!slot || slot.loaded || slot.fresh) continue;
      if (this.rewrites.has(name)) {
        // Its expectations are checked against its cells read from its XML; a sheet that cannot be read so is
        // parsed into ExcelJS and rewritten there.
        if (ops.some((op) => op.kind === 'expect') && !(await this.patchOf(slot))) {
          this.rewrites.delete(name);
          out.push(name);
        }
        continue;
      }
      const patch = ops.every((op) => PATCH_KINDS.has(op.kind) && (op.kind !== 'format' || this.freshSheets)) ? await this.patchOf(slot) : null;
      if (!patch || !ops.every((op) => this.patchWrites(patch, op))) out.push(name);
    }
    return out;
  }

  /** Whether the op's cells can be written in the sheet's XML (none inside a merged range but its top-left). */
  private patchWrites(patch: SheetPatch, op: WorkbookOp): boolean {
    // A sheet without merged ranges has no cell inside one: every op's cells can be written (issue 28: a round's
    // 20,000 cells each looked up among no merges). The same answer as the checks below, which would find none.
    if (!patch.hasMergeSlaves) return true;
    if (op.kind === 'append') {
      const below = patch.lastRow() + 1;
      return op.cells.every((row, i) => row.every((_c, j) => !patch.isMergeSlave(below + i, j + 1)));
    }
    if (op.kind === 'format') return !patch.mergeSlaveWithin(parseRange(op.range)!);
    if (op.kind !== 'write' && op.kind !== 'cached-values') return true;
    const at = parseCell(op.at)!;
    const cells: readonly (readonly unknown[])[] = op.kind === 'write' ? op.cells : op.values;
    return cells.every((row, i) => row.every((_c, j) => !patch.isMergeSlave(at.row + i, at.column + j)));
  }

  /** The patched sheets a batch touches, with a copy of each to go back to. */
  private patchSnapshots(touched: ReadonlySet<string>): Map<SheetPatch, ReturnType<SheetPatch['snapshot']>> {
    const out = new Map<SheetPatch, ReturnType<SheetPatch['snapshot']>>();
    for (const s of this.slots) if (touched.has(s.name) && !s.loaded && s.patch) out.set(s.patch, s.patch.snapshot());
    return out;
  }

  apply(batch: WorkbookBatch): Promise<void> {
    return this.exclusive(() => this.applyNow(batch));
  }

  private async applyNow(batch: WorkbookBatch): Promise<void> {
    validateBatch(batch, await this.sheetNamesNow());
    // The sheets of the file the batch rewrites whole are taken into the adapter's own model (xlsxFreshFromSheet.ts).
    this.rewrites = await this.wholeRewrites(batch);
    // The sheets the batch names are parsed first: its expectations are checked against them, its ops change them.
    // A sheet the batch only checks and changes cells of (a result, a round's Grid columns, the Log) is read from its
    // XML and changed there (xlsxSheetPatch.ts); the others are parsed into ExcelJS.
    await this.ensureLoaded(await this.sheetsForExcel(batch));
    const conflicts = expectationConflicts(batch, (name) => this.slots.some((s) => s.name === name && !s.chart), (name, row, column) => this.found(name, row, column));
    if (conflicts.length > 0) throw new WorkbookConflict(batch.label, conflicts);
    if (batch.ops.every((op) => this.journaled(op))) return this.applyJournaled(batch);
    // A batch that creates, deletes or lays out sheets: the sheets it touches are copied first (their ExcelJS model),
    // with the sheet list and the names, and put back should an op fail.
    // A sheet unchanged since the file was read is not copied: on a failure it is parsed again from the file.
    const touched = new Set(batch.ops.map((op) => op.sheet));
    const models = new Map<string, ExcelJS.WorksheetModel>();
    const slots = this.slots.map((s) => ({ ...s }));
    const patches = this.patchSnapshots(touched);
    const fresh = this.freshSnapshots(touched);
    for (const name of touched) {
      const ws = this.book?.getWorksheet(name);
      const slot = slots.find((s) => s.name === name);
      if (!ws || !slot) continue;
      if (!slot.dirty && slot.was?.part) slot.loaded = false;
      else models.set(name, structuredClone({ ...ws.model, rowBreaks: [...(inside(ws).rowBreaks ?? [])] }) as ExcelJS.WorksheetModel);
    }
    const names = [...this.names];
    let index = 0;
    try {
      for (; index < batch.ops.length; index++) {
        this.markChanged(batch.ops[index]);
        this.applyOp(batch.ops[index]);
      }
    } catch (e) {
      for (const name of touched) {
        const ws = this.book?.getWorksheet(name);
        if (ws) this.workbook.removeWorksheet(ws.id);
      }
      for (const [name, model] of models) {
        const slot = slots.find((s) => s.name === name)!;
        const ws = this.workbook.addWorksheet(name, slot.state === 'visible' ? undefined : { state: slot.state });
        ws.model = model;
        inside(ws).rowBreaks = (model as unknown as { rowBreaks: ExcelJS.RowBreak[] }).rowBreaks;
      }
      for (const [slot, was] of fresh) {
        const copy = slots.find((s) => s.name === slot.name);
        if (copy) copy.fresh = was;
      }
      this.slots = slots;
      this.names = names;
      for (const [patch, was] of patches) patch.restore(was);
      throw new BatchError(batch.label, index, batch.ops[index], e instanceof Error ? e.message : String(e));
    }
    for (const [patch, was] of patches) patch.settled(was);
  }

  /**
   * The sheets of the file a batch rewrites whole (its first op on the sheet but `ensure-sheet` and expectations a
   * `clear` of all of it: a re-paired round's pairing sheet is expected as read, then made anew), each with its layout
   * read from its XML, to be taken into the adapter's model at that `clear`: their cells are
   * emptied anyway, so ExcelJS need not parse them (issue 28). Not when the workbook was opened to write with ExcelJS,
   * nor for a sheet with changes not saved yet.
   */
  private async wholeRewrites(batch: WorkbookBatch): Promise<Map<string, FreshSheet>> {
    const out = new Map<string, FreshSheet>();
    if (!this.freshSheets || this.handedOut || !this.pkg) return out;
    const decided = new Set<string>();
    for (const op of batch.ops) {
      if (op.kind === 'ensure-sheet' || op.kind === 'expect' || op.kind === 'expect-missing' || decided.has(op.sheet)) continue;
      decided.add(op.sheet);
      if (op.kind !== 'clear' || op.range !== undefined) continue;
      const slot = this.slots.find((s) => s.name === op.sheet);
      if (!slot || slot.loaded || slot.fresh || slot.chart || !slot.was?.part || slot.dirty || slot.patch?.changed) continue;
      out.set(op.sheet, freshFromSheet((await this.pkg.text(slot.was.part)) ?? '', op.sheet, this.names));
    }
    return out;
  }

  /** The sheets the batch being applied rewrites whole (`wholeRewrites`). */
  private rewrites = new Map<string, FreshSheet>();

  /** Marks the sheet an op changes as changed (rewritten on the next save). */
  private markChanged(op: WorkbookOp): void {
    if (op.kind === 'expect' || op.kind === 'expect-missing' || op.kind === 'define-name' || op.kind === 'delete-sheet') return;
    const slot = this.slotNamed(op.sheet);
    if (!slot) return;
    if (op.kind === 'ensure-sheet') return;
    slot.dirty = true;
    if (op.kind === 'print' && op.settings.rowBreaks !== undefined) slot.breaksSet = true;
  }

  /** Ops whose effect is a set of cells' values and styles (or nothing), which `applyJournaled` can take back. */
  private journaled(op: WorkbookOp): boolean {
    switch (op.kind) {
      case 'expect':
      case 'expect-missing':
      case 'write':
      case 'append':
      case 'cached-values':
      case 'format':
        return true;
      case 'ensure-sheet':
        return this.slots.some((s) => s.name === op.sheet);
      case 'clear':
        return op.range !== undefined && !((ws) => ws && mergesOf(ws).length > 0)(this.book?.getWorksheet(op.sheet));
      default:
        return false;
    }
  }

  /** Applies a batch of cell ops, keeping each touched cell's value and style first, to put them back on a failure. */
  private async applyJournaled(batch: WorkbookBatch): Promise<void> {
    const kept = new Map<Cell, { value: ExcelJS.CellValue; style: Partial<ExcelJS.Style> }>();
    this.beforeTouch = (cell) => {
      if (!kept.has(cell)) kept.set(cell, { value: cell.value, style: { ...cell.style } });
    };
    const dirty = this.slots.map((s) => s.dirty);
    const patches = this.patchSnapshots(new Set(batch.ops.map((op) => op.sheet)));
    const fresh = this.freshSnapshots(new Set(batch.ops.map((op) => op.sheet)));
    let index = 0;
    try {
      for (; index < batch.ops.length; index++) {
        this.markChanged(batch.ops[index]);
        this.applyOp(batch.ops[index]);
      }
    } catch (e) {
      this.slots.forEach((s, i) => (s.dirty = dirty[i]));
      for (const [patch, was] of patches) patch.restore(was);
      for (const [slot, was] of fresh) slot.fresh = was;
      for (const [cell, was] of kept) {
        cell.value = was.value;
        cell.style = was.style;
      }
      throw new BatchError(batch.label, index, batch.ops[index], e instanceof Error ? e.message : String(e));
    } finally {
      this.beforeTouch = undefined;
      for (const [patch, was] of patches) patch.settled(was);
    }
  }

  /** Called with every cell an op is about to change, while `applyJournaled` runs. */
  private beforeTouch: ((cell: Cell) => void) | undefined;

  private touch(cell: Cell): Cell {
    this.beforeTouch?.(cell);
    return cell;
  }

  private sheet(name: string): ExcelJS.Worksheet {
    const ws = this.workbook.getWorksheet(name);
    if (!ws) throw new Error(`sheet "${name}" does not exist`);
    return ws;
  }

  /** One op, already validated. Protected so a test can make one fail and see the batch rolled back. */
  protected applyOp(op: WorkbookOp): void {
    const rewrite = op.kind === 'clear' && op.range === undefined ? this.rewrites.get(op.sheet) : undefined;
    if (rewrite) {
      const slot = this.slots.find((s) => s.name === op.sheet)!;
      slot.fresh = rewrite;
      slot.patch = undefined;
      this.rewrites.delete(op.sheet);
    }
    const own = this.freshOf(op.sheet);
    if (own && this.applyFresh(own, op)) return;
    const named = this.slotNamed(op.sheet);
    const patch = named && !named.loaded ? named.patch : undefined;
    if (patch && (op.kind === 'write' || op.kind === 'append' || op.kind === 'cached-values' || op.kind === 'format')) {
      if (op.kind === 'format') patch.format(parseRange(op.range)!, op.format);
      else if (op.kind === 'cached-values') {
        const at = parseCell(op.at)!;
        patch.cache(at.row, at.column, op.values);
      } else {
        const at = op.kind === 'append' ? { row: patch.lastRow() + 1, column: 1 } : parseCell(op.at)!;
        patch.write(at.row, at.column, op.cells);
      }
      return;
    }
    switch (op.kind) {
      case 'ensure-sheet':
        this.ensureSheet(op.sheet, op.before, op.hidden);
        return;
      case 'delete-sheet': {
        const ws = this.book?.getWorksheet(op.sheet);
        if (ws) this.workbook.removeWorksheet(ws.id);
        this.slots = this.slots.filter((s) => s.name !== op.sheet);
        this.names = this.names.filter((n) => n.sheet !== op.sheet);
        return;
      }
      case 'clear':
        this.clear(this.sheet(op.sheet), op.range === undefined ? undefined : parseRange(op.range)!);
        return;
      case 'expect':
      case 'expect-missing':
        return;
      case 'image':
      case 'delete-images': {
        const slot = this.slots.find((x) => x.name === op.sheet)!;
        slot.images = op.kind === 'image' ? [...(slot.images ?? []), op] : [];
        return;
      }
      case 'cached-values': {
        const ws = this.sheet(op.sheet);
        const at = parseCell(op.at)!;
        op.values.forEach((row, i) =>
          row.forEach((v, j) => {
            const cell = ws.findCell(at.row + i, at.column + j);
            if (v === null || !cell || cell.type !== excelJs().ValueType.Formula) return;
            // Keeps the rest of the formula's model (an array formula's `shareType` and `ref`: the spill, c2's storage).
            this.touch(cell).value = { ...(cell.value as ExcelJS.CellFormulaValue), formula: cell.formula, result: v } as ExcelJS.CellFormulaValue;
          }),
        );
        return;
      }
      case 'append':
      case 'write': {
        const ws = this.sheet(op.sheet);
        const at = op.kind === 'append' ? { row: this.lastRow(ws) + 1, column: 1 } : parseCell(op.at)!;
        op.cells.forEach((row, i) => {
          const r = ws.getRow(at.row + i);
          row.forEach((c, j) => {
            const cell = this.touch(r.getCell(at.column + j));
            if (c !== null && typeof c === 'object') {
              const result = c.value ?? undefined;
              // A spilling formula is an array formula over its spill (stored as a dynamic array on save); the
              // cells it spills into are written by the same op with their cached values.
              const spill = c.spill && (c.spill.rows > 1 || c.spill.columns > 1) ? { shareType: 'array', ref: rangeAddress(at.row + i, at.column + j, at.row + i + c.spill.rows - 1, at.column + j + c.spill.columns - 1) } : {};
              cell.value = { formula: formulaBody(c.formula), ...(result !== undefined && result !== null ? { result } : {}), ...spill } as ExcelJS.CellFormulaValue;
            } else {
              cell.value = c;
            }
          });
        });
        return;
      }
      case 'format':
        this.format(this.sheet(op.sheet), parseRange(op.range)!, op.format);
        return;
      case 'merge': {
        const ws = this.sheet(op.sheet);
        const range = parseRange(op.range)!;
        this.unmergeWithin(ws, range);
        if (range.top !== range.bottom || range.left !== range.right) ws.mergeCells(range.top, range.left, range.bottom, range.right);
        return;
      }
      case 'column-widths': {
        const ws = this.sheet(op.sheet);
        const from = op.from ? columnNumber(op.from)! : 1;
        op.widths.forEach((w, i) => {
          ws.getColumn(from + i).width = w;
        });
        return;
      }
      case 'freeze': {
        const ws = this.sheet(op.sheet);
        ws.views = op.rows === 0 && op.columns === 0 ? [{ state: 'normal' }] : [{ state: 'frozen', xSplit: op.columns, ySplit: op.rows, topLeftCell: `${columnLetter(op.columns + 1)}${op.rows + 1}` }];
        return;
      }
      case 'print':
        this.print(this.sheet(op.sheet), op.settings);
        return;
      case 'define-name': {
        // A workbook-level name (no localSheetId), replacing one of the same name (names ignore case).
        const others = this.names.filter((n) => !(n.sheet === undefined && n.name.toLowerCase() === op.name.toLowerCase()));
        this.names = [...others, { name: op.name, formula: absoluteReference(op.sheet, op.range) }];
        return;
      }
    }
  }

  /** An op on a sheet this adapter created, applied to its model; false for the ops done here for every sheet. */
  private applyFresh(sheet: FreshSheet, op: WorkbookOp): boolean {
    switch (op.kind) {
      case 'write':
        sheet.write(cellOf(op.at).row, cellOf(op.at).column, op.cells);
        return true;
      case 'append':
        sheet.append(op.cells);
        return true;
      case 'cached-values':
        sheet.cache(cellOf(op.at).row, cellOf(op.at).column, op.values);
        return true;
      case 'format':
        sheet.format(rangeOf(op.range), op.format);
        return true;
      case 'merge':
        sheet.merge(rangeOf(op.range));
        return true;
      case 'clear':
        sheet.clear(op.range === undefined ? undefined : rangeOf(op.range));
        return true;
      case 'column-widths':
        sheet.columnWidths(op.widths, op.from);
        return true;
      case 'freeze':
        sheet.freeze(op.rows, op.columns);
        return true;
      case 'print':
        sheet.print(op.settings);
        return true;
      default:
        // ensure-sheet, delete-sheet, define-name, expect, images: the sheet list, the names, the slot.
        return false;
    }
  }

  /** The sheets this adapter created that a batch touches, with a copy of each to go back to. */
  private freshSnapshots(touched: ReadonlySet<string>): Map<Slot, FreshSheet> {
    const out = new Map<Slot, FreshSheet>();
    for (const s of this.slots) if (touched.has(s.name) && s.fresh) out.set(s, s.fresh.clone());
    return out;
  }

  /** The last row holding a value (0 on an empty sheet): where `append` writes below. */
  private lastRow(ws: ExcelJS.Worksheet): number {
    let last = 0;
    ws.eachRow({ includeEmpty: false }, (row, r) => {
      let filled = false;
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.value !== null && cell.value !== undefined && !isMergeSlave(cell)) filled = true;
      });
      if (filled) last = r;
    });
    return last;
  }

  private ensureSheet(name: string, before?: string, hidden?: boolean): void {
    if (this.slots.some((s) => s.name === name)) return;
    // The sheet is held as a `FreshSheet` (written straight to XML), unless the ExcelJS workbook was handed out.
    // Its state is written as `<sheet state="hidden">` (ECMA-376 Part 1, §18.2.19 sheet, ST_SheetState).
    const own = this.freshSheets && !this.handedOut;
    if (!own) this.workbook.addWorksheet(name, hidden ? { state: 'hidden' } : undefined);
    const slot: Slot = { name, state: hidden ? 'hidden' : 'visible', loaded: !own, dirty: true, breaksSet: true, chart: false, ...(own ? { fresh: new FreshSheet() } : {}) };
    const at = before === undefined ? -1 : this.slots.findIndex((s) => s.name === before);
    if (at < 0) this.slots.push(slot);
    else this.slots.splice(at, 0, slot);
  }

  private unmergeWithin(ws: ExcelJS.Worksheet, range: RangePosition): void {
    for (const r of mergesOf(ws)) {
      const overlaps = r.left <= range.right && r.right >= range.left && r.top <= range.bottom && r.bottom >= range.top;
      if (overlaps) ws.unMergeCells(r.top, r.left, r.bottom, r.right);
    }
  }

  private clear(ws: ExcelJS.Worksheet, range?: RangePosition): void {
    if (range === undefined) {
      this.unmergeWithin(ws, { top: 1, left: 1, bottom: MAX_ROWS, right: MAX_COLUMNS });
      ws.eachRow({ includeEmpty: true }, (row) => {
        row.eachCell({ includeEmpty: true }, (cell) => {
          cell.value = null;
          cell.style = {};
        });
      });
      return;
    }
    this.unmergeWithin(ws, range);
    for (let r = range.top; r <= range.bottom; r++) {
      const row = ws.getRow(r);
      for (let c = range.left; c <= range.right; c++) {
        const cell = this.touch(row.getCell(c));
        cell.value = null;
        cell.style = {};
      }
    }
  }

  private format(ws: ExcelJS.Worksheet, range: RangePosition, f: CellFormat): void {
    const border: Partial<ExcelJS.Borders> = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
    for (let r = range.top; r <= range.bottom; r++) {
      const row = ws.getRow(r);
      if (f.rowHeight !== undefined) row.height = f.rowHeight;
      for (let c = range.left; c <= range.right; c++) {
        const cell = this.touch(row.getCell(c));
        if (f.bold !== undefined || f.italic !== undefined || f.fontColor !== undefined || f.fontSize !== undefined) {
          cell.font = {
            // A font written without its name is drawn in the reader's default font (LibreOffice: a serif), not
            // in the workbook's Calibri: the name is written with every font.
            name: DEFAULT_FONT,
            ...(cell.font ?? {}),
            ...(f.bold !== undefined ? { bold: f.bold } : {}),
            ...(f.italic !== undefined ? { italic: f.italic } : {}),
            ...(f.fontSize !== undefined ? { size: f.fontSize } : {}),
            ...(f.fontColor !== undefined ? { color: { argb: argb(f.fontColor) } } : {}),
          };
        }
        if (f.fill !== undefined) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(f.fill) } };
        if (f.numberFormat !== undefined) cell.numFmt = f.numberFormat;
        if (f.horizontalAlignment !== undefined || f.wrap !== undefined) {
          cell.alignment = {
            ...(cell.alignment ?? {}),
            ...(f.horizontalAlignment !== undefined ? { horizontal: f.horizontalAlignment } : {}),
            ...(f.wrap !== undefined ? { wrapText: f.wrap } : {}),
          };
        }
        if (f.border) cell.border = border;
      }
    }
  }

  private print(ws: ExcelJS.Worksheet, s: PrintSettings): void {
    // ExcelJS's enum of paper sizes lacks Letter (1): the number is written as it is.
    const setup = { ...ws.pageSetup, ...pageSetupOf(s) } as Partial<ExcelJS.PageSetup>;
    ws.pageSetup = setup as ExcelJS.PageSetup;
    if (s.rowBreaks !== undefined) {
      inside(ws).rowBreaks = [];
      // ExcelJS's break of a row is after it; a break "before row n" is after row n − 1.
      for (const r of [...new Set(s.rowBreaks)].sort((a, b) => a - b)) ws.getRow(r - 1).addPageBreak(1, 16384); // max = the last column, 16383 (0-based), as Excel writes it
    }
  }
}


/** A sheet's cells read from its XML (`xlsxSheetReader.ts`), to be changed there (null: ExcelJS must read the sheet). */
function patchOfXml(sheet: string, raw: string, context: CellContext, rowAddressesChecked: boolean): SheetPatch | null {
  // Custom functions read under their shown names (`_xldudf_GO_PLACE` → `GO.PLACE`), formula by formula.
  const shown = (formula: string) => (formula.includes(UDF_PREFIX) ? shownFormula(formula) : formula);
  const read = readSheetCellsChecked(raw, context, (rows, columns) => checkExtent(sheet, rows, columns), shown);
  // The cells just read are the patch's alone: not copied again. Their tags' addresses were checked as they were read,
  // the rows' when the sheet was counted (`XlsxPackage.text`).
  return read && patchable(raw, read.cellAddresses, rowAddressesChecked) ? new SheetPatch(read.cells, mergeSlaves(raw), true) : null;
}

/** The sheet is read as a rectangle from A1: a stray entry far away (XFD1048576) would make it 17 billion cells. */
function checkExtent(sheet: string, rows: number, columns: number): void {
  if (rows > MAX_SHEET_ROWS || rows * columns > MAX_SHEET_CELLS) {
    throw new TengenInputError([
      {
        where: sheetCell(sheet, rows, columns),
        message: `the sheet's last cell is row ${rows}, column ${columns}; a tournament's sheets hold far fewer (at most ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows and ${MAX_SHEET_CELLS.toLocaleString('en-US')} cells from A1): clear what lies beyond the tournament`,
      },
    ]);
  }
}

function toUint8Array(data: ArrayBuffer | Uint8Array): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

function toArrayBuffer(data: ArrayBuffer | Uint8Array): ArrayBuffer {
  if (data instanceof Uint8Array) return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  return data;
}
