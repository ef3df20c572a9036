/**
 * The formulas behind Tengen's custom functions (`functions/functions.ts`: `=GO.SOS(Grid!A1:AZ400, A16)` …), without
 * Office: worksheet values in, worksheet values out, a `TengenInputError` naming the cell when the grid is wrong.
 *
 * "Many per-player calls over the same grid parse it once": a custom function receives the grid's values afresh on
 * every call, so parsed grids are cached by CONTENT — the values compared cell by cell with the cached copies (exact:
 * no hash to collide; a hit costs one pass over the cells, a miss usually stops at the first differing cell) — in a
 * small least-recently-used cache of `GRID_CACHE_SIZE` grids; each keeps the standings computed for it per ruleset,
 * round and order. `=GO.SOS(grid, A16:A1015)` (an ID range) answers a whole column in one call.
 *
 * Why one file of this size: one short function per custom function, each the logic behind one =GO.… wrapper of functions/functions.ts, read side by side.
 */
import { TengenInputError, type InputError } from '../../model/errors';
import { toNumber, type Fraction } from '../../model/fraction';
import { parseRank } from '../../model/rank';
import { CRITERIA, type Criterion, type HandicapSettings, type PlayerId, type RulesetName, type Settings, type Tournament } from '../../model/tournament';
import { decideHandicap, EGF_HANDICAP, MAYS_HANDICAP } from '../../pairing/handicap';
import { directComparison } from '../../scoring/directComparison';
import { isRulesetName, RULESETS } from '../../scoring/rulesets';
import { computeStandings, type Standings, type StandingsEntry } from '../../scoring/standings';
import type { CellValue } from '../adapters/adapter';
import { columnNumber } from '../cells/address';
import { BLANKS_JUDGED_ON_COLUMNS, cellOf, isErrorText, optionalOf, rangeOf, sameCell, type ExcelRange } from './excelValues';
import { readGridDetailed, rereadResults, type GridRead } from '../sheets/gridReader';
import { FIRST_ROUND_COLUMN } from '../cells/notation';
import { readSettingsSheet, SETTINGS_SHEET } from '../sheets/settingsSheet';
import { STANDINGS_HEADER_ROW, standingsCells } from '../sheets/standingsSheet';

/**
 * A range argument as Excel passes it (any values: blanks as null, '' or 0, rich values as objects — `excelValues.ts`
 * normalises them once); plain `CellValue`s from Tengen's own reader are a special case.
 */
export type GridValues = ExcelRange;

/** Where the grid argument came from (Excel gives it with `@requiresParameterAddresses`), for cell addresses in errors. */
export interface GridSource {
  /** The sheet's name (default `Grid`). */
  readonly sheet?: string;
  /** 1-based row and column of the range's top-left cell (default A1). */
  readonly top?: number;
  readonly left?: number;
}

/**
 * Everything besides the grid's values a formula reads: where the grid came from, and optionally the Settings sheet
 * (the `settings` argument: placement order, lottery seed, handicap and OpenGotha scoring, which the grid's title
 * block does not carry — as the task pane merges them, the title block winning where both say something).
 */
export interface FormulaSource extends GridSource {
  /** The Settings sheet's values, from its A1 (`Settings!A1:B12`). */
  readonly settings?: GridValues | null;
  readonly settingsSource?: GridSource;
}

/** The criteria a per-player formula can ask for. */
export type PlayerCriterion = Exclude<Criterion, 'dc'>;

// ---------------------------------------------------------------------------------------------------------------
// Arguments

const CRITERION_ALIASES: Readonly<Record<string, Criterion>> = {
  score: 'mms',
  mcmahon: 'mms',
  wins: 'nbw',
  victories: 'nbw',
  sdos: 'sodos',
  sosm1: 'sos1',
  sosm2: 'sos2',
  directcomparison: 'dc',
  onetoone: 'oneonone',
};

/** `SOS-1`, `sos1`, `SODOS`, `DC`, `one-on-one` … → a criterion; the error says which names exist. */
export function parseCriterion(text: string, argument = 'criterion'): Criterion {
  const key = text.trim().toLowerCase().replace(/[\s_-]+/g, '');
  const c = (CRITERIA as readonly string[]).includes(key) ? (key as Criterion) : CRITERION_ALIASES[key];
  if (!c) throw inputError(`${argument}: "${text}" is not a criterion; expected one of ${CRITERIA.join(', ')}`);
  return c;
}

/** `"mms, sos, sodos"` (or a range of names) → criteria; blank → undefined (the default). */
export function parseCriteria(value: unknown, argument = 'criteria'): Criterion[] | undefined {
  const texts = (Array.isArray(value) ? (value as readonly (readonly unknown[])[]).flat() : [value])
    .map(optionalOf)
    .flatMap((v) => (v === null ? [] : String(v).split(/[,;]/)))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (texts.length === 0) return undefined;
  return texts.map((t) => parseCriterion(t, argument));
}

export function parseRuleset(given: unknown): RulesetName | undefined {
  const value = optionalOf(given);
  if (value === null) return undefined;
  const name = String(value).trim().toLowerCase();
  if (!isRulesetName(name)) throw inputError(`ruleset: "${value}" is not a ruleset; expected one of ${Object.keys(RULESETS).join(', ')}`);
  return name;
}

function inputError(message: string, where?: string): TengenInputError {
  return new TengenInputError([{ message, where }]);
}

/**
 * The `round` argument. Blank means every round played — and so does 0: an empty cell given as `round` arrives as 0 on
 * some Excel builds (OfficeDev/office-js #4702), which cannot be told from a typed 0, and "after round 0" (the order
 * before any game) is the Players sheet's, not a standings question.
 */
export function parseRound(given: unknown, t: Tournament): number | undefined {
  const value = optionalOf(given);
  if (value === null) return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (isErrorText(value) || !Number.isInteger(n) || n < 1 || n > t.settings.rounds) {
    throw inputError(`round: "${value}" is not a round of this tournament; expected a whole number from 1 to ${t.settings.rounds} (blank or 0: every round played)`);
  }
  return n;
}

function parseId(value: CellValue, t: Tournament, argument = 'id'): PlayerId {
  if (isErrorText(value)) throw inputError(`${argument}: the cell holds the error ${value}; expected a player's ID`);
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw inputError(`${argument}: "${value ?? ''}" is not a player's ID; expected the number in the grid's ID column`);
  if (!t.players.some((p) => p.id === n)) throw inputError(`${argument}: no player has ID ${n} on this grid`);
  return n as PlayerId;
}

// ---------------------------------------------------------------------------------------------------------------
// The cache: grid content → parsed tournament → standings per options

interface CachedGrid {
  readonly tournament: Tournament;
  readonly standings: Map<string, Standings>;
  readonly byId: Map<string, ReadonlyMap<PlayerId, StandingsEntry>>;
}

interface CacheEntry {
  readonly source: string;
  /** Where the range starts (1-based), to turn its cells into the grid's. */
  readonly top: number;
  readonly left: number;
  /** The values parsed, normalised (a fresh copy: the caller's arrays may change afterwards). */
  readonly values: readonly (readonly CellValue[])[];
  /** Whether its blanks came as 0 (`excelValues.ts`). */
  readonly zeroBlanks: boolean;
  /** The Settings sheet's values, normalised, [] without; and what they add to the grid's settings. */
  readonly settings: readonly (readonly CellValue[])[];
  readonly extraSettings: Partial<Settings>;
  /** What the grid reader found (where each player's line 1 is, the header row), for the cells it reads. */
  readonly read: GridRead;
  /** The players' line 2 (1-based rows): only its ID and Section cells are read, the rest is scores. */
  readonly line2: ReadonlySet<number>;
  readonly grid: CachedGrid;
}

/** Grids kept (least recently used dropped first), and standings variants kept per grid. */
export const GRID_CACHE_SIZE = 8;
const STANDINGS_PER_GRID = 16;

/** Most recently used first. */
const cache: CacheEntry[] = [];
let parses = 0;

/** How many grids were parsed since the process started (tests and the benchmark check "parsed once"). */
export function gridParseCount(): number {
  return parses;
}

export function clearFormulaCache(): void {
  cache.length = 0;
}

/** Same content: the raw values, as Excel passed them this time, read the same as normalised values kept before. */
function sameValues(kept: readonly (readonly CellValue[])[], raw: GridValues): boolean {
  if (kept.length !== raw.length) return false;
  for (let r = 0; r < kept.length; r++) {
    const x = kept[r];
    const y = raw[r];
    if (!Array.isArray(y) || x.length !== y.length) return false;
    for (let c = 0; c < x.length; c++) if (x[c] !== y[c] && !(x[c] === null && y[c] === '') && !sameCell(y[c], x[c])) return false;
  }
  return true;
}

const NO_CELLS: readonly CellValue[] = [];
/** More changed cells than this and the grid is read again whole (a change that large is not results being typed). */
const MAX_PATCHED_CELLS = 64;

/**
 * The cells the grid reader reads in which `raw` differs from a grid read before: [] when the two read the same,
 * undefined when they differ in more than `MAX_PATCHED_CELLS` cells or in how their blanks came. Only the cells the
 * reader reads are compared — the title block, from the header row down the columns up to the last round's result,
 * and on each player's line 2 the ID and Section cells — so the grid's computed cells (scores, Victories, Place) may differ, and a range over the input columns only
 * (the Grid's own `=GO.PLACE`, which must not read itself) shares the parse of a range over the whole sheet
 * (the Standings' `=GO.STANDINGS`). The comparison is exact, cell by cell, without normalising or allocating.
 */
function changedCells(entry: CacheEntry, raw: GridValues): { row: number; column: number }[] | undefined {
  const { read, top, left, values: kept, line2 } = entry;
  const inputColumns = FIRST_ROUND_COLUMN + 3 * read.tournament.settings.rounds - 1 - (left - 1);
  const changed: { row: number; column: number }[] = [];
  let anyBlank = false;
  const rows = Math.max(kept.length, raw.length);
  for (let r = 0; r < rows; r++) {
    const x = kept[r] ?? NO_CELLS;
    const given = raw[r];
    if (given !== undefined && !Array.isArray(given)) return undefined;
    const y: readonly unknown[] = given ?? NO_CELLS;
    const width = Math.max(x.length, y.length);
    const limit = r + top < read.headerRow ? width : Math.min(width, inputColumns);
    const scores = line2.has(r + top);
    for (let c = 0; c < limit; c++) {
      if (scores && c + left !== 1 && c + left !== 5) continue;
      const was = c < x.length ? x[c] : null;
      const now = y[c];
      if (c < BLANKS_JUDGED_ON_COLUMNS && (now === null || now === undefined || now === '')) anyBlank = true;
      if (was === now || (was === null && (now === '' || now === undefined))) continue; // the common cases, inline
      if (sameCell(now, was) || (entry.zeroBlanks && was === null && now === 0)) continue;
      changed.push({ row: r + top, column: c + left });
      if (changed.length > MAX_PATCHED_CELLS) return undefined;
    }
  }
  return anyBlank === !entry.zeroBlanks ? changed : undefined;
}

/** The values as if the range started at A1: rows above and columns to the left are blank. */
function fromA1(values: readonly (readonly CellValue[])[], source: GridSource): readonly (readonly CellValue[])[] {
  const top = (source.top ?? 1) - 1;
  const left = (source.left ?? 1) - 1;
  if (top === 0 && left === 0) return values;
  const lead: CellValue[] = new Array<CellValue>(left).fill(null);
  return [...Array.from({ length: top }, () => [] as CellValue[]), ...values.map((row) => [...lead, ...row])];
}

/**
 * The Settings range normalised. A 0 is blank in a label, and as the value of a setting that is text or at least 1;
 * Komi and Lottery seed may be 0, and so may the Handicap ceiling unless the range's blanks came as 0 (a ceiling
 * without a policy is refused, so a blank one must not become 0).
 */
function settingsOf(given: GridValues): CellValue[][] {
  const { values, zeroBlanks } = rangeOf(given);
  return values.map((row) => {
    const label = typeof row[0] === 'string' ? row[0].trim().toLowerCase() : '';
    const zeroIsValue = label === 'komi' || label === 'lottery seed' || (!zeroBlanks && label === 'handicap ceiling');
    return row.map((v, c) => (v === 0 && (c === 0 || !zeroIsValue) ? null : v));
  });
}

/**
 * The parsed grid for these values: from the cache when a grid of the same content (and the same sheet and corner)
 * was parsed before, else parsed now — a grid error throws a `TengenInputError` naming the cells.
 */
function gridOf(values: GridValues, source: FormulaSource): CachedGrid {
  const settings = source.settings ?? [];
  const settingsSource = source.settingsSource ?? {};
  const top = source.top ?? 1;
  const left = source.left ?? 1;
  const sourceKey = `${source.sheet ?? ''}!${top},${left}|${settingsSource.sheet ?? ''}!${settingsSource.top ?? 1},${settingsSource.left ?? 1}`;
  // The same grid (every cell the reader reads unchanged): the parse and the standings computed for it.
  let previous: { entry: CacheEntry; changed: { row: number; column: number }[] } | undefined;
  for (let i = 0; i < cache.length; i++) {
    const e = cache[i];
    if (e.source !== sourceKey || !sameValues(e.settings, settings)) continue;
    const changed = changedCells(e, values);
    if (changed === undefined) continue;
    if (changed.length === 0) {
      cache.splice(i, 1);
      cache.unshift(e);
      return e.grid;
    }
    previous ??= { entry: e, changed };
  }
  // Excel's values normalised once (blanks, rich values, errors: excelValues.ts), then read as any grid is.
  const normalised = rangeOf(values);
  const atA1 = fromA1(normalised.values, source);
  const options = { sheet: source.sheet, zerosMayBeBlank: true, blankZeros: normalised.zeroBlanks };
  // A few results typed since a grid read before: only those games read again (rereadResults), else the whole grid.
  let read = previous ? rereadResults(previous.entry.read, atA1, previous.changed, options) : undefined;
  let extraSettings = previous?.entry.extraSettings;
  let keptSettings = previous?.entry.settings;
  if (!read) {
    parses++;
    const parsed = readGridDetailed(atA1, options);
    if (!parsed.ok) throw new TengenInputError(parsed.errors);
    read = parsed.value;
  }
  if (!extraSettings || !keptSettings) {
    keptSettings = settingsOf(settings);
    extraSettings = {};
    if (settings.length > 0) {
      const errors: InputError[] = [];
      extraSettings = readSettingsSheet(fromA1(keptSettings, settingsSource), errors, settingsSource.sheet ?? SETTINGS_SHEET).settings;
      if (errors.length > 0) throw new TengenInputError(errors);
    }
  }
  // As the task pane reads a workbook (session.ts, readSession): the title block wins where both say something.
  const tournament = settings.length > 0 ? { ...read.tournament, settings: { ...extraSettings, ...read.tournament.settings } } : read.tournament;
  const grid: CachedGrid = { tournament, standings: new Map(), byId: new Map() };
  const line2 = new Set([...read.playerRows.values()].map((row) => row + 1));
  cache.unshift({ source: sourceKey, top, left, values: normalised.values, zeroBlanks: normalised.zeroBlanks, settings: keptSettings, extraSettings, read, line2, grid });
  if (cache.length > GRID_CACHE_SIZE) cache.pop();
  return grid;
}

export interface StandingsRequest {
  readonly ruleset?: RulesetName;
  readonly round?: unknown;
  readonly tiebreaks?: readonly Criterion[];
}

/** The parsed tournament of a grid (cached). */
export function gridTournament(values: GridValues, source: FormulaSource = {}): Tournament {
  return gridOf(values, source).tournament;
}

/** The standings of a grid (cached per grid, ruleset, round and order). */
export function gridStandings(values: GridValues, source: FormulaSource = {}, request: StandingsRequest = {}): Standings {
  return standingsIn(gridOf(values, source), request).standings;
}

function standingsIn(grid: CachedGrid, request: StandingsRequest): { standings: Standings; byId: ReadonlyMap<PlayerId, StandingsEntry> } {
  const asOf = parseRound(request.round, grid.tournament);
  const key = `${request.ruleset ?? ''}|${asOf ?? ''}|${request.tiebreaks?.join(',') ?? ''}`;
  let standings = grid.standings.get(key);
  if (!standings) {
    standings = computeStandings(grid.tournament, { ruleset: request.ruleset, asOf, tiebreaks: request.tiebreaks });
    grid.standings.set(key, standings);
    grid.byId.set(key, new Map(standings.entries.map((e) => [e.player.id, e])));
    if (grid.standings.size > STANDINGS_PER_GRID) {
      const oldest = grid.standings.keys().next().value!;
      grid.standings.delete(oldest);
      grid.byId.delete(oldest);
    }
  }
  return { standings, byId: grid.byId.get(key)! };
}

// ---------------------------------------------------------------------------------------------------------------
// The formulas

/** Fractions become worksheet numbers (half points are exact in binary; SOS normalised by Mays may not be). */
function numberOf(f: Fraction): number {
  return toNumber(f);
}

/**
 * The answer for a registered player the standings leave out (OpenGotha's: no game and no bye in any round): a blank,
 * as OpenGotha's standings show nothing for him.
 */
const LEFT_OUT = '';

/** An ID, or a range of IDs (a column or a row): the answer has the same shape; blank cells give blank answers. */
export type Ids = unknown;

/**
 * Each ID of the `id` argument, answered in its shape. In a range, a blank cell — null, '' or 0 (no player has ID 0:
 * the blank of a host that sends blanks as 0, office-js #4702 and #5262) — gives a blank answer ('': Excel shows a
 * blank, where a returned null would show 0, office-js #1503), so an ID column may run past the last player.
 */
export function mapIds<T>(ids: Ids, t: Tournament, each: (id: PlayerId) => T): (T | string)[][] {
  const grid = Array.isArray(ids) ? (ids as readonly unknown[]).map((row) => (Array.isArray(row) ? (row as unknown[]) : [row])) : [[ids]];
  const single = grid.length === 1 && grid[0].length === 1;
  return grid.map((row) =>
    row.map((given) => {
      const v = cellOf(given);
      if (!single && (v === null || v === 0 || (typeof v === 'string' && v.trim() === ''))) return '';
      return each(parseId(v, t));
    }),
  );
}

/**
 * A player's value of one criterion (`=GO.SOS(grid, id, [round])`): what the standings list for him, after `round`
 * (default: every round played), under the grid's ruleset.
 */
export function criterionFormula(values: GridValues, ids: Ids, criterion: PlayerCriterion, round?: unknown, source: FormulaSource = {}): (number | string)[][] {
  const grid = gridOf(values, source);
  const { byId } = standingsIn(grid, { round });
  return mapIds(ids, grid.tournament, (id) => (byId.has(id) ? numberOf(byId.get(id)!.values[criterion]) : LEFT_OUT));
}

/** The player's place (`=GO.PLACE(grid, id, [round])`), shared by equal players (EGF), within his section under Mays. */
export function placeFormula(values: GridValues, ids: Ids, round?: unknown, source: FormulaSource = {}): (number | string)[][] {
  const grid = gridOf(values, source);
  const { byId } = standingsIn(grid, { round });
  return mapIds(ids, grid.tournament, (id) => (byId.has(id) ? byId.get(id)!.place : LEFT_OUT));
}

/**
 * Direct Comparison (`=GO.DIRECTCOMPARE(grid, id, [tied by])`). seeds/egf-general-tournament-rules-excerpt.txt,
 * tiebreakers: "A player's Direct Comparison is the Number of Wins Score of only the games played against each
 * other", applied "iteratively" among players still tied; "in a McMahon or Swiss tournament … overridden by giving
 * each player of mutually tied players the value 0 if they all have not played the same number of games against each
 * other" (`directComparison`, `requireEqualMeetings`). Without `tied by`, the tie is the one the standings use: the
 * criteria placed before DC in the order (else the primary score). The value shown is the first comparison's, in
 * points.
 */
export function directCompareFormula(values: GridValues, ids: Ids, tiedBy?: readonly Criterion[], source: FormulaSource = {}): (number | string)[][] {
  const grid = gridOf(values, source);
  const { standings, byId } = standingsIn(grid, {});
  if (!tiedBy) return mapIds(ids, grid.tournament, (id) => (byId.has(id) ? numberOf(byId.get(id)!.values.dc) : LEFT_OUT));
  const by = tiedBy.filter((c) => c !== 'dc' && c !== 'oneonone');
  if (by.length !== tiedBy.length) throw inputError('tied by: DC and one-on-one cannot define the tie they break; name scores such as mms, sos');
  const same = (a: StandingsEntry, b: StandingsEntry) => by.every((c) => a.values[c].num === b.values[c].num && a.values[c].den === b.values[c].den);
  const system = grid.tournament.settings.system;
  const memo = new Map<number, ReadonlyMap<number, readonly number[]>>();
  return mapIds(ids, grid.tournament, (id) => {
    const me = byId.get(id);
    if (!me) return LEFT_OUT;
    const cached = memo.get(me.index);
    const keys =
      cached ??
      directComparison(
        standings.scoreboard,
        standings.entries.filter((e) => same(e, me)).map((e) => e.index),
        { requireEqualMeetings: system !== 'round-robin', iterate: true },
      ).keys;
    for (const p of keys.keys()) memo.set(p, keys);
    return (keys.get(me.index)?.[0] ?? 0) / 2;
  });
}

/**
 * The whole standings table (`=GO.STANDINGS(grid, [ruleset], [criteria], [round])`), spilled: the Standings sheet's
 * table (`standingsCells`, the same columns the task pane writes) from its header row down — Place, ID, Name, Rank,
 * City/Club, Section, the score, the number of wins and every criterion of the placement order (the given order,
 * else the grid's ruleset's), one row per player in standings order. Empty cells are '' (Excel shows blanks).
 */
export function standingsFormula(values: GridValues, ruleset?: RulesetName, criteria?: readonly Criterion[], round?: unknown, source: FormulaSource = {}): (string | number | boolean)[][] {
  const grid = gridOf(values, source);
  const { standings } = standingsIn(grid, { ruleset, tiebreaks: criteria, round });
  return standingsCells(standings)
    .slice(STANDINGS_HEADER_ROW - 1)
    .map((row) => row.map((v) => v ?? ''));
}

// ---------------------------------------------------------------------------------------------------------------
// HANDICAP

/**
 * Policies `=GO.HANDICAP` knows (src/pairing/handicap.ts quotes each rule): Mays' rank difference − 1 (the
 * default), the EGF's difference − 2 with even games from 14k up, the plain difference, none.
 */
const HANDICAP_POLICIES: Readonly<Record<string, HandicapSettings>> = {
  mays: MAYS_HANDICAP,
  aqjg: MAYS_HANDICAP,
  'minus-1': MAYS_HANDICAP,
  egf: EGF_HANDICAP,
  'minus-2': { policy: 'rank-difference-minus-2' },
  difference: { policy: 'rank-difference' },
  none: { policy: 'none' },
};

export function handicapFormula(rank1: unknown, rank2: unknown, given?: unknown): number {
  const policy = optionalOf(given);
  const name = policy === null ? 'mays' : String(policy).trim().toLowerCase();
  const settings = HANDICAP_POLICIES[name];
  if (!settings) throw inputError(`policy: "${policy}" is not a handicap policy; expected one of ${Object.keys(HANDICAP_POLICIES).join(', ')}`);
  const rank = (givenRank: unknown, argument: string) => {
    const value = cellOf(givenRank);
    if (isErrorText(value)) throw inputError(`${argument}: the cell holds the error ${value}; expected a rank such as 15k, 5d or 1p`);
    const parsed = parseRank(value === null ? '' : String(value));
    if (!parsed.ok) throw inputError(`${argument}: ${parsed.message}`);
    return parsed.rank;
  };
  const a = rank(rank1, 'rank1');
  const b = rank(rank2, 'rank2');
  return decideHandicap({ id: 1 as PlayerId, rank: a, scoreHalves: 0 }, { id: 2 as PlayerId, rank: b, scoreHalves: 0 }, settings).handicap;
}

// ---------------------------------------------------------------------------------------------------------------
// Where the grid came from

/**
 * `Grid!A1:AZ400`, `'Grid (final)'!B3:Z99`, `[Book1]Grid!A1:B2` → the sheet and the top-left cell; {} when unknown.
 */
export function gridSourceOf(address: string | undefined): GridSource {
  if (!address) return {};
  const m = /^(?:\[[^\]]*\])?(?:'((?:[^']|'')+)'|([^!']+))!\$?([A-Za-z]{1,3})\$?(\d+)/.exec(address.trim());
  if (!m) return {};
  const sheet = (m[1] ?? m[2]).replace(/''/g, "'").replace(/^\[[^\]]*\]/, '');
  return { sheet, top: Number(m[4]), left: columnNumber(m[3]) };
}
