/**
 * The `Pairings R<n>` sheet of a round, like Mays' pairing sheet (seeds/mays-swiss-mcmahon-manual.txt, Appendix B,
 * "Pairing Sheet (1 - 20 tables)": Table | BLANC (White) | NOIR (black) | Handicap, twenty tables to a page) with a
 * Result and a How column added for the director; "The name of the player with the bye should be written at the
 * bottom of the pairing sheet" ("Transcribing the Pairings onto the Pairing Sheets").
 *
 * Printed to be read on a wall ("the pairing sheets … once posted, will inform the players of the names of their
 * opponents, the number of the table at which they will be playing, and who will have what color of stones (or
 * handicap)"): the four posted columns alone (the print area leaves out Result and How, which are the director's
 * record, "Retrieving the Pairing Sheets"), in 20 pt, portrait, twenty tables a page with the header repeated, the
 * bye after the last table. A name too long for its column at 20 pt is printed smaller on its row only.
 */
import type { InputError } from '../../model/errors';
import { displayName, type DefaultReason, type Game, type PlayerId, type Round, type Tournament, type WinMethod } from '../../model/tournament';
import { outcomeOf } from '../../scoring/record';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { isBlank, isByeText, outcomeMark, resultText, type GridLanguage } from '../cells/notation';
import { breaksEvery, columnsWidth, fontSizeToFit, rowHeight, scaleToFit } from '../print/paper';

export const TABLES_PER_PAGE = 20;
export const PAIRINGS_HEADER_ROW = 3;
/** The size of the posted text: table, names, handicap (issue: "large enough to read on a wall", 20 pt or more). */
export const POSTED_FONT_SIZE = 20;
const SMALLEST_NAME_SIZE = 12;
const TITLE_FONT_SIZE = 20;
const HEADER_FONT_SIZE = 12;
/** Table, White, Black, Handicap (posted), Result, How (the director's). */
const WIDTHS = [7, 35, 35, 11, 10, 14] as const;

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

/**
 * The players by ID, built once per list of players: a round's sheets name every player, and looking each up in the
 * list made them quadratic in the field (a 50,000-player workbook did not finish, issue 27). Rebuilt when the list
 * changed length.
 */
const playersById = new WeakMap<Tournament['players'], Map<PlayerId, Tournament['players'][number]>>();

function playerById(t: Tournament, id: PlayerId): Tournament['players'][number] | undefined {
  let index = playersById.get(t.players);
  if (!index || index.size !== t.players.length) {
    index = new Map(t.players.map((p) => [p.id, p]));
    playersById.set(t.players, index);
  }
  return index.get(id);
}

/** A player as a pairing sheet, a slip or a table list names him: "12 Doe, John" (the ID, then the name). */
export function playerOnSheet(t: Tournament, id: PlayerId): string {
  const p = playerById(t, id);
  return p ? `${id} ${displayName(p)}` : String(id);
}

/** The round's games in table order (games without a table last, by White's ID). */
export function gamesByTable(t: Tournament, round: Round): Game[] {
  return t.games.filter((g) => g.round === round).sort((a, b) => (a.table ?? Infinity) - (b.table ?? Infinity) || a.white - b.white);
}

/** The sheet's cells: title, header, one row per table, the bye at the bottom. */
export function pairingsCells(t: Tournament, round: Round, language: GridLanguage = 'en'): CellValue[][] {
  const words = WORDS[language];
  const who = (id: PlayerId) => playerOnSheet(t, id);
  const rows: CellValue[][] = [
    // The round in large type, the tournament under it (a long name would run past the page at 20 pt).
    [`${words.round} ${round}`, null, null, null, null, null],
    [t.name, null, null, null, null, null],
    [words.table, words.white, words.black, words.handicap, words.result, words.note],
  ];
  gamesByTable(t, round).forEach((g, i) => {
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
  const first = PAIRINGS_HEADER_ROW + 1;
  const tables = t.games.filter((g) => g.round === round).length;
  const last = cells.length;
  const rowBreaks = breaksEvery(TABLES_PER_PAGE, tables, first);
  // One page: the title, a blank row, the header and twenty tables — and the bye under the last of them.
  const pageHeight = rowHeight(TITLE_FONT_SIZE) + rowHeight(11) + rowHeight(HEADER_FONT_SIZE) + (TABLES_PER_PAGE + 1) * rowHeight(POSTED_FONT_SIZE);
  const scale = scaleToFit(columnsWidth(WIDTHS.slice(0, 4)), pageHeight, 'portrait');
  // A name too long for its column at 20 pt is printed smaller, that name alone (never a table or a handicap).
  const smaller: WorkbookOp[] = [];
  for (let r = first; r <= last; r++) {
    for (const [column, index] of [['B', 1], ['C', 2]] as const) {
      const size = fontSizeToFit(String(cells[r - 1][index] ?? ''), WIDTHS[index], POSTED_FONT_SIZE, SMALLEST_NAME_SIZE);
      if (size < POSTED_FONT_SIZE) smaller.push({ kind: 'format', sheet, range: `${column}${r}`, format: { fontSize: size } });
    }
  }
  const body = last >= first;
  return [
    ...freshSheetOps(sheet),
    // "+ / −" is text, not a formula (see gridOps).
    ...(body ? [{ kind: 'format' as const, sheet, range: `E${first}:F${last}`, format: { numberFormat: '@' } }] : []),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: TITLE_FONT_SIZE, rowHeight: rowHeight(TITLE_FONT_SIZE) } },
    { kind: 'format', sheet, range: 'A2', format: { italic: true } },
    { kind: 'format', sheet, range: `A${PAIRINGS_HEADER_ROW}:F${PAIRINGS_HEADER_ROW}`, format: { ...HEADER_FORMAT, fontSize: HEADER_FONT_SIZE, horizontalAlignment: 'center', rowHeight: rowHeight(HEADER_FONT_SIZE) } },
    ...(body
      ? [
          { kind: 'format' as const, sheet, range: `A${first}:F${last}`, format: { border: true } },
          { kind: 'format' as const, sheet, range: `A${first}:D${last}`, format: { fontSize: POSTED_FONT_SIZE, rowHeight: rowHeight(POSTED_FONT_SIZE) } },
          { kind: 'format' as const, sheet, range: `A${first}:A${last}`, format: { bold: true, horizontalAlignment: 'center' as const } },
          { kind: 'format' as const, sheet, range: `D${first}:D${last}`, format: { horizontalAlignment: 'center' as const } },
          ...smaller,
        ]
      : []),
    { kind: 'column-widths', sheet, widths: [...WIDTHS] },
    {
      kind: 'print',
      sheet,
      settings: { printArea: `A1:D${last}`, repeatRows: `${PAIRINGS_HEADER_ROW}:${PAIRINGS_HEADER_ROW}`, scale, orientation: 'portrait', rowBreaks },
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
  /** Where the game is on the sheet and what its posted cells say, for the check against the Grid (pairingsAgainstGrid.ts). */
  readonly row: number;
  readonly white: PlayerId;
  readonly black: PlayerId;
  readonly handicap: CellValue;
  readonly result: CellValue;
}

/**
 * The games of a round's pairing sheet by `white-black`. Mays keeps on the pairing sheets what the grid has no room
 * for ("if a game is won or lost by default, the tournament director should write this information somewhere …
 * he should use the pairing sheets for this purpose", "Retrieving the Pairing Sheets"): the table numbers and how a
 * game ended (counting, time, resignation; absent, late, both-absent, arbitration).
 */
export function readPairingSheet(values: readonly (readonly CellValue[])[], errors: InputError[], sheet: string): Map<string, PairingSheetGame> {
  const games = new Map<string, PairingSheetGame>();
  /** The ID a player's cell starts with (`i`: 0 White, 1 Black), or null, named as an error. */
  const idOf = (who: CellValue | undefined, i: number, table: number, r: number): RegExpExecArray | null => {
    const id = /^\s*(\d+)(?!\d)/.exec(String(who ?? ''));
    const player = `the ${i === 0 ? 'White' : 'Black'} player of table ${table}`;
    const found = isBlank(who ?? null) ? `${player} is missing` : `"${String(who)}" does not start with a player's ID`;
    if (!id) errors.push({ where: sheetCell(sheet, r + 1, 2 + i), message: `${found}; expected "ID Family, Given"${isBlank(who ?? null) ? '' : ` (${player})`}` });
    return id;
  };
  for (let r = PAIRINGS_HEADER_ROW; r < values.length; r++) {
    // The row's cells each read by itself, no array or object made a row but the game's (issue 28: a congress's ten
    // pairing sheets, 5,000 rows).
    const row = values[r];
    const tableCell = row[0];
    const white = row[1];
    const black = row[2];
    const handicap = row[3];
    const result = row[4];
    const note = row[5];
    // The bye's row ("BYE", the player) and rows the director left blank in the table's columns say nothing here.
    if (isByeText(tableCell ?? null) || (isBlank(tableCell) && isBlank(white) && isBlank(black))) continue;
    // Every other row is a game: a table number a director changed by hand is his, so one that does not read is
    // named rather than dropped (the table would silently fall back to its place in the list).
    const table = tableNumber(tableCell ?? null);
    if (table === undefined) {
      const found = isBlank(tableCell ?? null) ? 'the table number is missing' : `"${String(tableCell)}" is not a table number`;
      errors.push({ where: sheetCell(sheet, r + 1, 1), message: `${found}; expected a whole number ≥ 1 (or BYE on the bye's row)` });
      continue;
    }
    const w = idOf(white, 0, table, r);
    const b = idOf(black, 1, table, r);
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
    const game: { -readonly [K in keyof PairingSheetGame]: PairingSheetGame[K] } = { table, row: r + 1, white: Number(w[1]) as PlayerId, black: Number(b[1]) as PlayerId, handicap: handicap ?? null, result: result ?? null };
    // Its fields in the order the spread gave them.
    if (method) game.method = method;
    if (reason) game.reason = reason;
    games.set(`${w[1]}-${b[1]}`, game);
  }
  return games;
}

/** A table number as typed: a whole number ≥ 1, or text holding one (a cell formatted as text). */
function tableNumber(cell: CellValue): number | undefined {
  const n = typeof cell === 'number' ? cell : typeof cell === 'string' && /^\s*\d{1,6}\s*$/.test(cell) ? Number(cell) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}
