/**
 * The `Pairings R<n>` sheet of a round, like Mays' pairing sheet (seeds/mays-swiss-mcmahon-manual.txt, Appendix B,
 * "Pairing Sheet (1 - 20 tables)": Table | BLANC (White) | NOIR (black) | Handicap, twenty tables to a page) with a
 * Result column added; "The name of the player with the bye should be written at the bottom of the pairing sheet"
 * ("Transcribing the Pairings onto the Pairing Sheets").
 */
import { formatRank } from '../model/rank';
import type { InputError } from '../model/errors';
import { displayName, type DefaultReason, type Game, type PlayerId, type Round, type Tournament, type WinMethod } from '../model/tournament';
import { outcomeOf } from '../scoring/record';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from './adapter';
import { sheetCell } from './address';
import { isBlank, outcomeMark, resultText, type GridLanguage } from './notation';

export const TABLES_PER_PAGE = 20;
export const PAIRINGS_HEADER_ROW = 3;

export function pairingsSheetName(round: Round): string {
  return `Pairings R${round}`;
}

const WORDS = {
  en: { round: 'Round', table: 'Table', white: 'White', black: 'Black', handicap: 'Handicap', result: 'Result', note: 'How', bye: 'BYE', nigiri: 'nigiri' },
  fr: { round: 'Ronde', table: 'Table', white: 'Blanc', black: 'Noir', handicap: 'Handicap', result: 'Résultat', note: 'Comment', bye: 'BYE', nigiri: 'nigiri' },
} as const;

/** `+ / −`: each player's mark as on the grid, White's first; '' before the result is in. */
export function resultWords(g: Game): string {
  const w = resultText(outcomeMark(outcomeOf(g, 'white')));
  return w === '' ? '' : `${w} / ${resultText(outcomeMark(outcomeOf(g, 'black')))}`;
}

/** The sheet's cells: title, header, one row per table, the bye at the bottom. */
export function pairingsCells(t: Tournament, round: Round, language: GridLanguage = 'en'): CellValue[][] {
  const words = WORDS[language];
  const byId = new Map(t.players.map((p) => [p.id, p]));
  const who = (id: PlayerId) => {
    const p = byId.get(id);
    return p ? `${id} ${displayName(p)} (${formatRank(p.rank)})` : String(id);
  };
  const games = t.games.filter((g) => g.round === round).sort((a, b) => (a.table ?? Infinity) - (b.table ?? Infinity) || a.white - b.white);
  const rows: CellValue[][] = [
    [`${words.round} ${round} — ${t.name}`, null, null, null, null, null],
    [null, null, null, null, null, null],
    [words.table, words.white, words.black, words.handicap, words.result, words.note],
  ];
  games.forEach((g, i) => {
    rows.push([
      g.table ?? i + 1,
      who(g.white) + (g.colourKnown === false ? ` (${words.nigiri})` : ''),
      who(g.black),
      g.handicap === 0 ? null : g.handicap,
      resultWords(g) || null,
      [g.method, g.reason].filter(Boolean).join(', ') || null,
    ]);
  });
  for (const b of t.byes.filter((x) => x.round === round).sort((x, y) => x.player - y.player)) {
    rows.push([words.bye, who(b.player), null, null, null, null]);
  }
  return rows;
}

export function pairingsOps(t: Tournament, round: Round, language: GridLanguage = 'en'): WorkbookOp[] {
  const sheet = pairingsSheetName(round);
  const cells = pairingsCells(t, round, language);
  const tables = t.games.filter((g) => g.round === round).length;
  const rowBreaks: number[] = [];
  for (let k = TABLES_PER_PAGE; k < tables; k += TABLES_PER_PAGE) rowBreaks.push(PAIRINGS_HEADER_ROW + 1 + k);
  return [
    ...freshSheetOps(sheet),
    // "+ / −" is text, not a formula (see gridOps).
    ...(cells.length > PAIRINGS_HEADER_ROW ? [{ kind: 'format' as const, sheet, range: `E${PAIRINGS_HEADER_ROW + 1}:F${cells.length}`, format: { numberFormat: '@' } }] : []),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 14 } },
    { kind: 'format', sheet, range: `A${PAIRINGS_HEADER_ROW}:F${PAIRINGS_HEADER_ROW}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    ...(cells.length > PAIRINGS_HEADER_ROW ? [{ kind: 'format' as const, sheet, range: `A${PAIRINGS_HEADER_ROW + 1}:F${cells.length}`, format: { border: true } }] : []),
    { kind: 'column-widths', sheet, widths: [7, 34, 34, 10, 10, 14] },
    {
      kind: 'print',
      sheet,
      settings: { printArea: `A1:F${cells.length}`, repeatRows: `${PAIRINGS_HEADER_ROW}:${PAIRINGS_HEADER_ROW}`, fitToWidth: true, orientation: 'portrait', rowBreaks },
    },
  ];
}

const METHODS: readonly WinMethod[] = ['counting', 'time', 'resignation'];
const REASONS: readonly DefaultReason[] = ['absent', 'late', 'both-absent', 'arbitration'];

/** What a round's pairing sheet adds to the grid: each game's table, and how it was won (the How column). */
export interface PairingSheetGame {
  readonly table: number;
  readonly method?: WinMethod;
  readonly reason?: DefaultReason;
}

/**
 * The games of a round's pairing sheet by `white-black`. Mays keeps on the pairing sheets what the grid has no room
 * for ("if a game is won or lost by default, the tournament director should write this information somewhere …
 * he should use the pairing sheets for this purpose", "Retrieving the Pairing Sheets"): the table numbers and how a
 * game ended (counting, time, resignation; absent, late, both-absent, arbitration).
 */
export function readPairingSheet(values: readonly (readonly CellValue[])[], errors: InputError[], sheet: string): Map<string, PairingSheetGame> {
  const games = new Map<string, PairingSheetGame>();
  for (let r = PAIRINGS_HEADER_ROW; r < values.length; r++) {
    const [table, white, black, , , note] = values[r];
    if (typeof table !== 'number' || isBlank(white) || isBlank(black)) continue;
    const w = /^\s*(\d+)/.exec(String(white));
    const b = /^\s*(\d+)/.exec(String(black));
    if (!w || !b) continue;
    let method: WinMethod | undefined;
    let reason: DefaultReason | undefined;
    if (!isBlank(note)) {
      for (const word of String(note).split(/[,;]/).map((x) => x.trim().toLowerCase()).filter(Boolean)) {
        if ((METHODS as readonly string[]).includes(word)) method = word as WinMethod;
        else if ((REASONS as readonly string[]).includes(word)) reason = word as DefaultReason;
        else errors.push({ where: sheetCell(sheet, r + 1, 6), message: `"${word}" is not how a game ended; expected ${[...METHODS, ...REASONS].join(', ')}` });
      }
    }
    games.set(`${w[1]}-${b[1]}`, { table, ...(method ? { method } : {}), ...(reason ? { reason } : {}) });
  }
  return games;
}
