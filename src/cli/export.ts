/**
 * `tengen export FILE --format h9|aga|ffg|opengotha --out OUT [--overwrite]`: the tournament in a file another body
 * or program takes — EGD results (.h9), AGA results, FFG results (.tou), OpenGotha XML. What the format cannot hold
 * is said on stderr, one note a line; an existing OUT is replaced only with --overwrite; the file is written
 * atomically (a temporary file renamed over the target).
 */
import { statSync } from 'node:fs';
import { TengenInputError } from '../model/errors';
import type { Tournament } from '../model/tournament';
import { EXPORT_FORMATS, type ExportFormat, type ExportOptions } from '../formats/export';
import { h9HeaderMissing, H9_FIELD_FLAGS, type H9Class, type H9HeaderInput } from '../formats/h9Header';
import { writeFileAtomically, type WriterFs } from './files';
import { Refusal, sameFile } from './output';
import { UsageError } from './usage';

export interface ExportRequest {
  readonly file: string;
  readonly format: string | true | undefined;
  readonly out: string | true | undefined;
  readonly overwrite: boolean;
}

/** Checks the command line before any work: the format, the output, and an existing output without --overwrite. */
export function checkExport(request: ExportRequest): { format: ExportFormat; out: string } {
  const { format, out } = request;
  if (typeof format !== 'string') throw new UsageError(`export needs --format, one of ${EXPORT_FORMATS.join(', ')}`);
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format ${format}: expected one of ${EXPORT_FORMATS.join(', ')}`);
  if (typeof out !== 'string') throw new UsageError('export needs --out FILE, the file to write');
  if (sameFile(request.file, out)) throw new Refusal(`--out ${out} is the tournament file itself: give another name. Nothing was written`);
  if (!request.overwrite && statSync(out, { throwIfNoEntry: false }) !== undefined) {
    throw new Refusal(`${out} already exists: add --overwrite to replace it, or give another --out. Nothing was written`);
  }
  return { format: format as ExportFormat, out };
}

/** The options of an .h9 export's header (./formats/h9Header): what the tournament does not say. */
export const H9_HEADER_FLAGS = ['class', 'basic-time', 'adjusted-time', 'country', 'city', 'dates', 'komi', 'incomplete'] as const;

/** The header fields given on the command line; refused for another format, checked for form. */
export function h9HeaderInput(format: ExportFormat, flags: ReadonlyMap<string, string | true>): (H9HeaderInput & { incomplete: boolean }) | undefined {
  const given = H9_HEADER_FLAGS.filter((f) => flags.has(f));
  if (format !== 'h9') {
    if (given.length > 0) throw new UsageError(`--${given[0]} is for the EGD table (--format h9) only`);
    return undefined;
  }
  const text = (name: string): string | undefined => {
    const v = flags.get(name);
    if (v === true) throw new UsageError(`--${name} needs a value`);
    return v;
  };
  const minutes = (name: string): number | undefined => {
    const v = text(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) throw new UsageError(`--${name} ${v}: expected minutes, a number ≥ 0`);
    return n;
  };
  const cls = text('class')?.toUpperCase();
  if (cls !== undefined && !['A', 'B', 'C', 'D'].includes(cls)) throw new UsageError(`--class ${cls}: expected A, B, C (by time) or D (an Internet tournament)`);
  const country = text('country');
  if (country !== undefined && !/^[A-Za-z]{2}$/.test(country)) throw new UsageError(`--country ${country}: expected the two-letter country code (FR, CZ, CA…)`);
  const dates = text('dates');
  let beginDate: string | undefined;
  let endDate: string | undefined;
  if (dates !== undefined) {
    const m = /^(\d{4}-\d{2}-\d{2})(?:,(\d{4}-\d{2}-\d{2}))?$/.exec(dates);
    if (!m) throw new UsageError(`--dates ${dates}: expected YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD (first and last day)`);
    beginDate = m[1];
    endDate = m[2] ?? m[1];
  }
  const komiText = text('komi');
  const komi = komiText === undefined ? undefined : Number(komiText);
  if (komi !== undefined && !Number.isFinite(komi)) throw new UsageError(`--komi ${komiText}: expected a number (6.5, 7.5, 0.5…)`);
  const city = text('city');
  const basicTime = minutes('basic-time');
  const adjustedTime = minutes('adjusted-time');
  return {
    ...(cls !== undefined && { class: cls as H9Class }),
    ...(basicTime !== undefined && { basicTime }),
    ...(adjustedTime !== undefined && { adjustedTime }),
    ...(country !== undefined && { country }),
    ...(city !== undefined && { city }),
    ...(beginDate !== undefined && { beginDate, endDate }),
    ...(komi !== undefined && { komi }),
    incomplete: flags.has('incomplete'),
  };
}

/**
 * Writes the export; returns the notes (what the format could not hold) for stderr. An .h9 whose header misses a
 * field the tournament does not hold is refused, naming each field and the option that gives it, unless
 * `--incomplete` (the notes then name the empty fields).
 */
export async function writeExport(
  t: Tournament,
  format: ExportFormat,
  out: string,
  fs?: WriterFs,
  header?: H9HeaderInput & { incomplete?: boolean },
  options: ExportOptions = {},
): Promise<readonly string[]> {
  if (format === 'h9' && header !== undefined && !header.incomplete) {
    const missing = h9HeaderMissing(t, header);
    if (missing.length > 0) {
      throw new Refusal(
        `the EGD header needs ${missing.join(', ')}, which the tournament does not say: give ${missing.map((f) => H9_FIELD_FLAGS[f]).join(', ')} (or --incomplete to write the fields empty). Nothing was written`,
      );
    }
  }
  // The writers are loaded for this command only (issue 28: every command imports this file for its flags).
  const { exportTournament } = await import('../formats/exportAll');
  const result = exportTournament(t, format, header, options);
  if (!result.ok) throw new TengenInputError(result.errors);
  await writeFileAtomically(out, result.text, fs);
  return result.notes;
}
