/**
 * `tengen export FILE --format h9|aga|ffg|opengotha --out OUT [--overwrite]`: the tournament in a file another body
 * or program takes — EGD results (.h9), AGA results, FFG results (.tou), OpenGotha XML. What the format cannot hold
 * is said on stderr, one note a line; an existing OUT is replaced only with --overwrite; the file is written
 * atomically (a temporary file renamed over the target).
 */
import { statSync } from 'node:fs';
import { TengenInputError } from '../model/errors';
import type { Tournament } from '../model/tournament';
import { EXPORT_FORMATS, type ExportFormat } from '../formats/export';
import { exportTournament } from '../formats/exportAll';
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

/** Writes the export; returns the notes (what the format could not hold) for stderr. */
export async function writeExport(t: Tournament, format: ExportFormat, out: string, fs?: WriterFs): Promise<readonly string[]> {
  const result = exportTournament(t, format);
  if (!result.ok) throw new TengenInputError(result.errors);
  await writeFileAtomically(out, result.text, fs);
  return result.notes;
}
