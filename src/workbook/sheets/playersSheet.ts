/**
 * The `Players` sheet: the registration list, one player a row, with what the grid has no room for (city and club
 * apart, country, rating, EGD PIN, fee level, rounds announced missed, previous order). The Grid is the record of
 * IDs, names, ranks, sections and games; this sheet adds the rest, matched by ID.
 *
 * In pair go and rengo (seeds/egf-general-tournament-rules-excerpt.txt: "In case of pairgo or rengo, 'player' denotes
 * a pair or team") a row is an entrant, and its members follow the other columns, three columns each: "Member 1
 * family name", "Member 1 given name", "Member 1 rank", "Member 2 family name" … The entrant's Rank is the one its
 * members give by the event's rule (src/model/entrants.ts); a rank that says otherwise is refused (`entrantRankError`).
 */
import { DEFAULT_ENTRANT_RANK_RULE, entrantRank, type EntrantRankRule, type EntrantSettings, type Member } from '../../model/entrants';
import type { InputError } from '../../model/errors';
import { formatRank, parseRank, type Rank } from '../../model/rank';
import type { Player, PlayerId } from '../../model/tournament';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { columnLetter, sheetCell } from '../cells/address';
import { isBlank, normaliseLabel, readYesNo, yesNoCell } from '../cells/notation';
import { largestOf } from '../../model/extremes';
import { columnsWidth, PRINTABLE, rowHeight, scaleToFit, wrappedLines } from '../print/paper';

export const PLAYERS_SHEET = 'Players';
/** Ratings of every rating list (EGF GoR, AGA, FFG, Elo) lie well within ±100,000. */
export const MAX_RATING = 100_000;

type Column = 'id' | 'family' | 'given' | 'rank' | 'club' | 'city' | 'country' | 'rating' | 'egdPin' | 'feeLevel' | 'section' | 'initialMms' | 'absentRounds' | 'previousOrder' | 'european' | 'pko' | 'leagueQualified' | 'declaredAllRounds' | 'ffgLicence' | 'agaId';

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
  ['leagueQualified', 'League qualified'],
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
    case 'leagueQualified':
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

/** A member's three columns, by the part of the member each holds. */
const MEMBER_PARTS = [
  ['family', 'family name'],
  ['given', 'given name'],
  ['rank', 'rank'],
] as const;
type MemberPart = (typeof MEMBER_PARTS)[number][0];
const memberHeader = (n: number, part: MemberPart) => `Member ${n} ${MEMBER_PARTS.find(([k]) => k === part)![1]}`;

/**
 * How many members' columns the sheet has: none in a tournament of individuals; else as many as the largest entrant
 * has, and at least a pair's two (a rengo team's three), so that a director can type members the pane did not register.
 */
export function memberSlots(players: readonly Player[], entrants?: EntrantSettings): number {
  const largest = largestOf(players.map((p) => p.members?.length ?? 0), 0);
  if (!entrants && largest === 0) return 0;
  return Math.max(largest, entrants?.kind === 'rengo' ? 3 : 2);
}

function memberCells(p: Player, slots: number): CellValue[] {
  return Array.from({ length: slots }, (_, k) => {
    const m = p.members?.[k];
    return m ? [m.family, m.given === '' ? null : m.given, formatRank(m.rank)] : [null, null, null];
  }).flat();
}

/**
 * What an imported file holds with no column of its own (issue 27: "Everything a reader imports survives the
 * workbook"): OpenGotha's registering status (PRE: preliminary, not paired by OpenGotha), grade, rating origin, SMMS
 * correction, names as written …, Pairgoth's and MacMahon's preliminary flag. Two columns after all others, made only
 * when some player holds such a field, so a tournament begun in Tengen keeps its sheet as it was: "Registration"
 * (PRE or FIN, OpenGotha's two values, tournament.dtd default FIN) and "Other fields (JSON)", the rest as one JSON
 * object of texts (the form they have in the Tengen JSON file's `extra`).
 */
const REGISTRATION = 'registeringStatus';
const REGISTRATION_HEADER = 'Registration';
const OTHER_FIELDS_HEADER = 'Other fields (JSON)';
const REGISTRATIONS = ['PRE', 'FIN'] as const;
const onOwnColumn = (key: string) => key === REGISTRATION || (EXTRA_COLUMNS as readonly string[]).includes(key);

function otherFields(p: Player): Record<string, string> | undefined {
  const rest = Object.entries(p.extra ?? {}).filter(([k]) => !onOwnColumn(k));
  return rest.length > 0 ? Object.fromEntries(rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : undefined;
}

/** The imported fields' two columns are on the sheet: some player holds a registration or another field. */
export function hasImportedFields(players: readonly Player[]): boolean {
  return players.some((p) => p.extra?.[REGISTRATION] !== undefined || otherFields(p) !== undefined);
}

function importedCells(p: Player): CellValue[] {
  const other = otherFields(p);
  return [p.extra?.[REGISTRATION] ?? null, other ? JSON.stringify(other) : null];
}

/** The sheet: the columns of every player, then (pair go, rengo) each member's three, then the imported fields. */
export function playersCells(players: readonly Player[], entrants?: EntrantSettings): CellValue[][] {
  const slots = memberSlots(players, entrants);
  const memberHeaders = Array.from({ length: slots }, (_, k) => MEMBER_PARTS.map(([part]) => memberHeader(k + 1, part))).flat();
  const imported = hasImportedFields(players);
  return [
    [...HEADERS.map(([, h]) => h), ...memberHeaders, ...(imported ? [REGISTRATION_HEADER, OTHER_FIELDS_HEADER] : [])],
    ...[...players].sort((a, b) => a.id - b.id).map((p) => [...HEADERS.map(([c]) => cellOf(p, c)), ...memberCells(p, slots), ...(imported ? importedCells(p) : [])]),
  ];
}

/**
 * The smallest scale the Players sheet prints at (percent): 11 pt type printed at 8 pt, still read at arm's length.
 * A register wider than that prints on more pages across rather than smaller (issue 25: fitted to the width of every
 * column, the sheet printed in type nobody could read).
 */
export const PLAYERS_MIN_PRINT_SCALE = 75;

/** Widest a column is set, in characters: longer names and clubs are cut on paper, whole in the cell. */
const PLAYERS_WIDTH_CAP: Partial<Record<string, number>> = { 'Family name': 22, 'Given name': 16, Club: 30, City: 20 };

/**
 * The Players sheet's columns as they print: each as wide as what it holds (its header wraps, so a header is only as
 * wide as its longest word), the print area ending at the last column anything is entered in (the columns of no use
 * to this tournament — EGC flags, other federations' numbers — are left off the paper, still there to type into),
 * portrait when that fits at full size, else landscape, fitted to the width down to `PLAYERS_MIN_PRINT_SCALE`.
 */
export function playersPrintLayout(cells: readonly (readonly CellValue[])[]): {
  readonly widths: number[];
  readonly headerLines: number;
  readonly lastPrinted: number;
  readonly orientation: 'portrait' | 'landscape';
  readonly scale?: number;
} {
  const header = cells[0].map((h) => String(h ?? ''));
  const body = cells.slice(1);
  // Per column, in one pass over its cells (issue 28: a congress register's 25,000): whether anything is entered, and
  // its longest entry (one more than its length; 0 for none).
  const filled: boolean[] = [];
  const widths = header.map((h, c) => {
    const word = largestOf(h.split(/\s+/).map((w) => w.length), 0) + 1;
    let longest = 0;
    let any = false;
    for (const row of body) {
      const v = row[c] ?? null;
      if (isBlank(v)) continue;
      any = true;
      const length = String(v).length + 1;
      if (length > longest) longest = length;
    }
    filled.push(any);
    return Math.max(4, word, Math.min(PLAYERS_WIDTH_CAP[h] ?? (/^Member \d+ family name$/.test(h) ? 16 : 12), longest));
  });
  // ID, names and rank always; then up to the last column holding anything.
  const lastPrinted = Math.max(3, ...filled.map((f, c) => (f ? c : 0)));
  const headerLines = largestOf(header.slice(0, lastPrinted + 1).map((h, c) => wrappedLines(h, widths[c])), 1);
  const width = columnsWidth(widths.slice(0, lastPrinted + 1));
  if (width <= PRINTABLE.portrait.width) return { widths, headerLines, lastPrinted, orientation: 'portrait' };
  const fit = scaleToFit(width, 1, 'landscape');
  return { widths, headerLines, lastPrinted, orientation: 'landscape', ...(fit < PLAYERS_MIN_PRINT_SCALE ? { scale: PLAYERS_MIN_PRINT_SCALE } : {}) };
}

export function playersOps(players: readonly Player[], entrants?: EntrantSettings): WorkbookOp[] {
  const sheet = PLAYERS_SHEET;
  const cells = playersCells(players, entrants);
  const last = columnLetter(cells[0].length);
  const layout = playersPrintLayout(cells);
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: `A1:${last}1`, format: { ...HEADER_FORMAT, wrap: true, rowHeight: rowHeight(11) * layout.headerLines } },
    { kind: 'column-widths', sheet, widths: layout.widths },
    { kind: 'freeze', sheet, rows: 1, columns: 0 },
    {
      kind: 'print',
      sheet,
      settings: {
        printArea: `A1:${columnLetter(layout.lastPrinted + 1)}${cells.length}`,
        repeatRows: '1:1',
        orientation: layout.orientation,
        ...(layout.scale === undefined ? { fitToWidth: true } : { scale: layout.scale }),
      },
    },
  ];
}

/**
 * What is wrong with an entrant's rank, or undefined: in pair go and rengo the rank for the draw and handicaps is the
 * one the members give by the event's rule (src/model/entrants.ts), as the JSON reader checks it (src/formats/json.ts).
 */
export function entrantRankError(rank: Rank, members: readonly Member[], rule: EntrantRankRule | undefined): string | undefined {
  const expected = entrantRank(members.map((m) => m.rank), rule ?? DEFAULT_ENTRANT_RANK_RULE);
  if (expected === rank) return undefined;
  return `rank ${formatRank(rank)} is not the rank the members give: ${formatRank(expected)} (${rule ?? `${DEFAULT_ENTRANT_RANK_RULE}, the default`}); type ${formatRank(expected)}, or correct the members' ranks on the Players sheet`;
}

/** A row of the Players sheet: the fields it sets, and the row it is on. */
export interface PlayerRow {
  readonly row: number;
  readonly fields: Partial<Omit<Player, 'id'>>;
}

/** The similarity rule, said in the message. */
const SLIP_RULE = 'a header is taken for a slip of Tengen\'s when it differs by one letter added, removed or changed (two for headers of 8 letters or more), case and spaces aside';

/** `label` is a slip of Tengen's header `known` (both normalised): a small edit distance, never the same text. */
export function isSlipOf(label: string, known: string): boolean {
  if (label === known || label === '') return false;
  const allowed = known.length >= 8 ? 2 : 1;
  if (Math.abs(label.length - known.length) > allowed) return false;
  // Levenshtein distance, one row at a time.
  let previous = Array.from({ length: known.length + 1 }, (_, j) => j);
  for (let i = 1; i <= label.length; i++) {
    const current = [i];
    for (let j = 1; j <= known.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (label[i - 1] === known[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[known.length] <= allowed;
}

/**
 * The Players sheet's rows by ID; columns are found by their header, in any order. With `entrants` (the Settings
 * sheet's), an entrant's Rank beside its members must be the one they give.
 */
export function readPlayersSheet(values: readonly (readonly CellValue[])[], errors: InputError[], sheet = PLAYERS_SHEET, entrants?: EntrantSettings): Map<PlayerId, PlayerRow> {
  const out = new Map<PlayerId, PlayerRow>();
  const header = values[0] ?? [];
  const columnOf = new Map<Column, number>();
  /** Member n's columns: n → part → column index. */
  const memberColumns = new Map<number, Map<MemberPart, number>>();
  let registrationColumn: number | undefined;
  let otherFieldsColumn: number | undefined;
  header.forEach((h, i) => {
    const label = normaliseLabel(String(h ?? ''));
    const found = HEADERS.find(([, l]) => normaliseLabel(l) === label);
    if (found) {
      columnOf.set(found[0], i);
      return;
    }
    if (label === normaliseLabel(REGISTRATION_HEADER)) registrationColumn = i;
    if (label === normaliseLabel(OTHER_FIELDS_HEADER)) otherFieldsColumn = i;
    if (registrationColumn === i || otherFieldsColumn === i) return;
    const member = /^member (\d+)\b ?(.*)$/.exec(label);
    if (!member) {
      // A column of the director's own is kept, but one whose header is a slip of Tengen's (issue 27: "Absent round"
      // read as his own column, so an absence was ignored) is refused, naming the header expected.
      const close = HEADERS.find(([c, l]) => !header.some((x) => normaliseLabel(String(x ?? '')) === normaliseLabel(l)) && c !== 'id' && isSlipOf(label, normaliseLabel(l)));
      if (close) {
        errors.push({ where: sheetCell(sheet, 1, i + 1), message: `"${String(h)}" is close to Tengen's column "${close[1]}": rename it "${close[1]}" (or, for a column of your own, a name further from Tengen's: ${SLIP_RULE})` });
      }
      return;
    }
    const n = Number(member[1]);
    const part = MEMBER_PARTS.find(([, l]) => l === member[2]);
    if (!part || n < 1) {
      errors.push({ where: sheetCell(sheet, 1, i + 1), message: `"${String(h)}" is not a member's column; expected "${memberHeader(n, 'family')}", "${memberHeader(n, 'given')}" or "${memberHeader(n, 'rank')}"` });
      return;
    }
    if (!memberColumns.has(n)) memberColumns.set(n, new Map());
    memberColumns.get(n)!.set(part[0], i);
  });
  // A member is read from its family name and rank: without either column, said once here rather than on every row.
  for (const [n, cols] of memberColumns) {
    const missing = (['family', 'rank'] as const).filter((part) => !cols.has(part));
    if (missing.length === 0) continue;
    errors.push({ where: sheetCell(sheet, 1, [...cols.values()][0] + 1), message: `member ${n} has no ${missing.map((part) => `"${memberHeader(n, part)}"`).join(' or ')} column; expected the three columns ${MEMBER_PARTS.map(([part]) => `"${memberHeader(n, part)}"`).join(', ')}` });
    memberColumns.delete(n);
  }
  if (!columnOf.has('id')) {
    if (values.length > 0) errors.push({ where: `${sheet}!A1`, message: 'no "ID" column in the header row' });
    return out;
  }
  for (let r = 1; r < values.length; r++) {
    const row = values[r];
    if (row.every((c) => isBlank(c))) continue;
    const at = (c: Column) => sheetCell(sheet, r + 1, (columnOf.get(c) ?? 0) + 1);
    // One lookup of the column a cell, one reading of the cell a text (issue 28: a congress's thousand rows, some 30
    // columns each, looked up four times a text before).
    const get = (c: Column): CellValue => {
      const column = columnOf.get(c);
      return column !== undefined ? (row[column] ?? null) : null;
    };
    const id = Number(get('id'));
    if (!Number.isInteger(id) || id < 1 || isBlank(get('id'))) {
      errors.push({ where: at('id'), message: `"${String(get('id') ?? '')}" is not a player's ID; expected a whole number ≥ 1` });
      continue;
    }
    const fields: { -readonly [K in keyof Omit<Player, 'id'>]?: Player[K] } = {};
    const text = (c: Column) => {
      const v = get(c);
      return isBlank(v) ? undefined : String(v).trim();
    };
    const number = (c: Column): number | undefined => {
      const t = text(c);
      if (t === undefined) return undefined;
      const n = Number(t.replace('\u2212', '-'));
      if (!Number.isFinite(n)) errors.push({ where: at(c), player: String(id), message: `"${t}" is not a number` });
      return Number.isFinite(n) ? n : undefined;
    };
    // Each cell's text taken once (issue 28: a congress's thousand rows, a score of columns each).
    const family = text('family');
    if (family !== undefined) fields.family = family;
    if (columnOf.has('given')) fields.given = text('given') ?? '';
    const rankText = text('rank');
    if (rankText !== undefined) {
      const rank = parseRank(rankText);
      if (rank.ok) fields.rank = rank.rank;
      else errors.push({ where: at('rank'), player: String(id), message: rank.message });
    }
    for (const c of ['club', 'city', 'country', 'egdPin', 'feeLevel', 'section'] as const) {
      const t = text(c);
      if (t !== undefined) fields[c] = t;
    }
    // A number that does not read is named once, by its one reading.
    for (const c of ['rating', 'initialMms', 'previousOrder'] as const) {
      const n = number(c);
      if (n !== undefined) fields[c] = n;
    }
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
    const imported = (column: number | undefined) => (column === undefined || isBlank(row[column] ?? null) ? undefined : String(row[column]));
    const other = imported(otherFieldsColumn);
    if (other !== undefined) {
      const read = readOtherFields(other);
      if (typeof read === 'string') errors.push({ where: sheetCell(sheet, r + 1, otherFieldsColumn! + 1), player: String(id), message: read });
      else Object.assign(extra, read);
    }
    const registration = imported(registrationColumn)?.trim();
    if (registration !== undefined) {
      if ((REGISTRATIONS as readonly string[]).includes(registration.toUpperCase())) extra[REGISTRATION] = registration;
      else errors.push({ where: sheetCell(sheet, r + 1, registrationColumn! + 1), player: String(id), message: `"${registration}" (${REGISTRATION_HEADER}): expected PRE (preliminary: OpenGotha does not pair the player) or FIN (final); blank is FIN` });
    }
    for (const c of EXTRA_COLUMNS) {
      const t = text(c);
      if (t !== undefined) extra[c] = t;
    }
    if (Object.keys(extra).length > 0) fields.extra = extra;
    for (const c of ['european', 'pko', 'leagueQualified', 'declaredAllRounds'] as const) {
      const t = text(c);
      if (t === undefined) continue;
      const answer = readYesNo(get(c));
      if (answer !== undefined) fields[c] = answer;
      else errors.push({ where: at(c), player: String(id), message: `"${t}" (${HEADERS.find(([k]) => k === c)![1]}): expected yes or no` });
    }
    const absent = text('absentRounds');
    if (absent !== undefined) {
      const parts = absent.split(/[,;\s]+/).filter(Boolean).map(Number);
      if (parts.some((n) => !Number.isInteger(n) || n < 1)) errors.push({ where: at('absentRounds'), player: String(id), message: `"${absent}" is not a list of rounds; expected e.g. 1, 3` });
      else fields.absentRounds = [...new Set(parts)].sort((a, b) => a - b);
    }
    const errorsBefore = errors.length;
    const members = readMembers(row, r + 1, memberColumns, sheet, String(id), errors);
    // The rank is checked against the members once they are all read: a member refused leaves nothing to compare.
    if (members.length > 0 && errors.length === errorsBefore) {
      fields.members = members;
      const wrong = fields.rank === undefined ? undefined : entrantRankError(fields.rank, members, entrants?.rank);
      if (wrong) errors.push({ where: at('rank'), player: String(id), message: wrong });
    }
    if (out.has(id as PlayerId)) errors.push({ where: at('id'), message: `ID ${id} is also on row ${out.get(id as PlayerId)!.row}` });
    else out.set(id as PlayerId, { row: r + 1, fields });
  }
  return out;
}

/** The "Other fields (JSON)" cell: a JSON object of texts, or what is wrong with it. */
function readOtherFields(text: string): Record<string, string> | string {
  const expected = `expected the imported fields as Tengen writes them, a JSON object of texts such as {"grade": "5K", "ratingOrigin": "EGF"}; correct the cell, or clear it to drop those fields`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}" is not valid JSON; ${expected}`;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return `not a JSON object; ${expected}`;
  const entries = Object.entries(json as Record<string, unknown>);
  const wrong = entries.find(([, v]) => typeof v !== 'string');
  if (wrong) return `the field "${wrong[0]}" is not a text (${JSON.stringify(wrong[1])}); ${expected}`;
  const own = entries.find(([k]) => onOwnColumn(k));
  if (own) return `the field "${own[0]}" has its own column ("${own[0] === REGISTRATION ? REGISTRATION_HEADER : HEADERS.find(([c]) => c === own[0])![1]}"); move it there`;
  return Object.fromEntries(entries as [string, string][]);
}

/**
 * An entrant's members from its row, member 1 first; a member whose three cells are blank is no member. A member
 * needs a family name and a rank (the given name may be blank, as in the JSON file).
 */
function readMembers(row: readonly CellValue[], rowNumber: number, columns: ReadonlyMap<number, ReadonlyMap<MemberPart, number>>, sheet: string, player: string, errors: InputError[]): Member[] {
  const members: Member[] = [];
  for (const n of [...columns.keys()].sort((a, b) => a - b)) {
    const cols = columns.get(n)!;
    const text = (part: MemberPart) => {
      const c = cols.get(part);
      return c === undefined || isBlank(row[c] ?? null) ? undefined : String(row[c]).trim();
    };
    const at = (part: MemberPart) => sheetCell(sheet, rowNumber, (cols.get(part) ?? cols.get('family')!) + 1);
    const [family, given, rankText] = [text('family'), text('given'), text('rank')];
    if (family === undefined && given === undefined && rankText === undefined) continue;
    if (family === undefined) {
      errors.push({ where: at('family'), player, message: `member ${n} has a given name or rank but no family name; expected the member's family name in "${memberHeader(n, 'family')}"` });
      continue;
    }
    const who = `member ${n} (${[family, given].filter(Boolean).join(' ')})`;
    if (rankText === undefined) {
      errors.push({ where: at('rank'), player, message: `${who} has no rank; expected a rank such as 3d or 2k in "${memberHeader(n, 'rank')}"` });
      continue;
    }
    const rank = parseRank(rankText);
    if (!rank.ok) {
      errors.push({ where: at('rank'), player, message: `${who}: ${rank.message}` });
      continue;
    }
    members.push({ family, given: given ?? '', rank: rank.rank });
  }
  return members;
}
