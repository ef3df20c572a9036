/**
 * The patching of a sheet's XML as it was before issue 28's single pass over the sheet (session 19): a regular
 * expression a row, each changed row's cells joined apart, then the rows joined. Kept here, apart from the code it
 * checks, as the oracle of `patchedSheetXml` (xlsxSheetPatch.ts): the same XML and the same tally, whatever the sheet.
 */
import type { CellFormat, CellValue } from '../../src/workbook/adapters/adapter';
import { isFormulaInput } from '../../src/workbook/adapters/adapter';
import { formulaBody } from '../../src/workbook/adapters/batch';
import { storedFormula } from '../../src/workbook/adapters/excelFormulaStorage';
import { attribute, escapeXml, withAttribute } from '../../src/workbook/adapters/xlsxXml';
import { cellAddress, rangeAddress } from '../../src/workbook/cells/address';
import { cellKey, type CellChange, type PatchContext, type PatchTally, type SheetPatch } from '../../src/workbook/adapters/xlsxSheetPatch';

const KEY = cellKey(1, 0);

/** A text as an XML text node: escaped, without the characters XML 1.0 cannot hold (ExcelJS drops them too). */
function xmlText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(text) ? text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '') : text;
  return /[&<>"]/.test(clean) ? escapeXml(clean) : clean;
}


function sharedStringItem(text: string): string {
  const preserve = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
  return `<t${preserve}>${xmlText(text)}</t>`;
}

function typeAndValue(v: CellValue, ctx: PatchContext, formula: boolean): { t?: string; v?: string } {
  if (v === null) return {};
  if (typeof v === 'number') return { v: String(v) };
  if (typeof v === 'boolean') return { t: 'b', v: v ? '1' : '0' };
  if (formula) return { t: 'str', v: xmlText(v) };
  if (v === '') return {};
  if (!ctx.stringIndex) return { t: 'inlineStr', v: sharedStringItem(v) };
  return { t: 's', v: String(ctx.stringIndex(v)) };
}

/** The `<c>` element of a changed cell, `attrs` its attributes other than r, t and cm (its style kept). */
function cellXml(ref: string, style: string | undefined, change: CellChange, was: string | undefined, ctx: PatchContext, row: number, column: number): string {
  const s = style !== undefined ? ` s="${style}"` : '';
  if ('cached' in change) {
    // The formula as the file has it (its array range, its shared index …), the cached value alone replaced.
    const f = /<f\b[^>]*?(?:\/>|>[\s\S]*?<\/f>)/.exec(was ?? '')?.[0] ?? '';
    const start = startTag(was) ?? `<c r="${ref}"${s}>`;
    const tv = typeAndValue(change.cached, ctx, true);
    const tag = withAttribute(withAttribute(start, 't', tv.t), 's', style);
    return `${tag}${f}${tv.v !== undefined ? `<v>${tv.v}</v>` : ''}</c>`;
  }
  const c = change.input;
  if (isFormulaInput(c)) {
    const body = xmlText(storedFormula(formulaBody(c.formula)));
    const spill = c.spill && (c.spill.rows > 1 || c.spill.columns > 1) ? c.spill : undefined;
    const tv = typeAndValue(c.value ?? null, ctx, true);
    const f = spill ? `<f t="array" ref="${rangeAddress(row, column, row + spill.rows - 1, column + spill.columns - 1)}">${body}</f>` : `<f>${body}</f>`;
    return `<c r="${ref}"${s}${tv.t ? ` t="${tv.t}"` : ''}${spill ? ' cm="1"' : ''}>${f}${tv.v !== undefined ? `<v>${tv.v}</v>` : ''}</c>`;
  }
  const tv = typeAndValue(c, ctx, false);
  if (tv.v === undefined) return style !== undefined ? `<c r="${ref}"${s}/>` : '';
  if (tv.t === 'inlineStr') return `<c r="${ref}"${s} t="inlineStr"><is>${tv.v}</is></c>`;
  return `<c r="${ref}"${s}${tv.t ? ` t="${tv.t}"` : ''}><v>${tv.v}</v></c>`;
}

/** A `<c>` element's start tag as `<c …>` (its attributes changed with `withAttribute`), undefined without one. */
function startTag(cell: string | undefined): string | undefined {
  const m = cell === undefined ? null : /^<c\b[^>]*?(\/?)>/.exec(cell);
  return m ? `${m[0].slice(0, m[0].length - m[1].length - 1).trimEnd()}>` : undefined;
}

/** A cell kept as it was but for its format (`s`). */
function restyled(cell: string, style: string | undefined): string {
  const m = /^<c\b[^>]*?(\/?)>/.exec(cell)!;
  const tag = withAttribute(startTag(cell)!, 's', style);
  return (m[1] ? tag.replace(/>$/, '/>') : tag) + cell.slice(m[0].length);
}


/**
 * The column of a `<c>` start tag's attributes: read at once where the address comes first (` r="B12"`, as every
 * program writes it), else found among the attributes (issue 28: a congress Grid's round rewrites some 30,000 cells).
 */
function cellColumn(attributes: string): number {
  if (attributes.startsWith(' r="')) {
    let n = 0;
    let i = 4;
    for (let ch = attributes.charCodeAt(i); ch >= 65 && ch <= 90; ch = attributes.charCodeAt(++i)) n = n * 26 + (ch - 64);
    const letters = i;
    for (let ch = attributes.charCodeAt(i); ch >= 48 && ch <= 57; ch = attributes.charCodeAt(++i));
    if (letters > 4 && i > letters && attributes.charCodeAt(i) === 34) return n;
  }
  return columnOf(/\sr="([A-Z]+)(\d+)"/.exec(attributes)![1]);
}

function columnOf(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n;
}

const ROW = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;

/**
 * The next `<c` from `from` that starts a tag named `c` as `/<c\b/` finds it (not followed by a letter, digit or
 * "_": never `<col`, `<cfRule`); -1 when none. A cell is the tag and what `/<c\b([^>]*?)(?:\/>|>[\s\S]*?<\/c>)/` takes.
 */
function nextCellTag(xml: string, from: number): number {
  for (let at = xml.indexOf('<c', from); at >= 0; at = xml.indexOf('<c', at + 1)) {
    const next = xml.charCodeAt(at + 2);
    const word = (next >= 48 && next <= 57) || (next >= 65 && next <= 90) || (next >= 97 && next <= 122) || next === 95;
    if (!word) return at;
  }
  return -1;
}


/** The style of each column from `<cols>` (§18.3.1.13 col: min, max, style). */
function columnStyles(xml: string): (column: number) => string | undefined {
  const block = /<cols\b[^>]*>([\s\S]*?)<\/cols>/.exec(xml)?.[1];
  if (!block) return () => undefined;
  const cols = [...block.matchAll(/<col\b[^>]*>/g)].map((m) => ({ min: Number(attribute(m[0], 'min')), max: Number(attribute(m[0], 'max')), style: attribute(m[0], 'style') }));
  return (column) => cols.find((c) => c.min <= column && column <= c.max && c.style !== undefined && c.style !== '0')?.style;
}


/** Whether the character after `<c` makes it a cell's tag as `xlsxLimits.ts` counts them (white space, `>` or `/`). */
function countedCellTag(element: string): boolean {
  const next = element.charCodeAt(2);
  return next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13;
}

/**
 * The sheet's XML with the patch's changes made (the rows without a change kept byte for byte); `tally`, when given,
 * receives what changed in its rows and cells (`PatchTally`).
 */
export function oraclePatchedSheetXml(xml: string, patch: SheetPatch, ctx: PatchContext, tally?: PatchTally): string {
  if (!patch.changed) return xml;
  const byRow = new Map<number, Map<number, CellChange>>();
  let maxRow = 0;
  let maxColumn = 0;
  for (const [k, change] of patch.changes) {
    const row = Math.floor(k / KEY);
    const column = k % KEY;
    if (!byRow.has(row)) byRow.set(row, new Map());
    byRow.get(row)!.set(column, change);
    maxRow = Math.max(maxRow, row);
    maxColumn = Math.max(maxColumn, column);
  }
  // The cells formatted, with the formats each takes in turn; the rows given a height.
  const styled = new Map<number, Map<number, CellFormat[]>>();
  const heights = ctx.style ? patch.heights : new Map<number, number>();
  if (ctx.style) {
    for (const { range, format } of patch.formats) {
      for (let r = range.top; r <= range.bottom; r++) {
        let cells = styled.get(r);
        if (!cells) styled.set(r, (cells = new Map()));
        for (let c = range.left; c <= range.right; c++) {
          const list = cells.get(c);
          if (list) list.push(format);
          else cells.set(c, [format]);
        }
      }
      maxRow = Math.max(maxRow, range.bottom);
      maxColumn = Math.max(maxColumn, range.right);
    }
  }
  for (const r of new Set([...styled.keys(), ...heights.keys()])) if (!byRow.has(r)) byRow.set(r, new Map());
  const colStyle = columnStyles(xml);
  let start = xml.indexOf('<sheetData');
  const openEnd = xml.indexOf('>', start);
  const selfClosing = xml[openEnd - 1] === '/';
  const dataStart = openEnd + 1;
  const dataEnd = selfClosing ? dataStart : xml.indexOf('</sheetData>', dataStart);
  const data = xml.slice(dataStart, dataEnd);
  const rows = [...byRow.keys()].sort((a, b) => a - b);
  let next = 0;
  const out: string[] = [];
  const heightAttributes = (r: number) => (heights.has(r) ? ` ht="${heights.get(r)}" customHeight="1"` : '');
  // Cells written less cells replaced, each counted as `xlsxLimits.ts` counts a cell's tag.
  let cellsAdded = 0;
  let rowsAdded = 0;
  let lastRowAdded = 0;
  const newRow = (r: number) => {
    const cells = rowCells('', byRow.get(r)!, r, undefined);
    if (!(cells || heights.has(r))) return '';
    rowsAdded++;
    lastRowAdded = Math.max(lastRowAdded, r);
    return `<row r="${r}"${heightAttributes(r)}>${cells}</row>`;
  };
  const rowCells = (inner: string, changes: Map<number, CellChange>, r: number, rowStyle: string | undefined): string => {
    const parts: string[] = [];
    const formats = styled.get(r);
    const pending = (formats ? [...new Set([...changes.keys(), ...formats.keys()])] : [...changes.keys()]).sort((a, b) => a - b);
    let p = 0;
    const emit = (column: number, was: string | undefined, base: string | undefined) => {
      const f = formats?.get(column);
      const style = f ? String(ctx.style!(Number(base ?? 0), f)) : base;
      const change = changes.get(column);
      if (was !== undefined && countedCellTag(was)) cellsAdded--;
      const cell = change ? cellXml(cellAddress(r, column), style, change, was, ctx, r, column) : was !== undefined ? restyled(was, style) : `<c r="${cellAddress(r, column)}"${style !== undefined ? ` s="${style}"` : ''}/>`;
      if (cell !== '' && countedCellTag(cell)) cellsAdded++;
      parts.push(cell);
    };
    // The row's cells found as `/<c\b([^>]*?)(?:\/>|>[\s\S]*?<\/c>)/g` matches them (its start tag up to the first `>`, then to the first `</c>`
    // unless the tag closes itself), by indexOf rather than a match array a cell; the cells kept in a stretch with
    // nothing between them copied as one slice (issue 28: a round changes 2 to 5 of a congress Grid row's 37 cells,
    // on 2,000 rows). What lies between two cells is dropped, as the matches joined dropped it.
    let runStart = -1;
    let runEnd = -1;
    const flush = () => {
      if (runStart >= 0) parts.push(inner.slice(runStart, runEnd));
      runStart = -1;
    };
    for (let at = nextCellTag(inner, 0); at >= 0; ) {
      const tagEnd = inner.indexOf('>', at + 2);
      if (tagEnd < 0) break;
      const closes = inner.charCodeAt(tagEnd - 1) === 47; // "/>"
      let end = tagEnd + 1;
      if (!closes) {
        const close = inner.indexOf('</c>', end);
        if (close < 0) {
          at = nextCellTag(inner, at + 1);
          continue;
        }
        end = close + 4;
      }
      const attributes = inner.slice(at + 2, closes ? tagEnd - 1 : tagEnd);
      const column = cellColumn(attributes);
      for (; p < pending.length && pending[p] < column; p++) {
        flush();
        emit(pending[p], undefined, rowStyle ?? colStyle(pending[p]));
      }
      if (p < pending.length && pending[p] === column) {
        flush();
        emit(column, inner.slice(at, end), attribute(attributes, 's'));
        p++;
      } else if (runStart >= 0 && runEnd === at) runEnd = end;
      else {
        flush();
        runStart = at;
        runEnd = end;
      }
      at = nextCellTag(inner, end);
    }
    flush();
    for (; p < pending.length; p++) emit(pending[p], undefined, rowStyle ?? colStyle(pending[p]));
    return parts.join('');
  };
  ROW.lastIndex = 0;
  let copied = 0;
  for (let m = ROW.exec(data); m; m = ROW.exec(data)) {
    const r = Number(/\sr="(\d+)"/.exec(m[1])![1]);
    for (; next < rows.length && rows[next] < r; next++) {
      out.push(data.slice(copied, m.index));
      copied = m.index;
      out.push(newRow(rows[next]));
    }
    if (next < rows.length && rows[next] === r) {
      next++;
      out.push(data.slice(copied, m.index));
      let open = withAttribute(`<row${m[1]}>`, 'spans', undefined);
      if (heights.has(r)) open = withAttribute(withAttribute(open, 'ht', String(heights.get(r))), 'customHeight', '1');
      const rowStyle = ['1', 'true'].includes(attribute(open, 'customFormat') ?? '') ? attribute(open, 's') : undefined;
      out.push(`${open}${rowCells(m[2] ?? '', byRow.get(r)!, r, rowStyle)}</row>`);
      copied = m.index + m[0].length;
    }
  }
  out.push(data.slice(copied));
  for (; next < rows.length; next++) out.push(newRow(rows[next]));
  const sheetData = `<sheetData>${out.join('')}</sheetData>`;
  const before = xml.slice(0, start);
  const after = xml.slice(selfClosing ? dataStart : dataEnd + '</sheetData>'.length);
  start = 0;
  if (tally) {
    tally.rows += rowsAdded;
    tally.cells += cellsAdded;
    tally.lastRow = Math.max(tally.lastRow, lastRowAdded);
  }
  return withDimension(before, maxRow, maxColumn) + sheetData + after;
}

/** The `<dimension ref>` grown to cover (row, column). */
function withDimension(head: string, row: number, column: number): string {
  return head.replace(/<dimension\b[^>]*?ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"[^>]*\/>/, (tag, l: string, t: string, r?: string, b?: string) => {
    const right = Math.max(columnOf(r ?? l), column);
    const bottom = Math.max(Number(b ?? t), row);
    return withAttribute(tag, 'ref', rangeAddress(Number(t), columnOf(l), bottom, right));
  });
}

