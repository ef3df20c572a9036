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

export const SLIP_ROWS = 6;
export const SLIPS_PER_PAGE = 6;
/** Table/colour, name, box, words, box, words. */
const WIDTHS = [10, 34, 4, 10, 4, 14] as const;
const CUT_LINE = `${'- '.repeat(66)}✂ cut`;

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

export function slipsOps(t: Tournament, round: Round, language: GridLanguage = 'en'): WorkbookOp[] {
  const sheet = slipsSheetName(round);
  const cells = slipsCells(t, round, language);
  const slips = cells.length / SLIP_ROWS;
  const ops: WorkbookOp[] = [...freshSheetOps(sheet)];
  if (slips === 0) return [...ops, { kind: 'write', sheet, at: 'A1', cells: [[`${WORDS[language].round} ${round}: no table`]] }];
  // The boxes to tick (C beside White, Black and jigo) are bordered empty cells, printable in any font.
  ops.push({ kind: 'format', sheet, range: `F1:F${cells.length}`, format: { numberFormat: '@' } });
  ops.push({ kind: 'write', sheet, at: 'A1', cells });
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
  }
  const pageHeight = SLIPS_PER_PAGE * (rowHeight(14) * 3 + rowHeight(11) * 3);
  ops.push(
    { kind: 'column-widths', sheet, widths: [...WIDTHS] },
    {
      kind: 'print',
      sheet,
      settings: { printArea: `A1:F${cells.length}`, scale: scaleToFit(columnsWidth(WIDTHS), pageHeight, 'portrait'), orientation: 'portrait', rowBreaks: breaksEvery(SLIPS_PER_PAGE, slips, 1, SLIP_ROWS) },
    },
  );
  return ops;
}
