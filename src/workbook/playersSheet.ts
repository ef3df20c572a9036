/**
 * The `Players` sheet: the registration list, one player a row, with what the grid has no room for (city and club
 * apart, country, rating, EGD PIN, fee level, rounds announced missed, previous order). The Grid is the record of
 * IDs, names, ranks, sections and games; this sheet adds the rest, matched by ID.
 */
import type { InputError } from '../model/errors';
import { formatRank, parseRank } from '../model/rank';
import type { Player, PlayerId } from '../model/tournament';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from './adapter';
import { sheetCell } from './address';
import { isBlank, normaliseLabel, readYesNo, yesNoCell } from './notation';

export const PLAYERS_SHEET = 'Players';
/** Ratings of every rating list (EGF GoR, AGA, FFG, Elo) lie well within ±100,000. */
export const MAX_RATING = 100_000;

type Column = 'id' | 'family' | 'given' | 'rank' | 'club' | 'city' | 'country' | 'rating' | 'egdPin' | 'feeLevel' | 'section' | 'initialMms' | 'absentRounds' | 'previousOrder' | 'european' | 'pko' | 'declaredAllRounds' | 'ffgLicence' | 'agaId';

/**
 * The other federations' numbers, kept in `Player.extra` under these keys (what the FFG and AGA exports write, and
 * what the pane's rating-list lookup and the Pairgoth import fill in).
 */
const EXTRA_COLUMNS = ['ffgLicence', 'agaId'] as const;

const HEADERS: readonly (readonly [Column, string])[] = [
  ['id', 'ID'],
  ['family', 'Family name'],
  ['given', 'Given name'],
  ['rank', 'Rank'],
  ['club', 'Club'],
  ['city', 'City'],
  ['country', 'Country'],
  ['rating', 'Rating'],
  ['egdPin', 'EGD PIN'],
  ['feeLevel', 'Fee level'],
  ['section', 'Section'],
  ['initialMms', 'Initial MMS'],
  ['absentRounds', 'Absent rounds'],
  ['previousOrder', 'Previous order'],
  // The European Go Congress McMahon (settings.egc): a European (blank: from the country), a PKO player.
  ['european', 'European'],
  ['pko', 'PKO'],
  ['declaredAllRounds', 'All rounds declared'],
  ['ffgLicence', 'FFG licence'],
  ['agaId', 'AGA ID'],
];

function cellOf(p: Player, c: Column): CellValue {
  switch (c) {
    case 'rank':
      return formatRank(p.rank);
    case 'absentRounds':
      return p.absentRounds && p.absentRounds.length > 0 ? [...p.absentRounds].sort((a, b) => a - b).join(', ') : null;
    case 'european':
    case 'pko':
    case 'declaredAllRounds':
      return yesNoCell(p[c]);
    case 'ffgLicence':
    case 'agaId':
      return p.extra?.[c] ?? null;
    default: {
      const v = p[c];
      return v === undefined ? null : (v as CellValue);
    }
  }
}

export function playersCells(players: readonly Player[]): CellValue[][] {
  return [HEADERS.map(([, h]) => h), ...[...players].sort((a, b) => a.id - b.id).map((p) => HEADERS.map(([c]) => cellOf(p, c)))];
}

export function playersOps(players: readonly Player[]): WorkbookOp[] {
  const sheet = PLAYERS_SHEET;
  const cells = playersCells(players);
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: `A1:S1`, format: HEADER_FORMAT },
    { kind: 'column-widths', sheet, widths: [5, 18, 14, 6, 14, 14, 8, 8, 10, 9, 8, 10, 12, 12, 9, 6, 10, 10, 9] },
    { kind: 'freeze', sheet, rows: 1, columns: 0 },
    { kind: 'print', sheet, settings: { printArea: `A1:S${cells.length}`, repeatRows: '1:1', fitToWidth: true, orientation: 'landscape' } },
  ];
}

/** A row of the Players sheet: the fields it sets, and the row it is on. */
export interface PlayerRow {
  readonly row: number;
  readonly fields: Partial<Omit<Player, 'id'>>;
}

/** The Players sheet's rows by ID; columns are found by their header, in any order. */
export function readPlayersSheet(values: readonly (readonly CellValue[])[], errors: InputError[], sheet = PLAYERS_SHEET): Map<PlayerId, PlayerRow> {
  const out = new Map<PlayerId, PlayerRow>();
  const header = values[0] ?? [];
  const columnOf = new Map<Column, number>();
  header.forEach((h, i) => {
    const found = HEADERS.find(([, label]) => normaliseLabel(label) === normaliseLabel(String(h ?? '')));
    if (found) columnOf.set(found[0], i);
  });
  if (!columnOf.has('id')) {
    if (values.length > 0) errors.push({ where: `${sheet}!A1`, message: 'no "ID" column in the header row' });
    return out;
  }
  for (let r = 1; r < values.length; r++) {
    const row = values[r];
    if (row.every((c) => isBlank(c))) continue;
    const at = (c: Column) => sheetCell(sheet, r + 1, (columnOf.get(c) ?? 0) + 1);
    const get = (c: Column): CellValue => (columnOf.has(c) ? (row[columnOf.get(c)!] ?? null) : null);
    const id = Number(get('id'));
    if (!Number.isInteger(id) || id < 1 || isBlank(get('id'))) {
      errors.push({ where: at('id'), message: `"${String(get('id') ?? '')}" is not a player's ID; expected a whole number ≥ 1` });
      continue;
    }
    const fields: { -readonly [K in keyof Omit<Player, 'id'>]?: Player[K] } = {};
    const text = (c: Column) => (isBlank(get(c)) ? undefined : String(get(c)).trim());
    const number = (c: Column): number | undefined => {
      const t = text(c);
      if (t === undefined) return undefined;
      const n = Number(t.replace('\u2212', '-'));
      if (!Number.isFinite(n)) errors.push({ where: at(c), player: String(id), message: `"${t}" is not a number` });
      return Number.isFinite(n) ? n : undefined;
    };
    if (text('family') !== undefined) fields.family = text('family');
    if (columnOf.has('given')) fields.given = text('given') ?? '';
    if (text('rank') !== undefined) {
      const rank = parseRank(text('rank')!);
      if (rank.ok) fields.rank = rank.rank;
      else errors.push({ where: at('rank'), player: String(id), message: rank.message });
    }
    for (const c of ['club', 'city', 'country', 'egdPin', 'feeLevel', 'section'] as const) if (text(c) !== undefined) fields[c] = text(c);
    for (const c of ['rating', 'initialMms', 'previousOrder'] as const) if (number(c) !== undefined) fields[c] = number(c);
    // The standings order by rating to the thousandth and by previous order exactly (scoring/standings.ts): a number
    // no rating list holds, or a previous order that is no place, is named rather than crashing them.
    if (fields.rating !== undefined && !(Math.abs(fields.rating) <= MAX_RATING)) {
      errors.push({ where: at('rating'), player: String(id), message: `"${text('rating')}" is not a rating; expected a number between -${MAX_RATING.toLocaleString('en-US')} and ${MAX_RATING.toLocaleString('en-US')}` });
      delete fields.rating;
    }
    if (fields.previousOrder !== undefined && !Number.isSafeInteger(fields.previousOrder)) {
      errors.push({ where: at('previousOrder'), player: String(id), message: `"${text('previousOrder')}" is not a previous order; expected a whole number (the player's place in an earlier order)` });
      delete fields.previousOrder;
    }
    const extra: Record<string, string> = {};
    for (const c of EXTRA_COLUMNS) if (text(c) !== undefined) extra[c] = text(c)!;
    if (Object.keys(extra).length > 0) fields.extra = extra;
    for (const c of ['european', 'pko', 'declaredAllRounds'] as const) {
      if (text(c) === undefined) continue;
      const answer = readYesNo(get(c));
      if (answer !== undefined) fields[c] = answer;
      else errors.push({ where: at(c), player: String(id), message: `"${text(c)}" (${HEADERS.find(([k]) => k === c)![1]}): expected yes or no` });
    }
    const absent = text('absentRounds');
    if (absent !== undefined) {
      const parts = absent.split(/[,;\s]+/).filter(Boolean).map(Number);
      if (parts.some((n) => !Number.isInteger(n) || n < 1)) errors.push({ where: at('absentRounds'), player: String(id), message: `"${absent}" is not a list of rounds; expected e.g. 1, 3` });
      else fields.absentRounds = [...new Set(parts)].sort((a, b) => a - b);
    }
    if (out.has(id as PlayerId)) errors.push({ where: at('id'), message: `ID ${id} is also on row ${out.get(id as PlayerId)!.row}` });
    else out.set(id as PlayerId, { row: r + 1, fields });
  }
  return out;
}
