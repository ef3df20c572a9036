/** What the OpenGotha export tests share: a parse that must succeed, the export's text, and the file OpenGotha reads. */
import type { Parsed } from '../../src/model/errors';
import type { Tournament } from '../../src/model/tournament';
import { exportOpenGotha } from '../../src/formats/opengothaExport';

/** The parsed value; a refusal fails the test with every error's file, line, place and message. */
export function value<T>(p: Parsed<T>): T {
  if (!p.ok) throw new Error(p.errors.map((e) => `${e.file ?? ''}:${e.line ?? ''}: ${e.where ?? ''} ${e.message}`).join('\n'));
  return p.value;
}

/** The export's text; a refusal fails the test. */
export function exportText(t: Tournament): string {
  const e = exportOpenGotha(t);
  if (!e.ok) throw new Error(e.errors.map((x) => x.message).join('\n'));
  return e.text;
}

/** What OpenGotha itself reads: the file without Tengen's comment (which restores the very tournament). */
export const withoutComment = (xml: string): string => xml.replace(/<!--[\s\S]*?-->\n?/g, '');
