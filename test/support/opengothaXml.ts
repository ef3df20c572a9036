/** What the OpenGotha XML tests share: a parse that must succeed, an export that must succeed, the file OpenGotha reads. */
import type { Parsed } from '../../src/model/errors';
import type { Tournament } from '../../src/model/tournament';
import { exportOpenGotha } from '../../src/formats/opengothaExport';

/** The parsed value; a failed parse throws with each error's file, line, element and message. */
export function value<T>(p: Parsed<T>): T {
  if (!p.ok) throw new Error(p.errors.map((e) => `${e.file}:${e.line}: ${e.where ?? ''} ${e.message}`).join('\n'));
  return p.value;
}

/** The OpenGotha XML Tengen writes for `t`; a refused export throws. */
export function exportText(t: Tournament): string {
  const e = exportOpenGotha(t);
  if (!e.ok) throw new Error(e.errors.map((x) => x.message).join('\n'));
  return e.text;
}

/** What OpenGotha itself reads: the file without Tengen's comment (which restores the very tournament). */
export const withoutComment = (xml: string) => xml.replace(/<!--[\s\S]*?-->\n?/g, '');
