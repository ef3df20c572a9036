/**
 * Names the EGD's and the AGA's files cannot spell (issue 27, cause 7). Both take ASCII ("The rating program processes
 * the tournament tables written in the form of ASCII text files", the EGD's results format page; the AGA's results
 * format names players in plain text), and a Chinese, Japanese or Korean name has no ASCII spelling Tengen can make:
 * OpenGotha writes "?" for each letter, and a rating officer receiving "? ??" cannot tell who played. So:
 *
 * - a player the receiving body identifies by number (his EGD PIN; his AGA ID) is written as OpenGotha writes him,
 *   and a note names him — the officer matches him by the number;
 * - any other such player refuses the export, naming each one and what to do (a Latin-letter spelling, the number,
 *   or `--unspellable-names` to write "?" anyway, the note then naming each player the officer must match by hand).
 *
 * Tengen's reader keeps reading "?" names (other programs write them: OpenGotha's TournoiChinois.h9).
 */
import type { InputError } from '../model/errors';
import { displayName, type Player } from '../model/tournament';
import { toAscii, unspellableInAscii } from './ascii';
import type { ExportOptions } from './export';

export interface UnspellableTarget {
  /** The file as a director names it: "the EGD results table". */
  readonly file: string;
  /** The number the receiving body identifies a player by, when he has one: "EGD PIN". */
  readonly number: string;
  readonly numbered: (p: Player) => boolean;
}

export function unspellableNames(players: readonly Player[], target: UnspellableTarget, options: ExportOptions): { errors: InputError[]; notes: string[] } {
  const found = players.filter((p) => unspellableInAscii(`${p.family} ${p.given}`));
  const who = (p: Player) => `${p.id} (${displayName(p)})`;
  const numbered = found.filter(target.numbered);
  const unnumbered = found.filter((p) => !target.numbered(p));
  const notes: string[] = [];
  if (numbered.length > 0) {
    notes.push(`${numbered.map(who).join(', ')}: the name cannot be spelt in ASCII and is written with "?" for each letter, as OpenGotha writes it; ${target.file} identifies ${numbered.length === 1 ? 'him' : 'them'} by the ${target.number}`);
  }
  if (unnumbered.length === 0) return { errors: [], notes };
  if (options.unspellableNames) {
    notes.push(`${unnumbered.map(who).join(', ')}: the name cannot be spelt in ASCII and is written "?" for each letter (--unspellable-names), with no ${target.number}: the rating officer must match ${unnumbered.length === 1 ? 'this player' : 'these players'} by hand`);
    return { errors: [], notes };
  }
  return {
    errors: unnumbered.map((p) => ({
      player: String(p.id),
      message: `${who(p)}: the name cannot be written in the ASCII letters ${target.file} takes (it would read "${toAscii(displayName(p))}"); give the player a Latin-letter spelling (the one the rating list knows), or his ${target.number}, or export with --unspellable-names to write "?" for each letter as OpenGotha does. Nothing was written`,
    })),
    notes,
  };
}
