/**
 * The `.xlsx` file as a package of parts (ECMA-376 Part 2, Open Packaging Conventions), kept as it was read: the
 * `.xlsx` adapter parses into ExcelJS only the sheets it reads or changes (`sheetPackage`), and on saving rewrites
 * only the sheets a batch changed and the workbook-level parts that list them (`assemble`). Every other part — the
 * sheets left alone, the shared strings, the theme, comments, charts, drawings, images, tables, pivot tables,
 * `xl/webextensions/…`, `customXml/…`, `docProps/…`, parts Tengen knows nothing of — is written back with the very
 * bytes it had (JSZip reuses a part's compressed data when it was not changed).
 *
 * A rewritten sheet keeps what Tengen does not write: its elements other than the ones a batch can change (cells,
 * merges, column widths, views, page setup and breaks; `OWNED`) are taken from the sheet as it was, in the order
 * CT_Worksheet prescribes (ECMA-376 Part 1, §18.3.1.99), and its relationships part is kept, so its comments,
 * drawings, tables, hyperlinks and controls stay attached. Its strings are added to the end of the shared-strings
 * part, so the strings the other sheets index keep their places; its cell formats are merged into the workbook's
 * styles part (`xlsxStyles.ts`) the same way.
 *
 * The calculation chain (`xl/calcChain.xml`) is dropped whenever a sheet is rewritten: it lists the formula cells
 * of every sheet in the order Excel last calculated them, a rewritten sheet can add or remove formula cells, and
 * ECMA-376 Part 1 §18.6 makes the chain an optimisation the application rebuilds ("a calculation chain … can be
 * changed by the application at any time"; Excel recomputes a missing one on load, as it does for files written by
 * openpyxl and ExcelJS, which never write it). A file whose sheets were all kept keeps its chain.
 *
 * Why one file of this size: the .xlsx package as one concept: the parts kept byte for byte, the rewritten sheets merged back, the package listed again.
 */
import { jsZip } from './xlsxJsZip';
import { ZipParts } from './zipParts';
import { checkedSheet, type SheetCounts } from './xlsxLimits';
import { TengenInputError } from '../../model/errors';
import {
  attribute,
  escapeXml,
  freshRelationshipId,
  joinDocument,
  parseRelationships,
  relationship,
  relationshipsPartOf,
  relationshipsXml,
  resolveTarget,
  splitDocument,
  startTags,
  unescapeXml,
  withAttribute,
  withOverride,
  type Relationship,
  type XmlChild,
} from './xlsxXml';
import { renumberStyles } from './xlsxStyles';
import type { ImageOp } from './adapter';
import { damagedWorkbook } from './damaged';
import { removeSheetDrawings, replaceSheetDrawing } from './xlsxDrawing';

export const RELATIONSHIP_TYPES = {
  officeDocument: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  worksheet: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
  styles: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles',
  sharedStrings: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings',
  calcChain: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain',
} as const;
export const SHARED_STRINGS_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml';
export const WORKSHEET_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
const MAIN_NAMESPACE = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const R_NAMESPACE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A sheet of the workbook as its `<sheet>` entry of `xl/workbook.xml` lists it. */
export interface PackageSheet {
  readonly name: string;
  readonly state: 'visible' | 'hidden' | 'veryHidden';
  /** Its worksheet part (`xl/worksheets/sheet3.xml`); undefined for a chart sheet or a sheet Tengen creates. */
  readonly part?: string;
  /** Its `<sheet>` element as written (kept, with its state updated, when the sheet is kept). */
  readonly tag?: string;
}

/** A defined name of `xl/workbook.xml` (§18.2.5): its scope (a sheet's name, or the workbook) and its formula. */
export interface PackageName {
  readonly name: string;
  /** The sheet it is local to (by name; `localSheetId` is an index, renumbered when sheets come and go). */
  readonly sheet?: string;
  readonly formula: string;
  /** The element as written, kept when the name is unchanged. */
  readonly text?: string;
}

/** Worksheet elements a batch can change: taken from the rewritten sheet, all others from the sheet as it was. */
const OWNED = new Set(['sheetPr', 'dimension', 'sheetViews', 'sheetFormatPr', 'cols', 'sheetData', 'mergeCells', 'printOptions', 'pageMargins', 'pageSetup', 'rowBreaks']);

/** CT_Worksheet's sequence (ECMA-376 Part 1, §18.3.1.99): the order the elements must appear in. */
const WORKSHEET_ORDER = [
  'sheetPr', 'dimension', 'sheetViews', 'sheetFormatPr', 'cols', 'sheetData', 'sheetCalcPr', 'sheetProtection', 'protectedRanges', 'scenarios', 'autoFilter',
  'sortState', 'dataConsolidate', 'customSheetViews', 'mergeCells', 'phoneticPr', 'conditionalFormatting', 'dataValidations', 'hyperlinks', 'printOptions',
  'pageMargins', 'pageSetup', 'headerFooter', 'rowBreaks', 'colBreaks', 'customProperties', 'cellWatches', 'ignoredErrors', 'smartTags', 'drawing',
  'legacyDrawing', 'legacyDrawingHF', 'drawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst',
];

export class XlsxPackage {
  private constructor(
    readonly zip: ZipParts,
    readonly workbookPart: string,
    readonly workbookXml: string,
    readonly workbookRels: Relationship[],
    readonly sheets: PackageSheet[],
    readonly names: PackageName[],
    readonly date1904: boolean,
  ) {}

  static async open(zip: ZipParts): Promise<XlsxPackage> {
    const part = async (name: string) => completePart(name, await zip.file(name)?.async('string'));
    const root = parseRelationships(await part('_rels/.rels'));
    const office = root.find((r) => r.type === RELATIONSHIP_TYPES.officeDocument || r.type.endsWith('/officeDocument'));
    const workbookPart = office ? resolveTarget('', office.target) : 'xl/workbook.xml';
    const workbookXml = await part(workbookPart);
    if (workbookXml === undefined) throw damagedWorkbook(workbookPart, 'it has no list of sheets (this part is missing): it is not an Excel workbook, or it is damaged');
    const rels = parseRelationships(await part(relationshipsPartOf(workbookPart)));
    const rPrefix = namespacePrefix(workbookXml, R_NAMESPACE) ?? 'r';
    const sheets: PackageSheet[] = startTags(sectionOf(workbookXml, 'sheets'), 'sheet').map((tag) => {
      const rel = rels.find((r) => r.id === attribute(tag, `${rPrefix}:id`));
      const state = attribute(tag, 'state');
      return {
        name: attribute(tag, 'name') ?? '',
        state: state === 'hidden' || state === 'veryHidden' ? state : 'visible',
        ...(rel && rel.type === RELATIONSHIP_TYPES.worksheet ? { part: resolveTarget(workbookPart, rel.target) } : {}),
        tag,
      };
    });
    const names: PackageName[] = [];
    for (const m of sectionOf(workbookXml, 'definedNames').matchAll(/<(?:\w+:)?definedName\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?definedName>)/g)) {
      const local = attribute(m[0], 'localSheetId');
      names.push({
        name: attribute(m[0], 'name') ?? '',
        ...(local !== undefined && sheets[Number(local)] ? { sheet: sheets[Number(local)].name } : {}),
        formula: unescapeXml(m[1] ?? ''),
        text: m[0],
      });
    }
    const pr = startTags(workbookXml, 'workbookPr')[0];
    const date1904 = pr !== undefined && ['1', 'true'].includes(attribute(pr, 'date1904') ?? '');
    const bySheet = new Map(sheets.filter((s) => s.part).map((s) => [s.part!, s.name]));
    zip.sheetOf = (p) => bySheet.get(p);
    return new XlsxPackage(zip, workbookPart, workbookXml, rels, sheets, names, date1904);
  }

  /**
   * A part's text, inflated once (a save and the quick reads ask for the same parts again); a part cut short or not
   * XML is refused naming it (and its sheet), never read as far as it goes; a sheet beyond what a tournament's holds
   * (`xlsxLimits.ts`) is refused naming it, before anything is built from it.
   */
  async text(part: string): Promise<string | undefined> {
    if (!this.texts.has(part)) {
      const sheet = this.sheets.find((x) => x.part === part)?.name;
      this.texts.set(
        part,
        (this.zip.file(part)?.async('string') ?? Promise.resolve(undefined)).then((text) => {
          const checked = sheet !== undefined && text !== undefined ? checkedSheet(text) : undefined;
          if (checked?.problem) throw new TengenInputError([{ where: sheet!, message: checked.problem }]);
          if (checked) this.counted.set(part, checked.counts);
          if (checked?.rowsAddressed) this.rowsAddressed.add(part);
          return completePart(part, text, sheet);
        }),
      );
    }
    return this.texts.get(part);
  }

  private readonly texts = new Map<string, Promise<string | undefined>>();

  /** A sheet's rows and cells as counted when its text was read (`text`); undefined before. */
  sheetCounts(part: string): SheetCounts | undefined {
    return this.counted.get(part);
  }

  private readonly counted = new Map<string, SheetCounts>();

  /**
   * Whether every row tag of a sheet's text read (`text`) has its address first, as counting it found (`checkedSheet`):
   * then `patchable` (xlsxSheetPatch.ts) need not look at them again. False before it is read.
   */
  rowAddressesChecked(part: string): boolean {
    return this.rowsAddressed.has(part);
  }

  private readonly rowsAddressed = new Set<string>();

  stylesPart(): string | undefined {
    const rel = this.workbookRels.find((r) => r.type === RELATIONSHIP_TYPES.styles);
    return rel ? resolveTarget(this.workbookPart, rel.target) : undefined;
  }

  sharedStringsPart(): string | undefined {
    const rel = this.workbookRels.find((r) => r.type === RELATIONSHIP_TYPES.sharedStrings);
    return rel ? resolveTarget(this.workbookPart, rel.target) : undefined;
  }
}

function sectionOf(xml: string, local: string): string {
  return new RegExp(`<(?:\\w+:)?${local}\\b[^>]*?(?:/>|>[\\s\\S]*?</(?:\\w+:)?${local}>)`).exec(xml)?.[0] ?? '';
}

/** The prefix the document's root declares for `namespace` (undefined when it is not declared with a prefix). */
function namespacePrefix(xml: string, namespace: string): string | undefined {
  const m = new RegExp(`xmlns:([\\w.-]+)="${namespace.replace(/[.]/g, '\\.')}"`).exec(xml);
  return m?.[1];
}

// ---------------------------------------------------------------------------------------------------------------
// Loading sheets into ExcelJS

/**
 * A small package holding only the given sheets, the workbook's styles and shared strings, for ExcelJS to parse:
 * each sheet without the elements that point at other parts (drawings, comments, tables, hyperlinks, controls), which
 * stay in the file and are put back when the sheet is written (`rewrittenSheet`). `sheetXml` gives each sheet's XML
 * (Excel's formula storage already mapped back by the caller).
 */
/**
 * The text of an XML part, refused when it is cut short (a copy or download interrupted) or is no XML: its root
 * element must be closed at the end (ECMA-376 Part 2, §8.1: every part Tengen reads is an XML document). The parts
 * are read with regular expressions, which would otherwise read what is there and silently drop the rest.
 */
export function completePart(part: string, text: string | undefined, sheet?: string): string | undefined {
  if (text === undefined || !/\.(xml|rels|vml)$/i.test(part)) return text;
  // The root element after what may precede it (a byte-order mark, the declaration, comments); the end of the text
  // before what may follow it (comments, processing instructions). Read from both ends, never copied: a sheet is
  // megabytes.
  let start = 0;
  for (;;) {
    while (start < text.length && /[\s\uFEFF]/.test(text[start])) start++;
    if (text.startsWith('<?', start)) start = text.indexOf('?>', start) + 2;
    else if (text.startsWith('<!--', start)) start = text.indexOf('-->', start) + 3;
    else break;
    if (start < 2) throw damagedWorkbook(part, 'it is not XML', sheet);
  }
  const root = /^<([\w:.-]+)/.exec(text.slice(start, start + 200))?.[1];
  if (root === undefined) throw damagedWorkbook(part, 'it is not XML', sheet);
  let end = text.length;
  for (;;) {
    while (end > start && /\s/.test(text[end - 1])) end--;
    const before = text.endsWith('-->', end) ? text.lastIndexOf('<!--', end - 3) : text.endsWith('?>', end) ? text.lastIndexOf('<?', end - 2) : -1;
    if (before <= start) break;
    end = before;
  }
  const close = text.indexOf('>', start);
  const selfClosed = close === end - 1 && text[close - 1] === '/';
  if (!selfClosed && !text.startsWith(`</${root}>`, end - root.length - 3)) throw damagedWorkbook(part, `it is cut short (it does not end with </${root}>)`, sheet);
  return text;
}

export async function sheetPackage(pkg: XlsxPackage, sheets: readonly { name: string; xml: string }[], definedNames: readonly PackageName[]): Promise<Uint8Array> {
  const zip = new (jsZip())();
  const overrides: string[] = [];
  const rels: string[] = [];
  const entries: string[] = [];
  const names: string[] = [];
  sheets.forEach((s, i) => {
    zip.file(`xl/worksheets/sheet${i + 1}.xml`, stripForeign(s.xml));
    rels.push(`<Relationship Id="rId${i + 1}" Type="${RELATIONSHIP_TYPES.worksheet}" Target="worksheets/sheet${i + 1}.xml"/>`);
    overrides.push(`<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${WORKSHEET_CONTENT_TYPE}"/>`);
    entries.push(`<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`);
    for (const n of definedNames) if (n.sheet === s.name && n.name.startsWith('_xlnm.')) names.push(`<definedName name="${escapeXml(n.name)}" localSheetId="${i}">${escapeXml(n.formula)}</definedName>`);
  });
  const styles = pkg.stylesPart();
  const strings = pkg.sharedStringsPart();
  let next = sheets.length + 1;
  if (styles && pkg.zip.file(styles)) {
    zip.file('xl/styles.xml', await pkg.zip.file(styles)!.async('string'));
    rels.push(`<Relationship Id="rId${next++}" Type="${RELATIONSHIP_TYPES.styles}" Target="styles.xml"/>`);
  }
  if (strings && pkg.zip.file(strings)) {
    zip.file('xl/sharedStrings.xml', await pkg.zip.file(strings)!.async('string'));
    rels.push(`<Relationship Id="rId${next++}" Type="${RELATIONSHIP_TYPES.sharedStrings}" Target="sharedStrings.xml"/>`);
  }
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides.join('')}</Types>`,
  );
  zip.file('_rels/.rels', relationshipsXml([relationship('rId1', RELATIONSHIP_TYPES.officeDocument, 'xl/workbook.xml')]));
  zip.file('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`);
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN_NAMESPACE}" xmlns:r="${R_NAMESPACE}"><workbookPr${pkg.date1904 ? ' date1904="1"' : ''}/><sheets>${entries.join('')}</sheets>${names.length ? `<definedNames>${names.join('')}</definedNames>` : ''}</workbook>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
}

/** A worksheet's XML with only the elements ExcelJS needs to read its cells and layout (`OWNED`). */
function stripForeign(xml: string): string {
  const doc = splitDocument(xml);
  return joinDocument(doc, doc.children.filter((c) => OWNED.has(c.local)));
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/**
 * A rewritten sheet's XML as it goes into the package: ExcelJS's cells and layout (`OWNED` elements) with the rest of
 * the sheet as it was (`original`; none for a new sheet), strings and styles renumbered into the workbook's.
 * `keepBreaks`: the sheet's page breaks were not set by a batch, so the ones of the file stay (ExcelJS does not read
 * them).
 */
export function rewrittenSheet(written: string, original: string | undefined, stringMap: (index: number) => number, styleMap: (index: number) => number, keepBreaks: boolean): string {
  const ours = splitDocument(renumberStyles(renumberStrings(written, stringMap), styleMap));
  if (original === undefined) return joinDocument(ours, ours.children);
  const theirs = splitDocument(original);
  const owned = (c: XmlChild) => OWNED.has(c.local) && !(keepBreaks && c.local === 'rowBreaks');
  const rank = (local: string) => WORKSHEET_ORDER.indexOf(local);
  // Elements of the original sheet Tengen does not write, each ranked by its own place in the sequence; an element
  // outside it (mc:AlternateContent around controls, an extension of another vendor) stays right after the element
  // it followed.
  const kept: { child: XmlChild; rank: number }[] = [];
  let last = -1;
  for (const c of theirs.children) {
    const r = rank(c.local);
    if (r >= 0) last = r;
    if (owned(c)) continue;
    kept.push({ child: c, rank: r >= 0 ? r : last + 0.5 });
  }
  const fresh = ours.children.filter(owned).map((child) => ({ child, rank: rank(child.local) }));
  const merged = [...kept.map((k, i) => ({ ...k, order: i })), ...fresh.map((f, i) => ({ ...f, order: kept.length + i }))].sort((a, b) => a.rank - b.rank || a.order - b.order);
  return joinDocument({ ...ours, rootStart: mergedRoot(ours.rootStart, theirs.rootStart) }, merged.map((m) => m.child));
}

/** ExcelJS's root start tag with the namespace declarations (and `mc:Ignorable` prefixes) of the original added. */
function mergedRoot(ours: string, theirs: string): string {
  let tag = ours;
  for (const m of theirs.matchAll(/\sxmlns:([\w.-]+)="([^"]*)"/g)) if (attribute(tag, `xmlns:${m[1]}`) === undefined) tag = withAttribute(tag, `xmlns:${m[1]}`, m[2]);
  const ignorable = new Set([...(attribute(tag, 'mc:Ignorable') ?? '').split(/\s+/), ...(attribute(theirs, 'mc:Ignorable') ?? '').split(/\s+/)].filter(Boolean));
  if (ignorable.size > 0 && attribute(tag, 'xmlns:mc') !== undefined) tag = withAttribute(tag, 'mc:Ignorable', [...ignorable].join(' '));
  return tag;
}

/** ExcelJS's shared-string indexes (`t="s"`) renumbered into the workbook's shared-strings part (`mergeSharedStrings`). */
function renumberStrings(xml: string, map: (index: number) => number): string {
  return xml.replace(/(<c\b[^>]*?\st="s"[^>]*><v>)(\d+)(<\/v>)/g, (_m, a: string, n: string, b: string) => `${a}${map(Number(n))}${b}`);
}

/**
 * The workbook's shared strings with a rewritten sheet's strings added at the end (those it lacks), as Excel stores
 * text (`t="s"`, ECMA-376 Part 1 §18.4); the strings the other sheets index keep their places.
 */
export function mergeSharedStrings(workbookXml: string | undefined, items: readonly string[]): { xml: string | undefined; map: (index: number) => number } {
  const merged = new SharedStringsMerge(workbookXml);
  const indexes = items.map((s) => merged.add(s));
  return { xml: merged.xml(), map: (index: number) => indexes[index] ?? index };
}

/**
 * `mergeSharedStrings` an item at a time: each `<si>` content added (when the workbook lacks it) as the sheets being
 * written come to it, the part's XML made once they all are (issue 28: a new workbook's sheets index their texts as
 * they are written, without a pass over every sheet to gather them first). Items added in the same order give the
 * same indexes and the same part as `mergeSharedStrings` given them as a list.
 */
export class SharedStringsMerge {
  private readonly existing: number;
  private readonly at = new Map<string, number>();
  private readonly added: string[] = [];

  constructor(private readonly workbookXml: string | undefined) {
    const existing = sharedStringItems(workbookXml);
    this.existing = existing.length;
    existing.forEach((s, i) => {
      if (!this.at.has(s)) this.at.set(s, i);
    });
  }

  /** The index of an item (`<si>` content) in the merged strings. */
  add(item: string): number {
    let i = this.at.get(item);
    if (i === undefined) {
      i = this.existing + this.added.length;
      this.added.push(item);
      this.at.set(item, i);
    }
    return i;
  }

  /** The shared-strings part with the items added (the workbook's own, unchanged, when none was). */
  xml(): string | undefined {
    const workbookXml = this.workbookXml;
    const added = this.added;
    if (added.length === 0 && workbookXml !== undefined) return workbookXml;
    const total = this.existing + added.length;
    const body = added.map((s) => `<si>${s}</si>`).join('');
    if (workbookXml === undefined || !/<sst\b/.test(workbookXml)) {
      return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN_NAMESPACE}" count="${total}" uniqueCount="${total}">${body}</sst>`;
    }
    let xml = workbookXml.replace(/<sst\b[^>]*?(\/?)>/, (tag, selfClosing: string) => {
      const open = withAttribute(withAttribute(tag.replace(/\s*\/>$/, '>'), 'uniqueCount', String(total)), 'count', String(Math.max(total, Number(attribute(tag, 'count') ?? 0) + added.length)));
      return selfClosing ? `${open}</sst>` : open;
    });
    xml = xml.replace(/<\/sst>\s*$/, `${body}</sst>`);
    return xml;
  }
}

/** The `<si>` contents of a shared-strings part, in order. */
export function sharedStringItems(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => m[1] ?? '<t></t>');
}

/** What a save changes: the sheets in tab order, each kept or rewritten, the defined names, the styles. */
export interface PackageChanges {
  readonly sheets: readonly { readonly name: string; readonly state: PackageSheet['state']; readonly was?: PackageSheet; readonly xml?: string; readonly images?: readonly ImageOp[] }[];
  readonly names: readonly PackageName[];
  readonly styles?: string;
  /** Extra parts to write (path → text; undefined removes the part), with their content types. */
  readonly parts?: ReadonlyMap<string, { text: string; contentType?: string } | undefined>;
  /** Relationships of the workbook part to add when none of their type is there (`xl/metadata.xml`). */
  readonly workbookRelationships?: readonly { readonly type: string; readonly target: string }[];
  /** `fullCalcOnLoad` on `<calcPr>`: set, removed, or left as it is (undefined). */
  readonly fullCalcOnLoad?: boolean;
}

/** The package with `changes` made; every part they do not touch keeps its bytes. */
export async function assemble(pkg: XlsxPackage, changes: PackageChanges): Promise<Uint8Array> {
  const zip = pkg.zip;
  const relsPart = relationshipsPartOf(pkg.workbookPart);
  let rels = [...pkg.workbookRels];
  let types = (await zip.file('[Content_Types].xml')?.async('string')) ?? '';
  const rewritten = changes.sheets.some((s) => s.xml !== undefined) || changes.sheets.length !== pkg.sheets.length;
  // Sheets gone: their part, its relationships, its entry in the content types and in the workbook's relationships.
  const keptParts = new Set(changes.sheets.map((s) => s.was?.part).filter((p): p is string => p !== undefined));
  for (const old of pkg.sheets) {
    if (!old.part || keptParts.has(old.part)) continue;
    types = await removeSheetDrawings(zip, types, old.part);
    zip.remove(old.part);
    zip.remove(relationshipsPartOf(old.part));
    types = withOverride(types, old.part, undefined);
    rels = rels.filter((r) => r.type !== RELATIONSHIP_TYPES.worksheet || resolveTarget(pkg.workbookPart, r.target) !== old.part);
  }
  const rPrefix = namespacePrefix(pkg.workbookXml, R_NAMESPACE) ?? 'r';
  const usedIds = pkg.sheets.map((s) => Number(attribute(s.tag ?? '', 'sheetId') ?? 0));
  let nextSheetId = Math.max(0, ...usedIds) + 1;
  const entries: string[] = [];
  for (const s of changes.sheets) {
    let part = s.was?.part;
    let tag = s.was?.tag;
    if (!part || !tag) {
      part = freshSheetPart(zip);
      const id = freshRelationshipId(rels);
      rels.push(relationship(id, RELATIONSHIP_TYPES.worksheet, part.replace(/^xl\//, '')));
      types = withOverride(types, part, WORKSHEET_CONTENT_TYPE);
      tag = `<sheet name="${escapeXml(s.name)}" sheetId="${nextSheetId++}" ${rPrefix}:id="${id}"/>`;
    }
    tag = withAttribute(withAttribute(tag, 'name', s.name), 'state', s.state === 'visible' ? undefined : s.state);
    entries.push(tag);
    let xml = s.xml;
    if (s.images !== undefined) {
      const drawn = await replaceSheetDrawing(zip, types, part, xml ?? (await zip.file(part)?.async('string')) ?? '', s.images);
      xml = drawn.xml;
      types = drawn.types;
    }
    if (xml !== undefined) zip.file(part, xml);
  }
  if (rewritten) {
    const chain = rels.find((r) => r.type === RELATIONSHIP_TYPES.calcChain);
    if (chain) {
      const path = resolveTarget(pkg.workbookPart, chain.target);
      zip.remove(path);
      types = withOverride(types, path, undefined);
      rels = rels.filter((r) => r !== chain);
    }
  }
  for (const [path, part] of changes.parts ?? []) {
    if (part === undefined) {
      zip.remove(path);
      types = withOverride(types, path, undefined);
    } else {
      zip.file(path, part.text);
      if (part.contentType) types = withOverride(types, path, part.contentType);
    }
  }
  for (const r of changes.workbookRelationships ?? []) if (!rels.some((x) => x.type === r.type)) rels.push(relationship(freshRelationshipId(rels), r.type, r.target));
  if (changes.styles !== undefined) {
    const styles = pkg.stylesPart();
    if (styles) zip.file(styles, changes.styles);
  }
  zip.file(pkg.workbookPart, workbookXml(pkg, entries, changes));
  if (rels.length !== pkg.workbookRels.length || rels.some((r, i) => r !== pkg.workbookRels[i])) zip.file(relsPart, relationshipsXml(rels));
  zip.file('[Content_Types].xml', types);
  // Only the parts rewritten are compressed again; the others keep their compressed bytes (zipParts.ts).
  return zip.generate();
}

function freshSheetPart(zip: ZipParts): string {
  for (let i = 1; ; i++) {
    const path = `xl/worksheets/sheet${i}.xml`;
    if (!zip.file(path)) return path;
  }
}

/** `xl/workbook.xml` with the sheet list, the defined names and `<calcPr>` as `changes` say; the rest as it was. */
function workbookXml(pkg: XlsxPackage, entries: readonly string[], changes: PackageChanges): string {
  const doc = splitDocument(pkg.workbookXml);
  const index = new Map(changes.sheets.map((s, i) => [s.name, i]));
  const names = changes.names
    .filter((n) => n.sheet === undefined || index.has(n.sheet))
    .map((n) => {
      const local = n.sheet === undefined ? undefined : String(index.get(n.sheet));
      if (n.text !== undefined) {
        const start = /^<[^>]*>/.exec(n.text)![0];
        const was = attribute(start, 'localSheetId');
        if (was === local) return n.text;
        return withAttribute(start, 'localSheetId', local) + n.text.slice(start.length);
      }
      return `<definedName name="${escapeXml(n.name)}"${local !== undefined ? ` localSheetId="${local}"` : ''}>${escapeXml(n.formula)}</definedName>`;
    });
  const children: XmlChild[] = [];
  let placedNames = false;
  const namesChild: XmlChild = { local: 'definedNames', text: `<definedNames>${names.join('')}</definedNames>` };
  for (const c of doc.children) {
    if (c.local === 'sheets') {
      const start = /^<[^>]*?(?=\/?>)/.exec(c.text)![0];
      const prefix = /^<([\w.-]+:)?/.exec(start)![1] ?? '';
      children.push({ local: 'sheets', text: `${start}>${entries.join('')}</${prefix}sheets>` });
      continue;
    }
    if (c.local === 'definedNames') {
      if (names.length > 0) children.push(namesChild);
      placedNames = true;
      continue;
    }
    if (!placedNames && names.length > 0 && ['calcPr', 'oleSize', 'customWorkbookViews', 'pivotCaches', 'smartTagPr', 'smartTagTypes', 'webPublishing', 'fileRecoveryPr', 'webPublishObjects', 'extLst'].includes(c.local)) {
      children.push(namesChild);
      placedNames = true;
    }
    if (c.local === 'calcPr' && changes.fullCalcOnLoad !== undefined) {
      children.push({ local: 'calcPr', text: withAttribute(c.text, 'fullCalcOnLoad', changes.fullCalcOnLoad ? '1' : undefined) });
      continue;
    }
    if (c.local === 'bookViews') {
      // The active and first tabs must name sheets that exist.
      const last = Math.max(0, entries.length - 1);
      children.push({
        local: 'bookViews',
        text: c.text.replace(/<(\w+:)?workbookView\b[^>]*>/g, (tag) => {
          let t = tag;
          for (const a of ['activeTab', 'firstSheet']) {
            const v = attribute(t, a);
            if (v !== undefined && Number(v) > last) t = withAttribute(t, a, String(last));
          }
          return t;
        }),
      });
      continue;
    }
    children.push(c);
  }
  if (!placedNames && names.length > 0) children.push(namesChild);
  if (!children.some((c) => c.local === 'sheets')) {
    // A workbook without sheets (ExcelJS's empty one) has no <sheets>: placed in CT_Workbook's order, after a
    // default window (Excel wants one workbookView to show the sheets in).
    const after = ['fileVersion', 'fileSharing', 'workbookPr', 'workbookProtection', 'bookViews'];
    let at = 0;
    children.forEach((c, i) => {
      if (after.includes(c.local)) at = i + 1;
    });
    const insert: XmlChild[] = [{ local: 'sheets', text: `<sheets>${entries.join('')}</sheets>` }];
    if (!children.some((c) => c.local === 'bookViews')) insert.unshift({ local: 'bookViews', text: '<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="12000" windowHeight="24000"/></bookViews>' });
    children.splice(at, 0, ...insert);
  }
  if (changes.fullCalcOnLoad && !children.some((c) => c.local === 'calcPr')) {
    const at = children.findIndex((c) => ['oleSize', 'customWorkbookViews', 'pivotCaches', 'smartTagPr', 'smartTagTypes', 'webPublishing', 'fileRecoveryPr', 'webPublishObjects', 'extLst'].includes(c.local));
    const calc = { local: 'calcPr', text: '<calcPr fullCalcOnLoad="1"/>' };
    if (at < 0) children.push(calc);
    else children.splice(at, 0, calc);
  }
  return joinDocument(doc, children);
}
