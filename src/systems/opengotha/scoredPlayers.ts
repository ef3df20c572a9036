/**
 * What OpenGotha knows about each player when it pairs a round: its ScoredPlayer (scores round by round, with
 * OpenGotha's own rules for byes and absences), and the pairing information Tournament.fillPairingInfo adds (score
 * group, place inside the group, draw-ups and draw-downs, colour balance).
 *
 * Rounds are 1-based here; OpenGotha's are 0-based, so its "roundNumber − 1" (the scores before the round) is the
 * round before the one being paired. Everything is computed from the games and byes of the rounds before it.
 *
 * Sources (OpenGotha 3.x Java, read to learn): Tournament.fillBaseScoringInfoIfNecessary (participation, NBW, MMS,
 * SOS, SOSOS, CUSS, SODOS), ScoredPlayer.getCritValue, ScoredPlayerComparator, Tournament.fillPairingInfo,
 * Pairing.wbBalance, Tournament.mms2, Player.smms.
 *
 * Why this does not read src/scoring's scoreboard under the `opengotha` ruleset (../history does, for the other
 * systems): the numbers OpenGotha's pairing reads differ from the standings' by definition, not by accident —
 *  - a round where a participating player was neither paired nor given a bye ("not-assigned") gives no free points
 *    here; the scoreboard's records know one outcome for every round without a game or bye (`absent`, src/scoring/
 *    record.ts), which the ruleset pays `mmsHalvesAbsent`;
 *  - MMS counts from OpenGotha's zero (`par.mmsZero`, 30k) and the starting score is rank-based in Swiss too (the bye
 *    weight and an MMS-based handicap read it there); the scoreboard counts from Tengen's `settings.mmsZero` and
 *    starts every Swiss player at 0 (scoring/scoreboard.ts, initialMms);
 *  - SOS−1/−2 drop the lowest round by OpenGotha's scan, with its quirks after one and two rounds and SOSM's unstored
 *    round 1 (criterionValues below); scoring/criteria.ts drops by value, earliest first, for explanations;
 *  - a score group's order needs every criterion by OpenGotha's name at one round (getCritValue), cached per player.
 * Sharing would mean a new record outcome and two more ruleset parameters that only this module reads.
 *
 * Why one file of this size: OpenGotha's ScoredPlayer and round state ported as one piece, so that it reads beside OpenGotha's Java line by line.
 */
import { clampRank } from '../../model/rank';
import type { Game, Player, PlayerId, Round, Tournament } from '../../model/tournament';
import { additionalCriterionOf, type OpenGothaParameters } from './parameters';
import { OPENGOTHA_HELD_BYE } from '../../formats/opengotha/games';

/** OpenGotha's lowest rank (Gotha.MIN_RANK, 30k): MMS is counted from it. */
export const GOTHA_MIN_RANK = -30;
/** PlacementParameterSet.PLA_SMMS_CORR_MIN / MAX: how far smmsCorrection may move a starting score. */
export const SMMS_CORRECTION_MIN = -1;
export const SMMS_CORRECTION_MAX = 2;

/**
 * Which OpenGotha's draw Tengen reproduces (../shared/corpus/README.md, "opengotha-released"; docs/opengotha-rules.md):
 *  - `released`: OpenGotha 3.51.02 as published (3.52.03 draws the same) — what a director gets when he presses Pair;
 *  - `corrected`: the modified 3.51.02 that made the corpus's weight dumps and most of its recorded rounds (and that
 *    Pairgoth's legacy mode follows). It differs from the released engine in four rules, each marked where it is
 *    applied: the geographic cost above the thresholds (./weights geographyTerm), the draw-up/draw-down guard
 *    (./weights drawUpDownTerm), who counts in a score group (buildRoundState below) and the Swiss bye (./bye).
 */
export type OpenGothaRules = 'released' | 'corrected';
export const OPENGOTHA_RULES: readonly OpenGothaRules[] = ['released', 'corrected'];

/** ScoredPlayer's participation codes. */
export type Participation = 'absent' | 'not-assigned' | 'bye' | 'paired';

export interface ScoredPlayer {
  readonly player: Player;
  readonly id: PlayerId;
  /** OpenGotha's key "NAMEFIRSTNAME", and the name its tie-breaks and detRandom read. */
  readonly name: string;
  readonly firstName: string;
  /** Player.smms: starting McMahon score, counted from 30k. */
  readonly smms: number;
  /** participation[r − 1] for rounds r = 1 … round − 1. */
  readonly participation: readonly Participation[];
  /** games[r − 1]: the game of round r, if any. */
  readonly games: readonly (Game | undefined)[];
  /** nbwX2[r], mmsX2[r]: after round r (index 0 = before round 1: 0 and 2 × smms). */
  readonly nbwX2: readonly number[];
  readonly mmsX2: readonly number[];
  /** Number of earlier byes. */
  readonly byes: number;
}

export interface PairingInfo {
  /** Score group, 0 = the top group (Tournament.fillPairingInfo counts empty groups too, since V3.49.01). */
  readonly groupNumber: number;
  readonly groupSize: number;
  /** Place inside the group, 0 = best, by the placement criteria then the additional criterion then name. */
  readonly innerPlacement: number;
  readonly drawnUp: number;
  readonly drawnDown: number;
  /** Pairing.wbBalance: games as White minus games as Black, even games only, before this round. */
  readonly colourBalance: number;
}

export interface RoundState {
  readonly round: Round;
  /** The engine whose rules apply (see OpenGothaRules). */
  readonly rules: OpenGothaRules;
  readonly parameters: OpenGothaParameters;
  /** Every registered player (OpenGotha's hmScoredPlayers), in ID order. */
  readonly scored: readonly ScoredPlayer[];
  readonly byId: ReadonlyMap<PlayerId, ScoredPlayer>;
  readonly info: ReadonlyMap<PlayerId, PairingInfo>;
  /** Tournament.fillPairingInfo's numberOfGroups: the score range of the round. */
  readonly numberOfGroups: number;
  /** Score as OpenGotha's pairing reads it: getCritValue(crit, round − 2), in half points. */
  critValue(id: PlayerId, criterion: string): number;
  /** Main score in half points before the round (MMS in McMahon, NBW in Swiss). */
  mainX2(id: PlayerId): number;
  mmsX2(id: PlayerId): number;
  nbwX2(id: PlayerId): number;
  /** Number of earlier games between the two players. */
  meetings(a: PlayerId, b: PlayerId): number;
  /** Each player's earlier opponents (those with at least one meeting): the weigher's fast `meetings(a, b) === 0`. */
  readonly opponents: ReadonlyMap<PlayerId, ReadonlySet<PlayerId>>;
}

/** Result points of a game for one side, in half points (Tournament.fillBaseScoringInfo, "Points from games"). */
function gamePointsX2(g: Game, white: boolean): number {
  switch (g.result) {
    case 'white-wins':
    case 'white-wins-by-default':
      return white ? 2 : 0;
    case 'black-wins':
    case 'black-wins-by-default':
      return white ? 0 : 2;
    case 'jigo':
    case 'jigo-by-default':
      return 1;
    case 'both-win-by-default':
      return 2;
    default:
      return 0; // unknown, both lose
  }
}

/** Game.getWX2 as SODOS reads it: 2 for a win, 1 for a jigo, 0 otherwise. */
function winX2(g: Game, id: PlayerId): number {
  return gamePointsX2(g, g.white === id);
}

/** Java's int division (truncation toward zero), as in `getCritValue(...) / 2`. */
export function javaDiv(a: number, b: number): number {
  return Math.trunc(a / b);
}

/**
 * Player.smms: rank clamped between floor and bar, counted from MMS zero, plus smmsCorrection. Tengen's OpenGotha
 * import stores a non-zero smmsCorrection already applied in `initialMms`. A start Tengen fixes otherwise — a
 * director's `initialMms`, a Mays section's initial MMS — counts from Tengen's MMS zero (`settings.mmsZero`, 0 when
 * unset) and is moved to OpenGotha's count from `mmsZero` (30k unless the file says otherwise), so that OpenGotha's
 * scores differ from Tengen's by one constant (the same for an OpenGotha file, whose two zeros are one).
 */
function startingScore(t: Tournament, p: Player, par: OpenGothaParameters): number {
  const shift = (t.settings.mmsZero ?? 0) - par.mmsZero;
  if (p.initialMms !== undefined) return p.initialMms + shift;
  const section = p.section !== undefined && t.settings.system === 'mcmahon' ? t.settings.sections?.find((x) => x.name === p.section) : undefined;
  if (section) return section.initialMms + shift;
  return clampRank(p.rank, par.floor, par.bar) - par.mmsZero;
}

/**
 * The players OpenGotha pairs in a round (JFrGamesPair's list of players to pair): those who participate in it
 * (Player.participating) and whose registration is final — a player still "PRE" (preliminary registration,
 * registeringStatus) is not paired. Tournament.fillPairingInfo builds the score groups from the same players, the
 * one who will get the bye included.
 */
export function isPairable(p: Player, round: Round): boolean {
  return !(p.absentRounds ?? []).includes(round) && (p.extra?.registeringStatus ?? 'FIN').trim().toUpperCase() !== 'PRE';
}

/** Builds OpenGotha's view of the tournament before `round` (1-based) is paired. */
export function buildRoundState(t: Tournament, round: Round, par: OpenGothaParameters, rules: OpenGothaRules = 'released'): RoundState {
  const done = round - 1; // rounds 1 … done have been played
  const players = [...t.players].sort((a, b) => a.id - b.id);
  const gamesOf = new Map<PlayerId, (Game | undefined)[]>();
  const participationOf = new Map<PlayerId, Participation[]>();
  for (const p of players) {
    gamesOf.set(p.id, new Array<Game | undefined>(done).fill(undefined));
    // 1) participation: ABSENT where the player does not participate, NOT_ASSIGNED as the initial status
    participationOf.set(
      p.id,
      Array.from({ length: done }, (_, i) => ((p.absentRounds ?? []).includes(i + 1) ? 'absent' : 'not-assigned')),
    );
  }
  for (const g of t.games) {
    if (g.round < 1 || g.round > done) continue;
    for (const id of [g.white, g.black]) {
      const games = gamesOf.get(id);
      if (!games) continue;
      games[g.round - 1] = g;
      participationOf.get(id)![g.round - 1] = 'paired';
    }
  }
  const byeCount = new Map<PlayerId, number>();
  // OpenGotha holds one bye player per round (Tournament.byePlayers[round]; a later <ByePlayer> of the round replaces
  // an earlier one): a second bye of a round (Pairgoth gives them; the EGC 2024 file has two in round 1) is, for
  // OpenGotha, a participating player neither paired nor given a bye.
  // Which one is the file's last is recorded on the player (OPENGOTHA_HELD_BYE), the order of `t.byes` being no part
  // of the model; without the record (a file not from OpenGotha), the last in `t.byes`.
  const lastByeOfRound = new Map<number, PlayerId>();
  for (const b of t.byes) lastByeOfRound.set(b.round, b.player);
  for (const p of t.players) {
    for (const r of (p.extra?.[OPENGOTHA_HELD_BYE] ?? '').split(',').filter(Boolean).map(Number)) {
      if (t.byes.some((b) => b.round === r && b.player === p.id)) lastByeOfRound.set(r, p.id);
    }
  }
  for (const b of t.byes) {
    if (b.round < 1 || b.round > done || lastByeOfRound.get(b.round) !== b.player) continue;
    const part = participationOf.get(b.player);
    if (!part) continue;
    part[b.round - 1] = 'bye';
    byeCount.set(b.player, (byeCount.get(b.player) ?? 0) + 1);
  }

  // 2) nbwX2 and mmsX2. Free points of byes and absences are accumulated, then (genRoundDownNBWMMS) rounded down
  // to whole points before being added to each round's score.
  const scored: ScoredPlayer[] = players.map((p) => {
    const smms = startingScore(t, p, par);
    const games = gamesOf.get(p.id)!;
    const participation = participationOf.get(p.id)!;
    const nbwX2 = [0];
    const mmsX2 = [2 * smms];
    let fromGames = 0;
    let freeNbw = 0;
    let freeMms = 0;
    for (let r = 1; r <= done; r++) {
      const g = games[r - 1];
      if (g) fromGames += gamePointsX2(g, g.white === p.id);
      const part = participation[r - 1];
      if (part === 'absent') {
        freeNbw += par.nbwHalvesAbsent;
        freeMms += par.mmsHalvesAbsent;
      } else if (part === 'bye') {
        freeNbw += par.nbwHalvesBye;
        freeMms += par.mmsHalvesBye;
      }
      const nbwFree = par.roundDown ? javaDiv(freeNbw, 2) * 2 : freeNbw;
      const mmsFree = par.roundDown ? javaDiv(freeMms, 2) * 2 : freeMms;
      nbwX2.push(fromGames + nbwFree);
      mmsX2.push(2 * smms + fromGames + mmsFree);
    }
    return {
      player: p,
      id: p.id,
      // The names as OpenGotha holds them, outer spaces included (the OpenGotha reader keeps them in `extra`).
      name: p.extra?.openGothaName ?? p.family,
      firstName: p.extra?.openGothaFirstName ?? p.given,
      smms,
      participation,
      games,
      nbwX2,
      mmsX2,
      byes: byeCount.get(p.id) ?? 0,
    };
  });
  const byId = new Map(scored.map((s) => [s.id, s]));

  const critValue = criterionValues(byId, done);
  const mainCrit = par.mainCriterion;

  // Tournament.fillPairingInfo: score groups from mainScoreMax down to mainScoreMin, one per whole score, empty
  // ones counted; in each group players ordered by the placement criteria, then the additional criterion, then
  // name and first name (ScoredPlayerComparator with bKeepExAequo = false).
  // Who counts in a group (group number, size and inner placement, which drive the draw-up/draw-down and seeding
  // terms): the released 3.51.02 fills the groups from every registered player (hmScoredPlayers: absent and
  // pre-registered players included); the corrected engine from the players it pairs in the round (isPairable).
  const { mainScoreMin, mainScoreMax } = mainScoreRange(par, round);
  const criteria = [...par.placementCriteria];
  const additional = additionalCriterionOf(par, round);
  criteria.push(additional ?? 'NULL');
  const info = new Map<PlayerId, { groupNumber: number; groupSize: number; innerPlacement: number }>();
  // The players by whole main score, each list in ID order, read once rather than once per score of the range.
  const byScore = new Map<number, ScoredPlayer[]>();
  for (const s of scored) {
    if (rules === 'corrected' && !isPairable(s.player, round)) continue;
    const mainScore = javaDiv(critValue(s.id, mainCrit), 2);
    const list = byScore.get(mainScore);
    if (list) list.push(s);
    else byScore.set(mainScore, [s]);
  }
  let groupNumber = 0;
  for (let mainScore = mainScoreMax; mainScore >= mainScoreMin; mainScore--) {
    const group = byScore.get(mainScore) ?? [];
    if (group.length === 0) {
      groupNumber++;
      continue;
    }
    group.sort((a, b) => compareForPlacement(a, b, criteria, critValue));
    group.forEach((s, i) => info.set(s.id, { groupNumber, groupSize: group.length, innerPlacement: i }));
    groupNumber++;
  }
  const numberOfGroups = groupNumber;
  // A score outside OpenGotha's range (it cannot happen with OpenGotha's own bounds) leaves the player out of every
  // group; OpenGotha then reads the fields left from an earlier round. Tengen puts him in a group of his own below.
  for (const s of scored) {
    if (!info.has(s.id)) info.set(s.id, { groupNumber: numberOfGroups, groupSize: 1, innerPlacement: 0 });
  }

  // Draw-ups and draw-downs: in each earlier round, a player whose main score before that round was below his
  // opponent's was drawn up, above it drawn down (scores compared as whole points, getCritValue / 2).
  const mainBefore = (s: ScoredPlayer, r: number): number => javaDiv(mainCrit === 'MMS' ? s.mmsX2[r - 1] : s.nbwX2[r - 1], 2);
  const full = new Map<PlayerId, PairingInfo>();
  for (const s of scored) {
    let drawnUp = 0;
    let drawnDown = 0;
    let colourBalance = 0;
    for (let r = 1; r <= done; r++) {
      const g = s.games[r - 1];
      if (!g) continue;
      const opponent = byId.get(g.white === s.id ? g.black : g.white);
      if (opponent) {
        const mine = mainBefore(s, r);
        const theirs = mainBefore(opponent, r);
        if (mine < theirs) drawnUp++;
        if (mine > theirs) drawnDown++;
      }
      // Pairing.wbBalance: every game of handicap 0 counts, White +1, Black −1.
      if (g.handicap === 0) colourBalance += g.white === s.id ? 1 : -1;
    }
    full.set(s.id, { ...info.get(s.id)!, drawnUp, drawnDown, colourBalance });
  }

  // Counted here rather than read from ../history's buildHistory, which would build a scoreboard this module does
  // not use (see the module comment).
  const meetings = new Map<string, number>();
  const opponents = new Map<PlayerId, Set<PlayerId>>();
  const met = (a: PlayerId, b: PlayerId) => {
    const set = opponents.get(a);
    if (set) set.add(b);
    else opponents.set(a, new Set([b]));
  };
  for (const g of t.games) {
    if (g.round < 1 || g.round > done) continue;
    const key = g.white < g.black ? `${g.white}-${g.black}` : `${g.black}-${g.white}`;
    meetings.set(key, (meetings.get(key) ?? 0) + 1);
    met(g.white, g.black);
    met(g.black, g.white);
  }

  return {
    round,
    rules,
    parameters: par,
    scored,
    byId,
    info: full,
    numberOfGroups,
    critValue,
    mainX2: (id) => critValue(id, mainCrit),
    // critValue(id, 'MMS' | 'NBW') without building its cache key: read for every pair the round weighs.
    mmsX2: (id) => byId.get(id)?.mmsX2[done] ?? 0,
    nbwX2: (id) => byId.get(id)?.nbwX2[done] ?? 0,
    meetings: (a, b) => meetings.get(a < b ? `${a}-${b}` : `${b}-${a}`) ?? 0,
    opponents,
  };
}

/**
 * The score range Tournament.makeAutomaticPairing and fillPairingInfo scan: in McMahon from
 * floor + PLA_SMMS_CORR_MIN − MIN_RANK to bar + PLA_SMMS_CORR_MAX + roundNumber − MIN_RANK (roundNumber 0-based);
 * in Swiss from 0 to roundNumber.
 */
export function mainScoreRange(par: OpenGothaParameters, round: Round): { mainScoreMin: number; mainScoreMax: number } {
  const zeroBased = round - 1;
  if (par.mainCriterion === 'MMS') {
    return {
      mainScoreMin: par.floor + SMMS_CORRECTION_MIN - GOTHA_MIN_RANK,
      mainScoreMax: par.bar + SMMS_CORRECTION_MAX + zeroBased - GOTHA_MIN_RANK,
    };
  }
  return { mainScoreMin: 0, mainScoreMax: zeroBased };
}

/** ScoredPlayerComparator: better first on each criterion in turn, then name, then first name (String.compareTo). */
function compareForPlacement(
  a: ScoredPlayer,
  b: ScoredPlayer,
  criteria: readonly string[],
  critValue: (id: PlayerId, criterion: string) => number,
): number {
  for (const c of criteria) {
    const d = critValue(b.id, c) - critValue(a.id, c);
    if (d !== 0) return d;
  }
  return javaCompare(a.name, b.name) || javaCompare(a.firstName, b.firstName);
}

/** Java's String.compareTo sign: UTF-16 code units, which is also how JavaScript compares strings. */
export function javaCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * ScoredPlayer.getCritValue(criterion, round − 2) for the criteria a score group can be ordered by. SOS-type values
 * follow Tournament.fillBaseScoringInfo: per round the opponent's score after the last played round (MMS corrected
 * by the handicap: White + handicap, Black − handicap); a round without a game counts 0 in Swiss and the player's own
 * 2 × smms in McMahon; SOSOS counts 2 × smms × rounds for such a round in McMahon.
 */
function criterionValues(
  byId: ReadonlyMap<PlayerId, ScoredPlayer>,
  done: number,
): (id: PlayerId, criterion: string) => number {
  const last = done; // index into nbwX2 / mmsX2 after the last played round
  // Per criterion, per player: sorts and weights read these for every comparison, so no key is built.
  const cache = new Map<string, Map<PlayerId, number>>();

  const opponentsScores = (s: ScoredPlayer, kind: 'W' | 'M'): number[] => {
    const out: number[] = [];
    for (let r = 1; r <= done; r++) {
      const g = s.games[r - 1];
      if (s.participation[r - 1] !== 'paired' || !g) {
        out.push(kind === 'W' ? 0 : 2 * s.smms);
        continue;
      }
      const opp = byId.get(g.white === s.id ? g.black : g.white)!;
      if (kind === 'W') out.push(opp.nbwX2[last]);
      else out.push(opp.mmsX2[last] + (g.white === s.id ? 2 * g.handicap : -2 * g.handicap));
    }
    return out;
  };
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  // SOS−1 and SOS−2: OpenGotha removes the lowest value (then the next lowest) of the rounds played so far; after
  // one round SOS−1 is the larger of rounds 0 and 1 (sic) and SOS−2 is 0; before any round both are 0.
  // For SOSM the round-1 value is never stored, so it stays 0 (Tournament.fillBaseScoringInfo, 4.2).
  const minus = (xs: readonly number[], drop: 1 | 2, kind: 'W' | 'M'): number => {
    if (done <= 1) return 0;
    if (done === 2) return drop === 1 && kind === 'W' ? Math.max(xs[0], xs[1]) : 0;
    let rMin = 0;
    for (let r = 1; r < xs.length; r++) if (xs[r] < xs[rMin]) rMin = r;
    let rMin2 = rMin === 0 ? 1 : 0;
    for (let r = 0; r < xs.length; r++) {
      if (r !== rMin && xs[r] < xs[rMin2]) rMin2 = r;
    }
    const m1 = sum(xs) - xs[rMin];
    return drop === 1 ? m1 : m1 - xs[rMin2];
  };

  const compute = (s: ScoredPlayer, criterion: string): number => {
    switch (criterion) {
      case 'NULL':
      case 'CAT': // one category: −category = 0 for everyone
      case 'DC': // not defined while pairing: ScoredPlayer.dc is only set when standings are ordered
      case 'SDC':
        return 0;
      case 'RANK':
        return s.player.rank;
      case 'RATING':
        return s.player.rating ?? 0;
      case 'NBW':
        return s.nbwX2[last];
      case 'MMS':
        return s.mmsX2[last];
    }
    if (done === 0) return 0;
    switch (criterion) {
      case 'SOSW':
        return sum(opponentsScores(s, 'W'));
      case 'SOSM':
        return sum(opponentsScores(s, 'M'));
      case 'SOSW-1':
      case 'SOSWM1':
        return minus(opponentsScores(s, 'W'), 1, 'W');
      case 'SOSW-2':
      case 'SOSWM2':
        return minus(opponentsScores(s, 'W'), 2, 'W');
      case 'SOSM-1':
      case 'SOSMM1':
        return minus(opponentsScores(s, 'M'), 1, 'M');
      case 'SOSM-2':
      case 'SOSMM2':
        return minus(opponentsScores(s, 'M'), 2, 'M');
      case 'SODOSW':
      case 'SODOSM': {
        const xs = opponentsScores(s, criterion === 'SODOSW' ? 'W' : 'M');
        return sum(xs.map((x, i) => (s.participation[i] === 'paired' && s.games[i] ? x * winX2(s.games[i]!, s.id) : 0)));
      }
      case 'CUSSW':
        return sum(s.nbwX2.slice(1));
      case 'CUSSM':
        return sum(s.mmsX2.slice(1));
      case 'SOSOSW':
      case 'SOSOSM': {
        const kind = criterion === 'SOSOSW' ? 'SOSW' : 'SOSM';
        let total = 0;
        for (let r = 1; r <= done; r++) {
          const g = s.games[r - 1];
          if (s.participation[r - 1] !== 'paired' || !g) {
            total += kind === 'SOSW' ? 0 : 2 * s.smms * done;
            continue;
          }
          total += value(g.white === s.id ? g.black : g.white, kind);
        }
        return total;
      }
      default:
        return 0;
    }
  };
  const value = (id: PlayerId, criterion: string): number => {
    let values = cache.get(criterion);
    if (!values) cache.set(criterion, (values = new Map()));
    const cached = values.get(id);
    if (cached !== undefined) return cached;
    const s = byId.get(id);
    const v = s ? compute(s, criterion) : 0;
    values.set(id, v);
    return v;
  };
  return value;
}

/**
 * The order of OpenGotha's list of players to pair, which its weight dumps show (pairs (i, j), i < j, in this
 * order): by the placement criteria before the round, best first, then name and first name (ScoredPlayerComparator
 * on the placement criteria alone); equal names (OpenGotha's key forbids them) by ID. It matters for the terms that
 * depend on the order of the two players (detRandom: the random term and SPLITANDRANDOM seeding), for the bye among
 * equal weights (./bye) and for the order in which the games reach the table numbering (./tables).
 */
export function pairingListOrder(state: RoundState): (a: ScoredPlayer, b: ScoredPlayer) => number {
  const criteria = state.parameters.placementCriteria;
  return (a, b) => {
    for (const c of criteria) {
      const d = state.critValue(b.id, c) - state.critValue(a.id, c);
      if (d !== 0) return d;
    }
    return javaCompare(a.name, b.name) || javaCompare(a.firstName, b.firstName) || a.id - b.id;
  };
}
