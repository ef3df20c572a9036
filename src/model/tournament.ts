/**
 * The tournament model: plain immutable data, shared by every format, the scoring and pairing engines, the CLI and
 * the add-in. Nothing here knows about files or Office.
 *
 * Why one file of this size: the model's types: one place to read what a tournament is.
 */
import type { EntrantSettings, Member } from './entrants';
import type { Rank } from './rank';

/** The paper ID number: 1 = the strongest player (Mays, "Ordering the Players by Strength and Numbering Them"). */
export type PlayerId = number & { readonly __brand: 'PlayerId' };
/** Rounds are numbered from 1. */
export type Round = number;

export interface Player {
  readonly id: PlayerId;
  readonly family: string;
  readonly given: string;
  readonly rank: Rank;
  readonly club?: string;
  readonly city?: string;
  readonly country?: string;
  /** National or EGF rating, just before the tournament (EGF tie-breaker "Rating"). */
  readonly rating?: number;
  readonly egdPin?: string;
  /** Registration fee level (Mays: optional guideline for McMahon sections). */
  readonly feeLevel?: string;
  /** Name of the McMahon section (Mays) the player belongs to; its initial MMS comes from `settings.sections`. */
  readonly section?: string;
  /** An initial MMS fixed for this player, overriding section and rank (director's decision). */
  readonly initialMms?: number;
  /**
   * Rounds this player does not take part in: latecomers (the rounds before arrival), partial players, sleeping
   * (BGA) and withdrawals. A round without a game, a bye or an entry here is also "not playing" (EGF: "The player
   * does not play in a round of McMahon or Swiss").
   */
  readonly absentRounds?: readonly Round[];
  /** Relative order at an earlier time (EGF tie-breaker "Previous Order"): 1 = best. */
  readonly previousOrder?: number;
  /**
   * The pairing number a round-robin, knockout or playoff pairs by (seeds/egc-championship-rules.txt, The League,
   * Pairings: "the players are assigned the numbers 1 to 10 by lottery"); assigned by `assignLots` (src/pairing/lots.ts).
   * Absent: the ID is the pairing number.
   */
  readonly pairingNumber?: number;
  /**
   * A European in the sense of seeds/egc-championship-rules.txt, "Definition of "European"" (the congress McMahon's
   * forced pairings, its qualification order). Absent: derived from `country` (src/model/european.ts).
   */
  readonly european?: boolean;
  /**
   * Plays in a Preliminary Knockout Tournament of the European Go Congress (seeds/egc-championship-rules.txt, "The
   * Preliminary Knockout Tournaments (PKO)"): his PKO games are entered as games of the McMahon's rounds 1–3, and he
   * starts "as if [he] had started in the supergroup" (src/scoring/egcCongressStart.ts).
   */
  readonly pko?: boolean;
  /**
   * The congress McMahon: already qualified for the European Championship's league. The top bar counts such players
   * above it on top of its 67 (seeds/egc-championship-rules.txt, "Top Bar and Supergroup": "at most 67 plus the number
   * of such players already qualified for the league"; src/scoring/egcCongressStart.ts).
   */
  readonly leagueQualified?: boolean;
  /**
   * The congress McMahon: declared in the Tournament Agreement to play all 10 rounds (a condition of the supergroup,
   * seeds/egc-championship-rules.txt, "Top Bar and Supergroup"). Absent: true when the player has no absent round. Set
   * it when a supergroup player misses a round after all, so that his start does not change afterwards.
   */
  readonly declaredAllRounds?: boolean;
  /** Fields of the source file with no place in this model, kept so an export loses nothing. */
  readonly extra?: Readonly<Record<string, string>>;
  /** A pair go pair or a rengo team: its members; `rank` is then the one they give by settings.entrants (./entrants). */
  readonly members?: readonly Member[];
}

/**
 * A game's result, each EGF kind kept distinct because tie-breakers treat them differently
 * (seeds/egf-general-tournament-rules-excerpt.txt, the list of results).
 */
export type GameResult =
  | 'unknown' // paired, not yet reported
  | 'white-wins'
  | 'black-wins'
  | 'jigo'
  | 'white-wins-by-default'
  | 'black-wins-by-default'
  | 'jigo-by-default'
  | 'both-lose-by-default'
  | 'both-win-by-default';

export const GAME_RESULTS: readonly GameResult[] = [
  'unknown',
  'white-wins',
  'black-wins',
  'jigo',
  'white-wins-by-default',
  'black-wins-by-default',
  'jigo-by-default',
  'both-lose-by-default',
  'both-win-by-default',
];

/** How a game by play ended (EGF: "due to the rules of play", "on time", "by resignation"). */
export type WinMethod = 'counting' | 'time' | 'resignation';
/** Why a result was given without play (EGF: absent or late opponent, both absent, arbitration). */
export type DefaultReason = 'absent' | 'late' | 'both-absent' | 'arbitration';

export interface Game {
  readonly round: Round;
  readonly table?: number;
  readonly white: PlayerId;
  readonly black: PlayerId;
  /** Number of handicap stones; 0 = even game, 1 = no komi. */
  readonly handicap: number;
  /** False when colours were decided by nigiri and not recorded. */
  readonly colourKnown?: boolean;
  readonly result: GameResult;
  readonly method?: WinMethod;
  readonly reason?: DefaultReason;
}

/**
 * A game of the league's knockout playoff (seeds/egc-championship-rules.txt, The League's Knockout Playoffs), kept
 * apart from the league's games so they never count in the league's number of wins. `place` names the knockout: the
 * league place the players tied for (one or two knockouts can follow a league); `round` is the knockout's round.
 */
export interface PlayoffGame extends Game {
  readonly place: number;
}

export interface Bye {
  readonly round: Round;
  readonly player: PlayerId;
}

export type PairingSystem = 'mcmahon' | 'swiss' | 'round-robin' | 'knockout' | 'egc-qt' | 'groups-of-eight';

/**
 * A knockout's bracket (seeds/egc-championship-rules.txt): `fold` pairs by folding the numbers of those still in
 * ("The League's Knockout Playoffs", "Pairings and Final Places"); `egc-pko-24` and `egc-pko-32` are the Preliminary
 * Knockout Tournaments' printed pairings ("The Preliminary Knockout Tournaments (PKO)", "Pairings").
 */
export type KnockoutBracket = 'fold' | 'egc-pko-24' | 'egc-pko-32';
export type RulesetName = 'egf' | 'bga' | 'aqjg' | 'opengotha' | 'czech';

/** Criteria a director can order standings by. Lower-case names are also the `--json` keys. */
export type Criterion =
  | 'mms'
  | 'nbw'
  | 'sos'
  | 'sos1'
  | 'sos2'
  | 'sodos'
  | 'sosos'
  | 'cuss'
  | 'cusp'
  | 'dc'
  | 'oneonone'
  | 'rating'
  | 'previousorder'
  | 'lottery';

export const CRITERIA: readonly Criterion[] = [
  'mms',
  'nbw',
  'sos',
  'sos1',
  'sos2',
  'sodos',
  'sosos',
  'cuss',
  'cusp',
  'dc',
  'oneonone',
  'rating',
  'previousorder',
  'lottery',
];

/**
 * Criteria that can order the players of one score group for the draw (EGC: "For only the purpose of creating
 * reasonably fair pairings, SOS-2 is used as a tiebreaker"). Not Direct Comparison nor 1-on-1: they depend on the
 * group of tied players, not on the player.
 */
export type PairingCriterion = Exclude<Criterion, 'dc' | 'oneonone'>;

export const PAIRING_CRITERIA: readonly PairingCriterion[] = CRITERIA.filter((c): c is PairingCriterion => c !== 'dc' && c !== 'oneonone');

export type HandicapPolicy =
  | 'none'
  | 'rank-difference'
  | 'rank-difference-minus-1'
  | 'rank-difference-minus-2'
  | 'mms-difference'
  | 'mms-difference-minus-1'
  | 'mms-difference-minus-2';

export interface HandicapSettings {
  readonly policy: HandicapPolicy;
  /** Largest handicap given (default 9). */
  readonly ceiling?: number;
  /** Even game whenever either player declared a rank at or above this one (BGA: at or above the bar). */
  readonly evenAtOrAbove?: Rank;
  /**
   * Stones taken off the difference, in place of the policy's "minus 1" or "minus 2": OpenGotha's hdCorrection,
   * which may be any whole number (`hdCorrection="3"`: three stones fewer).
   */
  readonly correction?: number;
}

/**
 * OpenGotha's hdBasedOnMMS and hdCorrection as a policy: the difference (MMS or rank) minus 0, 1 or 2 by name, a
 * larger correction (OpenGotha takes any: Tournament.gameBetween lowers the difference by hdCorrection, down to 0)
 * as `correction`.
 */
export function handicapPolicyOf(onMms: boolean, correction: number): Pick<HandicapSettings, 'policy' | 'correction'> {
  const kind = onMms ? 'mms-difference' : 'rank-difference';
  if (correction > 2) return { policy: kind, correction };
  return { policy: (correction === 0 ? kind : `${kind}-minus-${correction}`) as HandicapPolicy };
}

export interface Section {
  readonly name: string;
  readonly initialMms: number;
}

/**
 * A prize for a place (seeds/mays-swiss-mcmahon-manual.txt, "Prizes": "All tournaments offer prizes to the winners
 * of first place in each section, and some tournaments offer prizes to the winners of second place"). A sum of money
 * (or points of a series) is divisible: equal players share it (seeds/egf-general-tournament-rules-excerpt.txt: "They
 * equally share the sum of all money prizes issued for those place numbers that they would have got if they were
 * not equal. Other divisible prizes like, e.g., points accumulated in a series of tournaments, are distributed
 * similarly"); a thing (a trophy) is not: "Indivisible prizes … are issued by tiebreakers".
 */
export interface Prize {
  /** The McMahon section (its name) whose place this is; absent: a place of the whole field. */
  readonly section?: string;
  /** The place it rewards, 1 = first. */
  readonly place: number;
  /** A divisible prize: the sum, in `unit`. */
  readonly amount?: number;
  /** The unit of `amount` as announced ("€", "$", "points"). */
  readonly unit?: string;
  /** An indivisible prize: what it is ("Trophy"). A prize has an amount, an item, or both (a trophy and €50). */
  readonly item?: string;
}

/**
 * OpenGotha's own scoring parameters (GeneralParameterSet), kept so the `opengotha` ruleset reproduces its values.
 * Values are in half points, as OpenGotha stores them ("2Value").
 */
export interface OpenGothaScoring {
  readonly mmsHalvesAbsent: number;
  readonly mmsHalvesBye: number;
  readonly nbwHalvesAbsent: number;
  readonly nbwHalvesBye: number;
  readonly roundDown: boolean;
  /**
   * The PlacementCriteria as written (their `name`, in `number` order, NULL left out), including those Tengen does
   * not compute (CAT, Rank, STS, SOSTS, EXT, EXR, SDC); `settings.tiebreaks` holds the ones it maps.
   */
  readonly placementCriteria?: readonly string[];
  /** Every attribute of PairingParameterSet and HandicapParameterSet, as written: the pairing engine reads them. */
  readonly pairingParameters?: Readonly<Record<string, string>>;
  /** The GeneralParameterSet attributes with no other place in the model (time system, board size, …), as written. */
  readonly generalParameters?: Readonly<Record<string, string>>;
  /**
   * OpenGotha's team size (TeamGeneralParameterSet teamSize, tournament.dtd default 4): the boards of a team match
   * there. Kept apart from `settings.teams`, which makes the tournament a team tournament in Tengen (an OpenGotha
   * file ranks its players, and its teams beside them).
   */
  readonly teamSize?: number;
  /** The TeamPlacementParameterSet's PlacementCriteria as written (TEAMP, BDW, …, NULL left out). */
  readonly teamPlacementCriteria?: readonly string[];
}

export interface Settings {
  readonly system: PairingSystem;
  readonly rounds: number;
  readonly ruleset: RulesetName;
  /** McMahon bar: every rank at or above it starts with the bar's MMS. */
  readonly bar?: Rank;
  /** McMahon floor: every rank at or below it starts with the floor's MMS. */
  readonly floor?: Rank;
  /** The rank whose MMS is 0 (OpenGotha's "MMS zero", 30k there). Default 1d, the BGA convention. */
  readonly mmsZero?: Rank;
  /** Mays' McMahon sections: players name their section, the section gives the initial MMS. */
  readonly sections?: readonly Section[];
  readonly handicap?: HandicapSettings;
  readonly komi?: number;
  /** Placement order; the ruleset's default when absent. */
  readonly tiebreaks?: readonly Criterion[];
  /** Seed of the lottery tie-breaker, recorded so places are reproducible. */
  readonly lotterySeed?: number;
  /**
   * The order of the players inside a score group for the draw, separate from the placement order (EGC: "For only
   * the purpose of creating reasonably fair pairings, SOS-2 is used as a tiebreaker"): criteria before the usual
   * order by rank, rating and ID. None when absent.
   */
  readonly pairingTiebreaks?: readonly PairingCriterion[];
  /** Host city for Mays' round-1 bye (the weakest local player). */
  readonly hostCity?: string;
  /**
   * The paper the printouts are set up for: the director's choice (Settings sheet, "Paper"). Absent: Letter when most
   * players come from a country that uses it, else A4 (src/workbook/print/paper.ts, `paperOf`).
   */
  readonly paper?: Paper;
  /**
   * Where the director will upload the results site (src/publish): an `http(s)://` folder address ending in `/`
   * (model/siteUrl.ts). The QR codes of the slips, table cards and wall chart point there; none without it.
   */
  readonly siteUrl?: string;
  /** The prizes by place (Mays: by McMahon section); the prize ceremony's sheet lists who wins each. */
  readonly prizes?: readonly Prize[];
  readonly opengotha?: OpenGothaScoring;
  /**
   * Round-robin: the table of rounds — `berger` (default, any number of players) or `egc`, the European Championship
   * league exactly as seeds/egc-championship-rules.txt prints it (10 or 12 players).
   */
  readonly schedule?: RoundRobinSchedule;
  /** Round-robin: how many times everyone meets everyone (1 default, or 2: the second cycle with colours reversed). */
  readonly cycles?: number;
  /** How the pairing numbers were assigned, with the lottery's seed so the draw can be replayed (src/pairing/lots.ts). */
  readonly lots?: Lots;
  /** A knockout's bracket (`system` "knockout"); `fold` when absent. */
  readonly bracket?: KnockoutBracket;
  /**
   * The European Go Congress McMahon (with `system` "mcmahon"; seeds/egc-championship-rules.txt, "The McMahon
   * Tournament"): the top bar and supergroup set by its rule, PKO games counted as rounds 1–3, the forced pairings of
   * Europeans in rounds 9 and 10, the European Open Champion and the qualification order.
   */
  readonly egc?: boolean;
  /** A team tournament: the "player" of the draw and the standings is a team of `boards` players (docs/file-format.md). */
  readonly teams?: TeamSettings;
  /** Pair go or rengo: each player is a pair or team with `members`, ranked by the event's rule (./entrants). */
  readonly entrants?: EntrantSettings;
}

export type RoundRobinSchedule = 'berger' | 'egc';

/** A paper size of the printouts. */
export type Paper = 'A4' | 'Letter';
export const PAPERS: readonly Paper[] = ['A4', 'Letter'];

/** What pairing numbers follow: a lottery, the rating (ties broken by lottery) or the ID. */
export type LotsBy = 'lottery' | 'rating' | 'id';

export interface Lots {
  readonly by: LotsBy;
  /** The lottery's seed (absent when `by` is `id`). */
  readonly seed?: number;
}

/**
 * How a team's McMahon start is taken from its members' ranks (the director chooses; the EGF rules are silent):
 * `average-down` the mean of the board players' ranks rounded down (towards the weaker rank), `average-nearest` the mean
 * rounded to the nearest rank (halves up), `board-1` the rank of the player on board 1.
 */
export type TeamStart = 'average-down' | 'average-nearest' | 'board-1';
export const TEAM_STARTS: readonly TeamStart[] = ['average-down', 'average-nearest', 'board-1'];

export interface TeamSettings {
  /** Boards per team match. */
  readonly boards: number;
  /** McMahon start of a team from its members' ranks; default `average-down`. */
  readonly start?: TeamStart;
}

/**
 * A player's board in a team for a round. A team lists its lineup for round 1 at least; a round with no entry keeps
 * the lineup of the latest earlier round (the board order is fixed per team).
 */
export interface TeamBoard {
  readonly round: Round;
  readonly board: number;
  readonly player: PlayerId;
}

export interface Team {
  readonly number: number;
  readonly name: string;
  readonly boards: readonly TeamBoard[];
}

export interface Tournament {
  readonly name: string;
  readonly shortName?: string;
  readonly location?: string;
  readonly director?: string;
  readonly beginDate?: string;
  readonly endDate?: string;
  readonly settings: Settings;
  readonly players: readonly Player[];
  readonly games: readonly Game[];
  readonly byes: readonly Bye[];
  readonly teams?: readonly Team[];
  /** The league's knockout playoff games (src/systems/round-robin/playoff.ts), when any have been paired. */
  readonly playoffs?: readonly PlayoffGame[];
}

/** "Family, Given", as Mays insists names are written. */
export function displayName(player: Pick<Player, 'family' | 'given'>): string {
  return player.given ? `${player.family}, ${player.given}` : player.family;
}

/** A player as the director knows him in messages and Log lines: "12 (Doe, John)", else "12" when not registered. */
export function playerLabel(t: Pick<Tournament, 'players'>, id: PlayerId): string {
  const p = t.players.find((x) => x.id === id);
  return p ? `${id} (${displayName(p)})` : String(id);
}
