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
  const changed =
    base.numFmts.size !== before.numFmts || base.fonts.length !== before.fonts || base.fills.length !== before.fills || base.borders.length !== before.borders || base.cellXfs.length !== before.cellXfs;
  const map = (index: number) => xfs[index] ?? 0;
  if (!changed) return { xml: workbookStyles, map };
  let xml = workbookStyles;
  const numFmtsXml = `<numFmts count="${base.numFmts.size}">${[...base.numFmts].map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`).join('')}</numFmts>`;
  xml = replaceSection(xml, 'numFmts', base.numFmts.size > 0 ? numFmtsXml : undefined, 'styleSheet');
  xml = replaceSection(xml, 'fonts', listXml(xml, 'fonts', base.fonts), 'numFmts');
  xml = replaceSection(xml, 'fills', listXml(xml, 'fills', base.fills), 'fonts');
  xml = replaceSection(xml, 'borders', listXml(xml, 'borders', base.borders), 'fills');
  xml = replaceSection(xml, 'cellXfs', listXml(xml, 'cellXfs', base.cellXfs), 'cellStyleXfs');
  return { xml, map };
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
