/**
 * Sheets the adapter created (`xlsxFreshSheet.ts`) written straight to SpreadsheetML (issue 28): each sheet's XML in
 * one pass over its rows, its texts as shared strings and its formats as cell formats of the workbook's styles part,
 * both merged into the parts the workbook has (`SharedStringsMerge`, each text indexed as the writer comes to it;
 * `mergeStyles`), as the sheets ExcelJS writes are.
 *
 * The XML is what ExcelJS 4.4 writes for the same sheet, element for element, so a workbook reads the same whichever
 * wrote it (test/workbook/xlsxFreshSheet.test.ts compares the two, cell by cell). The rules relied on, from ECMA-376
 * Part 1 (5th edition):
 *  - §18.3.1.99 worksheet: the children in the schema's order — sheetPr, dimension, sheetViews, sheetFormatPr, cols,
 *    sheetData, mergeCells, pageMargins, pageSetup, rowBreaks;
 *  - §18.3.1.73 row (`r` 1-based, ascending; `ht` with `customHeight` for a height set), §18.3.1.4 c (`r`, `s` the
 *    index into cellXfs, `t`: `s` shared string, `b` boolean, `str` a formula's text result), §18.3.1.40 f (an array
 *    formula `t="array"` with its `ref`), §18.3.1.96 v;
 *  - §18.4.8 si / §18.4.12 t: a text whose first or last character is white space, or that holds a line break, keeps
 *    it with `xml:space="preserve"`;
 *  - §18.3.1.13 col (`min`, `max`, `width`, `customWidth`), §18.3.1.55 mergeCell, §18.3.1.66 pane (a frozen pane:
 *    `state="frozen"`, `xSplit`/`ySplit` the columns/rows frozen, `topLeftCell` the first cell of the bottom-right
 *    pane), §18.3.1.63 pageMargins, §18.3.1.64 pageSetup, §18.3.1.65 pageSetUpPr (`fitToPage`), §18.3.1.74 rowBreaks
 *    / §18.3.1.3 brk (`id` the row after which the page breaks, `man` a manual break);
 *  - §18.8.30 numFmt: the built-in number formats by id (0 General, 49 "@" …), the workbook's own from 164;
 *  - §18.2.5 definedName `_xlnm.Print_Area` / `_xlnm.Print_Titles` with `localSheetId` (the print area, the rows
 *    repeated on every page).
 * XML 1.0 (§2.2) cannot hold the control characters other than tab, line feed and carriage return, nor U+FFFE/U+FFFF:
 * they are dropped from texts, as ExcelJS drops them.
 */
import { escapeXml, formulaXmlText, withAttribute, xmlText } from './xlsxXml';
import { BUILT_IN_FORMATS, solidFillXml, THIN_BORDER_XML } from './xlsxStyles';
import { storedFormula, UDF_PREFIX } from './excelFormulaStorage';
import { MERGED, type FreshSheet, type FreshStyle } from './xlsxFreshSheet';
import type { PackageName } from './xlsxPackage';
import { columnLetter, rangeAddress } from '../cells/address';
import type { CellValue } from './adapter';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const WORKSHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  `<worksheet xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac">`;


/** The workbook's default font (the one every cell without a font of its own shows): Calibri 11, the theme's text colour. */
export const DEFAULT_FONT_XML = '<font><color theme="1"/><family val="2"/><scheme val="minor"/><sz val="11"/><name val="Calibri"/></font>';

/** A text as a shared-string item's content (`<t>`, §18.4.12). */
export function stringItem(text: string): string {
  return /^\s|\s$|\n/.test(text) ? `<t xml:space="preserve">${xmlText(text)}</t>` : `<t>${xmlText(text)}</t>`;
}

/** The cell formats of the sheets written in one save, as a styles part of their own (merged into the workbook's). */
export class StyleTable {
  private readonly numFmts: string[] = [];
  private readonly fonts: string[] = [DEFAULT_FONT_XML];
  private readonly fills: string[] = ['<fill><patternFill patternType="none"/></fill>', '<fill><patternFill patternType="gray125"/></fill>'];
  private readonly borders: string[] = ['<border><left/><right/><top/><bottom/><diagonal/></border>'];
  private readonly xfs: string[] = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  private readonly xfIndex = new Map<string, number>([[this.xfs[0], 0]]);

  private static add(list: string[], item: string): number {
    const at = list.indexOf(item);
    if (at >= 0) return at;
    list.push(item);
    return list.length - 1;
  }

  /** The index in cellXfs of a format. */
  index(s: FreshStyle): number {
    let numFmtId = 0;
    if (s.numFmt !== undefined) {
      numFmtId = BUILT_IN_FORMATS[s.numFmt] ?? 164 + StyleTable.add(this.numFmts, s.numFmt);
    }
    const fontId = s.font ? StyleTable.add(this.fonts, fontXml(s.font)) : 0;
    const borderId = s.border ? StyleTable.add(this.borders, THIN_BORDER_XML) : 0;
    const fillId = s.fill !== undefined ? StyleTable.add(this.fills, solidFillXml(s.fill)) : 0;
    let xf = `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="${fillId}" borderId="${borderId}" xfId="0"`;
    if (numFmtId) xf += ' applyNumberFormat="1"';
    if (fontId) xf += ' applyFont="1"';
    if (fillId) xf += ' applyFill="1"';
    if (borderId) xf += ' applyBorder="1"';
    const alignment = s.alignment ? alignmentXml(s.alignment) : undefined;
    if (s.alignment) xf += ' applyAlignment="1"';
    xf += alignment ? `>${alignment}</xf>` : '/>';
    let at = this.xfIndex.get(xf);
    if (at === undefined) {
      at = this.xfs.length;
      this.xfs.push(xf);
      this.xfIndex.set(xf, at);
    }
    return at;
  }

  /** The formats as a whole styles part (§18.8.39 styleSheet: numFmts, fonts, fills, borders, cellStyleXfs, cellXfs …). */
  xml(): string {
    const list = (name: string, items: readonly string[]) => `<${name} count="${items.length}">${items.join('')}</${name}>`;
    const numFmts = this.numFmts.length ? list('numFmts', this.numFmts.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(code)}"/>`)) : '';
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<styleSheet xmlns="${MAIN}">${numFmts}${list('fonts', this.fonts)}${list('fills', this.fills)}${list('borders', this.borders)}` +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `${list('cellXfs', this.xfs)}<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/>` +
      '<tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/></styleSheet>'
    );
  }
}

/** A font (§18.8.22) with its children in the order ExcelJS writes them: b, i, color, sz, name. */
function fontXml(f: NonNullable<FreshStyle['font']>): string {
  return `<font>${f.bold ? '<b/>' : ''}${f.italic ? '<i/>' : ''}${f.color !== undefined ? `<color rgb="${f.color}"/>` : ''}${f.size !== undefined ? `<sz val="${f.size}"/>` : ''}${f.name !== undefined ? `<name val="${escapeXml(f.name)}"/>` : ''}</font>`;
}

/** An alignment (§18.8.1), or undefined when it sets nothing. */
function alignmentXml(a: NonNullable<FreshStyle['alignment']>): string | undefined {
  const attrs = `${a.horizontal ? ` horizontal="${a.horizontal}"` : ''}${a.wrapText ? ' wrapText="1"' : ''}`;
  return attrs ? `<alignment${attrs}/>` : undefined;
}

/** What a sheet's XML holds besides its text: its dynamic arrays (each needs `xl/metadata.xml`), its custom functions. */
export interface WrittenSheet {
  readonly xml: string;
  readonly dynamicArrays: number;
  readonly customFunctions: boolean;
  /** Its `<row>` elements, the last of them, its `<c>` elements: what `writtenSheetProblem` holds to the limits. */
  readonly rows: number;
  readonly lastRow: number;
  readonly cells: number;
}

function valueXml(v: CellValue): { t: string; v: string } | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'number') return { t: '', v: String(v) };
  if (typeof v === 'boolean') return { t: ' t="b"', v: v ? '1' : '0' };
  return { t: ' t="str"', v: formulaXmlText(v) };
}

/**
 * The sheet's worksheet XML: `style` maps the sheet's format indexes to the workbook's cellXfs, `string` a text to its
 * index in the workbook's shared strings.
 */
export function freshSheetXml(sheet: FreshSheet, style: (index: number) => number, string: (text: string) => number): WrittenSheet {
  const out: string[] = [WORKSHEET_START];
  const page = sheet.page;
  const kept = sheet.kept;
  if (kept.sheetPr !== undefined) out.push(withFitToPage(kept.sheetPr, page.fitToPage));
  else if (page.fitToPage) out.push('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>');
  // The extent of the cells written (the dimension, §18.3.1.35, is a hint readers may use).
  let top = 0;
  let bottom = 0;
  let left = 0;
  let right = 0;
  const data: string[] = [];
  let lastRow = 0;
  let cellCount = 0;
  let dynamicArrays = 0;
  let customFunctions = false;
  const sAttrs: string[] = [];
  // Each cell's XML pushed in pieces onto one list the row's text is joined from, not spelled as a string of its own
  // (issue 28: a congress workbook's ~100,000 cells made some 30 MB of short-lived strings, a third of what
  // `tengen workbook` allocates); the rows' texts are joined once, with the rest of the sheet, at the end.
  // The list keeps its length from row to row (emptied, not shortened: a shortened list is given back and grown again).
  const parts: (string | number)[] = [];
  let filled = 0;
  /** `<c r="B` by column − 1; the row's number and `"` follow. */
  const starts: string[] = [];
  for (let i = 0; i < sheet.rows.length; i++) {
    const row = sheet.rows[i];
    if (!row) continue;
    const r = i + 1;
    const rowEnd = `${r}"`;
    let n = 0;
    let count = 0;
    let min = 0;
    let max = 0;
    const values = row.values;
    const styles = row.styles;
    for (let j = 0; j < values.length; j++) {
      const v = values[j];
      const si = styles[j] ?? 0;
      const sAttr = (sAttrs[si] ??= style(si) ? ` s="${style(si)}"` : '');
      // An empty cell without a format of its own is not written.
      if ((v === null || v === undefined) && sAttr === '') continue;
      const start = (starts[j] ??= `<c r="${columnLetter(j + 1)}`);
      parts[n++] = start;
      parts[n++] = rowEnd;
      parts[n++] = sAttr;
      if (v === null || v === undefined || v === MERGED) parts[n++] = '/>';
      else if (typeof v === 'string') {
        parts[n++] = ' t="s"><v>';
        parts[n++] = string(v);
        parts[n++] = '</v></c>';
      } else if (typeof v === 'number') {
        parts[n++] = '><v>';
        parts[n++] = v;
        parts[n++] = '</v></c>';
      } else if (typeof v === 'boolean') parts[n++] = v ? ' t="b"><v>1</v></c>' : ' t="b"><v>0</v></c>';
      else {
        const stored = storedFormula(v.formula);
        customFunctions ||= stored.includes(UDF_PREFIX);
        const result = valueXml(v.result ?? null);
        const f = v.ref ? `<f t="array" ref="${v.ref}">${formulaXmlText(stored)}</f>` : `<f>${formulaXmlText(stored)}</f>`;
        // A spilling formula is stored as a dynamic array (`excelFormulaStorage.ts`): `cm="1"` names its metadata.
        if (v.ref) dynamicArrays++;
        parts[n++] = `${result?.t ?? ''}${v.ref ? ' cm="1"' : ''}>${f}${result ? `<v>${result.v}</v>` : ''}</c>`;
      }
      count++;
      if (!min) min = j + 1;
      max = j + 1;
    }
    for (let k = n; k < filled; k++) parts[k] = '';
    filled = n;
    if (count === 0 && row.height === undefined) continue;
    const height = row.height !== undefined ? ` ht="${row.height}" customHeight="1"` : '';
    const spans = min ? ` spans="${min}:${max}"` : '';
    lastRow = r;
    cellCount += count;
    data.push(count ? `<row r="${r}"${height}${spans} x14ac:dyDescent="0.25">${parts.join('')}</row>` : `<row r="${r}"${height} x14ac:dyDescent="0.25"/>`);
    if (min) {
      if (!top) top = r;
      bottom = r;
      left = left ? Math.min(left, min) : min;
      right = Math.max(right, max);
    }
  }
  out.push(`<dimension ref="${top ? rangeAddress(top, left, bottom, right) : 'A1'}"/>`);
  const view = sheet.views[0];
  if (view) {
    if (view.state === 'frozen') {
      const pane = view.xSplit && view.ySplit ? 'bottomRight' : view.xSplit ? 'topRight' : 'bottomLeft';
      out.push(
        `<sheetViews><sheetView workbookViewId="0"><pane${view.xSplit ? ` xSplit="${view.xSplit}"` : ''}${view.ySplit ? ` ySplit="${view.ySplit}"` : ''} topLeftCell="${view.topLeftCell}" activePane="${pane}" state="frozen"/><selection pane="${pane}"/></sheetView></sheetViews>`,
      );
    } else out.push('<sheetViews><sheetView workbookViewId="0"/></sheetViews>');
  } else if (kept.sheetViews !== undefined) out.push(kept.sheetViews);
  out.push(kept.sheetFormatPr ?? '<sheetFormatPr defaultRowHeight="15" outlineLevelRow="0" outlineLevelCol="0" x14ac:dyDescent="55"/>');
  const cols: string[] = [];
  const extra = sheet.columnAttributes;
  for (let c = 0; c < Math.max(sheet.widths.length, extra.length); c++) {
    const w = sheet.widths[c];
    const more = extra[c] ?? '';
    if (w === undefined && !more) continue;
    let end = c;
    while (end + 1 < Math.max(sheet.widths.length, extra.length) && sheet.widths[end + 1] === w && (extra[end + 1] ?? '') === more) end++;
    cols.push(`<col min="${c + 1}" max="${end + 1}"${w !== undefined ? ` width="${w}" customWidth="1"` : ''}${more}/>`);
    c = end;
  }
  if (cols.length) out.push(`<cols>${cols.join('')}</cols>`);
  if (data.length) {
    out.push('<sheetData>');
    for (const line of data) out.push(line);
    out.push('</sheetData>');
  } else out.push('<sheetData/>');
  if (sheet.merges.size) out.push(`<mergeCells count="${sheet.merges.size}">${[...sheet.merges.values()].map((m) => `<mergeCell ref="${rangeAddress(m.top, m.left, m.bottom, m.right)}"/>`).join('')}</mergeCells>`);
  if (kept.printOptions !== undefined) out.push(kept.printOptions);
  out.push(kept.pageMargins ?? '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>');
  if (kept.pageSetup !== undefined) {
    // The file's page setup (its printer's settings, first page number …) with Tengen's settings over it.
    const open = /^<(?:\w+:)?pageSetup\b[^>]*?(\/?)>/.exec(kept.pageSetup)!;
    let tag = `${open[0].slice(0, open[0].length - open[1].length - 1).trimEnd()}>`;
    if (page.paperSize !== undefined) tag = withAttribute(tag, 'paperSize', String(page.paperSize));
    for (const [name, v] of [['orientation', page.orientation], ['scale', page.scale], ['fitToWidth', page.fitToWidth], ['fitToHeight', page.fitToHeight]] as const) tag = withAttribute(tag, name, String(v));
    out.push(open[1] ? tag.replace(/>$/, '/>') : tag + kept.pageSetup.slice(open[0].length));
  } else {
    out.push(
      `<pageSetup${page.paperSize !== undefined ? ` paperSize="${page.paperSize}"` : ''} orientation="${page.orientation}" horizontalDpi="4294967295" verticalDpi="4294967295" scale="${page.scale}" fitToWidth="${page.fitToWidth}" fitToHeight="${page.fitToHeight}"/>`,
    );
  }
  if (sheet.breaksAfter.length) out.push(`<rowBreaks count="${sheet.breaksAfter.length}" manualBreakCount="${sheet.breaksAfter.length}">${sheet.breaksAfter.map((r) => `<brk id="${r}" max="16383" man="1"/>`).join('')}</rowBreaks>`);
  out.push('</worksheet>');
  return { xml: out.join(''), dynamicArrays, customFunctions, rows: data.length, lastRow, cells: cellCount };
}

/** A kept `<sheetPr>` with its `<pageSetUpPr fitToPage>` (§18.3.1.65; the last child of CT_SheetPr) as the sheet's. */
function withFitToPage(sheetPr: string, fitToPage: boolean): string {
  const found = /<(?:\w+:)?pageSetUpPr\b[^>]*?\/>/.exec(sheetPr);
  if (found) return sheetPr.replace(found[0], () => withAttribute(found[0].replace(/\s*\/>$/, '>'), 'fitToPage', fitToPage ? '1' : undefined).replace(/>$/, '/>'));
  if (!fitToPage) return sheetPr;
  const open = /^<(?:\w+:)?sheetPr\b[^>]*?(\/?)>/.exec(sheetPr)!;
  if (open[1]) return `${open[0].slice(0, -2).trimEnd()}><pageSetUpPr fitToPage="1"/></sheetPr>`;
  return sheetPr.replace(/<\/((?:\w+:)?)sheetPr>$/, '<pageSetUpPr fitToPage="1"/></$1sheetPr>');
}

/** The sheet's print area and repeated rows as the defined names Excel keeps them in (§18.2.5), `'Sheet'!$A$1:$D$9`. */
export function freshPrintNames(sheet: FreshSheet, name: string): PackageName[] {
  const quoted = `'${name.replace(/'/g, "''")}'`;
  const out: PackageName[] = [];
  const area = sheet.page.printArea;
  if (area) {
    const [from, to] = area.split(':');
    out.push({ name: '_xlnm.Print_Area', sheet: name, formula: `${quoted}!$${from}:$${to ?? from}` });
  }
  const titles = sheet.page.printTitlesRow;
  if (titles) {
    const [a, b] = titles.split(':');
    out.push({ name: '_xlnm.Print_Titles', sheet: name, formula: `${quoted}!$${a}:$${b ?? a}` });
  }
  return out;
}
