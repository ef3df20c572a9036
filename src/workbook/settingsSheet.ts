/**
 * The `Settings` sheet: the tournament's settings the grid's title block does not show (the title block holds the
 * name, dates, place, director, ruleset, system, rounds, language, sections, bar, floor and MMS zero, and is what
 * counts for them). One setting a row: its name in column A, its value in column B.
 */
import type { InputError } from '../model/errors';
import { formatRank, parseRank } from '../model/rank';
import { CRITERIA, PAIRING_CRITERIA, type Criterion, type HandicapPolicy, type OpenGothaScoring, type PairingCriterion, type Settings } from '../model/tournament';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from './adapter';
import { sheetCell } from './address';
import { defineNameOp, SETTINGS_NAME } from './names';
import { isBlank, normaliseLabel, readYesNo, yesNoCell } from './notation';
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

type Key = 'shortName' | 'komi' | 'handicap' | 'ceiling' | 'evenAtOrAbove' | 'tiebreaks' | 'lotterySeed' | 'pairingTiebreaks' | 'hostCity' | 'prizes' | 'opengotha' | 'egc';
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
  egc: 'European Go Congress McMahon',
};
const KEYS = Object.keys(LABEL) as Key[];

/** What the Settings sheet carries besides `Settings` fields. */
export interface SheetSettings {
  readonly settings: Partial<Settings>;
  readonly shortName?: string;
}

export function settingsCells(settings: Settings, shortName?: string): CellValue[][] {
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
    egc: yesNoCell(settings.egc),
  };
  return [['Setting', 'Value'], ...KEYS.map((k) => [LABEL[k], value[k]])];
}

export function settingsOps(settings: Settings, shortName?: string): WorkbookOp[] {
  const sheet = SETTINGS_SHEET;
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells: settingsCells(settings, shortName) },
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
      case 'egc': {
        // The congress McMahon (seeds/egc-championship-rules.txt, "The McMahon Tournament"), with the system McMahon.
        const answer = readYesNo(v);
        if (answer !== undefined) settings.egc = answer;
        else errors.push({ where, message: `"${text}" (${LABEL.egc}): expected yes or no` });
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
  return { settings, ...(shortName !== undefined ? { shortName } : {}) };
}
