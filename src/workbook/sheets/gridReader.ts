/**
 * Reading a tournament grid back: what Tengen wrote (`grid.ts`) or what a director typed by hand on such a grid, in
 * English or French. Only input cells are read — the title block, the players' line 1 (ID, name, city or club,
 * rank, initial score, and each round's opponent, colour and result) and the section name on line 2; scores,
 * Victories and Place are computed, never read.
 *
 * Nothing is guessed: an unreadable cell is an error naming it (`Grid!H12`) and saying what was expected; the two
 * players of a game must say the same thing (each other's ID, opposite colours with the same handicap, matching
 * results), else the error names both cells.
 *
 * Why one file of this size: one sheet read whole, in English and French, every cell of it; what a cell's text means is in ../cells/notation.ts.
 */
import { failed, ok, type InputError, type Parsed } from '../../model/errors';
import { parseRank, type Rank } from '../../model/rank';
import type { Game, GameResult, Player, PlayerId, RulesetName, Section, Settings, Tournament } from '../../model/tournament';
import { validateTournament } from '../../model/validate';
import { initialMmsFromRank } from '../../systems/mcmahon/sections';
import { isRulesetName } from '../../scoring/rulesets';
import type { CellValue } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { isErrorText } from '../formulas/excelValues';
import {
  EXPECTED_RESULT,
  FIRST_ROUND_COLUMN,
  isBlank,
  isByeText,
  LABELS,
  normaliseLabel,
  readColour,
  readResult,
  systemOf,
  titleKeyOf,
  type ColourMark,
  type GridLanguage,
  type ResultMark,
  type TitleKey,
} from '../cells/notation';
import { largestOf } from '../../model/extremes';

export interface ReadGridOptions {
  /** The sheet's name, for error addresses (default `Grid`). */
  readonly sheet?: string;
  /** The grid's language when its title block does not say (default English); the title block's Language wins. */
  readonly language?: GridLanguage;
  /**
   * The values come from a custom function's range, whose blank cells some Excel builds send as 0 (`excelValues.ts`):
   * a 0 is read as blank wherever 0 is never a value (IDs, names, ranks, opponents, colours, the title block); a
   * result 0 (lost) counts as a loss facing the opponent's win (1 or +), else as blank (0 and 0, both lost by play,
   * is no result anyway).
   */
  readonly zerosMayBeBlank?: boolean;
  /**
   * Moreover the range had no blank cell at all, so its blanks certainly came as 0: an initial score 0 is read as
   * blank too (the section's or the rank's score).
   */
  readonly blankZeros?: boolean;
  /**
   * The sheet's formulas (`WorkbookAdapter.readFormulas`: "=…" or null per cell), when the values are a sheet's saved
   * values rather than a live range. An input cell holding a formula is refused: its saved value is the one Excel
   * computed when the file was last saved, Excel computes it again on opening, and Tengen cannot — so what Tengen
   * would read may not be what the director sees.
   */
  readonly formulas?: readonly (readonly (string | null)[])[] | null;
}

/** What `readGridDetailed` found besides the tournament: where each player's line 1 is. */
export interface GridRead {
  readonly tournament: Tournament;
  readonly language: GridLanguage;
  readonly headerRow: number;
  /** Line 1 (1-based row) of each player. */
  readonly playerRows: ReadonlyMap<PlayerId, number>;
}

const ID_HEADERS = new Set(['id', 'no', 'no (id)', 'n°', 'nº', 'numero']);

/** What a player's result cell says: the mark, and whether it was a 0 that may be a blank (`blankZeros`). */
interface ResultCell {
  readonly result?: ResultMark;
  readonly zeroOrBlank?: boolean;
}

type Entry =
  | { readonly kind: 'bye'; readonly row: number }
  | { readonly kind: 'game'; readonly row: number; readonly opponent: PlayerId; readonly mark: ColourMark; readonly result?: ResultMark; readonly zeroOrBlank?: boolean };

function text(cell: CellValue | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell).trim();
}

function wholeNumber(cell: CellValue | undefined): number | undefined {
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell : undefined;
  if (typeof cell === 'string' && /^\s*-?\d{1,9}\s*$/.test(cell.replace(/\u2212/g, '-'))) return Number(cell.replace(/\u2212/g, '-'));
  return undefined;
}

/** Results of a game from the white player's and the black player's result cells. */
const RESULTS: Readonly<Record<string, GameResult>> = {
  '|': 'unknown',
  '+|-': 'white-wins',
  '-|+': 'black-wins',
  '=|=': 'jigo',
  '+!|-!': 'white-wins-by-default',
  '-!|+!': 'black-wins-by-default',
  '=!|=!': 'jigo-by-default',
  '-!|-!': 'both-lose-by-default',
  '+!|+!': 'both-win-by-default',
};

function markKey(m: ResultMark | undefined): string {
  return m ? m.sign + (m.byDefault ? '!' : '') : '';
}

/** A player's result in a game; a 0 that may be a blank (`zeroOrBlank`) is a loss when the opponent won, else blank. */
function resultKey(mine: ResultCell, theirs: ResultCell): string {
  if (!mine.zeroOrBlank) return markKey(mine.result);
  return !theirs.zeroOrBlank && markKey(theirs.result) === '+' ? '-' : '';
}

export function readGrid(values: readonly (readonly CellValue[])[], options: ReadGridOptions = {}): Parsed<Tournament> {
  const read = readGridDetailed(values, options);
  return read.ok ? ok(read.value.tournament) : read;
}

export function readGridDetailed(values: readonly (readonly CellValue[])[], options: ReadGridOptions = {}): Parsed<GridRead> {
  const read = readCells(values, options);
  // An error value in a cell the grid is read from (a broken formula, #REF! after a deletion, a #N/A pasted in) is
  // named first and alone: what else went wrong may only follow from it.
  return read.errorCells.length > 0 ? failed(read.errorCells) : read.parsed;
}

function readCells(values: readonly (readonly CellValue[])[], options: ReadGridOptions): { parsed: Parsed<GridRead>; errorCells: InputError[] } {
  const errorCells: InputError[] = [];
  const seenErrors = new Set<string>();
  const parsed = readValues(values, options, (where, message) => {
    if (seenErrors.has(where)) return;
    seenErrors.add(where);
    errorCells.push({ where, message });
  });
  return { parsed, errorCells };
}

function readValues(values: readonly (readonly CellValue[])[], options: ReadGridOptions, unreadableCell: (where: string, message: string) => void): Parsed<GridRead> {
  const sheet = options.sheet ?? 'Grid';
  const errors: InputError[] = [];
  const at = (row: number, column: number) => sheetCell(sheet, row, column);
  const blankZeros = options.blankZeros === true;
  const zeroMayBeBlank = blankZeros || options.zerosMayBeBlank === true;
  /**
   * A cell as written, only errors refused (for the two kinds of cell where 0 is a value: results, initial scores);
   * an input cell (`input`, the default) holding a formula is refused too (`ReadGridOptions.formulas`).
   */
  const raw = (row: number, column: number, input = true): CellValue => {
    const v = values[row - 1]?.[column - 1] ?? null;
    if (isErrorText(v)) {
      unreadableCell(at(row, column), `holds the error ${v}; expected a value Tengen reads here (correct or clear the cell, or the formula it comes from)`);
      return null;
    }
    const formula = input ? options.formulas?.[row - 1]?.[column - 1] : null;
    if (formula) {
      unreadableCell(
        at(row, column),
        `holds the formula ${formula}; expected a typed value: Tengen reads what a cell holds, and a formula's saved result may not be what Excel shows once it recalculates (type the value instead)`,
      );
      return null;
    }
    return v;
  };
  /** A cell where 0 is never a value: a 0 from a custom function's range is a blank. */
  const cell = (row: number, column: number, input = true): CellValue => {
    const v = raw(row, column, input);
    return zeroMayBeBlank && v === 0 ? null : v;
  };
  const width = largestOf(values.map((r) => r.length), 0);

  // The header row: its first cell is "ID" (French "No.").
  let headerRow = 0;
  for (let r = 1; r <= values.length; r++) {
    if (ID_HEADERS.has(normaliseLabel(text(cell(r, 1))))) {
      headerRow = r;
      break;
    }
  }
  if (headerRow === 0) {
    return failed([{ where: `${sheet}!A1`, message: 'no header row: expected a row whose first cell is "ID" (French "No.") above the players' }]);
  }

  // The title block: a label, then its value in the next filled cell of the row.
  const title = new Map<TitleKey, { value: CellValue; row: number; column: number }>();
  for (let r = 1; r < headerRow; r++) {
    let c = 1;
    while (c <= width && isBlank(cell(r, c))) c++;
    if (c > width) continue;
    const key = typeof cell(r, c) === 'string' ? titleKeyOf(text(cell(r, c))) : undefined;
    if (!key) {
      errors.push({
        where: at(r, c),
        message: `"${text(cell(r, c))}" is not a title entry; expected one of Tournament, Dates, Place, Director, Ruleset, System, Rounds, Language, Sections, Bar, Floor, MMS zero (or their French names)`,
      });
      continue;
    }
    let v = c + 1;
    while (v <= width && isBlank(cell(r, v))) v++;
    title.set(key, v <= width ? { value: cell(r, v), row: r, column: v } : { value: null, row: r, column: c + 2 });
  }
  const titleText = (key: TitleKey) => text(title.get(key)?.value);
  const titleAt = (key: TitleKey) => {
    const e = title.get(key);
    return e ? at(e.row, e.column) : `${sheet}!A1`;
  };

  let language: GridLanguage = options.language ?? 'en';
  const languageText = titleText('language').toLowerCase();
  if (languageText === 'en' || languageText === 'english' || languageText === 'anglais') language = 'en';
  else if (languageText === 'fr' || languageText === 'french' || languageText === 'français' || languageText === 'francais') language = 'fr';
  else if (languageText !== '') errors.push({ where: titleAt('language'), message: `"${titleText('language')}" is not a language; expected EN or FR` });

  const name = titleText('tournament');
  if (!name) errors.push({ where: titleAt('tournament'), message: "the tournament's name is missing (title entry Tournament)" });

  let beginDate: string | undefined;
  let endDate: string | undefined;
  // A date typed in Excel may come back as its serial number (days since 1899-12-30).
  const datesValue = title.get('dates')?.value;
  const dates = typeof datesValue === 'number' && Number.isInteger(datesValue) && datesValue > 0 ? excelDate(datesValue) : titleText('dates');
  if (dates) {
    const m = /^(\d{4}-\d{2}-\d{2})?\s*(?:(?:[-–—]|to|au)\s*(\d{4}-\d{2}-\d{2}))?$/.exec(dates);
    if (!m || (!m[1] && !m[2])) errors.push({ where: titleAt('dates'), message: `"${dates}" is not a date or two dates; expected 2026-05-16 or 2026-05-16 – 2026-05-17` });
    else {
      beginDate = m[1];
      endDate = m[2];
    }
  }

  const rulesetText = titleText('ruleset').toLowerCase();
  let ruleset: RulesetName = 'egf';
  if (isRulesetName(rulesetText)) ruleset = rulesetText;
  else errors.push({ where: titleAt('ruleset'), message: `"${titleText('ruleset')}" is not a ruleset; expected egf, bga, aqjg, opengotha or czech` });

  const system = systemOf(titleText('system'));
  if (!system) {
    const names = (language: 'en' | 'fr') => Object.values(LABELS[language].systems);
    const en = names('en');
    errors.push({ where: titleAt('system'), message: `"${titleText('system')}" is not a pairing system; expected ${en.slice(0, -1).join(', ')} or ${en[en.length - 1]} (French ${names('fr').filter((n) => !en.includes(n)).join(', ')})` });
  }

  // Rounds: the header's "Round n" columns, three cells each, which the title's Rounds must match.
  let headerRounds = 0;
  for (;;) {
    const label = text(cell(headerRow, FIRST_ROUND_COLUMN + 3 * headerRounds));
    const m = /^(?:round|ronde|r)\s*(\d+)$/i.exec(label);
    if (!m || Number(m[1]) !== headerRounds + 1) break;
    headerRounds++;
  }
  const roundsValue = wholeNumber(title.get('rounds')?.value ?? null);
  let rounds = headerRounds;
  if (roundsValue === undefined || roundsValue < 1) {
    errors.push({ where: titleAt('rounds'), message: `"${titleText('rounds')}" is not a number of rounds; expected a whole number ≥ 1` });
  } else if (roundsValue !== headerRounds) {
    errors.push({
      where: titleAt('rounds'),
      message: `the title says ${roundsValue} rounds but the header row ${headerRow} has ${headerRounds} ("Round 1" in ${at(headerRow, FIRST_ROUND_COLUMN)}, three columns per round)`,
    });
  } else rounds = roundsValue;

  const rankOf = (key: 'bar' | 'floor' | 'mmsZero'): Rank | undefined => {
    const t = titleText(key);
    if (!t) return undefined;
    const r = parseRank(t);
    if (!r.ok) {
      errors.push({ where: titleAt(key), message: r.message });
      return undefined;
    }
    return r.rank;
  };
  const bar = rankOf('bar');
  const floor = rankOf('floor');
  const mmsZero = rankOf('mmsZero');

  const sections: Section[] = [];
  const sectionsText = titleText('sections');
  if (sectionsText) {
    for (const part of sectionsText.split(/[;,]/).map((s) => s.trim()).filter(Boolean)) {
      const m = /^(.+?)\s*[=:]\s*([-\u2212+]?\d+)$/.exec(part);
      if (!m || !isInitialScore(Number(m[2].replace('\u2212', '-')))) {
        errors.push({ where: titleAt('sections'), message: `"${part}" is not a section; expected name=initial score between -1,000 and 1,000, e.g. A=0; B=-2; C=-4` });
        continue;
      }
      sections.push({ name: m[1], initialMms: Number(m[2].replace('\u2212', '-')) });
    }
  }

  // Players: two lines each, in any order; blank rows between them are skipped.
  const lastInputColumn = FIRST_ROUND_COLUMN + 3 * rounds - 1;
  const rowBlank = (r: number) => {
    for (let c = 1; c <= lastInputColumn; c++) if (!isBlank(cell(r, c, false))) return false;
    return true;
  };
  let r = headerRow + 1;
  if (r <= values.length && isBlank(cell(r, 1))) r++; // the Opp. | Col. | Res. row

  const players: Player[] = [];
  const playerRows = new Map<PlayerId, number>();
  const entries: Map<PlayerId, Entry>[] = Array.from({ length: rounds + 1 }, () => new Map());
  const writtenInitial = new Map<PlayerId, { value: number; row: number }>();

  for (; r <= values.length; r++) {
    if (rowBlank(r)) continue;
    const line1 = r;
    r++; // line 2
    const idCell = cell(line1, 1);
    const id = wholeNumber(idCell);
    if (id === undefined || id < 1) {
      errors.push({ where: at(line1, 1), message: `"${text(idCell)}" is not a player's ID; expected a whole number ≥ 1 on line 1 of each player (two lines per player)` });
      continue;
    }
    const pid = id as PlayerId;
    if (!isBlank(cell(line1 + 1, 1))) {
      errors.push({ where: at(line1 + 1, 1), message: `expected line 2 of player ${id} (scores, first cell empty), found "${text(cell(line1 + 1, 1))}": every player takes two lines` });
    }
    const nameText = text(cell(line1, 2));
    if (!nameText) errors.push({ where: at(line1, 2), message: `player ${id} has no name; expected "Family, Given"` });
    const comma = nameText.indexOf(',');
    const family = (comma >= 0 ? nameText.slice(0, comma) : nameText).trim();
    const given = comma >= 0 ? nameText.slice(comma + 1).trim() : '';
    const rankParse = parseRank(text(cell(line1, 4)));
    if (!rankParse.ok) errors.push({ where: at(line1, 4), player: `${id}`, message: rankParse.message });
    // With blanks sent as 0 a written 0 cannot be told from a blank: it reads as blank (the section's or rank's score).
    const initialCell = blankZeros ? cell(line1, 5) : raw(line1, 5);
    if (!isBlank(initialCell)) {
      const v = typeof initialCell === 'number' ? initialCell : Number(text(initialCell).replace('\u2212', '-'));
      if (!isInitialScore(v)) {
        errors.push({ where: at(line1, 5), player: `${id}`, message: `"${text(initialCell)}" is not an initial McMahon score; expected a whole or half number between -1,000 and 1,000, such as 0, -2 or -4` });
      } else writtenInitial.set(pid, { value: v, row: line1 });
    }
    const section = text(cell(line1 + 1, 5)) || undefined;
    const club = text(cell(line1, 3)) || undefined;
    const before = playerRows.get(pid);
    if (before !== undefined) {
      errors.push({ where: at(line1, 1), message: `ID ${id} is also on ${at(before, 1)}; every player needs his own ID` });
      continue;
    }
    playerRows.set(pid, line1);
    players.push({
      id: pid,
      family,
      given,
      rank: rankParse.ok ? rankParse.rank : (0 as Rank),
      ...(club !== undefined ? { club } : {}),
      ...(section !== undefined ? { section } : {}),
    });

    for (let round = 1; round <= rounds; round++) {
      const oc = FIRST_ROUND_COLUMN + 3 * (round - 1);
      // Three reads, not an array made and taken apart: a congress grid's 10,000 (issue 28).
      const opp = cell(line1, oc);
      const col = cell(line1, oc + 1);
      const rawResult = raw(line1, oc + 2);
      // A result 0 (lost) from a range whose blanks may come as 0 may be a blank: settled against the opponent's below.
      const zeroOrBlank = zeroMayBeBlank && rawResult === 0;
      const res = zeroOrBlank ? null : rawResult;
      if (isBlank(opp) && isBlank(col) && isBlank(res)) continue;
      if (isByeText(opp) || isByeText(col)) {
        const otherCell = isByeText(opp) ? col : opp;
        if (!isBlank(otherCell) && !isByeText(otherCell)) {
          errors.push({ where: at(line1, isByeText(opp) ? oc + 1 : oc), player: `${id}`, message: `round ${round} is a BYE, so this cell should be empty or BYE, not "${text(otherCell)}"` });
          continue;
        }
        const rr = readResult(res);
        if (!rr.ok || (rr.value && (rr.value.sign !== '+' || rr.value.byDefault))) {
          errors.push({ where: at(line1, oc + 2), player: `${id}`, message: `"${text(res)}" beside a BYE; expected the result cell empty (or +)` });
          continue;
        }
        entries[round].set(pid, { kind: 'bye', row: line1 });
        continue;
      }
      const opponent = wholeNumber(opp);
      if (opponent === undefined || opponent < 1) {
        errors.push({ where: at(line1, oc), player: `${id}`, message: `"${text(opp)}" is not an opponent; expected the opponent's ID number or BYE (round ${round})` });
        continue;
      }
      const colour = readColour(col, language);
      if (!colour.ok) {
        errors.push({ where: at(line1, oc + 1), player: `${id}`, message: `round ${round}: ${colour.message}` });
        continue;
      }
      const result = readResult(res);
      if (!result.ok) {
        errors.push({ where: at(line1, oc + 2), player: `${id}`, message: `round ${round}: ${result.message}` });
        continue;
      }
      entries[round].set(
        pid,
        zeroOrBlank
          ? { kind: 'game', row: line1, opponent: opponent as PlayerId, mark: colour.value, result: result.value, zeroOrBlank }
          : { kind: 'game', row: line1, opponent: opponent as PlayerId, mark: colour.value, result: result.value },
      );
    }
  }

  // Each game from both sides — once every cell could be read (a cell in error would make its game look one-sided).
  if (errors.length > 0) return failed(errors);
  const games: Game[] = [];
  const byes: { round: number; player: PlayerId }[] = [];
  for (let round = 1; round <= rounds; round++) {
    const oc = FIRST_ROUND_COLUMN + 3 * (round - 1);
    for (const [pid, e] of entries[round]) {
      if (e.kind === 'bye') {
        byes.push({ round, player: pid });
        continue;
      }
      const here = (offset: number) => at(e.row, oc + offset);
      if (e.opponent === pid) {
        errors.push({ where: here(0), player: `${pid}`, message: `round ${round}: player ${pid} cannot play himself` });
        continue;
      }
      const otherRow = playerRows.get(e.opponent);
      if (otherRow === undefined) {
        errors.push({ where: here(0), player: `${pid}`, message: `round ${round}: opponent ${e.opponent} is not on the grid` });
        continue;
      }
      const there = (offset: number) => at(otherRow, oc + offset);
      const other = entries[round].get(e.opponent);
      if (!other || other.kind !== 'game' || other.opponent !== pid) {
        const says = !other ? 'nothing' : other.kind === 'bye' ? 'a BYE' : `opponent ${other.opponent}`;
        errors.push({
          where: here(0),
          player: `${pid}`,
          message: `round ${round}: ${here(0)} says player ${pid} played ${e.opponent}, but ${there(0)} (player ${e.opponent}) says ${says}; both lines must name each other`,
        });
        continue;
      }
      if (pid > e.opponent) continue; // each game once, from its lower ID
      const a = e;
      const b = other;
      if (a.mark.colour === b.mark.colour || a.mark.handicap !== b.mark.handicap || a.mark.colourKnown !== b.mark.colourKnown) {
        errors.push({
          where: here(1),
          player: `${pid}`,
          message: `round ${round}: the colours of ${pid} (${here(1)}) and ${e.opponent} (${there(1)}) do not agree; expected one White and one Black with the same handicap (W and B, or −n and +n)`,
        });
        continue;
      }
      // Each by itself, not from an array made and taken apart a game (issue 28).
      const aWhite = a.mark.colour === 'white';
      const white = aWhite ? pid : e.opponent;
      const black = aWhite ? e.opponent : pid;
      const whiteEntry = aWhite ? a : b;
      const blackEntry = aWhite ? b : a;
      const result = RESULTS[`${resultKey(whiteEntry, blackEntry)}|${resultKey(blackEntry, whiteEntry)}`];
      if (!result) {
        errors.push({
          where: here(2),
          player: `${pid}`,
          message: `round ${round}: the results of ${pid} (${here(2)}: "${markKey(a.result)}") and ${e.opponent} (${there(2)}: "${markKey(b.result)}") do not agree; expected + and −, = and =, or both blank (with ! on both for a result by default; −! and −! both lose, +! and +! both win). Results are ${EXPECTED_RESULT}`,
        });
        continue;
      }
      // The game's fields in the order the spread wrote them, without copying an object a game (issue 28).
      games.push(a.mark.colourKnown ? { round, white, black, handicap: a.mark.handicap, result } : { round, white, black, handicap: a.mark.handicap, colourKnown: false, result });
    }
  }
  if (errors.length > 0) return failed(errors);

  // Rounds with any entry are the rounds paired so far: a player left blank in one of them missed it.
  const paired = new Set<number>();
  for (let round = 1; round <= rounds; round++) if (entries[round].size > 0) paired.add(round);
  const settings: Settings = {
    system: system!,
    rounds,
    ruleset,
    ...(bar !== undefined ? { bar } : {}),
    ...(floor !== undefined ? { floor } : {}),
    ...(mmsZero !== undefined ? { mmsZero } : {}),
    ...(sections.length > 0 ? { sections } : {}),
  };
  const pairedRounds = [...paired];
  const finalPlayers = players.map((p) => {
    const absentRounds = pairedRounds.filter((round) => !entries[round].has(p.id)).sort((x, y) => x - y);
    let initial: number | undefined;
    const written = writtenInitial.get(p.id);
    if (written !== undefined && system === 'mcmahon') {
      const fromSection = p.section !== undefined ? sections.find((s) => s.name === p.section)?.initialMms : undefined;
      const expected = fromSection ?? initialMmsFromRank(p.rank, settings);
      if (written.value !== expected) initial = written.value;
    }
    return { ...p, ...(initial !== undefined ? { initialMms: initial } : {}), ...(absentRounds.length > 0 ? { absentRounds } : {}) };
  });
  games.sort((x, y) => x.round - y.round || x.white - y.white);
  byes.sort((x, y) => x.round - y.round || x.player - y.player);
  const tournament: Tournament = {
    name,
    ...(titleText('place') ? { location: titleText('place') } : {}),
    ...(titleText('director') ? { director: titleText('director') } : {}),
    ...(beginDate ? { beginDate } : {}),
    ...(endDate ? { endDate } : {}),
    settings,
    players: finalPlayers,
    games,
    byes,
  };
  const rowOfIndex = (i: number) => playerRows.get(finalPlayers[i].id) ?? headerRow;
  const gameWhere = (i: number) => {
    const g = games[i];
    return { where: at(playerRows.get(g.white) ?? headerRow, FIRST_ROUND_COLUMN + 3 * (g.round - 1)) };
  };
  const invalid = validateTournament(tournament, {
    player: (i) => ({ where: at(rowOfIndex(i), 1) }),
    game: gameWhere,
    bye: (i) => ({ where: at(playerRows.get(byes[i].player) ?? headerRow, FIRST_ROUND_COLUMN + 3 * (byes[i].round - 1) + 1) }),
  });
  if (invalid.length > 0) return failed(invalid);
  return ok({ tournament, language, headerRow, playerRows });
}


/**
 * An initial McMahon score a tournament can hold: whole or half points (EGF: "+1 per win, +½ per jigo"), far within
 * what the engine counts exactly in half points. The scores of a real field lie within a few dozen of 0.
 */
export const MAX_INITIAL_SCORE = 1000;

function isInitialScore(v: number): boolean {
  return Number.isInteger(v * 2) && Math.abs(v) <= MAX_INITIAL_SCORE;
}

/** Excel's serial day number → ISO date (1 = 1900-01-01; Excel's phantom 1900-02-29 makes day 0 fall on 1899-12-30). */
export function excelDate(serial: number): string {
  return new Date(Date.UTC(1899, 11, 30) + serial * 86400000).toISOString().slice(0, 10);
}

/**
 * A grid read before, after some of its players' result cells changed (a result typed: the common edit while a round
 * is played): the same tournament with those games' results read again — the same rules as `readGridDetailed`,
 * without reading the whole grid. `changed` are 1-based cells of `values` (the whole grid from A1). Undefined when a
 * change is not a result of a game on the grid or does not read (the caller then reads the whole grid, which names
 * the cell in error). What `validateTournament` checks of a result cannot fail here: a player with a game in a round
 * is not absent from it, and a grid carries no method or default reason.
 */
export function rereadResults(
  read: GridRead,
  values: readonly (readonly CellValue[])[],
  changed: readonly { readonly row: number; readonly column: number }[],
  options: ReadGridOptions = {},
): GridRead | undefined {
  const t = read.tournament;
  const byRow = new Map<number, PlayerId>();
  for (const [id, row] of read.playerRows) byRow.set(row, id);
  const cellAt = (id: PlayerId, column: number): ResultCell | undefined => {
    const v = values[read.playerRows.get(id)! - 1]?.[column - 1] ?? null;
    if (isErrorText(v)) return undefined;
    if ((options.blankZeros === true || options.zerosMayBeBlank === true) && v === 0) return { zeroOrBlank: true };
    const r = readResult(v);
    return r.ok ? { result: r.value } : undefined;
  };
  const games = [...t.games];
  for (const { row, column } of changed) {
    const player = byRow.get(row);
    const offset = column - FIRST_ROUND_COLUMN;
    const round = Math.floor(offset / 3) + 1;
    if (player === undefined || offset < 0 || offset % 3 !== 2 || round > t.settings.rounds) return undefined;
    const i = games.findIndex((g) => g.round === round && (g.white === player || g.black === player));
    if (i < 0) return undefined;
    const white = cellAt(games[i].white, column);
    const black = cellAt(games[i].black, column);
    if (!white || !black) return undefined;
    const result = RESULTS[`${resultKey(white, black)}|${resultKey(black, white)}`];
    if (!result) return undefined;
    games[i] = { ...games[i], result };
  }
  return { ...read, tournament: { ...t, games } };
}
