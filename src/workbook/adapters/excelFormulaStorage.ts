/**
 * How Excel itself stores Tengen's formulas in an `.xlsx` file, which ExcelJS does not do by itself: the saved zip
 * is rewritten (`toExcelStorage`) and a file is read back through the reverse (`fromExcelStorage`).
 *
 * 1. A JavaScript custom function is saved as `_xldudf_` + namespace + `_` + name: `GO.STANDINGS(…)` is stored as
 *    `_xldudf_GO_STANDINGS(…)`. Microsoft's own words (OfficeDev/Excel-Custom-Functions issue 108, keyur32, 2019):
 *    "For JavaScript Custom Functions, we by default save out with a different prefix `_xldudf`"; the sheet XML of
 *    workbooks Excel saved shows it (`<f>_xldudf_CX_GET(…)</f>`, office-js issues 2568 and 5611, where a stray
 *    `[2]!` before the prefix — a link Excel wrongly made to another add-in — broke the functions: read here as if
 *    absent). A file Tengen reads has the prefix mapped back, so the engine and the task pane see `GO.STANDINGS`.
 * 2. A formula that spills is a dynamic-array formula: `<c … cm="1"><f t="array" ref="A3:P43">…</f><v>…</v></c>`,
 *    the `cm` attribute pointing at the first cell-metadata block of `xl/metadata.xml`, whose metadata type `XLDAPR`
 *    carries `xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"` (MS-XLSX, "dynamicArrayProperties", schema
 *    `http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray`); the part is listed in
 *    `[Content_Types].xml` (`…spreadsheetml.sheetMetadata+xml`) and in `xl/_rels/workbook.xml.rels`
 *    (`…/relationships/sheetMetadata`). Without it Excel opens the formula as a legacy array, shows it as `=@…`
 *    and one cell. The part written here has the elements, attributes and order of the one XlsxWriter writes and
 *    checks byte for byte against workbooks Excel saved (jmcnamara/XlsxWriter, `xlsxwriter/metadata.py` and its
 *    comparison tests `dynamic_array*.xlsx`). `test/workbook/excelFormulaStorage.test.ts` keeps the comparison.
 *    The cells the array spills into hold only their cached values, as Excel writes them.
 *
 * 3. A workbook holding a custom function is not marked "recalculate everything on load" (`fullCalcOnLoad`, which
 *    the `.xlsx` adapter sets for its plain formulas): LibreOffice honours that flag and, without the add-in, would
 *    replace every cached value of `=GO.…` by `#NAME?` (seen in `libreoffice --convert-to pdf`). Excel needs no
 *    flag: ExcelJS writes `calcId="171027"`, older than any Excel with custom functions, and "when you open a
 *    workbook that was created in an earlier version of the application, all the formulas in the workbook … are
 *    recalculated" (ECMA-376 Part 1, §18.2.2 calcPr, calcId).
 *
 * Every array formula (`t="array"`) of a file Tengen saves is stored as a dynamic array: Tengen writes no legacy
 * Ctrl+Shift+Enter array, and one met in a file read by the standalone page and saved again is turned into a
 * dynamic one (the same answer, shown by Excel without braces).
 *
 * jszip is the zip library ExcelJS itself uses (a dependency of exceljs); it runs in Node and in the browser.
 */
import { jsZip } from './xlsxJsZip';

/** The custom functions' namespace (manifest.xml, `<Namespace>`). */
export const FUNCTION_NAMESPACE = 'GO';
export const UDF_PREFIX = '_xldudf_';

export const METADATA_PART = 'xl/metadata.xml';
export const METADATA_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml';
export const METADATA_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata';
export const DYNAMIC_ARRAY_NAMESPACE = 'http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray';
/** The extension URI of the dynamic-array properties (MS-XLSX). */
export const DYNAMIC_ARRAY_EXTENSION = '{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}';

const MAIN_NAMESPACE = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** The metadata part: one cell-metadata block, "this formula is a dynamic array", which every `cm="1"` names. */
export function dynamicArrayMetadataXml(): string {
  const flags = ['copy', 'pasteAll', 'pasteValues', 'merge', 'splitFirst', 'rowColShift', 'clearFormats', 'clearComments', 'assign', 'coerce', 'cellMeta'].map((f) => ` ${f}="1"`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<metadata xmlns="${MAIN_NAMESPACE}" xmlns:xda="${DYNAMIC_ARRAY_NAMESPACE}">` +
    `<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000"${flags}/></metadataTypes>` +
    `<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="${DYNAMIC_ARRAY_EXTENSION}">` +
    '<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>' +
    '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata>' +
    '</metadata>'
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Formula text

/**
 * Applies `rename` to the parts of a formula outside string literals ("…") and quoted sheet names ('…'), so a
 * text such as "GO.SOS(" or a sheet called 'GO.X(' is never touched.
 */
function outsideQuotes(formula: string, rename: (code: string) => string): string {
  // The quotes found by indexOf and the text between them sliced, not copied a character at a time (issue 28: a
  // congress round writes some 20,000 formulas). Each kind of quote's next place is kept until passed, so a formula
  // with hundreds of "…" and no '…' is not searched to its end for a ' at every ".
  let out = '';
  let from = 0;
  let double = formula.indexOf('"');
  let single = formula.indexOf("'");
  for (;;) {
    if (double >= 0 && double < from) double = formula.indexOf('"', from);
    if (single >= 0 && single < from) single = formula.indexOf("'", from);
    const at = double < 0 ? single : single < 0 ? double : Math.min(double, single);
    if (at < 0) break;
    const quote = formula[at];
    out += rename(formula.slice(from, at));
    // The closing quote: the next one not doubled (a doubled quote stands for one inside); none, the rest of the text.
    let end = at + 1;
    for (;;) {
      end = formula.indexOf(quote, end);
      if (end < 0) {
        end = formula.length;
        break;
      }
      if (formula[end + 1] === quote) end += 2;
      else break;
    }
    out += formula.slice(at, end + 1);
    from = end + 1;
  }
  return out + rename(formula.slice(from));
}

const SHOWN_CALL = new RegExp(`(^|[^A-Za-z0-9_.\\\\])${FUNCTION_NAMESPACE}\\.([A-Za-z][A-Za-z0-9_]*)(?=\\s*\\()`, 'g');
const STORED_CALL = new RegExp(`(?:\\[\\d+\\]!)?${UDF_PREFIX}${FUNCTION_NAMESPACE}_([A-Za-z][A-Za-z0-9_]*)(?=\\s*\\()`, 'g');

/** `GO.STANDINGS(TengenGrid)` → `_xldudf_GO_STANDINGS(TengenGrid)` (no leading "="; other functions unchanged). */
export function storedFormula(formula: string): string {
  // Without "GO." the formula names no custom function: nothing to rename (most of a round's formulas).
  if (!formula.includes(`${FUNCTION_NAMESPACE}.`)) return formula;
  return outsideQuotes(formula, (code) => code.replace(SHOWN_CALL, (_m, before: string, name: string) => `${before}${UDF_PREFIX}${FUNCTION_NAMESPACE}_${name.toUpperCase()}`));
}

/** The reverse: `_xldudf_GO_STANDINGS(…)` (also after a stray `[2]!`) → `GO.STANDINGS(…)`. */
export function shownFormula(formula: string): string {
  if (!formula.includes(UDF_PREFIX)) return formula;
  return outsideQuotes(formula, (code) => code.replace(STORED_CALL, (_m, name: string) => `${FUNCTION_NAMESPACE}.${name}`));
}

// ---------------------------------------------------------------------------------------------------------------
// The zip

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);
}

function encodeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Every `<f>` text of a worksheet's XML through `map`. */
export function mapFormulas(xml: string, map: (formula: string) => string): string {
  // Only a formula naming a custom function changes, either way: the others are left as they are, undecoded.
  const needle = map === shownFormula ? UDF_PREFIX : map === storedFormula ? `${FUNCTION_NAMESPACE}.` : '';
  return xml.replace(/(<f(?:\s[^>]*)?>)([^<]*)(<\/f>)/g, (whole, open: string, text: string, close: string) => {
    if (!text.includes(needle)) return whole;
    const mapped = map(decodeXml(text));
    return mapped === decodeXml(text) ? whole : `${open}${encodeXml(mapped)}${close}`;
  });
}

/** Marks the cell of every array formula as a dynamic array (`cm="1"`); returns the XML and how many were marked. */
export function markDynamicArrays(xml: string): { xml: string; count: number } {
  let count = 0;
  const marked = xml.replace(/<c(\s[^>]*?)?>(?=<f\s[^>]*\bt="array")/g, (_whole, attributes: string | undefined) => {
    count++;
    const attrs = (attributes ?? '').replace(/\scm="[^"]*"/, '');
    return `<c${attrs} cm="1">`;
  });
  return { xml: marked, count };
}

function withRelationship(rels: string): string {
  if (rels.includes(METADATA_RELATIONSHIP)) return rels;
  const ids = [...rels.matchAll(/\bId="rId(\d+)"/g)].map((m) => Number(m[1]));
  const id = `rId${Math.max(0, ...ids) + 1}`;
  return rels.replace('</Relationships>', `<Relationship Id="${id}" Type="${METADATA_RELATIONSHIP}" Target="metadata.xml"/></Relationships>`);
}

function withContentType(types: string): string {
  if (types.includes('PartName="/xl/metadata.xml"')) return types;
  return types.replace('</Types>', `<Override PartName="/${METADATA_PART}" ContentType="${METADATA_CONTENT_TYPE}"/></Types>`);
}

/** A saved workbook (ExcelJS's zip) as Excel would store its formulas. */
export async function toExcelStorage(data: Uint8Array): Promise<Uint8Array> {
  const zip = await jsZip().loadAsync(data);
  let dynamic = 0;
  let customFunctions = false;
  for (const path of Object.keys(zip.files)) {
    if (!WORKSHEET.test(path)) continue;
    const before = await zip.file(path)!.async('string');
    const marked = markDynamicArrays(mapFormulas(before, storedFormula));
    dynamic += marked.count;
    customFunctions ||= marked.xml.includes(`<f>${UDF_PREFIX}`) || /<f[^>]*>[^<]*_xldudf_/.test(marked.xml);
    if (marked.xml !== before) zip.file(path, marked.xml);
  }
  const workbook = zip.file('xl/workbook.xml');
  if (customFunctions && workbook) {
    const xml = await workbook.async('string');
    const calm = xml.replace(/(<calcPr\b[^>]*?)\s+fullCalcOnLoad="(?:1|true)"/, '$1');
    if (calm !== xml) zip.file('xl/workbook.xml', calm);
  }
  if (dynamic > 0) {
    zip.file(METADATA_PART, dynamicArrayMetadataXml());
    const rels = zip.file('xl/_rels/workbook.xml.rels');
    const types = zip.file('[Content_Types].xml');
    if (!rels || !types) throw new Error('the workbook has no xl/_rels/workbook.xml.rels or [Content_Types].xml');
    zip.file('xl/_rels/workbook.xml.rels', withRelationship(await rels.async('string')));
    zip.file('[Content_Types].xml', withContentType(await types.async('string')));
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** A workbook as Excel stores it, with the custom functions named as the engine reads them (`GO.STANDINGS`). */
export async function fromExcelStorage(data: Uint8Array): Promise<Uint8Array> {
  const zip = await jsZip().loadAsync(data);
  let changed = false;
  for (const path of Object.keys(zip.files)) {
    if (!WORKSHEET.test(path)) continue;
    const before = await zip.file(path)!.async('string');
    if (!before.includes(UDF_PREFIX)) continue;
    const after = mapFormulas(before, shownFormula);
    if (after !== before) {
      zip.file(path, after);
      changed = true;
    }
  }
  return changed ? zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }) : data;
}
