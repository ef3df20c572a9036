/**
 * The tournament systems that pair by their own rules — a round-robin's table of rounds (./roundRobin), a knockout's bracket (./knockout), the EGC Qualification
 * Tournament (./qualification), Groups of Eight (./groupsOfEight) — chosen by the tournament's `settings.system`,
 * whatever pairing algorithm (`optimal`, `mays`, `opengotha`) a McMahon or Swiss would use; and a team tournament
 * (`settings.teams`), whatever its system: the team draw (./teamDraw) pairs teams, board k against board k — its
 * Swiss or McMahon is over team scores, never an individual draw of its players. The CLI's `pair` and the task
 * pane's preview both ask here, so the two pair these tournaments alike.
 *
 * They take none of the director's controls nor pairing options: each is refused, named (issue 11: no silent
 * options), never ignored.
 */
import type { PairingSystem, Round, Tournament } from '../model/tournament';
import { pairGroupsOfEight } from './groups-of-eight/groupsOfEight';
import { pairKnockout } from './knockout/knockout';
import { pairQualification } from './egc/qualification';
import { pairRoundRobin } from './round-robin/roundRobin';
import { pairTeams } from './teams/teamDraw';
import { OPTION_FLAG, OPTION_WHAT, type PairingOption, type PairingRequest } from './systemOptions';
import { pairingError, type PairingError, type PairingResult } from '../pairing/types';

export type OwnPairing = (t: Tournament, round: Round) => PairingResult;

const OWN_PAIRING: Partial<Record<PairingSystem, OwnPairing>> = {
  'round-robin': pairRoundRobin,
  knockout: pairKnockout,
  'egc-qt': pairQualification,
  'groups-of-eight': pairGroupsOfEight,
};

/** The tournament's own pairing, when it has one: the team draw for a team tournament, else its system's. */
export function ownPairing(t: Tournament): OwnPairing | undefined {
  if (t.settings.teams) return pairTeams;
  return OWN_PAIRING[t.settings.system];
}

/** What pairs the tournament by its own rules, in words ("the team draw", "the knockout system"). */
export function ownSystemName(t: Tournament): string {
  return t.settings.teams ? `the team draw (${t.settings.system} over teams)` : `the ${t.settings.system} system`;
}

/** The options asked for that the tournament's own system does not honour, as one error naming each; else null. */
export function refusedByOwnSystem(t: Tournament, round: Round, request: PairingRequest): PairingError | null {
  const given = (Object.keys(OPTION_FLAG) as PairingOption[]).filter((k) => {
    const v = request[k];
    return v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0);
  });
  if (given.length === 0) return null;
  return pairingError('unsupported-parameters', round, `${ownSystemName(t)} pairs by its own rules; ${given.map((k) => `${OPTION_FLAG[k]} (${OPTION_WHAT[k]})`).join(', ')} ${given.length === 1 ? 'is' : 'are'} not honoured`);
}
