/**
 * The `Settings` sheet: the tournament's settings the grid's title block does not show (the title block holds the
 * name, dates, place, director, ruleset, system, rounds, language, sections, bar, floor and MMS zero, and is what
 * counts for them). One setting a row: its name in column A, its value in column B.
 */
import type { InputError } from '../model/errors';
import { formatRank, parseRank } from '../model/rank';
import { CRITERIA, PAIRING_CRITERIA, TEAM_STARTS, type Criterion, type HandicapPolicy, type OpenGothaScoring, type PairingCriterion, type PlayerId, type Settings, type Team, type TeamSettings, type TeamStart } from '../model/tournament';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from './adapter';
import { sheetCell } from './address';
import { defineNameOp, SETTINGS_NAME } from './names';
import { isBlank, normaliseLabel } from './notation';
import { formatPrizes, readPrizes } from './prizeNotation';

export const SETTINGS_SHEET = 'Settings';

const POLICIES: readonly HandicapPolicy[] = [
  'none',
  'rank-difference',
  'rank-difference-minus-1',
  'rank-difference-minus-2',
  'mms-difference',
  'mms-difference-minus-1',
  'mms-difference-minus-2',
];

type Key = 'shortName' | 'komi' | 'handicap' | 'ceiling' | 'evenAtOrAbove' | 'tiebreaks' | 'lotterySeed' | 'pairingTiebreaks' | 'hostCity' | 'prizes' | 'opengotha' | 'teams';
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
  teams: 'Teams (JSON)',
};
const KEYS = Object.keys(LABEL) as Key[];

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
  if (!settings.teams) return null;
  return JSON.stringify({ ...settings.teams, teams: (teams ?? []).map((x) => ({ number: x.number, name: x.name, boards: x.boards.map((b) => ({ round: b.round, board: b.board, player: b.player })) })) });
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
    teams: teamsJson(settings, teams),
  };
  return [['Setting', 'Value'], ...KEYS.map((k) => [LABEL[k], value[k]])];
}

export function settingsOps(settings: Settings, shortName?: string, teams?: readonly Team[]): WorkbookOp[] {
  const sheet = SETTINGS_SHEET;
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells: settingsCells(settings, shortName, teams) },
    settingsNameOp(),
    { kind: 'format', sheet, range: 'A1:B1', format: HEADER_FORMAT },
    { kind: 'column-widths', sheet, widths: [26, 40] },
    { kind: 'print', sheet, settings: { fitToWidth: true, orientation: 'portrait' } },
  ];
}

/** `TengenSettings`: the Settings table, the functions' `settings` argument (names.ts). */
export function settingsNameOp(): WorkbookOp {
  return defineNameOp(SETTINGS_NAME, SETTINGS_SHEET, `A1:B${KEYS.length + 1}`);
}

export function readSettingsSheet(values: readonly (readonly CellValue[])[], errors: InputError[], sheet = SETTINGS_SHEET): SheetSettings {
  const settings: { -readonly [K in keyof Settings]?: Settings[K] } = {};
  let shortName: string | undefined;
  let teams: Team[] | undefined;
  let policy: HandicapPolicy | undefined;
  let ceiling: number | undefined;
  let evenAtOrAbove: number | undefined;
  let handicapRow = 0;
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
      case 'komi':
        settings.komi = number();
        break;
      case 'handicap':
        handicapRow = r + 1;
        if ((POLICIES as readonly string[]).includes(text)) policy = text as HandicapPolicy;
        else errors.push({ where, message: `"${text}" is not a handicap policy; expected one of ${POLICIES.join(', ')}` });
        break;
      case 'ceiling': {
        const n = number();
        if (n !== undefined && (!Number.isInteger(n) || n < 0)) errors.push({ where, message: `handicap ceiling ${n}: expected a whole number ≥ 0` });
        else ceiling = n;
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
      case 'prizes': {
        const read = readPrizes(text);
        if (read.ok) settings.prizes = read.prizes;
        else errors.push({ where, message: read.message });
        break;
      }
      case 'opengotha':
        try {
          settings.opengotha = JSON.parse(text) as OpenGothaScoring;
        } catch {
          errors.push({ where, message: 'not valid JSON (OpenGotha scoring parameters as Tengen writes them)' });
        }
        break;
      case 'teams': {
        const read = readTeamsJson(text);
        if (typeof read === 'string') errors.push({ where, message: read });
        else {
          settings.teams = read.settings;
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
      ...(evenAtOrAbove !== undefined ? { evenAtOrAbove: evenAtOrAbove as Settings['bar'] & number } : {}),
    } as Settings['handicap'];
  } else if (ceiling !== undefined || evenAtOrAbove !== undefined) {
    errors.push({ where: sheetCell(sheet, handicapRow || 2, 2), message: 'a handicap ceiling or even-game rank needs a Handicap policy' });
  }
  for (const k of Object.keys(settings) as (keyof Settings)[]) if (settings[k] === undefined) delete settings[k];
  return { settings, ...(shortName !== undefined ? { shortName } : {}), ...(teams ? { teams } : {}) };
}

/** The `Teams (JSON)` cell read back, or what is wrong with it. */
function readTeamsJson(text: string): { settings: TeamSettings; teams: Team[] } | string {
  const expected = 'expected the team settings and lineups as Tengen writes them: {"boards": 4, "start": "average-down", "teams": [{"number", "name", "boards": [{"round", "board", "player"}]}]}';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `not valid JSON; ${expected}`;
  }
  const o = json as { boards?: unknown; start?: unknown; teams?: unknown };
  if (typeof o !== 'object' || o === null || !Number.isInteger(o.boards) || (o.boards as number) < 1) return `no whole number of boards; ${expected}`;
  if (o.start !== undefined && !(TEAM_STARTS as readonly unknown[]).includes(o.start)) return `start "${String(o.start)}" is not one of ${TEAM_STARTS.join(', ')}`;
  if (!Array.isArray(o.teams)) return `no list of teams; ${expected}`;
  const teams: Team[] = [];
  for (const x of o.teams as { number?: unknown; name?: unknown; boards?: unknown }[]) {
    if (!Number.isInteger(x?.number) || typeof x.name !== 'string' || !Array.isArray(x.boards)) return `a team without a number, a name or boards; ${expected}`;
    const boards = (x.boards as { round?: unknown; board?: unknown; player?: unknown }[]).map((b) => ({ round: Number(b?.round), board: Number(b?.board), player: Number(b?.player) as PlayerId }));
    if (boards.some((b) => ![b.round, b.board, b.player].every(Number.isInteger))) return `team ${String(x.number)} (${x.name}): a board without a whole round, board and player; ${expected}`;
    teams.push({ number: x.number as number, name: x.name, boards });
  }
  const settings: TeamSettings = o.start === undefined ? { boards: o.boards as number } : { boards: o.boards as number, start: o.start as TeamStart };
  return { settings, teams };
}
