/**
 * The pane's Export action (Finalize step): the tournament in each exchange format — EGD results (.h9), AGA results,
 * FFG results (.tou), OpenGotha XML — as a file to download (the standalone page; Excel Online) and as text to copy
 * (Excel's desktop pane, whose web view may not offer downloads). The engine's exports (src/formats) make the text;
 * this module only names the file and its type.
 */
import type { InputError } from '../src/model/errors';
import type { Tournament } from '../src/model/tournament';
import { EXPORT_EXTENSIONS, type ExportFormat } from '../src/formats/export';
import { exportTournament } from '../src/formats/exportAll';
import { suggestedFileName } from './autosave';

export const EXPORT_CHOICES: readonly (readonly [ExportFormat, string])[] = [
  ['h9', 'EGD results (.h9)'],
  ['aga', 'AGA results (.txt)'],
  ['ffg', 'FFG results (.tou)'],
  ['opengotha', 'OpenGotha (.xml)'],
];

const MIME_TYPES: Readonly<Record<ExportFormat, string>> = {
  h9: 'text/plain;charset=utf-8',
  aga: 'text/plain;charset=utf-8',
  ffg: 'text/plain;charset=utf-8',
  opengotha: 'application/xml;charset=utf-8',
};

export interface ExportOffer {
  readonly format: ExportFormat;
  readonly fileName: string;
  readonly mimeType: string;
  readonly text: string;
  /** What the format could not hold, for the director to read. */
  readonly notes: readonly string[];
}

export function exportOffer(t: Tournament, format: ExportFormat): { ok: true; offer: ExportOffer } | { ok: false; errors: readonly InputError[] } {
  const result = exportTournament(t, format);
  if (!result.ok) return result;
  const stem = suggestedFileName(t.name, t.beginDate).replace(/\.xlsx$/, '');
  const suffix = format === 'aga' ? '-aga' : '';
  return { ok: true, offer: { format, fileName: `${stem}${suffix}${EXPORT_EXTENSIONS[format]}`, mimeType: MIME_TYPES[format], text: result.text, notes: result.notes } };
}
