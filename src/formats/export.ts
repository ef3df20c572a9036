/**
 * What every export returns: the file's text, and the notes a director should read — what the target format cannot
 * hold and was left out or changed (never silently). An export that cannot be made at all (two players the target
 * format cannot tell apart) fails with input errors naming the players.
 */
import type { InputError } from '../model/errors';

export type ExportFormat = 'h9' | 'aga' | 'ffg' | 'opengotha';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['h9', 'aga', 'ffg', 'opengotha'];

/** The extension each format's files carry, for a default file name. */
export const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = { h9: '.h9', aga: '.txt', ffg: '.tou', opengotha: '.xml' };

export type Exported =
  { readonly ok: true; readonly text: string; readonly notes: readonly string[] } | { readonly ok: false; readonly errors: readonly InputError[] };

/** What the director decided for an export (the CLI's flags; the pane's defaults). */
export interface ExportOptions {
  /**
   * Write names ASCII cannot spell (Chinese, Japanese, Korean …) as "?" in the EGD and AGA files, as OpenGotha
   * does, instead of refusing the export (`--unspellable-names`). A note names each player either way.
   */
  readonly unspellableNames?: boolean;
}

export function exported(text: string, notes: readonly string[] = []): Exported {
  return { ok: true, text, notes };
}

/** Pads or cuts `text` to exactly `width` characters (fixed-width columns of the h9 and .tou formats). */
export function column(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const cut = text.length > width ? text.slice(0, width) : text;
  return align === 'left' ? cut.padEnd(width) : cut.padStart(width);
}
