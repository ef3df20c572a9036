/**
 * The `Settings` sheet: the tournament's settings the grid's title block does not show (the title block holds the
 * name, dates, place, director, ruleset, system, rounds, language, sections, bar, floor and MMS zero, and is what
 * counts for them). One setting a row: its name in column A, its value in column B.
 */
import { MAX_CYCLES } from '../../systems/round-robin/roundRobin';
import { DEFAULT_ENTRANT_RANK_RULE, ENTRANT_RANK_RULES, type EntrantKind, type EntrantRankRule } from '../../model/entrants';
import type { InputError } from '../../model/errors';
import { parseSiteUrl } from '../../model/siteUrl';
import { formatRank, parseRank } from '../../model/rank';
import { CRITERIA, PAIRING_CRITERIA, PAPERS, TEAM_STARTS, type Criterion, type HandicapPolicy, type KnockoutBracket, type OpenGothaScoring, type PairingCriterion, type PlayerId, type Settings, type Team, type TeamSettings, type TeamStart } from '../../model/tournament';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { defineNameOp, SETTINGS_NAME } from '../formulas/names';
import { isBlank, normaliseLabel, readYesNo, yesNoCell } from '../cells/notation';
import { formatPrizes, readPrizes } from '../cells/prizeNotation';

export const SETTINGS_SHEET = 'Settings';
export const MAX_KOMI = 100;
/** As many stones as a game's handicap may have (model/validate.ts). */
export const MAX_HANDICAP = 30;

const POLICIES: readonly HandicapPolicy[] = [
  'none',
  'rank-difference',
  'rank-difference-minus-1',
  'rank-difference-minus-2',
  'mms-difference',
  'mms-difference-minus-1',
  'mms-difference-minus-2',
];

type Key = 'shortName' | 'komi' | 'handicap' | 'ceiling' | 'evenAtOrAbove' | 'tiebreaks' | 'lotterySeed' | 'pairingTiebreaks' | 'hostCity' | 'prizes' | 'opengotha' | 'schedule' | 'cycles' | 'lots' | 'bracket' | 'correction' | 'egc' | 'teams' | 'entrantKind' | 'entrantRank' | 'paper' | 'siteUrl';
const LABEL: Readonly<Record<Key, string>> = {
  shortName: 'Short name',
  komi: 'Komi',
  handicap: 'Handicap',
  ceiling: 'Handicap ceiling',
  evenAtOrAbove: 'Even game at or above',
  tiebreaks: 'Tie-breakers',
  lotterySeed: 'Lottery seed',
  pairingTiebreaks: 'Pairing tie-breakers',
  hostCity: 'Host city',
  prizes: 'Prizes',
  opengotha: 'OpenGotha scoring (JSON)',
  schedule: 'Round-robin schedule',
  cycles: 'Round-robin cycles',
  lots: 'Pairing numbers',
  bracket: 'Knockout bracket',
  // Last, so that the rows above keep their places in workbooks written before it.
  correction: 'Handicap correction',
  egc: 'European Go Congress McMahon',
  teams: 'Teams (JSON)',
  // Pair go and rengo (settings.entrants, src/model/entrants.ts), after the rows above so that they keep their places;
  // written only for such a tournament (`writtenKeys`).
  entrantKind: 'Pair go or rengo',
  entrantRank: 'Pair or team rank',
  // The printouts' paper (issue 25), written only when the director chose one (`writtenKeys`).
  paper: 'Paper',
  // Where the results site will be uploaded (issue 22), written only when set (`writtenKeys`).
  siteUrl: 'Site address',
};
const BRACKETS: readonly KnockoutBracket[] = ['fold', 'egc-pko-24', 'egc-pko-32'];
const ENTRANT_KINDS: readonly EntrantKind[] = ['pair-go', 'rengo'];
const KEYS = Object.keys(LABEL) as Key[];
const ENTRANT_KEYS: readonly Key[] = ['entrantKind', 'entrantRank'];

/**
 * The rows written. The pair go and rengo rows only when the tournament has entrants: every workbook of individuals
 * keeps the table it had before they existed, so the settings cache behind the live spills (liveCache.ts), rendered
 * from these rows, stays the shape `TengenSettings` covers in it — two more rows there would make the fallback
 * compare tables of different sizes and show #N/A for good. A director may still type the two rows (read anywhere).
 */
function writtenKeys(settings: Settings): Key[] {
  return KEYS.filter((k) => (settings.entrants || !ENTRANT_KEYS.includes(k)) && (k !== 'paper' || settings.paper !== undefined) && (k !== 'siteUrl' || settings.siteUrl !== undefined));
}

/** What the Settings sheet carries besides `Settings` fields. */
export interface SheetSettings {
  readonly settings: Partial<Settings>;
  readonly shortName?: string;
  /** A team tournament's teams and lineups (the `Teams (JSON)` row, with settings.teams). */
  readonly teams?: readonly Team[];
}

/**
 * A team tournament's settings and lineups in one cell, as the file format writes them (docs/file-format.md, Teams):
 * `{ "boards", "start", "teams": [{ "number", "name", "boards": [{ "round", "board", "player" }] }] }`. The grid has
 * no place for lineups; the team sheets are rendered from them.
 */
function teamsJson(settings: Settings, teams: readonly Team[] | undefined): string | null {
  const lineups = (teams ?? []).map((x) => ({ number: x.number, name: x.name, boards: x.boards.map((b) => ({ round: b.round, board: b.board, player: b.player })) }));
  // Teams beside a tournament of individuals (an OpenGotha file ranks its players, and its teams beside them): the
  // lineups alone, without "boards", so that they survive the workbook (issue 27: Tournoi-de-Juvisy's 6 teams were lost).
  if (!settings.teams) return lineups.length > 0 ? JSON.stringify({ teams: lineups }) : null;
  return JSON.stringify({ ...settings.teams, teams: lineups });
}

export function settingsCells(settings: Settings, shortName?: string, teams?: readonly Team[]): CellValue[][] {
  const h = settings.handicap;
  const value: Record<Key, CellValue> = {
    shortName: shortName ?? null,
    komi: settings.komi ?? null,
    handicap: h?.policy ?? null,
    ceiling: h?.ceiling ?? null,
    evenAtOrAbove: h?.evenAtOrAbove === undefined ? null : formatRank(h.evenAtOrAbove),
    tiebreaks: settings.tiebreaks ? settings.tiebreaks.join(', ') : null,
    lotterySeed: settings.lotterySeed ?? null,
    pairingTiebreaks: settings.pairingTiebreaks ? settings.pairingTiebreaks.join(', ') : null,
    hostCity: settings.hostCity ?? null,
    prizes: settings.prizes && settings.prizes.length > 0 ? formatPrizes(settings.prizes) : null,
    opengotha: settings.opengotha ? JSON.stringify(settings.opengotha) : null,
    schedule: settings.schedule ?? null,
    cycles: settings.cycles ?? null,
    // "lottery, seed 2026": how the pairing numbers were drawn (src/pairing/lots.ts), replayable.
    lots: settings.lots ? `${settings.lots.by}${settings.lots.seed !== undefined ? `, seed ${settings.lots.seed}` : ''}` : null,
    bracket: settings.bracket ?? null,
    correction: h?.correction ?? null,
    egc: yesNoCell(settings.egc),
    teams: teamsJson(settings, teams),
    entrantKind: settings.entrants?.kind ?? null,
    entrantRank: settings.entrants?.rank ?? null,
    paper: settings.paper ?? null,
    siteUrl: settings.siteUrl ?? null,
  };
  return [['Setting', 'Value'], ...writtenKeys(settings).map((k) => [LABEL[k], value[k]])];
}

export function settingsOps(settings: Settings, shortName?: string, teams?: readonly Team[]): WorkbookOp[] {
  const sheet = SETTINGS_SHEET;
  const cells = settingsCells(settings, shortName, teams);
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    settingsNameOp(cells.length),
    { kind: 'format', sheet, range: 'A1:B1', format: HEADER_FORMAT },
    { kind: 'column-widths', sheet, widths: [26, 40] },
    { kind: 'print', sheet, settings: { fitToWidth: true, orientation: 'portrait' } },
  ];
}

/** `TengenSettings`: the Settings table of `rows` rows (its header included), the functions' `settings` argument (names.ts). */
export function settingsNameOp(rows: number): WorkbookOp {
  return defineNameOp(SETTINGS_NAME, SETTINGS_SHEET, `A1:B${rows}`);
}

export function readSettingsSheet(values: readonly (readonly CellValue[])[], errors: InputError[], sheet = SETTINGS_SHEET): SheetSettings {
  const settings: { -readonly [K in keyof Settings]?: Settings[K] } = {};
  let shortName: string | undefined;
  let teams: Team[] | undefined;
  let policy: HandicapPolicy | undefined;
  let ceiling: number | undefined;
  let evenAtOrAbove: number | undefined;
  let correction: number | undefined;
  let handicapRow = 0;
  let entrantKind: EntrantKind | undefined;
  let entrantRankRule: EntrantRankRule | undefined;
  let entrantRankRow = 0;
  for (let r = 1; r < values.length; r++) {
    const [label, v] = [values[r][0] ?? null, values[r][1] ?? null];
    if (isBlank(label)) continue;
    const key = KEYS.find((k) => normaliseLabel(LABEL[k]) === normaliseLabel(String(label)));
    const where = sheetCell(sheet, r + 1, 2);
    if (!key) {
      errors.push({ where: sheetCell(sheet, r + 1, 1), message: `"${String(label)}" is not a setting; expected one of ${KEYS.map((k) => LABEL[k]).join(', ')}` });
      continue;
    }
    if (isBlank(v)) continue;
    const text = String(v).trim();
    const number = () => {
      const n = typeof v === 'number' ? v : Number(text.replace(',', '.'));
      if (!Number.isFinite(n)) errors.push({ where, message: `"${text}" is not a number (${LABEL[key]})` });
      return Number.isFinite(n) ? n : undefined;
    };
    switch (key) {
      case 'shortName':
        shortName = text;
        break;
      case 'komi': {
        // Komi is whole or half points (a jigo needs a whole komi); no ruleset gives more than a few dozen.
        const n = number();
        if (n !== undefined && !(Number.isInteger(n * 2) && Math.abs(n) <= MAX_KOMI)) errors.push({ where, message: `komi ${n}: expected a whole or half number of points between -${MAX_KOMI} and ${MAX_KOMI}` });
        else settings.komi = n;
        break;
      }
      case 'handicap':
        handicapRow = r + 1;
        if ((POLICIES as readonly string[]).includes(text)) policy = text as HandicapPolicy;
        else errors.push({ where, message: `"${text}" is not a handicap policy; expected one of ${POLICIES.join(', ')}` });
        break;
      case 'ceiling': {
        const n = number();
        if (n !== undefined && (!Number.isInteger(n) || n < 0 || n > MAX_HANDICAP)) errors.push({ where, message: `handicap ceiling ${n}: expected a whole number of stones 0–${MAX_HANDICAP}` });
        else ceiling = n;
        break;
      }
      case 'correction': {
        const n = number();
        if (n !== undefined && (!Number.isInteger(n) || n < 0)) errors.push({ where, message: `handicap correction ${n}: expected a whole number of stones ≥ 0` });
        else correction = n;
        break;
      }
      case 'evenAtOrAbove': {
        const rank = parseRank(text);
        if (rank.ok) evenAtOrAbove = rank.rank;
        else errors.push({ where, message: rank.message });
        break;
      }
      case 'tiebreaks': {
        const names = text.split(/[,;›>\s]+/).filter(Boolean).map((s) => s.toLowerCase());
        const bad = names.filter((n) => !(CRITERIA as readonly string[]).includes(n));
        if (bad.length > 0) errors.push({ where, message: `${bad.map((b) => `"${b}"`).join(', ')} ${bad.length === 1 ? 'is not a criterion' : 'are not criteria'}; expected among ${CRITERIA.join(', ')}` });
        else settings.tiebreaks = names as Criterion[];
        break;
      }
      case 'lotterySeed': {
        const n = number();
        if (n !== undefined && !Number.isInteger(n)) errors.push({ where, message: `lottery seed ${n}: expected a whole number` });
        else settings.lotterySeed = n;
        break;
      }
      case 'pairingTiebreaks': {
        // The draw's own order inside a score group (EGC rules, Pairings: SOS-2 "for only the purpose of creating
        // reasonably fair pairings"); DC and 1-on-1 depend on the tied group, so they cannot order one.
        const names = text.split(/[,;›>\s]+/).filter(Boolean).map((s) => s.toLowerCase());
        const bad = names.filter((n) => !(PAIRING_CRITERIA as readonly string[]).includes(n));
        if (bad.length > 0) errors.push({ where, message: `${bad.map((b) => `"${b}"`).join(', ')} cannot order a score group for the draw; expected among ${PAIRING_CRITERIA.join(', ')}` });
        else settings.pairingTiebreaks = names as PairingCriterion[];
        break;
      }
      case 'hostCity':
        settings.hostCity = text;
        break;
      case 'paper': {
        const paper = PAPERS.find((x) => x.toLowerCase() === text.toLowerCase());
        if (paper) settings.paper = paper;
        else errors.push({ where, message: `"${text}" is not a paper Tengen sets the printouts up for; expected ${PAPERS.join(' or ')}` });
        break;
      }
      case 'siteUrl': {
        // The QR codes point there (src/publish): an http(s) folder address, read with its final "/".
        const read = parseSiteUrl(text, where);
        if (read.ok) settings.siteUrl = read.value;
        else errors.push(...read.errors);
        break;
      }
      case 'prizes': {
        const read = readPrizes(text);
        if (read.ok) settings.prizes = read.prizes;
        else errors.push({ where, message: read.message });
        break;
      }
      case 'schedule':
        if (text === 'berger' || text === 'egc') settings.schedule = text;
        else errors.push({ where, message: `"${text}" is not a round-robin schedule; expected berger or egc` });
        break;
      case 'cycles': {
        const n = number();
        if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > MAX_CYCLES)) errors.push({ where, message: `${n} cycles: a round-robin has a whole number of cycles from 1 to ${MAX_CYCLES}` });
        else settings.cycles = n;
        break;
      }
      case 'lots': {
        const m = /^(lottery|rating|id)(?:\s*,\s*seed\s+(\d+))?$/i.exec(text);
        if (m) settings.lots = { by: m[1].toLowerCase() as 'lottery' | 'rating' | 'id', ...(m[2] !== undefined ? { seed: Number(m[2]) } : {}) };
        else errors.push({ where, message: `"${text}": expected how the pairing numbers were drawn, e.g. "lottery, seed 2026", "rating, seed 0" or "id"` });
        break;
      }
      case 'opengotha': {
        const problem = readOpenGothaScoring(text);
        if (typeof problem === 'string') errors.push({ where, message: `not OpenGotha scoring parameters as Tengen writes them: ${problem}` });
        else settings.opengotha = problem;
        break;
      }
      case 'bracket':
        if ((BRACKETS as readonly string[]).includes(text)) settings.bracket = text as KnockoutBracket;
        else errors.push({ where, message: `"${text}" is not a knockout bracket; expected one of ${BRACKETS.join(', ')}` });
        break;
      case 'egc': {
        // The congress McMahon (seeds/egc-championship-rules.txt, "The McMahon Tournament"), with the system McMahon.
        const answer = readYesNo(v);
        if (answer !== undefined) settings.egc = answer;
        else errors.push({ where, message: `"${text}" (${LABEL.egc}): expected yes or no` });
        break;
      }
      case 'entrantKind': {
        // seeds/egf-general-tournament-rules-excerpt.txt: "In case of pairgo or rengo, 'player' denotes a pair or team."
        // Typed by hand as "pair go", "Pair-go", "pairgo" or "rengo".
        const kind = ENTRANT_KINDS.find((k) => oneWord(k) === oneWord(text));
        if (kind) entrantKind = kind;
        else errors.push({ where, message: `"${text}" is not a kind of entrant; expected ${ENTRANT_KINDS.join(' or ')}` });
        break;
      }
      case 'entrantRank': {
        entrantRankRow = r + 1;
        const rule = ENTRANT_RANK_RULES.find((k) => oneWord(k) === oneWord(text));
        if (rule) entrantRankRule = rule;
        else errors.push({ where, message: `"${text}" is not a rule for a pair’s or team’s rank; expected ${ENTRANT_RANK_RULES.slice(0, -1).join(', ')} or ${ENTRANT_RANK_RULES.at(-1)!}` });
        break;
      }
      case 'teams': {
        const read = readTeamsJson(text);
        if (typeof read === 'string') errors.push({ where, message: read });
        else {
          if (read.settings) settings.teams = read.settings;
          teams = read.teams;
        }
        break;
      }
    }
  }
  if (policy !== undefined) {
    settings.handicap = {
      policy,
      ...(ceiling !== undefined ? { ceiling } : {}),
      ...(correction !== undefined ? { correction } : {}),
      ...(evenAtOrAbove !== undefined ? { evenAtOrAbove: evenAtOrAbove as Settings['bar'] & number } : {}),
    } as Settings['handicap'];
  } else if (ceiling !== undefined || evenAtOrAbove !== undefined || correction !== undefined) {
    errors.push({ where: sheetCell(sheet, handicapRow || 2, 2), message: 'a handicap ceiling, correction or even-game rank needs a Handicap policy' });
  }
  // The rank rule is the event's choice (src/model/entrants.ts: the EGF rules are silent); left blank, the one the JSON
  // reader takes for members without settings.entrants.
  if (entrantKind !== undefined) settings.entrants = { kind: entrantKind, rank: entrantRankRule ?? DEFAULT_ENTRANT_RANK_RULE };
  else if (entrantRankRule !== undefined) errors.push({ where: sheetCell(sheet, entrantRankRow, 2), message: `a pair or team rank rule needs "${LABEL.entrantKind}" (${ENTRANT_KINDS.join(' or ')})` });
  for (const k of Object.keys(settings) as (keyof Settings)[]) if (settings[k] === undefined) delete settings[k];
  return { settings, ...(shortName !== undefined ? { shortName } : {}), ...(teams ? { teams } : {}) };
}

/** A value as typed, compared without case, spaces or hyphens: "Pair go" is `pair-go`, "average down" `average-down`. */
function oneWord(text: string): string {
  return normaliseLabel(text).replace(/[-\s_]/g, '');
}

/** The `Teams (JSON)` cell read back, or what is wrong with it. */
function readTeamsJson(text: string): { settings?: TeamSettings; teams: Team[] } | string {
  const expected = 'expected the team settings and lineups as Tengen writes them: {"boards": 4, "start": "average-down", "teams": [{"number", "name", "boards": [{"round", "board", "player"}]}]} (without "boards" and "start" for teams beside a tournament of individuals)';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `not valid JSON; ${expected}`;
  }
  const o = json as { boards?: unknown; start?: unknown; teams?: unknown };
  if (typeof o !== 'object' || o === null) return `not a JSON object; ${expected}`;
  const beside = o.boards === undefined && o.start === undefined;
  if (!beside && (!Number.isInteger(o.boards) || (o.boards as number) < 1)) return `no whole number of boards; ${expected}`;
  if (o.start !== undefined && !(TEAM_STARTS as readonly unknown[]).includes(o.start)) return `start "${String(o.start)}" is not one of ${TEAM_STARTS.join(', ')}`;
  if (!Array.isArray(o.teams)) return `no list of teams; ${expected}`;
  const teams: Team[] = [];
  for (const x of o.teams as { number?: unknown; name?: unknown; boards?: unknown }[]) {
    if (!Number.isInteger(x?.number) || typeof x.name !== 'string' || !Array.isArray(x.boards)) return `a team without a number, a name or boards; ${expected}`;
    const boards = (x.boards as { round?: unknown; board?: unknown; player?: unknown }[]).map((b) => ({ round: Number(b?.round), board: Number(b?.board), player: Number(b?.player) as PlayerId }));
    if (boards.some((b) => ![b.round, b.board, b.player].every(Number.isInteger))) return `team ${String(x.number)} (${x.name}): a board without a whole round, board and player; ${expected}`;
    teams.push({ number: x.number as number, name: x.name, boards });
  }
  if (beside) return { teams };
  const settings: TeamSettings = o.start === undefined ? { boards: o.boards as number } : { boards: o.boards as number, start: o.start as TeamStart };
  return { settings, teams };
}

/**
 * The parameters, or what is wrong with them: the shape `tournament.schema.json` gives `settings.opengotha`, checked
 * by hand (the custom functions read this sheet, and their bundle stays without the JSON reader's Ajv).
 */
function readOpenGothaScoring(text: string): OpenGothaScoring | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not valid JSON';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'expected a JSON object';
  const o = value as Record<string, unknown>;
  const strings = (v: unknown) => Object.values(v as object).every((x) => typeof x === 'string');
  const KINDS: Readonly<Record<keyof OpenGothaScoring, { required: boolean; check: (v: unknown) => boolean; what: string }>> = {
    mmsHalvesAbsent: { required: true, check: Number.isSafeInteger, what: 'a whole number' },
    mmsHalvesBye: { required: true, check: Number.isSafeInteger, what: 'a whole number' },
    nbwHalvesAbsent: { required: true, check: Number.isSafeInteger, what: 'a whole number' },
    nbwHalvesBye: { required: true, check: Number.isSafeInteger, what: 'a whole number' },
    roundDown: { required: true, check: (v) => typeof v === 'boolean', what: 'true or false' },
    placementCriteria: { required: false, check: (v) => Array.isArray(v) && strings(v), what: 'a list of texts' },
    pairingParameters: { required: false, check: (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && strings(v), what: 'an object of texts' },
    generalParameters: { required: false, check: (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && strings(v), what: 'an object of texts' },
    teamSize: { required: false, check: (v) => Number.isSafeInteger(v) && (v as number) >= 1, what: 'a whole number ≥ 1' },
    teamPlacementCriteria: { required: false, check: (v) => Array.isArray(v) && strings(v), what: 'a list of texts' },
  };
  for (const key of Object.keys(o)) if (!(key in KINDS)) return `unknown key "${key}"`;
  for (const [key, kind] of Object.entries(KINDS)) {
    if (!(key in o)) {
      if (kind.required) return `missing "${key}"`;
      continue;
    }
    if (!kind.check(o[key])) return `"${key}" must be ${kind.what}`;
  }
  return o as unknown as OpenGothaScoring;
}
