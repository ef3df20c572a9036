/**
 * The formulas behind Tengen's custom functions (`functions/functions.ts`), without Office.
 */
import { decideHandicap, EGF_HANDICAP, MAYS_HANDICAP } from '../pairing/handicap';
import { parseRank } from '../model/rank';
import type { HandicapSettings, PlayerId } from '../model/tournament';

const HANDICAP_POLICIES: Readonly<Record<string, HandicapSettings>> = {
  mays: MAYS_HANDICAP,
  aqjg: MAYS_HANDICAP,
  egf: EGF_HANDICAP,
  difference: { policy: 'rank-difference' },
  none: { policy: 'none' },
};

export function handicapFormula(rank1: string, rank2: string, policy = 'mays'): number {
  const settings = HANDICAP_POLICIES[policy.trim().toLowerCase()];
  if (!settings) throw new Error(`policy "${policy}": expected one of ${Object.keys(HANDICAP_POLICIES).join(', ')}`);
  const a = parseRank(String(rank1));
  if (!a.ok) throw new Error(`rank1: ${a.message}`);
  const b = parseRank(String(rank2));
  if (!b.ok) throw new Error(`rank2: ${b.message}`);
  return decideHandicap({ id: 1 as PlayerId, rank: a.rank, scoreHalves: 0 }, { id: 2 as PlayerId, rank: b.rank, scoreHalves: 0 }, settings).handicap;
}
