/**
 * What a director writes in the three cells of a round on the paper tournament grid, in English or French, and
 * what Tengen reads from them.
 *
 * seeds/mays-swiss-mcmahon-manual.txt, "Doing the Paperwork": the director "enters the ID number of Jayne Unknown
 * ("28") … and then he enters the color of the stones that was given to John Doe ("W" for white)"; "If, instead of
 * black, Jayne Unknown had been given a 2-stone handicap, this would be indicated by "+2," instead of "B," and, on
 * John Doe's pairing card, this same information would be indicated as "-2" (and in the case of a no-komi game, the
 * values would be "+1" and "-1" respectively). If John Doe had been given a bye, then the word "BYE" would be
 * written across the spaces where "28" and "W" are now written".
 * Appendix B, the French card: "Numéro de l'adv. | Couleur" — in French White is *blanc* (B) and Black *noir* (N),
 * so a `B` means White on a French grid and Black on an English one: the grid's Language decides.
 *
 * Results: `+` won, `−` (or `-`) lost, `=` jigo; a `!` after it marks a result by default, as the EGF results
 * format does (seeds/egf-general-tournament-rules-excerpt.txt lists default wins, ties and losses as results of
 * their own; the .h9 format writes "!" instead of "/" for them): `+!` default win, `−!` default loss, `=!` default
 * jigo. A blank result beside an opponent is a game not yet reported. A round left blank is a round missed.
 */
import type { PairingSystem } from '../../model/tournament';
import type { Outcome } from '../../scoring/record';
import type { CellValue } from '../adapters/adapter';

export type GridLanguage = 'en' | 'fr';

/** The minus sign Tengen writes (U+2212, as in the manual's "−n"); `-` and `–` are read alike. */
export const MINUS = '\u2212';

export interface ColourMark {
  readonly colour: 'white' | 'black';
  /** 0 = even game; 1 = no komi; n ≥ 2 stones. */
  readonly handicap: number;
  /** False for `W?`/`B?`: the places on the sheet, colours decided by nigiri and not recorded. */
  readonly colourKnown: boolean;
}

export type ResultSign = '+' | '-' | '=';
export interface ResultMark {
  readonly sign: ResultSign;
  readonly byDefault: boolean;
}

const COLOUR_LETTERS: Readonly<Record<GridLanguage, { white: string; black: string }>> = {
  en: { white: 'W', black: 'B' },
  fr: { white: 'B', black: 'N' },
};

export function colourText(mark: ColourMark, language: GridLanguage): string {
  if (mark.handicap > 0) return mark.colour === 'white' ? `${MINUS}${mark.handicap}` : `+${mark.handicap}`;
  return COLOUR_LETTERS[language][mark.colour] + (mark.colourKnown ? '' : '?');
}

function normaliseMinus(text: string): string {
  return text.replace(/[\u2212\u2013\u2014]/g, '-');
}

export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

export function expectedColours(language: GridLanguage): string {
  const l = COLOUR_LETTERS[language];
  return `${l.white} (White), ${l.black} (Black), +n (received n stones: Black), ${MINUS}n (gave n stones: White) or BYE`;
}

/**
 * A colour cell. Excel turns a typed `+2` into the number 2 and `-2` into −2, so numbers are read as the signed
 * handicap they came from.
 */
export function readColour(cell: CellValue, language: GridLanguage): Read<ColourMark> {
  // Read for every game on the grid: the list of what was expected is written only for an error.
  if (typeof cell === 'number') {
    if (Number.isInteger(cell) && cell !== 0 && Math.abs(cell) <= 99) {
      return { ok: true, value: { colour: cell > 0 ? 'black' : 'white', handicap: Math.abs(cell), colourKnown: true } };
    }
    return { ok: false, message: `${cell} is not a colour; expected ${expectedColours(language)}` };
  }
  if (typeof cell !== 'string' || cell.trim() === '') return { ok: false, message: `no colour; expected ${expectedColours(language)}` };
  const text = normaliseMinus(cell.trim()).toUpperCase();
  const handicap = /^([+-])\s*(\d{1,2})$/.exec(text);
  if (handicap) {
    const n = Number(handicap[2]);
    if (n === 0) return { ok: false, message: `"${cell}": a handicap of 0 is an even game, written ${COLOUR_LETTERS[language].white} or ${COLOUR_LETTERS[language].black}` };
    return { ok: true, value: { colour: handicap[1] === '+' ? 'black' : 'white', handicap: n, colourKnown: true } };
  }
  const letters = COLOUR_LETTERS[language];
  const m = /^([A-Z])(\?)?$/.exec(text);
  if (m && (m[1] === letters.white || m[1] === letters.black)) {
    return { ok: true, value: { colour: m[1] === letters.white ? 'white' : 'black', handicap: 0, colourKnown: m[2] === undefined } };
  }
  const other: GridLanguage = language === 'en' ? 'fr' : 'en';
  const hint = m && (m[1] === COLOUR_LETTERS[other].white || m[1] === COLOUR_LETTERS[other].black) ? ` (this grid's language is ${language.toUpperCase()})` : '';
  return { ok: false, message: `"${cell}" is not a colour${hint}; expected ${expectedColours(language)}` };
}

export function resultText(mark: ResultMark | undefined): string {
  if (!mark) return '';
  return (mark.sign === '-' ? MINUS : mark.sign) + (mark.byDefault ? '!' : '');
}

/** The mark a player's result is written with (`+`, `−`, `=`, `!` by default); undefined for no result (pending, bye, absent). */
export function outcomeMark(outcome: Outcome): ResultMark | undefined {
  switch (outcome) {
    case 'win':
      return { sign: '+', byDefault: false };
    case 'loss':
      return { sign: '-', byDefault: false };
    case 'jigo':
      return { sign: '=', byDefault: false };
    case 'default-win':
      return { sign: '+', byDefault: true };
    case 'default-loss':
      return { sign: '-', byDefault: true };
    case 'default-jigo':
      return { sign: '=', byDefault: true };
    default:
      return undefined;
  }
}

export const EXPECTED_RESULT = `+ (won), ${MINUS} or - (lost), = (jigo), with ! after it for a result by default (+!, ${MINUS}!, =!), the points 1, 0 or 0.5, or blank (not yet reported)`;

/**
 * A result cell; `undefined` for blank (not yet reported). Excel takes a typed `+`, `-` or `=` for the start of a
 * formula, so a director typing in Excel writes `'+` (with an apostrophe) — or the points: 1 won, 0 lost, 0.5 (or
 * ½) jigo, which read as +, − and =.
 */
export function readResult(cell: CellValue): Read<ResultMark | undefined> {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return { ok: true, value: undefined };
  const points = typeof cell === 'number' ? cell : typeof cell === 'string' && /^\s*(1|0|0[.,]5|½)\s*$/.test(cell) ? (cell.trim() === '½' ? 0.5 : Number(cell.trim().replace(',', '.'))) : undefined;
  if (points === 1 || points === 0 || points === 0.5) return { ok: true, value: { sign: points === 1 ? '+' : points === 0 ? '-' : '=', byDefault: false } };
  if (typeof cell !== 'string') return { ok: false, message: `${String(cell)} is not a result; expected ${EXPECTED_RESULT}` };
  const m = /^([+\-=])\s*(!)?$/.exec(normaliseMinus(cell.trim()));
  if (!m) return { ok: false, message: `"${cell}" is not a result; expected ${EXPECTED_RESULT}` };
  return { ok: true, value: { sign: m[1] as ResultSign, byDefault: m[2] === '!' } };
}

/** `BYE` in either language (French directors also write EXEMPT). */
export function isByeText(cell: CellValue): boolean {
  return typeof cell === 'string' && /^(bye|exempt)$/i.test(cell.trim());
}

export function isBlank(cell: CellValue | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/** Labels of the grid, as printed. */
export interface GridLabels {
  readonly tournament: string;
  readonly dates: string;
  readonly place: string;
  readonly director: string;
  readonly ruleset: string;
  readonly system: string;
  readonly rounds: string;
  readonly language: string;
  readonly sections: string;
  readonly bar: string;
  readonly floor: string;
  readonly mmsZero: string;
  readonly id: string;
  readonly name: string;
  readonly club: string;
  readonly rank: string;
  readonly initial: string;
  readonly round: string;
  readonly opponent: string;
  readonly colour: string;
  readonly result: string;
  readonly victories: string;
  readonly placeColumn: string;
  readonly systems: Readonly<Record<PairingSystem, string>>;
}

export const LABELS: Readonly<Record<GridLanguage, GridLabels>> = {
  en: {
    tournament: 'Tournament',
    dates: 'Dates',
    place: 'Place',
    director: 'Director',
    ruleset: 'Ruleset',
    system: 'System',
    rounds: 'Rounds',
    language: 'Language',
    sections: 'Sections',
    bar: 'Bar',
    floor: 'Floor',
    mmsZero: 'MMS zero',
    id: 'ID',
    name: 'Name',
    club: 'City/Club',
    rank: 'Rank',
    initial: 'Section',
    round: 'Round',
    opponent: 'Opp.',
    colour: 'Col.',
    result: 'Res.',
    // "Wins", as the Standings sheet and the task pane say it (one word for one thing everywhere a director reads it);
    // Mays counts "the highest number of victories" ("Determining the Winners"), byes and default wins included.
    victories: 'Wins',
    placeColumn: 'Place',
    systems: { mcmahon: 'McMahon', swiss: 'Swiss', 'round-robin': 'Round-robin', knockout: 'Knockout', 'egc-qt': 'EGC Qualification', 'groups-of-eight': 'Groups of Eight' },
  },
  fr: {
    tournament: 'Tournoi',
    dates: 'Dates',
    place: 'Lieu',
    director: 'Directeur',
    ruleset: 'Règlement',
    system: 'Système',
    rounds: 'Rondes',
    language: 'Langue',
    sections: 'Sections',
    bar: 'Barre',
    floor: 'Plancher',
    mmsZero: 'Zéro MMS',
    id: 'No.',
    name: 'Nom',
    club: 'Ville/Club',
    rank: 'Cote',
    initial: 'Score initial',
    round: 'Ronde',
    opponent: 'Adv.',
    colour: 'Coul.',
    result: 'Rés.',
    victories: 'Victoires',
    placeColumn: 'Rang',
    systems: { mcmahon: 'McMahon', swiss: 'Suisse', 'round-robin': 'Toutes rondes', knockout: 'Élimination directe', 'egc-qt': 'Qualification EGC', 'groups-of-eight': 'Groupes de huit' },
  },
};

/** The grid's column of round 1's opponent (after ID, Name, City/Club, Rank, Section); each round takes three columns. */
export const FIRST_ROUND_COLUMN = 6;

export type TitleKey = 'tournament' | 'dates' | 'place' | 'director' | 'ruleset' | 'system' | 'rounds' | 'language' | 'sections' | 'bar' | 'floor' | 'mmsZero';
export const TITLE_KEYS: readonly TitleKey[] = ['tournament', 'dates', 'place', 'director', 'ruleset', 'system', 'rounds', 'language', 'sections', 'bar', 'floor', 'mmsZero'];

export function normaliseLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[:.]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The title entry a label names, in either language. */
export function titleKeyOf(label: string): TitleKey | undefined {
  const n = normaliseLabel(label);
  for (const key of TITLE_KEYS) {
    if (normaliseLabel(LABELS.en[key]) === n || normaliseLabel(LABELS.fr[key]) === n) return key;
  }
  return undefined;
}

export function systemOf(text: string): PairingSystem | undefined {
  const n = normaliseLabel(text).replace(/[-\s]/g, '');
  if (n === 'mcmahon' || n === 'swissmcmahon') return 'mcmahon';
  if (n === 'swiss' || n === 'suisse') return 'swiss';
  if (n === 'roundrobin' || n === 'toutesrondes') return 'round-robin';
  if (n === 'knockout' || n === 'eliminationdirecte') return 'knockout';
  if (n === 'egcqualification' || n === 'qualificationegc' || n === 'egcqt') return 'egc-qt';
  if (n === 'groupsofeight' || n === 'groupesdehuit') return 'groups-of-eight';
  return undefined;
}

/** A yes/no cell as directors type it (English or French, a tick `x`, a boolean): true, false, or undefined if neither. */
export function readYesNo(cell: CellValue): boolean | undefined {
  if (typeof cell === 'boolean') return cell;
  const text = String(cell ?? '').trim().toLowerCase();
  if (['yes', 'y', 'true', 'oui', 'o', '1', 'x'].includes(text)) return true;
  if (['no', 'n', 'false', 'non', '0'].includes(text)) return false;
  return undefined;
}

/** The cell of a yes/no value: "yes", "no", or empty when not set. */
export function yesNoCell(value: boolean | undefined): CellValue {
  return value === undefined ? null : value ? 'yes' : 'no';
}
