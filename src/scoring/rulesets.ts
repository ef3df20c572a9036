/**
 * Rulesets a director picks from. Each one states, with its sources, how free points accumulate and what every
 * tie-breaker counts for rounds without a game. Everything else in src/scoring is shared.
 */
import type { Criterion, PairingSystem, RulesetName, Tournament } from '../model/tournament';

export type ScoreKind = 'mms' | 'nbw';

export interface Ruleset {
  readonly name: RulesetName;
  readonly title: string;
  /** Seed file and section each rule comes from. */
  readonly sources: readonly string[];
  /** Half points a bye gives, for the McMahon score and for the number of wins. */
  byeHalves(kind: ScoreKind, t: Tournament): number;
  /** Half points a round without a game (absent, sleeping, not paired) gives before any rounding. */
  absentHalves(kind: ScoreKind, t: Tournament): number;
  /**
   * What a round earns a player who takes part in it but was neither paired nor given a bye (record.ts, notAssigned):
   * `absent-points`, the same as an absent round; `nothing` (OpenGotha).
   */
  readonly notAssignedEarns: 'absent-points' | 'nothing';
  /**
   * Whether the standings list only "implied" players — those with a game or a bye in some round (OpenGotha: a
   * player with neither is left out of its standings and of their place numbering).
   */
  readonly listsOnlyImpliedPlayers: boolean;
  /** Whether the cumulative free points (byes and rounds without a game) are rounded down to whole points. */
  roundsDownFreePoints(t: Tournament): boolean;
  /**
   * The opponent's score as SOS counts it:
   *  - `final`: the opponent's final score;
   *  - `handicap-corrected`: OpenGotha — White counts opponent + handicap, Black opponent − handicap;
   *  - `mays-adjusted`: AQJG — +½ per default loss and missed round, −½ per default win and bye.
   */
  readonly opponentScore: 'final' | 'handicap-corrected' | 'mays-adjusted';
  /**
   * What a round without an opponent (bye, absence) adds to SOS:
   *  - `own-initial`: the player's own initial score (BGA, OpenGotha);
   *  - `normalise`: nothing, and the sum is scaled to the full number of rounds (Mays).
   */
  readonly sosWithoutOpponent: 'own-initial' | 'normalise';
  /** What such a round adds to SOSOS: own initial × rounds (OpenGotha), own SOS (BGA), or normalised (Mays). */
  readonly sososWithoutOpponent: 'own-initial-times-rounds' | 'own-sos' | 'normalise';
  /** BGA: CUSP counts only wins and jigos; otherwise default results and byes count too. */
  readonly cuspOnlyPlayedGames: boolean;
  /** Mays: winners and places are decided inside each McMahon section. */
  readonly placesWithinSection: boolean;
  defaultTiebreaks(system: PairingSystem): readonly Criterion[];
}

/** OpenGotha's DTD defaults (tournament.dtd, GeneralParameterSet) where a file does not say. */
const OPENGOTHA_DEFAULTS = { mmsHalvesAbsent: 1, mmsHalvesBye: 1, nbwHalvesAbsent: 0, nbwHalvesBye: 1, roundDown: true };

const primary = (system: PairingSystem): Criterion => (system === 'mcmahon' ? 'mms' : 'nbw');

export const RULESETS: Readonly<Record<RulesetName, Ruleset>> = {
  egf: {
    name: 'egf',
    title: 'EGF General Tournament Rules',
    sources: [
      'seeds/egf-general-tournament-rules-excerpt.txt — results: a bye is a "default win due to the opponent Bye"; "The player does not play in a round of McMahon or Swiss" is listed with the ties (½ point)',
      'seeds/egf-general-tournament-rules-excerpt.txt — "in a Swiss or McMahon, a player\'s accumulated values are rounded down; this also affects all tiebreakers"',
      'seeds/egf-general-tournament-rules-excerpt.txt — tiebreakers: Direct Comparison, SOS-2, SOS-1, SOS, Rating, Previous Order, Lottery',
    ],
    byeHalves: () => 2,
    absentHalves: () => 1,
    // "not playing (sleeping, absent, latecomer, not paired)" is one result: a round not paired earns what absence does.
    notAssignedEarns: 'absent-points',
    listsOnlyImpliedPlayers: false,
    roundsDownFreePoints: () => true,
    // The EGF text defines SOS as the sum of the opponents' scores and says nothing of rounds without an opponent;
    // Tengen counts the player's own initial score there, as the EGF-approved programs (OpenGotha) do.
    opponentScore: 'final',
    sosWithoutOpponent: 'own-initial',
    sososWithoutOpponent: 'own-initial-times-rounds',
    cuspOnlyPlayedGames: false,
    placesWithinSection: false,
    // "If only one tiebreaker is used … Direct Comparison … SOS"; only one of SOS-2, SOS-1, SOS may be used.
    defaultTiebreaks: (system) => [primary(system), 'dc', 'sos'],
  },
  bga: {
    name: 'bga',
    title: 'British Go Association McMahon system',
    sources: [
      'seeds/bga-mcmahon-system.txt — sleeping: "an extra McMahon point is awarded after every two rounds missed. This score increase does not count as a win."',
      'seeds/bga-mcmahon-system.txt — SOS: "For each round that the player sleeps, add the player\'s own initial McMahon score."',
      'seeds/bga-mcmahon-system.txt — CUSP: "winning points … does not include free wins or points gained by sleepers"',
      'seeds/bga-mcmahon-system.txt — SOSOS: "For each round that the player sleeps add the player\'s own SOS."',
    ],
    byeHalves: () => 2,
    // ½ per missed round, rounded down = one point after every two rounds missed; none for the number of wins.
    absentHalves: (kind) => (kind === 'mms' ? 1 : 0),
    notAssignedEarns: 'absent-points',
    listsOnlyImpliedPlayers: false,
    roundsDownFreePoints: () => true,
    opponentScore: 'final',
    sosWithoutOpponent: 'own-initial',
    sososWithoutOpponent: 'own-sos',
    cuspOnlyPlayedGames: true,
    placesWithinSection: false,
    // "If you don't want to think about it, just specify the first of these": SOS.
    defaultTiebreaks: (system) => [primary(system), 'sos', 'cusp'],
  },
  aqjg: {
    name: 'aqjg',
    title: "AQJG — Mays, How to Organize and Direct a Swiss-McMahon Tournament",
    sources: [
      'seeds/mays-swiss-mcmahon-manual.txt — "McMahon Scores: Initial, Current, and Final": the current MMS "increases by ½ point for each round that he misses"',
      'seeds/mays-swiss-mcmahon-manual.txt — "Tied Players and Tie-Break Calculations": "adding ½ point for each loss by default and missed round, and by deducting ½ point for each win by default and bye"; SOS normalised to the full number of rounds; SOS, then SDOS, then the One-on-One test',
      'seeds/mays-swiss-mcmahon-manual.txt — "Determining the Winners": the winner of a section has the most victories, byes and default wins included',
    ],
    byeHalves: () => 2,
    absentHalves: (kind) => (kind === 'mms' ? 1 : 0),
    notAssignedEarns: 'absent-points',
    listsOnlyImpliedPlayers: false,
    roundsDownFreePoints: () => false,
    opponentScore: 'mays-adjusted',
    sosWithoutOpponent: 'normalise',
    sososWithoutOpponent: 'normalise',
    cuspOnlyPlayedGames: false,
    placesWithinSection: true,
    defaultTiebreaks: () => ['nbw', 'sos', 'sodos', 'oneonone'],
  },
  opengotha: {
    name: 'opengotha',
    title: "OpenGotha 3.x (reproduces OpenGotha's published values)",
    sources: [
      'corpus/README.md — MMS zero 30k, bar and floor clamp the start; absent rounds add ½ each; cumulative absent/bye points rounded down (genRoundDownNBWMMS)',
      "corpus/README.md — SOS: per round the opponent's final MMS corrected by the handicap (White + handicap, Black − handicap); a round without a game counts the player's own starting MMS",
      'corpus/README.md — SOSOS counts own starting MMS × number of rounds for each round without a game',
      'opengotha-repro/README.md — a participating player neither paired nor given a bye (NOT_ASSIGNED) earns nothing; only absent and bye rounds earn genMMS2Value…/genNBW2Value…',
      'opengotha-repro/README.md — a player with no game and no bye in any round is left out of the standings and of the place numbering',
    ],
    byeHalves: (kind, t) => {
      const og = { ...OPENGOTHA_DEFAULTS, ...t.settings.opengotha };
      return kind === 'mms' ? og.mmsHalvesBye : og.nbwHalvesBye;
    },
    absentHalves: (kind, t) => {
      const og = { ...OPENGOTHA_DEFAULTS, ...t.settings.opengotha };
      return kind === 'mms' ? og.mmsHalvesAbsent : og.nbwHalvesAbsent;
    },
    // Tournament.fillBaseScoringInfoIfNecessary: participation starts NOT_ASSIGNED, becomes ABSENT where the player
    // does not participate, PAIRED or BYE from the games and byes; only ABSENT and BYE add genNBW2Value…/genMMS2Value….
    notAssignedEarns: 'nothing',
    // The .h9 and HTML standings list "implied" players only: a game or a bye in some round.
    listsOnlyImpliedPlayers: true,
    roundsDownFreePoints: (t) => t.settings.opengotha?.roundDown ?? OPENGOTHA_DEFAULTS.roundDown,
    opponentScore: 'handicap-corrected',
    sosWithoutOpponent: 'own-initial',
    sososWithoutOpponent: 'own-initial-times-rounds',
    cuspOnlyPlayedGames: false,
    placesWithinSection: false,
    defaultTiebreaks: (system) => (system === 'mcmahon' ? ['mms', 'sos', 'sosos'] : ['nbw', 'sos', 'sosos']),
  },
  czech: {
    name: 'czech',
    title: 'Czech round-robin order (points, head-to-head, Sonneborn, placings)',
    sources: [
      'seeds/czech-round-robin-and-series-rules.cs.txt — "Co rozhoduje o pořadí v tabulce turnajů", A1–A4 and B1–B6; the order itself is czechOrder.ts',
    ],
    // The free round of an odd round-robin scores nothing: the Czech text counts "Body" from games only.
    byeHalves: () => 0,
    absentHalves: () => 0,
    // A round without a game or a bye scores nothing either (the Czech text counts games only).
    notAssignedEarns: 'nothing',
    listsOnlyImpliedPlayers: false,
    roundsDownFreePoints: () => false,
    opponentScore: 'final',
    sosWithoutOpponent: 'own-initial',
    sososWithoutOpponent: 'own-initial-times-rounds',
    cuspOnlyPlayedGames: false,
    placesWithinSection: false,
    // What the generic table shows; the Czech order (mini-tables, Sonneborn, placings) is czechStandings.
    defaultTiebreaks: () => ['nbw', 'dc'],
  },
};

export function rulesetOf(t: Tournament, override?: RulesetName): Ruleset {
  return RULESETS[override ?? t.settings.ruleset];
}

export function isRulesetName(name: string): name is RulesetName {
  return Object.prototype.hasOwnProperty.call(RULESETS, name);
}
