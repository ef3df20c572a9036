/**
 * The `Bracket` sheet of a knockout (issue 13: "a knockout is a bracket sheet"): the rounds as columns, each match
 * its two players — pairing number and name — and a result cell each, the winner moving right into the next round,
 * the knockout's winner at the far right. Printed landscape on one page.
 *
 * Results are typed in the Res. cells as on the Grid (`+` won, `−` lost, `!` after it by default, or 1 / 0) and read
 * back into the games (`readBracketResults`); a free win reads "free win" and has no result to type. The layout is
 * the bracket's (src/systems/knockout/knockoutBracket): round 1 has a place for every match and free win, each later round
 * half as many, each match centred beside the two it follows — so a reader finds a match where the writer put it.
 */
import type { InputError } from '../../model/errors';
import { displayName, type Game, type GameResult, type PlayerId, type Tournament } from '../../model/tournament';
import { BracketError, knockoutBracket, type Bracket, type BracketMatch } from '../../systems/knockout/knockoutBracket';
import { outcomeOf } from '../../scoring/record';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { cellAddress, sheetCell } from '../cells/address';
import { outcomeMark, readResult, resultText, type GridLanguage } from '../cells/notation';
import { columnsWidth, rowHeight, scaleToFit } from '../print/paper';

export const BRACKET_SHEET = 'Bracket';

/** A knockout gets a bracket sheet, written with the tournament and after every change. */
export function hasBracket(t: Tournament): boolean {
  return t.settings.system === 'knockout';
}

/** The row of the column headers; the first match starts two rows below it. */
export const BRACKET_HEADER_ROW = 4;
const FIRST_MATCH_ROW = BRACKET_HEADER_ROW + 2;
/** Each round's block: match label, pairing number, name, result, and a narrow gap. */
const BLOCK = 5;
const NAME_WIDTH = 24;
const FONT_SIZE = 11;

const WORDS = {
  en: { round: 'Round', final: 'Final', winner: 'Winner', no: 'No.', name: 'Name', res: 'Res.', free: 'free win', match: 'Match', hint: '+ won, − lost; colours by nigiri', knockout: 'Knockout' },
  fr: { round: 'Ronde', final: 'Finale', winner: 'Vainqueur', no: 'No.', name: 'Nom', res: 'Rés.', free: 'qualifié d’office', match: 'Match', hint: '+ gagné, − perdu ; couleurs à la nigiri', knockout: 'Élimination directe' },
} as const;

/** Where match `k` (from 0) of round `round` sits: its first row (its second player is on the row below). */
export function matchRow(round: number, k: number): number {
  const span = 3 * 2 ** (round - 1);
  return FIRST_MATCH_ROW + k * span + Math.floor((span - 3) / 2);
}

/** The first column (1-based) of round `round`'s block: label, number, name, result. */
export function roundColumn(round: number): number {
  return 1 + (round - 1) * BLOCK;
}

const name = (t: Tournament, id: PlayerId) => {
  const p = t.players.find((x) => x.id === id);
  return p ? displayName(p) : String(id);
};

/** The result mark of `id` in `game` (`+`, `−`, `+!` …), blank while not reported. */
function mark(game: Game | undefined, id: PlayerId): string {
  if (!game || game.result === 'unknown') return '';
  return resultText(outcomeMark(outcomeOf(game, game.white === id ? 'white' : 'black')));
}

function roundTitle(bracket: Bracket, round: number, language: GridLanguage): string {
  const words = WORDS[language];
  const last = bracket.rounds.length;
  return round === last && bracket.rounds[round - 1].matches.length === 1 ? `${words.round} ${round} — ${words.final}` : `${words.round} ${round}`;
}

/** The bracket, or why it cannot be drawn. */
function bracketOf(t: Tournament): Bracket | BracketError {
  try {
    return knockoutBracket(t);
  } catch (e) {
    if (e instanceof BracketError) return e;
    throw e;
  }
}

/** The sheet's cells: title, hint, round headers, the matches placed as `matchRow`/`roundColumn` say, the winner. */
export function bracketCells(t: Tournament, language: GridLanguage = 'en'): CellValue[][] {
  const words = WORDS[language];
  const bracket = bracketOf(t);
  const kind = t.settings.bracket ?? 'fold';
  // Short: the title and the legend sit in column A, which a sheet shown cell by cell (the standalone page) widens to
  // fit them; in Excel and on paper they run over the empty cells to their right. (docs/workbook.md says the rest.)
  const title = `${t.name} — ${words.knockout} (${kind})`;
  if (bracket instanceof BracketError) return [[title], [bracket.message]];
  const rounds = bracket.rounds.length;
  const width = roundColumn(rounds + 1) + 1;
  const height = Math.max(FIRST_MATCH_ROW + 3 * (bracket.rounds[0]?.matches.length ?? 0), FIRST_MATCH_ROW + 2);
  const cells: CellValue[][] = Array.from({ length: height - 1 }, () => Array<CellValue>(width).fill(null));
  const put = (row: number, column: number, value: CellValue) => (cells[row - 1][column - 1] = value);
  put(1, 1, title);
  put(2, 1, words.hint);
  const numberOf = (id: PlayerId) => bracket.numbers.get(id) ?? null;
  for (const r of bracket.rounds) {
    const c = roundColumn(r.round);
    put(BRACKET_HEADER_ROW, c, roundTitle(bracket, r.round, language));
    [words.match, words.no, words.name, words.res].forEach((h, i) => put(BRACKET_HEADER_ROW + 1, c + i, h));
    r.matches.forEach((m, k) => {
      const row = matchRow(r.round, k);
      put(row, c, m.label);
      if (m.first !== undefined) {
        put(row, c + 1, numberOf(m.first));
        put(row, c + 2, name(t, m.first));
        put(row, c + 3, mark(m.game, m.first));
      }
      if (m.second === null) put(row + 1, c + 2, words.free);
      else if (m.second !== undefined) {
        put(row + 1, c + 1, numberOf(m.second));
        put(row + 1, c + 2, name(t, m.second));
        put(row + 1, c + 3, mark(m.game, m.second));
      }
    });
  }
  // The winner, beside the final(s): a 32-player PKO ends with two deciding games, each with its qualifier.
  const c = roundColumn(rounds + 1);
  put(BRACKET_HEADER_ROW, c + 1, words.winner);
  bracket.rounds[rounds - 1]?.matches.forEach((m, k) => {
    if (m.winner !== undefined) put(matchRow(rounds, k), c + 1, name(t, m.winner));
  });
  return cells;
}

export function bracketOps(t: Tournament, language: GridLanguage = 'en'): WorkbookOp[] {
  const sheet = BRACKET_SHEET;
  const cells = bracketCells(t, language);
  const bracket = bracketOf(t);
  const ops: WorkbookOp[] = [...freshSheetOps(sheet), { kind: 'write', sheet, at: 'A1', cells }, { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 16, rowHeight: rowHeight(16) } }, { kind: 'format', sheet, range: 'A2', format: { italic: true } }];
  if (bracket instanceof BracketError) return [...ops, { kind: 'column-widths', sheet, widths: [80] }];
  const rounds = bracket.rounds.length;
  // Each round's label column as wide as its labels ("A", "PKO I – PKO IV") and its header ("Match").
  const labelWidth = (r: number) => Math.max(WORDS[language].match.length + 1, ...bracket.rounds[r].matches.map((m) => m.label.length + 1));
  const widths: number[] = [];
  for (let r = 0; r < rounds; r++) widths.push(labelWidth(r), 4, NAME_WIDTH, 5, 2);
  widths.push(2, NAME_WIDTH);
  for (const r of bracket.rounds) {
    const c = roundColumn(r.round);
    ops.push(
      { kind: 'merge', sheet, range: `${cellAddress(BRACKET_HEADER_ROW, c)}:${cellAddress(BRACKET_HEADER_ROW, c + 3)}` },
      { kind: 'format', sheet, range: `${cellAddress(BRACKET_HEADER_ROW, c)}:${cellAddress(BRACKET_HEADER_ROW + 1, c + 3)}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    );
    r.matches.forEach((m, k) => {
      const row = matchRow(r.round, k);
      ops.push({ kind: 'format', sheet, range: `${cellAddress(row, c + 1)}:${cellAddress(row + 1, c + 3)}`, format: { border: true, fontSize: FONT_SIZE } });
      ops.push({ kind: 'format', sheet, range: `${cellAddress(row, c + 3)}:${cellAddress(row + 1, c + 3)}`, format: { horizontalAlignment: 'center', bold: true } });
      ops.push({ kind: 'format', sheet, range: cellAddress(row, c), format: { italic: true, fontColor: '#595959' } });
      // The winner's line in bold: who moves right.
      if (m.winner !== undefined && m.second !== null) ops.push({ kind: 'format', sheet, range: cellAddress(m.winner === m.first ? row : row + 1, c + 2), format: { bold: true } });
      if (m.second === null) ops.push({ kind: 'format', sheet, range: cellAddress(row + 1, c + 2), format: { italic: true, fontColor: '#595959' } });
    });
  }
  const winnerColumn = roundColumn(rounds + 1);
  ops.push({ kind: 'format', sheet, range: cellAddress(BRACKET_HEADER_ROW, winnerColumn + 1), format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } });
  bracket.rounds[rounds - 1]?.matches.forEach((_, k) => ops.push({ kind: 'format', sheet, range: cellAddress(matchRow(rounds, k), winnerColumn + 1), format: { bold: true, fontSize: 14, border: true } }));
  const lastRow = cells.length;
  const lastColumn = widths.length;
  const height = lastRow * rowHeight(FONT_SIZE);
  ops.push(
    { kind: 'column-widths', sheet, widths },
    { kind: 'print', sheet, settings: { printArea: `A1:${cellAddress(lastRow, lastColumn)}`, orientation: 'landscape', scale: scaleToFit(columnsWidth(widths), height, 'landscape') } },
  );
  return ops;
}

/**
 * The results typed in the bracket, read into the games: a game still without a result takes the one typed; a game
 * with a result (from the Grid) must agree. Each problem is named by its cell and what was expected.
 */
export function readBracketResults(values: readonly (readonly CellValue[])[], t: Tournament, errors: InputError[], sheet = BRACKET_SHEET): Game[] {
  const bracket = bracketOf(t);
  if (bracket instanceof BracketError) return [...t.games];
  const decided = new Map<Game, GameResult>();
  const cell = (row: number, column: number): CellValue => values[row - 1]?.[column - 1] ?? null;
  const matches: { m: BracketMatch; row: number; column: number }[] = bracket.rounds.flatMap((r) => r.matches.map((m, k) => ({ m, row: matchRow(r.round, k), column: roundColumn(r.round) })));
  for (const { m, row, column } of matches) {
    if (!m.game || m.first === undefined || typeof m.second !== 'number') continue;
    // The sheet must show these two players where the bracket puts them, or its results are not theirs.
    if (cell(row, column + 2) !== name(t, m.first) || cell(row + 1, column + 2) !== name(t, m.second)) {
      errors.push({ where: sheetCell(sheet, row, column + 2), message: `match ${m.label} of round ${m.round} should read ${name(t, m.first)} over ${name(t, m.second)}: the sheet is out of date — write the bracket again (Pair round or Import)` });
      continue;
    }
    const marks = [m.first, m.second].map((_, i) => ({ at: sheetCell(sheet, row + i, column + 3), read: readResult(cell(row + i, column + 3)) }));
    const bad = marks.filter((x) => !x.read.ok);
    for (const b of bad) errors.push({ where: b.at, message: b.read.ok ? '' : b.read.message });
    if (bad.length > 0) continue;
    const [a, b] = marks.map((x) => (x.read.ok ? x.read.value : undefined));
    if (!a && !b) continue;
    const winnerFirst = a?.sign === '+' || b?.sign === '-';
    const winnerSecond = a?.sign === '-' || b?.sign === '+';
    if (winnerFirst === winnerSecond || a?.sign === '=' || b?.sign === '=') {
      errors.push({ where: marks[0].at, message: `match ${m.label} of round ${m.round}: a knockout game has one winner; expected + for the winner and − (or blank) for the loser` });
      continue;
    }
    const byDefault = Boolean(a?.byDefault || b?.byDefault);
    const winner = winnerFirst ? m.first : m.second;
    const result: GameResult = `${winner === m.game.white ? 'white' : 'black'}-wins${byDefault ? '-by-default' : ''}` as GameResult;
    if (m.game.result !== 'unknown' && m.game.result !== result) {
      errors.push({ where: marks[0].at, message: `match ${m.label} of round ${m.round}: the bracket says ${name(t, winner)} won${byDefault ? ' by default' : ''}, the Grid says ${m.game.result}; correct one of them` });
      continue;
    }
    decided.set(m.game, result);
  }
  return t.games.map((g) => (decided.has(g) ? { ...g, result: decided.get(g)! } : g));
}
