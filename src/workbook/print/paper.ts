/**
 * The printed page, as the printouts Tengen writes plan it: how wide a column of so many characters is, how much of
 * a page a layout takes, and at what scale it fits — so that each sheet's page breaks can be chosen by Tengen (20
 * tables, 10 grid players, 16 poster players a page) and honoured by the spreadsheet.
 *
 * Manual page breaks and "fit to N pages" do not mix: with fit-to-page the spreadsheet chooses the breaks itself
 * (docs/excel-compatibility.md, "Printing and page layout"). So a sheet with breaks of its own gets a percentage
 * scale computed here instead, for the smaller of the two usual papers (A4 is narrower, US Letter shorter) with the
 * margins ExcelJS and Excel write by default (0.7 inch left and right, 0.75 inch top and bottom).
 */

import type { Paper, Tournament } from '../../model/tournament';
import type { WorkbookBatch, WorkbookOp } from '../adapters/adapter';

/**
 * The countries whose paper is US Letter (ISO 3166 alpha-2): the United States and Canada, Mexico, and the
 * countries of Central and South America and the Philippines where Letter is the common size. Everywhere else A4
 * (ISO 216).
 */
const LETTER_COUNTRIES = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'CR', 'GT', 'DO', 'PR', 'PA', 'SV', 'HN', 'NI', 'BO']);

/**
 * The paper the printouts are set up for: the director's choice (Settings, "Paper"), else the paper of the country
 * most players come from (the tournament's country as its field says it: the model holds no country for the
 * tournament itself), else A4. A tie between countries, or no country known, gives A4.
 */
export function paperOf(t: { readonly settings: Pick<Tournament['settings'], 'paper'>; readonly players: readonly { readonly country?: string }[] }): Paper {
  if (t.settings.paper) return t.settings.paper;
  const count = new Map<string, number>();
  for (const p of t.players) if (p.country) count.set(p.country.toUpperCase(), (count.get(p.country.toUpperCase()) ?? 0) + 1);
  const ranked = [...count].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0 || (ranked.length > 1 && ranked[0][1] === ranked[1][1])) return 'A4';
  return LETTER_COUNTRIES.has(ranked[0][0]) ? 'Letter' : 'A4';
}

/**
 * Every sheet a batch sets up for printing set up for `paper` too. The layouts themselves are planned for the smaller
 * of A4 and Letter (`PRINTABLE`), so a page fits either; the paper size only spares the printer's "A4 not loaded" and
 * LibreOffice's default page (issue 25: on Letter a round-1 slip was cut across two pages).
 */
export function withPaper(batch: WorkbookBatch, paper: Paper): WorkbookBatch {
  if (!batch.ops.some((op) => op.kind === 'print')) return batch;
  return { ...batch, ops: batch.ops.map((op): WorkbookOp => (op.kind === 'print' ? { ...op, settings: { ...op.settings, paperSize: paper } } : op)) };
}

/** Points (1/72 inch) per unit of column width: a width of 1 is one '0' of the default 11 pt font, 7 px at 96 dpi. */
const POINTS_PER_WIDTH_UNIT = (7 * 72) / 96;
/** Cell padding Excel adds to every column (5 px). */
const COLUMN_PADDING_POINTS = (5 * 72) / 96;

/** The printable area of the smaller of A4 (8.27 × 11.69 in) and Letter (8.5 × 11 in), default margins, in points. */
export const PRINTABLE = {
  portrait: { width: (8.27 - 1.4) * 72, height: (11 - 1.5) * 72 },
  landscape: { width: (11 - 1.4) * 72, height: (8.27 - 1.5) * 72 },
} as const;

/** Width in points of columns of these widths (characters). */
export function columnsWidth(widths: readonly number[]): number {
  return widths.reduce((total, w) => total + w * POINTS_PER_WIDTH_UNIT + COLUMN_PADDING_POINTS, 0);
}

/** Height in points of a row whose largest font is `fontSize` (Calc and Excel give 11 pt text a 15 pt row). */
export function rowHeight(fontSize: number): number {
  return Math.ceil((fontSize * 15) / 11);
}

/**
 * The largest whole percentage (at most 100, at least 10 — Excel's smallest) at which a page of this width and
 * height fits the printable area.
 */
export function scaleToFit(width: number, height: number, orientation: 'portrait' | 'landscape'): number {
  const page = PRINTABLE[orientation];
  const fit = Math.min(page.width / width, page.height / height, 1);
  return Math.max(10, Math.floor(fit * 100));
}

/**
 * The font size at which `text` fits a column `width` characters wide: `preferred` when it does, else smaller, never
 * under `smallest`. A '0' of `size` pt is `size / 11` width units, and an average letter of a name (capitals, lower case, comma and
 * space) is about 0.9 of a '0' in Calibri (measured on LibreOffice's pages with Carlito, Calibri's metric twin;
 * 0.95 here, to be safe).
 */
export function fontSizeToFit(text: string, width: number, preferred: number, smallest: number): number {
  const needed = (text.length * 0.95 * preferred) / 11;
  if (needed <= width - 1) return preferred;
  return Math.max(smallest, Math.floor((preferred * (width - 1)) / needed));
}

/** Page breaks before every `perPage`-th item of a list whose first item is on `firstRow` (1-based), `rowsPerItem` rows an item: a break never falls inside an item. */
export function breaksEvery(perPage: number, items: number, firstRow: number, rowsPerItem = 1): number[] {
  const breaks: number[] = [];
  for (let k = perPage; k < items; k += perPage) breaks.push(firstRow + k * rowsPerItem);
  return breaks;
}


/**
 * How many lines `text` takes, wrapped at spaces, in a column `width` characters wide (11 pt): a letter is taken as
 * 0.9 of a '0' (measured on Calc's pages with Carlito: "Club de go de l’Université de", 29 letters, fills a
 * column 24 wide), spaces too, so that a row is rather too tall than cut.
 */
export function wrappedLines(text: string, width: number): number {
  // A text that fits whole takes one line, without splitting it into words (issue 28: a congress batch asks for
  // some 8,000 names, clubs and ranks, nearly all short). The words and the spaces between them are at most the
  // text's characters, so the width used never exceeds 0.9 of its length; a whole character to spare keeps the
  // sum of the words' widths, added in floating point, as clear of the column's edge (`width - 0.5`).
  if (text.length * 0.9 < width - 1) return 1;
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const need = (used === 0 ? 0 : 0.9) + word.length * 0.9;
    if (used > 0 && used + need > width - 0.5) {
      lines += 1;
      used = word.length * 0.9;
    } else used += need;
  }
  return lines;
}
