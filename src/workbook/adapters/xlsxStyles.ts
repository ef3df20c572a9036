/**
 * The styles of a rewritten sheet merged into the workbook's own `xl/styles.xml` (ECMA-376 Part 1, §18.8), so the
 * sheets the package keeps as they were still find their formats at the same indexes.
 *
 * A rewritten sheet comes from ExcelJS with a styles part of its own, numbered from 0. Each of its cell formats
 * (`cellXfs/xf`) is rebuilt over the workbook's lists: its number format (by format code; built-in ids below 164 as
 * they are), font, fill and border (each by its exact XML) found in the workbook's lists or added at their end, then
 * the `xf` itself found or added. The sheet's `s="…"` (cells, rows) and `style="…"` (columns) are renumbered to
 * match. Nothing already in the workbook's styles moves, so the sheets left alone keep their look; the part grows
 * only by formats it did not have.
 */
import { attribute, escapeXml, withAttribute } from './xlsxXml';
import type { CellFormat } from './adapter';

interface StyleLists {
  numFmts: Map<number, string>;
  fonts: string[];
  fills: string[];
  borders: string[];
  cellXfs: string[];
}

function section(xml: string, name: string): { whole: string; inner: string } | undefined {
  const m = new RegExp(`<${name}\\b[^>]*?(?:/>|>([\\s\\S]*?)</${name}>)`).exec(xml);
  return m ? { whole: m[0], inner: m[1] ?? '' } : undefined;
}

function items(inner: string, name: string): string[] {
  return [...inner.matchAll(new RegExp(`<${name}\\b[^>]*?/>|<${name}\\b[^>]*>[\\s\\S]*?</${name}>`, 'g'))].map((m) => m[0]);
}

function lists(xml: string): StyleLists {
  const numFmts = new Map<number, string>();
  for (const tag of items(section(xml, 'numFmts')?.inner ?? '', 'numFmt')) numFmts.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
  return {
    numFmts,
    fonts: items(section(xml, 'fonts')?.inner ?? '', 'font'),
    fills: items(section(xml, 'fills')?.inner ?? '', 'fill'),
    borders: items(section(xml, 'borders')?.inner ?? '', 'border'),
    cellXfs: items(section(xml, 'cellXfs')?.inner ?? '', 'xf'),
  };
}

function indexIn(list: string[], item: string): number {
  const at = list.indexOf(item);
  if (at >= 0) return at;
  list.push(item);
  return list.length - 1;
}

/** Renumbers the `xf`'s references through the maps; the attribute order of the tag is kept. */
function mapXf(xf: string, map: (name: string, value: number) => number): string {
  const start = /^<xf\b[^>]*>/.exec(xf)![0];
  let tag = start;
  for (const name of ['numFmtId', 'fontId', 'fillId', 'borderId', 'xfId']) {
    const v = attribute(tag, name);
    if (v !== undefined) tag = withAttribute(tag, name, String(map(name, Number(v))));
  }
  return tag + xf.slice(start.length);
}

export interface MergedStyles {
  /** The workbook's styles part with the formats it lacked added (the same text when none were). */
  readonly xml: string;
  /** The rewritten sheet's style index → the workbook's. */
  readonly map: (index: number) => number;
}

/** Merges `sheetStyles` (a rewritten sheet's own part) into `workbookStyles`. */
export function mergeStyles(workbookStyles: string, sheetStyles: string): MergedStyles {
  const base = lists(workbookStyles);
  const incoming = lists(sheetStyles);
  const before = { numFmts: base.numFmts.size, fonts: base.fonts.length, fills: base.fills.length, borders: base.borders.length, cellXfs: base.cellXfs.length };
  const byCode = new Map([...base.numFmts].map(([id, code]) => [code, id]));
  const numFmt = (id: number): number => {
    if (id < 164) return id;
    const code = incoming.numFmts.get(id);
    if (code === undefined) return id;
    const found = byCode.get(code);
    if (found !== undefined) return found;
    const fresh = Math.max(163, ...base.numFmts.keys()) + 1;
    base.numFmts.set(fresh, code);
    byCode.set(code, fresh);
    return fresh;
  };
  const fonts = incoming.fonts.map((f) => indexIn(base.fonts, f));
  const fills = incoming.fills.map((f) => indexIn(base.fills, f));
  const borders = incoming.borders.map((b) => indexIn(base.borders, b));
  const xfs = incoming.cellXfs.map((xf, i) => {
    // The default format stays the workbook's default: a cell without `s` and one with s="0" read the same.
    if (i === 0) return 0;
    const mapped = mapXf(xf, (name, v) => {
      switch (name) {
        case 'numFmtId':
          return numFmt(v);
        case 'fontId':
          return fonts[v] ?? 0;
        case 'fillId':
          return fills[v] ?? 0;
        case 'borderId':
          return borders[v] ?? 0;
        default:
          return 0; // xfId: the "Normal" cell style, the first of every workbook's cellStyleXfs
      }
    });
    return indexIn(base.cellXfs, mapped);
  });
  const map = (index: number) => xfs[index] ?? 0;
  return { xml: withLists(workbookStyles, base, before), map };
}

/** The styles part with its lists as `base` holds them, when they grew since `before` (else the same text). */
function withLists(workbookStyles: string, base: StyleLists, before: { numFmts: number; fonts: number; fills: number; borders: number; cellXfs: number }): string {
  const changed =
    base.numFmts.size !== before.numFmts || base.fonts.length !== before.fonts || base.fills.length !== before.fills || base.borders.length !== before.borders || base.cellXfs.length !== before.cellXfs;
  if (!changed) return workbookStyles;
  let xml = workbookStyles;
  const numFmtsXml = `<numFmts count="${base.numFmts.size}">${[...base.numFmts].map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`).join('')}</numFmts>`;
  xml = replaceSection(xml, 'numFmts', base.numFmts.size > 0 ? numFmtsXml : undefined, 'styleSheet');
  xml = replaceSection(xml, 'fonts', listXml(xml, 'fonts', base.fonts), 'numFmts');
  xml = replaceSection(xml, 'fills', listXml(xml, 'fills', base.fills), 'fonts');
  xml = replaceSection(xml, 'borders', listXml(xml, 'borders', base.borders), 'fills');
  xml = replaceSection(xml, 'cellXfs', listXml(xml, 'cellXfs', base.cellXfs), 'cellStyleXfs');
  return xml;
}

/** A list section with its items and `count`, keeping the section's other attributes (`x14ac:knownFonts`). */
function listXml(xml: string, name: string, list: string[]): string {
  const start = /^<[^>]*?(?=\/?>)/.exec(section(xml, name)?.whole ?? `<${name}`)?.[0] ?? `<${name}`;
  return `${withAttribute(`${start}>`, 'count', String(list.length))}${list.join('')}</${name}>`;
}

/** Replaces a section, or inserts it after the one named `after` (after the root's start tag for `styleSheet`). */
function replaceSection(xml: string, name: string, text: string | undefined, after: string): string {
  const found = section(xml, name);
  if (found) return xml.replace(found.whole, () => text ?? '');
  if (text === undefined) return xml;
  if (after === 'styleSheet') return xml.replace(/<styleSheet\b[^>]*>/, (m) => m + text);
  const previous = section(xml, after);
  if (previous) return xml.replace(previous.whole, (m) => m + text);
  return xml.replace(/<styleSheet\b[^>]*>/, (m) => m + text);
}

/** Renumbers a sheet's style references: `s` of cells and rows, `style` of columns. */
export function renumberStyles(sheetXml: string, map: (index: number) => number): string {
  return sheetXml
    .replace(/(<(?:c|row)\b[^>]*?\ss=")(\d+)(")/g, (_m, a: string, n: string, b: string) => `${a}${map(Number(n))}${b}`)
    .replace(/(<col\b[^>]*?\sstyle=")(\d+)(")/g, (_m, a: string, n: string, b: string) => `${a}${map(Number(n))}${b}`);
}

/** The built-in number formats (ECMA-376 Part 1, §18.8.30), by format code. */
export const BUILT_IN_FORMATS: Readonly<Record<string, number>> = {
  General: 0, '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '0%': 9, '0.00%': 10, '0.00E+00': 11, '# ?/?': 12, '# ??/??': 13, 'mm-dd-yy': 14, 'd-mmm-yy': 15, 'd-mmm': 16,
  'mmm-yy': 17, 'h:mm AM/PM': 18, 'h:mm:ss AM/PM': 19, 'h:mm': 20, 'h:mm:ss': 21, 'm/d/yy "h":mm': 22, '#,##0 ;(#,##0)': 37, '#,##0 ;[Red](#,##0)': 38,
  '#,##0.00 ;(#,##0.00)': 39, '#,##0.00 ;[Red](#,##0.00)': 40, 'mm:ss': 45, '[h]:mm:ss': 46, 'mmss.0': 47, '##0.0E+0': 48, '@': 49,
};

/** A thin border on the four edges, as ExcelJS writes it. */
export const THIN_BORDER_XML = '<border><left style="thin"/><right style="thin"/><top style="thin"/><bottom style="thin"/><diagonal/></border>';

/** A solid fill of an ARGB colour, as ExcelJS writes it. */
export function solidFillXml(argb: string): string {
  return `<fill><patternFill patternType="solid"><fgColor rgb="${argb}"/></patternFill></fill>`;
}

/** Whether a `format` changes a cell's format (not only its row's height). */
export function formatsCells(f: CellFormat): boolean {
  return f.bold !== undefined || f.italic !== undefined || f.fontColor !== undefined || f.fontSize !== undefined || f.fill !== undefined || f.numberFormat !== undefined || f.horizontalAlignment !== undefined || f.wrap !== undefined || f.border === true;
}

/** A font element with one child (b, i, sz, color, name) replaced, removed (`undefined`) or added. */
function withFontChild(font: string, name: string, child: string | undefined): string {
  const body = /^<font\b[^>]*?\/>$/.test(font) ? '' : font.replace(/^<font\b[^>]*>/, '').replace(/<\/font>$/, '');
  const start = /^<font\b[^>]*?(?=\/?>)/.exec(font)?.[0] ?? '<font';
  const others = body.replace(new RegExp(`<${name}\\b[^>]*?(?:/>|>[\\s\\S]*?</${name}>)`, 'g'), '');
  return `${start}>${child ?? ''}${others}</font>`;
}

/**
 * New cell formats derived from the workbook's own (issue 28): a sheet changed in its XML (`xlsxSheetPatch.ts`) takes
 * `format` ops without ExcelJS. A cell's format (`cellXfs/xf` at its `s`) with the op applied as `xlsx.ts` `format`
 * applies it to an ExcelJS cell: the font keeps what it had and takes the name Calibri (when it had none) and the
 * bold, italic, size and colour given (§18.8.22: a font's children are a choice, in any order); the fill, number
 * format and border are replaced (§18.8.20, §18.8.30, §18.8.4); the alignment keeps its other attributes (§18.8.1).
 * The new fonts, fills, borders, number formats and formats go to the end of their lists, so nothing in use moves.
 */
export class StylesEditor {
  private readonly base: StyleLists;
  private readonly before: { numFmts: number; fonts: number; fills: number; borders: number; cellXfs: number };
  private readonly memo = new Map<string, number>();

  constructor(private readonly workbookStyles: string) {
    this.base = lists(workbookStyles);
    const b = this.base;
    this.before = { numFmts: b.numFmts.size, fonts: b.fonts.length, fills: b.fills.length, borders: b.borders.length, cellXfs: b.cellXfs.length };
  }

  /** The index of format `index` with the `formats` applied in turn. */
  derive(index: number, formats: readonly CellFormat[]): number {
    const key = `${index}|${JSON.stringify(formats)}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const b = this.base;
    const xf = b.cellXfs[index] ?? b.cellXfs[0] ?? '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>';
    const open = /^<xf\b[^>]*?(\/?)>/.exec(xf)!;
    // The start tag as `<xf …>`, its attributes changed below (`withAttribute`), closed when written.
    let start = `${open[0].slice(0, open[0].length - open[1].length - 1).trimEnd()}>`;
    const inner = open[1] ? '' : xf.slice(open[0].length).replace(/<\/xf>$/, '');
    let alignment = /<alignment\b[^>]*?\/>|<alignment\b[^>]*>[\s\S]*?<\/alignment>/.exec(inner)?.[0];
    const rest = inner.replace(/<alignment\b[^>]*?\/>|<alignment\b[^>]*>[\s\S]*?<\/alignment>/, '');
    let font = b.fonts[Number(attribute(start, 'fontId') ?? 0)] ?? b.fonts[0] ?? '<font/>';
    let fontChanged = false;
    for (const f of formats) {
      if (f.bold !== undefined || f.italic !== undefined || f.fontColor !== undefined || f.fontSize !== undefined) {
        fontChanged = true;
        if (!/<name\b/.test(font)) font = withFontChild(font, 'name', '<name val="Calibri"/>');
        if (f.bold !== undefined) font = withFontChild(font, 'b', f.bold ? '<b/>' : undefined);
        if (f.italic !== undefined) font = withFontChild(font, 'i', f.italic ? '<i/>' : undefined);
        if (f.fontSize !== undefined) font = withFontChild(font, 'sz', `<sz val="${f.fontSize}"/>`);
        if (f.fontColor !== undefined) font = withFontChild(font, 'color', `<color rgb="FF${f.fontColor.slice(1).toUpperCase()}"/>`);
      }
      if (f.fill !== undefined) start = withAttribute(withAttribute(start, 'fillId', String(indexIn(b.fills, solidFillXml(`FF${f.fill.slice(1).toUpperCase()}`)))), 'applyFill', '1');
      if (f.numberFormat !== undefined) start = withAttribute(withAttribute(start, 'numFmtId', String(this.numFmtId(f.numberFormat))), 'applyNumberFormat', '1');
      if (f.border) start = withAttribute(withAttribute(start, 'borderId', String(indexIn(b.borders, THIN_BORDER_XML))), 'applyBorder', '1');
      if (f.horizontalAlignment !== undefined || f.wrap !== undefined) {
        const was = alignment ? /^<alignment\b[^>]*?(\/?)>/.exec(alignment)! : undefined;
        let tag = was ? `${was[0].slice(0, was[0].length - was[1].length - 1).trimEnd()}>` : '<alignment>';
        const body = alignment && was && !was[1] ? alignment.slice(was[0].length).replace(/<\/alignment>$/, '') : '';
        if (f.horizontalAlignment !== undefined) tag = withAttribute(tag, 'horizontal', f.horizontalAlignment);
        if (f.wrap !== undefined) tag = withAttribute(tag, 'wrapText', f.wrap ? '1' : undefined);
        alignment = body ? `${tag}${body}</alignment>` : tag.replace(/>$/, '/>');
        start = withAttribute(start, 'applyAlignment', '1');
      }
    }
    if (fontChanged) start = withAttribute(withAttribute(start, 'fontId', String(indexIn(b.fonts, font))), 'applyFont', '1');
    const children = `${alignment ?? ''}${rest}`;
    const at = indexIn(b.cellXfs, children ? `${start}${children}</xf>` : start.replace(/>$/, '/>'));
    this.memo.set(key, at);
    return at;
  }

  private numFmtId(code: string): number {
    const builtIn = BUILT_IN_FORMATS[code];
    if (builtIn !== undefined) return builtIn;
    for (const [id, c] of this.base.numFmts) if (c === code) return id;
    const fresh = Math.max(163, ...this.base.numFmts.keys()) + 1;
    this.base.numFmts.set(fresh, code);
    return fresh;
  }

  /** The styles part with the formats derived so far (the same text when none was new). */
  xml(): string {
    return withLists(this.workbookStyles, this.base, this.before);
  }
}
