/**
 * The header of an EGD results table (.h9): the keys of Aleš Cieplý's format page (gemma.ujf.cas.cz/~cieply/GO/
 * format.html), as OpenGotha writes them (ExternalDocument.generateH9File):
 *
 *     ; CL[A]                     tournament class: A, B, C by time (./h9Export `egfClass`), D an Internet tournament
 *     ; EV[Quebec Open (mini)]    the event's name
 *     ; PC[CA,Montreal]           place: country code, city
 *     ; DT[2026-05-16,2026-05-17] dates: first day, last day
 *     ; HA[h1]                    handicap: h<n> = rank difference minus n, h9 no handicap
 *     ; KM[6.5]                   komi
 *     ; TM[80]                    adjusted time in minutes: basic time + 45 (60) moves of standard (Canadian) byo-yomi,
 *                                 + 120 moves of a Fischer increment
 *
 * What the tournament knows is taken from it (name, dates, city = its location, komi, handicap; the time when its
 * OpenGotha parameters hold one); what it does not (the class and adjusted time of a tournament begun in Tengen, the
 * country) the director gives — `tengen export --format h9 --class … --adjusted-time … --country …`, the pane's export
 * step asking `h9HeaderMissing`. Nothing is left empty without being named.
 */
import type { Tournament } from '../model/tournament';

/** EGF tournament classes: A, B, C by time; D an Internet tournament. */
export type H9Class = 'A' | 'B' | 'C' | 'D';

/**
 * EGF classes by time (format page, "Tournament classes"; Sensei's "EGF tournament class"): A basic ≥ 60 and adjusted
 * ≥ 75 minutes, B 40 and 50, C 25 and 30. Class D (Internet tournaments, 40 and 50 minutes) is not a matter of time:
 * only the director can say it (`--class D`).
 */
export function egfClass(basic: number, adjusted: number): H9Class | undefined {
  if (basic >= 60 && adjusted >= 75) return 'A';
  if (basic >= 40 && adjusted >= 50) return 'B';
  if (basic >= 25 && adjusted >= 30) return 'C';
  return undefined;
}

/**
 * The adjusted time when OpenGotha's time parameters are known: "TA = basic time + time equivalent to 45 (60) moves
 * in standard (Canadian) byoyomi".
 */
export function adjustedTime(general: Readonly<Record<string, string>> | undefined): { basic: number; adjusted: number } | undefined {
  const basic = Number(general?.basicTime);
  if (!general || !Number.isFinite(basic) || general.basicTime === undefined) return undefined;
  const n = (k: string) => Number(general[k] ?? 0) || 0;
  switch (general.complementaryTimeSystem) {
    case 'STDBYOYOMI':
      return { basic, adjusted: basic + (45 * n('stdByoYomiTime')) / 60 };
    case 'CANBYOYOMI':
      return {
        basic,
        adjusted: basic + (60 * n('canByoYomiTime')) / Math.max(1, n('nbMovesCanTime')) / 60,
      };
    case 'FISCHER':
      return { basic, adjusted: basic + (120 * n('fischerTime')) / 60 };
    default:
      return { basic, adjusted: basic };
  }
}


/** What the director gives for the header (each overrides what the tournament says). */
export interface H9HeaderInput {
  readonly class?: H9Class;
  /** Basic time, minutes. */
  readonly basicTime?: number;
  /** Adjusted time, minutes. */
  readonly adjustedTime?: number;
  /** The country the tournament was held in: its two-letter code. */
  readonly country?: string;
  readonly city?: string;
  readonly komi?: number;
  readonly beginDate?: string;
  readonly endDate?: string;
}

/** A header field the table needs, as the director and the CLI flag name it. */
export type H9Field = 'class' | 'adjusted time' | 'country' | 'city' | 'dates' | 'komi';

/** The CLI flag that gives each field. */
export const H9_FIELD_FLAGS: Readonly<Record<H9Field, string>> = {
  class: '--class A|B|C|D',
  'adjusted time': '--adjusted-time MINUTES (and --basic-time MINUTES)',
  country: '--country CC',
  city: '--city NAME',
  dates: '--dates YYYY-MM-DD[,YYYY-MM-DD]',
  komi: '--komi N',
};

export interface H9Header {
  readonly class: H9Class | '';
  readonly adjustedTime: number | undefined;
  readonly basicTime: number | undefined;
  readonly country: string;
  readonly city: string;
  readonly beginDate: string;
  readonly endDate: string;
  readonly komi: number | undefined;
  /** The fields still empty: the export says each, and the CLI refuses without --incomplete. */
  readonly missing: readonly H9Field[];
  /** Where a value came from, when it was not given outright (for the notes). */
  readonly notes: readonly string[];
}

export function resolveH9Header(t: Tournament, given: H9HeaderInput = {}): H9Header {
  const notes: string[] = [];
  const missing: H9Field[] = [];
  const fromFile = adjustedTime(t.settings.opengotha?.generalParameters);
  const basicTime = given.basicTime ?? fromFile?.basic;
  const adjusted = given.adjustedTime ?? fromFile?.adjusted;
  if (given.adjustedTime === undefined && fromFile) notes.push(`TM[${Math.floor(fromFile.adjusted)}]: the adjusted time from the OpenGotha file's time system (basic ${fromFile.basic} min)`);
  let cls: H9Class | '' = given.class ?? '';
  if (cls === '' && adjusted !== undefined) {
    const byTime = egfClass(basicTime ?? adjusted, adjusted);
    if (byTime) {
      cls = byTime;
      notes.push(`CL[${byTime}]: the EGF class of ${basicTime ?? adjusted} min basic, ${Math.floor(adjusted)} min adjusted time`);
    } else notes.push(`the time (${basicTime ?? '?'} min basic, ${Math.floor(adjusted)} adjusted) is below EGF class C (25 and 30 minutes): the EGD does not rate it`);
  }
  if (cls === '') missing.push('class');
  if (adjusted === undefined) missing.push('adjusted time');
  const country = (given.country ?? '').trim().toUpperCase();
  if (country === '') missing.push('country');
  const city = (given.city ?? t.location ?? '').trim();
  if (city === '') missing.push('city');
  const beginDate = given.beginDate ?? t.beginDate ?? '';
  const endDate = given.endDate ?? t.endDate ?? beginDate;
  if (beginDate === '') missing.push('dates');
  const komi = given.komi ?? t.settings.komi;
  if (komi === undefined) missing.push('komi');
  return { class: cls, adjustedTime: adjusted, basicTime, country, city, beginDate, endDate, komi, missing, notes };
}

/** The header fields the director must still give for this tournament (the pane's export step asks for these). */
export function h9HeaderMissing(t: Tournament, given: H9HeaderInput = {}): readonly H9Field[] {
  return resolveH9Header(t, given).missing;
}

/** The note an export makes of the empty fields. */
export function missingNote(missing: readonly H9Field[]): string | undefined {
  if (missing.length === 0) return undefined;
  return `the EGD header is incomplete — ${missing.map((f) => `${f} (${H9_FIELD_FLAGS[f]})`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} empty: fill ${missing.length === 1 ? 'it' : 'them'} in before sending the table to the EGD`;
}
