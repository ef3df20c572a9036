/**
 * What every part of the OpenGotha import shares: the defaults of tournament.dtd, where errors go while a file is
 * read, and how OpenGotha reads a whole number.
 */
import type { XmlElement } from '../xml';

// Defaults of tournament.dtd, used where a file leaves an attribute out
// ---------------------------------------------------------------------------------------------------------------

export const DTD = {
  rank: '30K',
  participating: '11111111111111111111',
  knownColor: 'true',
  handicap: '0',
  result: 'RESULT_UNKNOWN',
  name: 'defaultname',
  komi: '7.5',
  numberOfRounds: '5',
  genMMFloor: '20K',
  genMMBar: '4D',
  genMMZero: '30K',
  genNBW2ValueAbsent: '0',
  genNBW2ValueBye: '1',
  genMMS2ValueAbsent: '1',
  genMMS2ValueBye: '1',
  genRoundDownNBWMMS: 'true',
  hdBasedOnMMS: 'true',
  hdNoHdRankThreshold: '1D',
  hdCorrection: '1',
  hdCeiling: '9',
} as const;

/** Where errors go while a file is read: each names the element's line, the element and, when known, the player. */
export interface Reader {
  error(element: XmlElement, where: string, message: string, player?: string): void;
}

export const nonEmpty = (s: string | undefined): string | undefined => {
  const t = s?.trim();
  return t ? t : undefined;
};

/** A whole number as Java's Integer.parseInt reads it (no decimals, optional sign). */
export function parseWhole(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  return /^[+-]?\d+$/.test(t) ? Number(t) : undefined;
}
