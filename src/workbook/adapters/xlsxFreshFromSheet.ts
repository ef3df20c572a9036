/**
 * A sheet of the file that a batch rewrites whole (issue 28: `clear` of the whole sheet, then its cells and layout
 * written again — the Prize ceremony and Standings after a result, a round's printouts paired again) taken into the
 * adapter's own model (`xlsxFreshSheet.ts`) instead of being parsed into ExcelJS: the cells are cleared anyway, so
 * only the sheet's layout is read from its XML, what ExcelJS keeps of it through a `clear` —
 *  - the column widths and formats, hidden and grouped columns (§18.3.1.13 col), the heights of rows given one (§18.3.1.73 row `ht` with
 *    `customHeight`), the page breaks (§18.3.1.74 rowBreaks, `brk id` the row after which the page breaks);
 *  - the page setup (§18.3.1.64 pageSetup: orientation, paperSize, scale, fitToWidth, fitToHeight; §18.3.1.65
 *    pageSetUpPr `fitToPage`), the print area and titles (§18.2.5 definedName `_xlnm.Print_Area`/`_xlnm.Print_Titles`);
 *  - the sheet properties (tab colour …), views (zoom, frozen panes), default row format, print options and margins,
 *    kept as the file has them (`FreshSheet.kept`), unless the batch sets them.
 * The merges go (a whole `clear` unmerges). Everything else of the sheet — notes, drawings, conditional formats,
 * validations, header and footer — is kept by the package's rewriting (`rewrittenSheet`).
 */
import { FreshSheet, type KeptLayout } from './xlsxFreshSheet';
import { attribute, splitDocument } from './xlsxXml';
import type { PackageName } from './xlsxPackage';

const KEPT: readonly (keyof KeptLayout)[] = ['sheetPr', 'sheetViews', 'sheetFormatPr', 'printOptions', 'pageMargins', 'pageSetup'];

/** The sheet's layout from its XML and the workbook's names, in a model with no cells. */
export function freshFromSheet(xml: string, sheet: string, names: readonly PackageName[]): FreshSheet {
  const out = new FreshSheet();
  const doc = splitDocument(xml);
  const kept: Record<string, string> = {};
  for (const c of doc.children) if ((KEPT as readonly string[]).includes(c.local)) kept[c.local] = c.text;
  out.kept = kept;
  const cols = doc.children.find((c) => c.local === 'cols')?.text ?? '';
  for (const m of cols.matchAll(/<(?:\w+:)?col\b[^>]*>/g)) {
    const width = attribute(m[0], 'width');
    // Its other attributes as written: a column format, hidden, grouped (§18.3.1.13).
    const more = ['style', 'hidden', 'outlineLevel', 'collapsed', 'bestFit']
      .filter((a) => attribute(m[0], a) !== undefined && !(a === 'style' && attribute(m[0], a) === '0'))
      .map((a) => ` ${a}="${attribute(m[0], a)}"`)
      .join('');
    if (width === undefined && !more) continue;
    const min = Number(attribute(m[0], 'min'));
    const max = Number(attribute(m[0], 'max'));
    // A range to the last column (Excel writes max="16384" for "every column from here") is read to its first 256.
    for (let c = min; c <= Math.min(max, min + 255); c++) {
      if (width !== undefined) {
        while (out.widths.length < c - 1) out.widths.push(undefined);
        out.widths[c - 1] = Number(width);
      }
      if (more) {
        while (out.columnAttributes.length < c - 1) out.columnAttributes.push(undefined);
        out.columnAttributes[c - 1] = more;
      }
    }
  }
  const data = doc.children.find((c) => c.local === 'sheetData')?.text ?? '';
  for (const m of data.matchAll(/<(?:\w+:)?row\b[^>]*>/g)) {
    const height = attribute(m[0], 'ht');
    if (height === undefined || !['1', 'true'].includes(attribute(m[0], 'customHeight') ?? '')) continue;
    out.height(Number(attribute(m[0], 'r')), Number(height));
  }
  const breaks = doc.children.find((c) => c.local === 'rowBreaks')?.text ?? '';
  for (const m of breaks.matchAll(/<(?:\w+:)?brk\b[^>]*>/g)) out.breaksAfter.push(Number(attribute(m[0], 'id') ?? 0));
  const setup = /<(?:\w+:)?pageSetup\b[^>]*>/.exec(kept.pageSetup ?? '')?.[0];
  if (setup) {
    const orientation = attribute(setup, 'orientation');
    if (orientation === 'landscape' || orientation === 'portrait') out.page.orientation = orientation;
    const number = (name: string) => (attribute(setup, name) === undefined ? undefined : Number(attribute(setup, name)));
    out.page.paperSize = number('paperSize') ?? out.page.paperSize;
    out.page.scale = number('scale') ?? out.page.scale;
    out.page.fitToWidth = number('fitToWidth') ?? out.page.fitToWidth;
    out.page.fitToHeight = number('fitToHeight') ?? out.page.fitToHeight;
  }
  const fit = /<(?:\w+:)?pageSetUpPr\b[^>]*>/.exec(kept.sheetPr ?? '')?.[0];
  out.page.fitToPage = fit !== undefined && ['1', 'true'].includes(attribute(fit, 'fitToPage') ?? '');
  for (const n of names) {
    if (n.sheet !== sheet) continue;
    const range = /^(?:'(?:[^']|'')*'|[^!]+)!(.+)$/.exec(n.formula)?.[1];
    if (!range) continue;
    const area = /^\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/.exec(range);
    // As `FreshSheet.print` holds them: the print area's rows absolute (`A$1:D$9`), the repeated rows `4:5`.
    if (n.name === '_xlnm.Print_Area' && area) out.page.printArea = `${area[1]}$${area[2]}${area[3] ? `:${area[3]}$${area[4]}` : ''}`;
    const rows = /(?:^|,|!)\$?(\d+):\$?(\d+)$/.exec(range);
    if (n.name === '_xlnm.Print_Titles' && rows) out.page.printTitlesRow = `${rows[1]}:${rows[2]}`;
  }
  return out;
}
