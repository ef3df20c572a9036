/**
 * The pairing vocabulary every pairing system returns (Mays' paper method, the `optimal` max-weight matching system,
 * the `opengotha` system): the games of one round, the bye, and a report a director can read — one line per pair
 * and one per deviation from the system's rules, each saying why.
 *
 * A system never throws and never returns a partial draw: an impossible request is a `PairingError`.
 */
import type { PlayerId, Round } from '../model/tournament';

/** One table of the pairing sheet. */
export interface PairedGame {
  readonly table: number;
  readonly white: PlayerId;
  readonly black: PlayerId;
  /** 0 = even game (komi), 1 = no komi, n ≥ 2 = Black places n stones. */
  readonly handicap: number;
  /**
   * False when the players decide colours by nigiri (seeds/mays-swiss-mcmahon-manual.txt, "What about Nigiri?"):
   * `white`/`black` are then only the places on the sheet, and the director records the colours afterwards.
   */
  readonly colourKnown: boolean;
}

/** A pair as the report describes it: who, at which score, with which stones, and how colours were decided. */
export interface PairLine {
  readonly kind: 'pair';
  readonly table: number;
  readonly white: PlayerId;
  readonly black: PlayerId;
  /** Current McMahon scores (or numbers of wins in Swiss) before the round, in half points. */
  readonly whiteScoreHalves: number;
  readonly blackScoreHalves: number;
  /** |white − black| in half points. */
  readonly scoreDifferenceHalves: number;
  readonly handicap: number;
  readonly colourKnown: boolean;
  /** How the colours (or the handicap) were decided, in words. */
  readonly colours: string;
  readonly message: string;
}

/** Why the bye went to this player, and who was passed over. */
export interface ByeLine {
  readonly kind: 'bye';
  readonly player: PlayerId;
  readonly reason: string;
  /** The rule applied, with its source (file and section). */
  readonly rule: string;
  readonly message: string;
}

/**
 * A deviation from the system's ideal, always reported:
 *  - `cross-group`: a pair across score groups (an odd group, or a player who has met everyone of his group);
 *  - `switch`: the paper method switched cards to satisfy a consideration (no repeat, same city, relatives);
 *  - `same-city`, `same-club`, `related`: a pair the system kept (or the director forced); the line says whether it
 *    could be avoided — `optimal` checks it by a re-draw (./avoidability), `mays` inside the score group (./maysReport);
 *  - `colour-repeated`: a player gets again the colour he has had more often;
 *  - `repeat`: two players meet again (only when the director forces it);
 *  - `forced`: a pair the director imposed;
 *  - `second-bye`: a player receives a second bye because no one else could take it;
 *  - `bye-passed-over`: a player who qualified for the bye before the chosen one, and why he could not have it (or
 *    whose announced bye is withdrawn because a latecomer made the field even);
 *  - `same-country`: a pair of the same country (and of no closer kinship) the system kept, checked as above;
 *  - `pending`: players left to pair later (the director pairs part of the field now);
 *  - `seeding-changed`: two pairs of a score group made otherwise than the seeding order (slip, fold, adjacent) gives,
 *    because the seeding's pairs would give more handicap stones;
 *  - `handicap-capped`: a handicap the policy would make larger, capped by the tournament's ceiling;
 *  - `egc-forced`: the European Go Congress McMahon's forced pairings of rounds 9 and 10 — who they concerned, the
 *    pairs made and who was left to the draw (./egcCongress);
 *  - `egc-pko`: the PKO games counted as games of the congress McMahon's rounds 1–3 (./egcCongress);
 *  - `egc-handicap`: the congress McMahon's handicap limit overriding the director's handicap setting (../handicap);
 *  - `absent-seated`: a round-robin's table seats a player announced absent or withdrawn (its result is the director's).
 */
export type DeviationKind =
  | 'cross-group'
  | 'switch'
  | 'same-city'
  | 'same-club'
  | 'related'
  | 'colour-repeated'
  | 'repeat'
  | 'forced'
  | 'second-bye'
  | 'bye-passed-over'
  | 'same-country'
  | 'pending'
  | 'seeding-changed'
  | 'handicap-capped'
  | 'egc-forced'
  | 'egc-pko'
  | 'egc-handicap'
  | 'absent-seated';

export interface DeviationLine {
  readonly kind: DeviationKind;
  readonly table?: number;
  readonly players: readonly PlayerId[];
  /** The rule concerned, with its source (file and section). */
  readonly rule?: string;
  /**
   * The priority of the draw that decided it, as the system names its priorities (`optimal`: a tier of
   * src/systems/mcmahon/optimalWeights.ts, e.g. "score difference"); absent when the system does not say, or when the
   * report did not re-draw for every concern that could have decided it (the message then names the range).
   */
  readonly decidedBy?: string;
  readonly message: string;
}

export type ReportLine = PairLine | ByeLine | DeviationLine;

/** The pairing of one round: complete (every player present is at a table or has the bye) and explained. */
export interface RoundPairing {
  readonly round: Round;
  /** Which system made it ('mays', 'optimal', 'opengotha', …). */
  readonly system: string;
  /** Tables numbered from 1, from the top score down. */
  readonly games: readonly PairedGame[];
  readonly bye: PlayerId | null;
  /**
   * Players who win this round without a game besides `bye` — a knockout's free wins ("the other players get a free
   * win"), a Qualification Tournament's round-1 byes — each recorded as a bye (a default win, EGF).
   */
  readonly freeWins?: readonly PlayerId[];
  /** Players present but out of a knockout (they lost a game): neither paired nor given a bye. */
  readonly knockedOut?: readonly PlayerId[];
  readonly report: readonly ReportLine[];
  /**
   * Present players this pairing leaves for later (the director paired part of the field now; see `pairOptimal`).
   * Absent or empty: the round is complete.
   */
  readonly pending?: readonly PlayerId[];
  /** A bye announced earlier for the round and now withdrawn (a latecomer made the field even; the player is paired). */
  readonly withdrawnBye?: PlayerId;
  /** How score groups were seeded, when the system says (`optimal`): the method, and the lottery seed of `random`. */
  readonly seeding?: { readonly method: string; readonly seed?: number };
}

export type PairingErrorCode =
  /** The round is not a round of the tournament. */
  | 'bad-round'
  /** The round already has games; remove them to pair it again. */
  | 'round-already-paired'
  /** Earlier rounds still have games without a result, so current scores are not known. */
  | 'results-pending'
  /** A director's control names a player who is not registered or not present in the round. */
  | 'unknown-player'
  /** The director's forced pairs, forbidden pairs and bye contradict each other. */
  | 'contradictory-controls'
  /** Fewer than two players are present. */
  | 'too-few-players'
  /** No complete pairing respects the hard rules: everyone left has met everyone (or is forbidden to meet). */
  | 'no-pairing'
  /** The tournament's pairing parameters ask for something the system does not implement (named in the message). */
  | 'unsupported-parameters';

/** An impossible request, said so, with the players concerned — never a partial draw. */
export interface PairingError {
  readonly kind: 'pairing-error';
  readonly code: PairingErrorCode;
  readonly round: Round;
  readonly message: string;
  readonly players?: readonly PlayerId[];
}

export type PairingResult = RoundPairing | PairingError;

export function pairingError(code: PairingErrorCode, round: Round, message: string, players?: readonly PlayerId[]): PairingError {
  return players && players.length > 0 ? { kind: 'pairing-error', code, round, message, players } : { kind: 'pairing-error', code, round, message };
}

/** Narrows any result that may be a `PairingError` (a `PairingResult`, checked controls, a bye choice …). */
export function isPairingError<T>(result: T | PairingError): result is PairingError {
  return typeof result === 'object' && result !== null && (result as { kind?: unknown }).kind === 'pairing-error';
}

/** The director's controls every pairing system honours. */
export interface DirectorControls {
  /** Pairs that must play each other this round (colours and handicap are still decided by the system). */
  readonly forcedPairs?: readonly (readonly [PlayerId, PlayerId])[];
  /** Pairs that must not play each other this round (treated like a repeat). */
  readonly forbiddenPairs?: readonly (readonly [PlayerId, PlayerId])[];
  /** The player who gets the bye, chosen by the director (only when the field is odd). */
  readonly bye?: PlayerId;
}

export function isDeviation(line: ReportLine): line is DeviationLine {
  return line.kind !== 'pair' && line.kind !== 'bye';
}

/** The deviations of a report, all or of one kind. */
export function deviationsOf(report: readonly ReportLine[], kind?: DeviationKind): DeviationLine[] {
  return report.filter(isDeviation).filter((l) => kind === undefined || l.kind === kind);
}
