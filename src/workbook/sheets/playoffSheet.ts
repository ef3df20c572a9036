/**
 * The knockout playoff of a league or a Qualification Tournament on the workbook's `Bracket` sheet (a knockout is a
 * bracket sheet, issue 13; a league's or QT's playoff is its knockout): one row per playoff game — place, round,
 * table, what the game decides, both players and a result cell each, and White's ID once the nigiri is recorded —
 * then each knockout's numbers and, once every knockout is over, the final places. The session writes it when a
 * playoff round is paired (./../session/playoff.ts, the same pairings as `tengen playoff`); results typed here are
 * read back into the tournament's playoff games (`readPlayoffSheet`), so the Standings sheet, `tengen standings`
 * and `tengen playoff` give the same places (src/scoring/knockoutPlayoff.ts).
 *
 * The rules (seeds/egc-championship-rules.txt):
 *  - the league: "The League's Knockout Playoffs", "Pairings and Final Places";
 *  - the QT: "The European Championship Qualification Tournaments (QT)", "Knockout Playoff": "If after the
 *    round-robin or Swiss there is a tie for the first place, then it is dissolved by a knockout playoff … The
 *    pairings are as in the league's knockout playoff."
 *  - Colours: "Commentary": "According to the EGF General Tournament Rules, colours in knockout games are decided by
 *    nigiri." The first player of a row is the lower knockout number; the White column says who had White, when known.
 */
import type { InputError } from '../../model/errors';
import { displayName, type GameResult, type PlayerId, type PlayoffGame, type Tournament } from '../../model/tournament';
import { byPairingNumber } from '../../pairing/lots';
import { outcomeOf } from '../../scoring/record';
import { playoffOutcome, type KnockoutGame, type PlayoffKind, type PlayoffOutcome } from '../../scoring/knockoutPlayoff';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { cellAddress, sheetCell } from '../cells/address';
import { isBlank, outcomeMark, readResult, resultText, type GridLanguage } from '../cells/notation';
import { columnsWidth, rowHeight, scaleToFit } from '../print/paper';
import { BRACKET_SHEET } from './bracketSheet';

/** The row of the column headers; the games start on the row below. */
export const PLAYOFF_HEADER_ROW = 4;
/** Columns (1-based) of a game row. */
export const PLAYOFF_COLUMNS = { place: 1, round: 2, table: 3, game: 4, firstId: 5, firstName: 6, firstResult: 7, secondId: 8, secondName: 9, secondResult: 10, white: 11 } as const;

const WORDS = {
  en: {
    title: 'Knockout playoff',
    hint: '+ won, − lost (! by default); colours by nigiri: White, the ID of the player who had White',
    headers: ['Place', 'Round', 'Table', 'Game', 'ID', 'Name', 'Res.', 'ID', 'Name', 'Res.', 'White'],
    kinds: { knockout: 'knockout', final: 'final', losers: "losers' game" },
    free: 'free win',
    knockout: (place: number) => `Knockout for place ${place}`,
    finalPlaces: 'Final places',
  },
  fr: {
    title: 'Barrage à élimination directe',
    hint: '+ gagné, − perdu (! par forfait) ; couleurs à la nigiri : Blanc, l’ID du joueur qui avait Blanc',
    headers: ['Place', 'Ronde', 'Table', 'Partie', 'ID', 'Nom', 'Rés.', 'ID', 'Nom', 'Rés.', 'Blanc'],
    kinds: { knockout: 'élimination', final: 'finale', losers: 'partie des perdants' },
    free: 'qualifié d’office',
    knockout: (place: number) => `Barrage pour la place ${place}`,
    finalPlaces: 'Places finales',
  },
} as const;

const RULES = {
  league: 'European Go Championship Tournament Rules, "The League\'s Knockout Playoffs"',
  qt: 'European Go Championship Tournament Rules, "The European Championship Qualification Tournaments (QT)", "Knockout Playoff"',
} as const;

/** Whose playoff the Bracket sheet shows: a round-robin league's or a Qualification Tournament's. */
export function playoffSheetKind(t: Tournament): PlayoffKind | undefined {
  if (t.settings.system === 'egc-qt') return 'qt';
  if (t.settings.system === 'round-robin') return 'league';
  return undefined;
}

/** Whether the workbook shows a playoff: a league or QT with playoff games paired. */
export function hasPlayoffSheet(t: Tournament): boolean {
  return playoffSheetKind(t) !== undefined && (t.playoffs?.length ?? 0) > 0;
}

const nameOf = (t: Tournament, id: PlayerId) => {
  const p = t.players.find((x) => x.id === id);
  return p ? displayName(p) : String(id);
};

function markOf(g: PlayoffGame, id: PlayerId): string | null {
  if (g.result === 'unknown') return null;
  return resultText(outcomeMark(outcomeOf(g, g.white === id ? 'white' : 'black')));
}

/** The playoff as far as its games go, or undefined when it cannot be played out (a wrong game: the reader names it). */
function playoffSoFar(t: Tournament, kind: PlayoffKind): PlayoffOutcome | undefined {
  const order = byPairingNumber(t);
  if (!order.ok) return undefined;
  const { outcome, errors } = playoffOutcome(t, kind, order.value);
  return errors.length === 0 ? outcome : undefined;
}

/** The sheet's cells: title, hint, header, one row per game (and free win), the knockouts' numbers, the final places. */
export function playoffCells(t: Tournament, language: GridLanguage = 'en'): CellValue[][] {
  const kind = playoffSheetKind(t) ?? 'league';
  const words = WORDS[language];
  const outcome = playoffSoFar(t, kind);
  // What each recorded game decides, and its players in knockout-number order (the lower first, whoever had White).
  const known = new Map<PlayoffGame, KnockoutGame>();
  for (const k of outcome?.knockouts ?? []) for (const r of k.rounds) for (const g of r.games) if (g.recorded) known.set(g.recorded, g);
  const rows: CellValue[][] = [[`${t.name} — ${words.title}`], [RULES[kind]], [words.hint], words.headers.map((h) => h)];
  const games = [...(t.playoffs ?? [])].sort((a, b) => a.place - b.place || a.round - b.round || (a.table ?? 0) - (b.table ?? 0));
  type Line = { place: number; round: number; order: number; cells: CellValue[] };
  const lines: Line[] = games.map((g, i) => {
    const [first, second] = known.get(g)?.players ?? [g.white, g.black];
    return {
      place: g.place,
      round: g.round,
      order: i,
      cells: [g.place, g.round, g.table ?? null, words.kinds[known.get(g)?.kind ?? 'knockout'], first, nameOf(t, first), markOf(g, first), second, nameOf(t, second), markOf(g, second), g.colourKnown ? g.white : null],
    };
  });
  // Round 1's free wins ("the other players get a free win"), once that round is paired, after its games.
  for (const k of outcome?.knockouts ?? []) {
    for (const r of k.rounds) {
      if (!games.some((g) => g.place === k.place && g.round === r.round)) continue;
      r.freeWins.forEach((p, i) => lines.push({ place: k.place, round: r.round, order: games.length + i, cells: [k.place, r.round, null, words.free, p, nameOf(t, p), null, null, null, null, null] }));
    }
  }
  lines.sort((a, b) => a.place - b.place || a.round - b.round || a.order - b.order);
  rows.push(...lines.map((l) => l.cells));
  if (outcome && outcome.knockouts.length > 0) {
    rows.push([]);
    for (const k of outcome.knockouts) rows.push([`${words.knockout(k.place)}: ${k.players.map((p, i) => `${i + 1}. ${nameOf(t, p)}`).join(', ')}`]);
  }
  if (outcome?.finalPlaces) {
    rows.push([], [words.finalPlaces]);
    for (const [p, place] of [...outcome.finalPlaces].sort((a, b) => a[1] - b[1] || a[0] - b[0])) rows.push([place, null, null, null, p, nameOf(t, p)]);
  }
  const width = words.headers.length;
  return rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? null));
}

const WIDTHS = [7, 7, 7, 16, 5, 24, 6, 5, 24, 6, 7];

export function playoffOps(t: Tournament, language: GridLanguage = 'en'): WorkbookOp[] {
  const sheet = BRACKET_SHEET;
  const cells = playoffCells(t, language);
  const last = cellAddress(PLAYOFF_HEADER_ROW, WIDTHS.length);
  const ops: WorkbookOp[] = [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 16, rowHeight: rowHeight(16) } },
    { kind: 'format', sheet, range: 'A2:A3', format: { italic: true } },
    { kind: 'format', sheet, range: `A${PLAYOFF_HEADER_ROW}:${last}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    { kind: 'column-widths', sheet, widths: WIDTHS },
  ];
  const gamesEnd = cells.findIndex((r, i) => i >= PLAYOFF_HEADER_ROW && r.every((c) => c === null));
  const lastGameRow = gamesEnd < 0 ? cells.length : gamesEnd;
  if (lastGameRow > PLAYOFF_HEADER_ROW) {
    ops.push({ kind: 'format', sheet, range: `A${PLAYOFF_HEADER_ROW + 1}:${cellAddress(lastGameRow, WIDTHS.length)}`, format: { border: true } });
    ops.push({ kind: 'format', sheet, range: `G${PLAYOFF_HEADER_ROW + 1}:G${lastGameRow}`, format: { horizontalAlignment: 'center', bold: true } });
    ops.push({ kind: 'format', sheet, range: `J${PLAYOFF_HEADER_ROW + 1}:J${lastGameRow}`, format: { horizontalAlignment: 'center', bold: true } });
  }
  ops.push({ kind: 'print', sheet, settings: { printArea: `A1:${cellAddress(cells.length, WIDTHS.length)}`, orientation: 'landscape', scale: scaleToFit(columnsWidth(WIDTHS), cells.length * rowHeight(11), 'landscape') } });
  return ops;
}

/**
 * Whether the sheet is a playoff Tengen wrote (its title or its header): a sheet named Bracket that is the director's
 * own is neither read as a playoff nor written over (the session refuses to pair onto it).
 */
export function isPlayoffSheet(values: readonly (readonly CellValue[])[]): boolean {
  const title = values[0]?.[0];
  const header = values[PLAYOFF_HEADER_ROW - 1] ?? [];
  return (typeof title === 'string' && Object.values(WORDS).some((w) => title.endsWith(` — ${w.title}`))) || Object.values(WORDS).some((w) => w.headers.every((h, i) => header[i] === h));
}

const wholeNumber = (v: CellValue): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : undefined);
const FREE_WORDS = new Set<string>(Object.values(WORDS).map((w) => w.free));

/**
 * The playoff games the sheet holds, with the results typed: rows below the header down to the first empty row; a
 * free-win row is the rules' ("the other players get a free win"), not a game. Each problem is named by its cell and
 * what was expected; the pairings themselves are checked against the rules by the playoff (a game that is no pairing
 * of its knockout is refused by name).
 */
export function readPlayoffSheet(values: readonly (readonly CellValue[])[], t: Tournament, errors: InputError[], sheet = BRACKET_SHEET): PlayoffGame[] {
  const cell = (row: number, column: number): CellValue => values[row - 1]?.[column - 1] ?? null;
  const at = (row: number, column: number) => sheetCell(sheet, row, column);
  const C = PLAYOFF_COLUMNS;
  // A sheet named Bracket that Tengen did not write is the director's own: not a playoff (pairing refuses to write on it).
  if (!isPlayoffSheet(values)) return [];
  const headerOk = Object.values(WORDS).some((w) => w.headers.every((h, i) => cell(PLAYOFF_HEADER_ROW, i + 1) === h));
  if (!headerOk) {
    const any = values.slice(PLAYOFF_HEADER_ROW - 1).some((r) => r.some((c) => !isBlank(c)));
    if (any) errors.push({ where: at(PLAYOFF_HEADER_ROW, 1), message: `the playoff's header should read ${WORDS.en.headers.join(' | ')}: the sheet is not the playoff Tengen wrote — write it again (Pair playoff) or restore it` });
    return [];
  }
  const games: PlayoffGame[] = [];
  const ids = new Set(t.players.map((p) => p.id));
  for (let row = PLAYOFF_HEADER_ROW + 1; row <= values.length; row++) {
    if ([C.place, C.firstId, C.secondId].every((c) => isBlank(cell(row, c)))) break;
    if (typeof cell(row, C.game) === 'string' && FREE_WORDS.has(String(cell(row, C.game)).trim())) continue;
    const numbers = { place: wholeNumber(cell(row, C.place)), round: wholeNumber(cell(row, C.round)), first: wholeNumber(cell(row, C.firstId)), second: wholeNumber(cell(row, C.secondId)) };
    const bad = (
      [
        ['place', C.place, 'the place the knockout is for (1, 2, …)'],
        ['round', C.round, 'the knockout round (1, 2, …)'],
        ['first', C.firstId, "a player's ID"],
        ['second', C.secondId, "a player's ID"],
      ] as const
    ).filter(([k]) => numbers[k] === undefined || numbers[k] === 0);
    for (const [, column, what] of bad) errors.push({ where: at(row, column), message: `expected ${what}, found ${JSON.stringify(cell(row, column))}` });
    if (bad.length > 0) continue;
    const [first, second] = [numbers.first! as PlayerId, numbers.second! as PlayerId];
    const unknown = [[first, C.firstId], [second, C.secondId]].filter(([id]) => !ids.has(id as PlayerId));
    for (const [id, column] of unknown) errors.push({ where: at(row, column), message: `no player has ID ${id}` });
    if (unknown.length > 0) continue;
    // The names must be the IDs' players, or the row's results are someone else's.
    const wrongName = [[first, C.firstName], [second, C.secondName]].filter(([id, column]) => cell(row, column) !== nameOf(t, id as PlayerId));
    for (const [id, column] of wrongName) errors.push({ where: at(row, column), message: `player ${id} is ${nameOf(t, id as PlayerId)}, the sheet reads ${JSON.stringify(cell(row, column))}: correct the ID or the name` });
    if (wrongName.length > 0) continue;
    const whiteCell = cell(row, C.white);
    const white = isBlank(whiteCell) ? undefined : wholeNumber(whiteCell);
    if (!isBlank(whiteCell) && white !== first && white !== second) {
      errors.push({ where: at(row, C.white), message: `White: expected the ID of one of the two players (${first} or ${second}), or blank while the nigiri is not recorded` });
      continue;
    }
    const marks = [C.firstResult, C.secondResult].map((column) => ({ where: at(row, column), read: readResult(cell(row, column)) }));
    const unread = marks.filter((m) => !m.read.ok);
    for (const m of unread) errors.push({ where: m.where, message: m.read.ok ? '' : m.read.message });
    if (unread.length > 0) continue;
    const [a, b] = marks.map((m) => (m.read.ok ? m.read.value : undefined));
    const whiteId = white === undefined ? first : (white as PlayerId);
    const blackId = whiteId === first ? second : first;
    let result: GameResult = 'unknown';
    if (a || b) {
      const firstWins = a?.sign === '+' || b?.sign === '-';
      const secondWins = a?.sign === '-' || b?.sign === '+';
      if (firstWins === secondWins || a?.sign === '=' || b?.sign === '=') {
        errors.push({ where: marks[0].where, message: 'a knockout game has one winner; expected + for the winner and − (or blank) for the loser' });
        continue;
      }
      const winner = firstWins ? first : second;
      result = `${winner === whiteId ? 'white' : 'black'}-wins${a?.byDefault || b?.byDefault ? '-by-default' : ''}` as GameResult;
    }
    const table = wholeNumber(cell(row, C.table));
    games.push({ place: numbers.place!, round: numbers.round!, ...(table !== undefined ? { table } : {}), white: whiteId, black: blackId, handicap: 0, colourKnown: white !== undefined, result });
  }
  return games;
}
