/** The HandicapParameterSet: how handicaps are given. */
import { parseRank } from '../../model/rank';
import { handicapPolicyOf, type HandicapSettings } from '../../model/tournament';
import type { XmlElement } from '../xml';
import { DTD, parseWhole, type Reader } from './reader';

export function readHandicap(
  hps: XmlElement | undefined,
  reader: Reader,
): HandicapSettings | undefined {
  const where = '<HandicapParameterSet>';
  const attribute = (name: keyof typeof DTD): string => (hps?.attributes[name] ?? DTD[name]).trim();
  let valid = true;

  // HandicapParameterSet: before 3.52.04 a boolean hdBasedOnMMS; since then hdBase (rank, MMS or Breizh score).
  let basedOnMms: boolean;
  const base = hps?.attributes.hdBase?.trim().toUpperCase();
  if (base !== undefined) {
    basedOnMms = base === 'MMS';
    if (base !== 'MMS' && base !== 'RANK') {
      if (hps) reader.error(hps, where, `hdBase="${hps.attributes.hdBase}" is not supported: Tengen gives handicaps on the MMS or on the rank difference (MMS or RANK)`);
      valid = false;
    }
  } else {
    basedOnMms = attribute('hdBasedOnMMS').toLowerCase() === 'true';
  }
  const correction = parseWhole(attribute('hdCorrection'));
  // OpenGotha lowers the difference by any hdCorrection (Tournament.gameBetween); a negative one would raise it.
  if (correction === undefined || correction < 0) {
    if (hps) reader.error(hps, where, `hdCorrection="${attribute('hdCorrection')}" is not a number of stones (a whole number, 0 or more, that lowers each handicap)`);
    valid = false;
  }
  const ceiling = parseWhole(attribute('hdCeiling'));
  if (ceiling === undefined || ceiling < 0) {
    if (hps) reader.error(hps, where, `hdCeiling="${attribute('hdCeiling')}" is not a number of stones`);
    valid = false;
  }
  const threshold = parseRank(attribute('hdNoHdRankThreshold'));
  if (!threshold.ok) {
    if (hps) reader.error(hps, where, `hdNoHdRankThreshold: ${threshold.message}`);
    valid = false;
  }
  if (!valid || correction === undefined || ceiling === undefined || !threshold.ok) return undefined;

  const policy = handicapPolicyOf(basedOnMms, correction);
  // OpenGotha caps each player's (pseudo-)rank at hdNoHdRankThreshold before taking the difference
  // (Tournament.gameBetween: pseudoRank = min(pseudoRank, hdNoHdRankThreshold)), so two players at or above it play
  // even; the raw value stays in opengotha.pairingParameters for the pairing engine.
  return { ...policy, ceiling, evenAtOrAbove: threshold.rank };
}
