/**
 * The `Slips R<n>` sheet: a pairing card and result slip for each table of a round, printed several to a page with a
 * cut line between them, to lay on the table and bring back with the result ticked.
 *
 * seeds/mays-swiss-mcmahon-manual.txt, Appendix B: Mays prints "a sheet consisting of twenty pairing cards … each
 * individual card is cut off from the others on the sheet" (his cards are per player, for the director's pairing);
 * "Doing the Paperwork": the card carries the opponent's ID and the "color or handicap" ("+2" for Black receiving
 * two stones, "−2" for White giving them). And the players "must report the results of their games immediately after
 * their games are over" ("The Welcome Speech"): the slip has a box to tick beside White, Black and jigo.
 *
 * Each slip is `SLIP_ROWS` rows: the table and round, White, Black, jigo, the signatures, then the cut line; six
 * slips a page (portrait), with page breaks of their own so that no slip is cut in two.
 */
import type { Round, Tournament } from '../../model/tournament';
import { freshSheetOps, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { MINUS, type GridLanguage } from '../cells/notation';
import { gamesByTable, playerOnSheet } from './pairingsSheet';
import { breaksEvery, columnsWidth, rowHeight, scaleToFit } from '../print/paper';
import { qrPngBase64 } from '../print/qrImage';

export const SLIP_ROWS = 6;
export const SLIPS_PER_PAGE = 6;
/** Table/colour, name, box, words, box, words. */
const WIDTHS = [10, 34, 4, 10, 4, 14] as const;
const CUT_LINE = `${'- '.repeat(66)}✂ cut`;
const CUT_TAIL = '- '.repeat(12).trim();
/**
 * With a site address (Settings, "Site address"): two more columns, G and H, each holding the QR code of one player's
 * page of the results site (src/publish: `players/<ID>.html`) over the slip's first four rows, his colour below it.
 */
const QR_WIDTHS = [13, 13] as const;
/** The code's side in points, and its offset in its cell: inside column G or H (72 pt) and rows 1–4 (75 pt). */
const QR_SIDE = 68;
const QR_OFFSET = { x: 2, y: 3 } as const;

export function slipsSheetName(round: Round): string {
  return `Slips R${round}`;
}

const WORDS = {
  en: { round: 'Round', table: 'Table', white: 'White', black: 'Black', handicap: 'Handicap', even: 'even game', won: 'won', jigo: 'Jigo', tick: 'Tick the winner', signatures: 'Signatures', noKomi: 'no komi' },
  fr: { round: 'Ronde', table: 'Table', white: 'Blanc', black: 'Noir', handicap: 'Handicap', even: 'partie égale', won: 'gagne', jigo: 'Jigo', tick: 'Cocher le gagnant', signatures: 'Signatures', noKomi: 'sans komi' },
} as const;

/** The sheet's cells: `SLIP_ROWS` rows a table, in table order. */
export function slipsCells(t: Tournament, round: Round, language: GridLanguage = 'en'): CellValue[][] {
  const words = WORDS[language];
  const rows: CellValue[][] = [];
  gamesByTable(t, round).forEach((g, i) => {
    const table = g.table ?? i + 1;
    const handicap = g.handicap === 0 ? words.even : g.handicap === 1 ? `${words.handicap} 1 (${words.noKomi})` : `${words.handicap} ${g.handicap}`;
    // As on the pairing card: "+2" beside Black who receives the stones, "−2" beside White.
    const mark = (sign: string) => (g.handicap > 0 ? `${sign}${g.handicap}` : null);
    rows.push(
      [`${words.table} ${table}`, `${words.round} ${round} — ${t.name}`, null, handicap, null, null],
      [words.white, playerOnSheet(t, g.white), null, words.won, null, mark(MINUS)],
      [words.black, playerOnSheet(t, g.black), null, words.won, null, mark('+')],
      [null, `${words.tick}:`, null, words.jigo, null, null],
      [words.signatures, `${words.white}: ____________________`, null, `${words.black}: ____________________`, null, null],
      [CUT_LINE, null, null, null, null, null],
    );
  });
  return rows;
}

/** The player's page on the site, by his ID (src/publish/siteData.ts: `players/<ID>.html`, the default URL key). */
export function playerPageUrl(siteUrl: string, player: number): string {
  return `${siteUrl}players/${player}.html`;
}

/** The QR codes of a round's slips, and the captions under them: nothing without a site address. */
function slipCodes(t: Tournament, round: Round, sheet: string, language: GridLanguage): { ops: WorkbookOp[]; captions: CellValue[][] } {
  const siteUrl = t.settings.siteUrl;
  if (siteUrl === undefined) return { ops: [], captions: [] };
  const words = WORDS[language];
  const ops: WorkbookOp[] = [];
  const captions: CellValue[][] = [];
  gamesByTable(t, round).forEach((g, i) => {
    const top = 1 + i * SLIP_ROWS;
    for (const [column, player] of [['G', g.white], ['H', g.black]] as const) {
      const url = playerPageUrl(siteUrl, player);
      ops.push({ kind: 'image', sheet, at: `${column}${top}`, png: qrPngBase64(url), width: QR_SIDE, height: QR_SIDE, offset: QR_OFFSET, name: `QR code: ${url}` });
    }
    // The cut line goes on under the codes.
    captions.push([null, null], [null, null], [null, null], [null, null], [words.white, words.black], [CUT_TAIL, CUT_TAIL]);
  });
  return { ops, captions };
}

export function slipsOps(t: Tournament, round: Round, language: GridLanguage = 'en'): WorkbookOp[] {
  const sheet = slipsSheetName(round);
  const cells = slipsCells(t, round, language);
  const slips = cells.length / SLIP_ROWS;
  const ops: WorkbookOp[] = [...freshSheetOps(sheet)];
  // A round paired again has new pictures, and one without a site address none: the old ones always go first.
  ops.push({ kind: 'delete-images', sheet });
  if (slips === 0) return [...ops, { kind: 'write', sheet, at: 'A1', cells: [[`${WORDS[language].round} ${round}: no table`]] }];
  const codes = slipCodes(t, round, sheet, language);
  const qr = codes.ops.length > 0;
  const widths: readonly number[] = qr ? [...WIDTHS, ...QR_WIDTHS] : WIDTHS;
  const lastColumn = qr ? 'H' : 'F';
  // The boxes to tick (C beside White, Black and jigo) are bordered empty cells, printable in any font.
  ops.push({ kind: 'format', sheet, range: `F1:F${cells.length}`, format: { numberFormat: '@' } });
  ops.push({ kind: 'write', sheet, at: 'A1', cells });
  if (qr) ops.push({ kind: 'write', sheet, at: 'G1', cells: codes.captions });
  for (let k = 0; k < slips; k++) {
    const top = 1 + k * SLIP_ROWS;
    ops.push(
      { kind: 'format', sheet, range: `A${top}:D${top}`, format: { bold: true, fontSize: 14, rowHeight: rowHeight(14) } },
      { kind: 'format', sheet, range: `B${top}`, format: { bold: false, italic: true, fontSize: 11 } },
      { kind: 'format', sheet, range: `A${top + 1}:F${top + 2}`, format: { fontSize: 14, rowHeight: rowHeight(14) } },
      { kind: 'format', sheet, range: `C${top + 1}:C${top + 3}`, format: { border: true } },
      { kind: 'format', sheet, range: `B${top + 3}`, format: { horizontalAlignment: 'right', italic: true } },
      { kind: 'format', sheet, range: `A${top + 5}`, format: { fontColor: '#808080' } },
    );
    // The rows the codes stand on, at the heights the page is laid out with (a row without a height is the
    // spreadsheet's default, which Excel and LibreOffice need not share), the captions centred under the codes.
    if (qr) {
      ops.push(
        { kind: 'format', sheet, range: `A${top + 3}:A${top + 5}`, format: { rowHeight: rowHeight(11) } },
        { kind: 'format', sheet, range: `G${top + 4}:H${top + 4}`, format: { horizontalAlignment: 'center', italic: true } },
        { kind: 'format', sheet, range: `G${top + 5}:H${top + 5}`, format: { fontColor: '#808080' } },
      );
    }
  }
  const pageHeight = SLIPS_PER_PAGE * (rowHeight(14) * 3 + rowHeight(11) * 3);
  ops.push(
    { kind: 'column-widths', sheet, widths: [...widths] },
    {
      kind: 'print',
      sheet,
      settings: { printArea: `A1:${lastColumn}${cells.length}`, scale: scaleToFit(columnsWidth(widths), pageHeight, 'portrait'), orientation: 'portrait', rowBreaks: breaksEvery(SLIPS_PER_PAGE, slips, 1, SLIP_ROWS) },
    },
    ...codes.ops,
  );
  return ops;
}
