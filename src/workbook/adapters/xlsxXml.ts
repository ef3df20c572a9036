/**
 * Small, exact text operations on the XML parts of an `.xlsx` package (ECMA-376 Part 1 SpreadsheetML, Part 2 OPC):
 * the workbook's sheet list, relationships, content types, a worksheet's top-level elements. The package keeps every
 * part it does not change byte for byte (`xlsxPackage.ts`), so these edit the text of the parts it does change and
 * leave the rest of that text as it was, rather than parse and re-serialise whole documents.
 */

/** A character `escapeXml` replaces. */
const ESCAPED = /[&<>"]/;

/** A character `escapeXmlText` replaces (`escapeXml`'s but the quote). */
const MARKUP = /[&<>]/;

export function escapeXml(text: string): string {
  // Most texts (names, clubs, formulas without quotes) need nothing: returned as they are, not copied four times.
  if (!ESCAPED.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * `escapeXml` for the text of an element (a formula's `<f>`, a value's `<v>`), not an attribute: a quote is written as
 * it is. XML needs `"` escaped only inside an attribute value it delimits (XML 1.0 §2.4, §3.1), and Excel writes its
 * formulas with literal quotes. Issue 28: a 1,000-player Grid's score formulas held 288,000 `&quot;` (1.4 MB of its
 * 6 MB), which every save deflated and every read inflated and unescaped. Reading takes both spellings (`unescapeXml`).
 */
export function escapeXmlText(text: string): string {
  if (!MARKUP.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** XML 1.0 (§2.2) cannot hold the control characters other than tab, line feed and carriage return, nor U+FFFE/U+FFFF. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex
const NOT_XML_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** The text without the characters XML 1.0 cannot hold (ExcelJS drops them too). */
function withoutNonXml(text: string): string {
  return NOT_XML.test(text) ? text.replace(NOT_XML_ALL, '') : text;
}

/** A text as an XML text node (a shared or inline string): escaped, quotes included, without what XML cannot hold. */
export function xmlText(text: string): string {
  return escapeXml(withoutNonXml(text));
}

/**
 * A formula's text, or a formula's text result, as a worksheet's `<f>` or `<v>` holds it: escaped with its quotes
 * written as they are (`escapeXmlText`), without the characters XML 1.0 cannot hold. Shared and inline strings keep
 * `&quot;` (`xmlText`).
 */
export function formulaXmlText(text: string): string {
  return escapeXmlText(withoutNonXml(text));
}

const ENTITIES = new Map([['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"], ['amp', '&']]);
const CHARACTER_REFERENCE = /^#(?:x[0-9a-fA-F]+|\d+)$/;

export function unescapeXml(text: string): string {
  // Most texts of a sheet hold no entity: returned as they are (a congress Grid has tens of thousands of them). The
  // others (a Grid's score formulas, a hundred `&quot;` each) are read by indexOf, not a replace calling back for
  // every entity, which took most of the time of reading a Grid (issue 28).
  let at = text.indexOf('&');
  if (at < 0) return text;
  // `&quot;`, by far the most frequent (a Grid's Victories formula holds hundreds), replaced first: no other
  // entity holds it, nor makes one once it is replaced (`&amp;quot;` stays `&quot;` as text, below).
  if (text.includes('&quot;')) {
    text = withoutQuotEntities(text);
    at = text.indexOf('&');
    if (at < 0) return text;
  }
  let out = '';
  let from = 0;
  while (at >= 0) {
    const semi = text.indexOf(';', at + 1);
    if (semi < 0) break;
    const name = text.slice(at + 1, semi);
    const ch = ENTITIES.get(name) ?? (CHARACTER_REFERENCE.test(name) ? String.fromCodePoint(name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)) : undefined);
    if (ch === undefined) {
      at = text.indexOf('&', at + 1);
      continue;
    }
    out += text.slice(from, at) + ch;
    from = semi + 1;
    at = text.indexOf('&', from);
  }
  return out + text.slice(from);
}

/** A character beyond Latin-1 (U+0100 and above): a text holding one is not copied byte for byte (`withoutQuotEntities`). */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/** Below this length `replaceAll` is as fast; above, a formula's hundreds of `&quot;` cost it a piece each. */
const LONG_TEXT = 256;

/** Node's `Buffer`, where there is one (the command line; not the page, whose bundle has none). */
interface Latin1Bytes {
  [i: number]: number;
  readonly length: number;
  latin1Slice(start: number, end: number): string;
}
const nodeBuffer = (globalThis as unknown as { Buffer?: { from(text: string, encoding: 'latin1'): Latin1Bytes } }).Buffer;

/**
 * `text.replaceAll('&quot;', '"')`, faster on a long text holding many (a congress Grid's Victories formulas: 4 MB and
 * 160,000 `&quot;` in a 1,000-player file, which `replaceAll` took some 50 ms to join piece by piece, issue 28). Under
 * Node, over the text's bytes when it is Latin-1 (each character one byte: the bytes copied less each `&quot;`'s six
 * for one `"` are the text replaced); else the pieces between them joined once. The same text as `replaceAll` gives
 * (test/workbook/fastPaths.test.ts).
 */
export function withoutQuotEntities(text: string): string {
  if (text.length < LONG_TEXT) return text.replaceAll('&quot;', '"');
  if (nodeBuffer !== undefined && !BEYOND_LATIN1.test(text)) {
    const bytes = nodeBuffer.from(text, 'latin1');
    return bytes.latin1Slice(0, quotEntitiesReplaced(bytes));
  }
  const pieces: string[] = [];
  let from = 0;
  for (let at = text.indexOf('&quot;'); at >= 0; at = text.indexOf('&quot;', from)) {
    pieces.push(text.slice(from, at));
    from = at + 6;
  }
  pieces.push(text.slice(from));
  return pieces.join('"');
}

/** Each `&quot;` of Latin-1 bytes replaced by `"` where it stands, the rest moved up: the length of the text left. */
function quotEntitiesReplaced(bytes: Latin1Bytes): number {
  const n = bytes.length;
  let w = 0;
  for (let i = 0; i < n; i++) {
    const c = bytes[i];
    // `&quot;`: & q u o t ;
    if (c === 38 && bytes[i + 1] === 113 && bytes[i + 2] === 117 && bytes[i + 3] === 111 && bytes[i + 4] === 116 && bytes[i + 5] === 59) {
      bytes[w++] = 34;
      i += 5;
    } else bytes[w++] = c;
  }
  return w;
}

/** Below this many characters in all, `prefixedUnescaped` reads the texts one by one. */
export const MANY_TEXTS = 4096;

/** What `prefixedUnescaped` joins the texts with: `<`, which XML text never holds raw (a text holding one is read alone). */
const TEXT_SEPARATOR = '<';

/**
 * `texts.map((text) => prefix + unescapeXml(text))`: a sheet's formulas read, each with its `=` (issue 28). A congress
 * Grid's 10,000 formulas (3.7 MB in a 1,000-player file, 29 `&quot;` each) were each copied to bytes and back, with the
 * byte loop run a formula at a time before V8 compiled it: 240 million of the 660 million instructions of reading the
 * Grid (valgrind). Under Node, with every text Latin-1 and none holding `<`, their `&quot;` are replaced in one pass
 * over the bytes of all of them joined by `<` + prefix (a `&quot;` never spans a `<`), which is then split at each
 * `<`; a text left holding `&` has its other entities read by `unescapeXml` (which reads `&quot;` first, and the text
 * has none left: the same text). Else each alone. The same texts as the map (test/workbook/xlsxXml.test.ts).
 */
export function prefixedUnescaped(prefix: string, texts: readonly string[]): string[] {
  let total = 0;
  for (const text of texts) total += text.length;
  if (nodeBuffer === undefined || total < MANY_TEXTS || prefix.includes(TEXT_SEPARATOR) || prefix.includes('&')) return texts.map((text) => prefix + unescapeXml(text));
  const joined = prefix + texts.join(TEXT_SEPARATOR + prefix);
  if (BEYOND_LATIN1.test(joined)) return texts.map((text) => prefix + unescapeXml(text));
  const bytes = nodeBuffer.from(joined, 'latin1');
  const pieces = bytes.latin1Slice(0, quotEntitiesReplaced(bytes)).split(TEXT_SEPARATOR);
  // As many pieces as texts: none held a `<` (the prefix holds none).
  if (pieces.length !== texts.length) return texts.map((text) => prefix + unescapeXml(text));
  for (let k = 0; k < pieces.length; k++) {
    const piece = pieces[k];
    if (piece.includes('&', prefix.length)) pieces[k] = prefix + unescapeXml(piece.slice(prefix.length));
  }
  return pieces;
}

/**
 * The patterns of attribute `name` in a start tag (with its value captured, and without), made once a name: a sheet's
 * patching asks for the same few attributes of thousands of tags (issue 28).
 */
const ATTRIBUTE_PATTERNS = new Map<string, { read: RegExp; edit: RegExp }>();
function attributePattern(name: string): { read: RegExp; edit: RegExp } {
  let patterns = ATTRIBUTE_PATTERNS.get(name);
  if (!patterns) {
    const escaped = name.replace(/[.:]/g, '\\$&');
    patterns = { read: new RegExp(`\\s${escaped}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`), edit: new RegExp(`\\s${escaped}\\s*=\\s*(?:"[^"]*"|'[^']*')`) };
    ATTRIBUTE_PATTERNS.set(name, patterns);
  }
  return patterns;
}

/** An attribute of a start tag (`name` may carry a prefix, `r:id`), unescaped; undefined when absent. */
export function attribute(tag: string, name: string): string | undefined {
  const m = attributePattern(name).read.exec(tag);
  return m ? unescapeXml(m[1] ?? m[2] ?? '') : undefined;
}

/** The start tag with the attribute set (added before the end of the tag when absent), or removed when `value` is undefined. */
export function withAttribute(tag: string, name: string, value: string | undefined): string {
  const pattern = attributePattern(name).edit;
  if (value === undefined) return tag.replace(pattern, '');
  const text = ` ${name}="${escapeXml(value)}"`;
  if (pattern.test(tag)) return tag.replace(pattern, text);
  return tag.replace(/\s*(\/?)>$/, `${text}$1>`);
}

/** The start tags of every element called `local` (any prefix), in document order. */
export function startTags(xml: string, local: string): string[] {
  return [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${local}(?=[\\s/>])[^>]*>`, 'g'))].map((m) => m[0]);
}

/** A top-level child element of a document's root: its local name and its whole text. */
export interface XmlChild {
  readonly local: string;
  readonly text: string;
}

/** The root's start tag, its children (whitespace between them dropped) and its end tag; the XML declaration apart. */
export interface SplitDocument {
  readonly declaration: string;
  readonly rootStart: string;
  readonly children: XmlChild[];
  readonly rootEnd: string;
}

/** Splits a document into its root and the root's top-level children (comments and processing instructions dropped). */
export function splitDocument(xml: string): SplitDocument {
  let i = 0;
  let declaration = '';
  const decl = /^\uFEFF?\s*<\?xml[^?]*\?>\s*/.exec(xml);
  if (decl) {
    declaration = decl[0].trim();
    i = decl[0].length;
  }
  // Skip comments or other processing instructions before the root.
  for (;;) {
    const skip = /^\s*(<!--[\s\S]*?-->|<\?[\s\S]*?\?>)/.exec(xml.slice(i));
    if (!skip) break;
    i += skip[0].length;
  }
  const rootOpen = /<([\w.:-]+)[^>]*>/g;
  rootOpen.lastIndex = i;
  const root = rootOpen.exec(xml);
  if (!root) throw new Error('no root element');
  const rootStart = root[0];
  const rootName = root[1];
  const children: XmlChild[] = [];
  if (rootStart.endsWith('/>')) return { declaration, rootStart, children, rootEnd: '' };
  let p = root.index + rootStart.length;
  const endTag = `</${rootName}>`;
  const rootEndAt = xml.lastIndexOf(endTag);
  while (p < rootEndAt) {
    const lt = xml.indexOf('<', p);
    if (lt < 0 || lt >= rootEndAt) break;
    if (xml.startsWith('<!--', lt)) {
      p = xml.indexOf('-->', lt) + 3;
      continue;
    }
    if (xml.startsWith('<?', lt)) {
      p = xml.indexOf('?>', lt) + 2;
      continue;
    }
    const open = /<([\w.:-]+)[^>]*>/y;
    open.lastIndex = lt;
    const m = open.exec(xml);
    if (!m) throw new Error(`unreadable XML at ${lt}`);
    const name = m[1];
    let end: number;
    if (m[0].endsWith('/>')) end = lt + m[0].length;
    else end = matchingEnd(xml, name, lt + m[0].length);
    children.push({ local: name.replace(/^[\w.-]+:/, ''), text: xml.slice(lt, end) });
    p = end;
  }
  return { declaration, rootStart, children, rootEnd: endTag };
}

/** The index just after the end tag matching an element `name` opened before `from` (nesting of the same name counted). */
function matchingEnd(xml: string, name: string, from: number): number {
  const tags = new RegExp(`<(/?)${name.replace(/[.]/g, '\\.')}(?=[\\s/>])[^>]*>`, 'g');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(xml); m; m = tags.exec(xml)) {
    if (m[1] === '/') depth--;
    else if (!m[0].endsWith('/>')) depth++;
    if (depth === 0) return m.index + m[0].length;
  }
  throw new Error(`<${name}> is not closed`);
}

export function joinDocument(doc: SplitDocument, children: readonly XmlChild[]): string {
  const head = doc.declaration ? `${doc.declaration}\n` : '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const rootStart = doc.rootStart.endsWith('/>') ? doc.rootStart.replace(/\s*\/>$/, '>') : doc.rootStart;
  const rootEnd = doc.rootEnd || `</${/<([\w.:-]+)/.exec(doc.rootStart)![1]}>`;
  return `${head}${rootStart}${children.map((c) => c.text).join('')}${rootEnd}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Relationships (ECMA-376 Part 2, §9.3) and content types (§10.1.2)

export interface Relationship {
  readonly id: string;
  readonly type: string;
  readonly target: string;
  readonly external: boolean;
  /** The element as written, kept as it is when the relationship is kept. */
  readonly text: string;
}

export function parseRelationships(xml: string | undefined): Relationship[] {
  if (!xml) return [];
  return startTags(xml, 'Relationship').map((tag) => ({
    id: attribute(tag, 'Id') ?? '',
    type: attribute(tag, 'Type') ?? '',
    target: attribute(tag, 'Target') ?? '',
    external: attribute(tag, 'TargetMode') === 'External',
    text: tag.endsWith('/>') ? tag : tag.replace(/>$/, '/>'),
  }));
}

export function relationshipsXml(rels: readonly Relationship[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.map((r) => r.text).join('')}</Relationships>`
  );
}

export function relationship(id: string, type: string, target: string): Relationship {
  return { id, type, target, external: false, text: `<Relationship Id="${escapeXml(id)}" Type="${escapeXml(type)}" Target="${escapeXml(target)}"/>` };
}

/** A relationship id not used in `rels`: rId + one more than the highest number in use. */
export function freshRelationshipId(rels: readonly Relationship[]): string {
  const used = rels.map((r) => Number(/^rId(\d+)$/.exec(r.id)?.[1] ?? 0));
  return `rId${Math.max(0, ...used) + 1}`;
}

/** The part a relationship of the part `source` (e.g. `xl/workbook.xml`) points at, as a path inside the zip. */
export function resolveTarget(source: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const base = source.split('/').slice(0, -1);
  for (const step of target.split('/')) {
    if (step === '..') base.pop();
    else if (step !== '.' && step !== '') base.push(step);
  }
  return base.join('/');
}

/** The relationships part of a part: `xl/workbook.xml` → `xl/_rels/workbook.xml.rels`. */
export function relationshipsPartOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** `[Content_Types].xml` with an `Override` for `part` (replacing one there), or without it when `type` is undefined. */
export function withOverride(types: string, part: string, type: string | undefined): string {
  const name = `/${part}`;
  const existing = new RegExp(`<Override\\b[^>]*PartName="${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*/>`, 'i');
  const without = types.replace(existing, '');
  if (type === undefined) return without;
  return without.replace('</Types>', `<Override PartName="${escapeXml(name)}" ContentType="${escapeXml(type)}"/></Types>`);
}
