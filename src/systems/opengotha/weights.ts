/**
 * OpenGotha's pair weight ("cost", the higher the better), term by term, as Tournament.costValue computes it in
 * OpenGotha 3.51, plus the handicap and colours Tournament.gameBetween gives the game.
 *
 * Every term is an integer: OpenGotha adds Java `long`s, and the few terms it computes in `double` (the concavity
 * function (1 − x)(1 + kx) of score difference, handicap and geography) are truncated to `long` by a cast before
 * being added. JavaScript numbers are the same IEEE doubles, so computing each double expression in the same order
 * and truncating with Math.trunc gives the same integer; `long` divisions are Math.trunc of the exact quotient (all
 * values stay far below 2^53). The total is therefore an exact integer, with scale 1: the matching runs on the very
 * numbers OpenGotha's WeightedMatchLong maximises. With the largest defaults (5·10^14 for a new pair, 10^11 for
 * score, 2·10^13 for categories, 10^11 for geography) a total stays below 6·10^14 < 2^50, the spread the exact
 * matching accepts; `pairOpenGotha` checks it and refuses, naming the parameter, when a file's weights are larger.
 */
import { GOTHA_MIN_RANK, SMMS_CORRECTION_MAX, SMMS_CORRECTION_MIN, javaDiv, type RoundState, type ScoredPlayer } from './scoredPlayers';
import { seedSystemOf, type OpenGothaParameters } from './parameters';

/** The named terms of one pair's weight, in the order OpenGotha's weight dumps print them. */
export interface WeightTerms {
  readonly baseDuplicateGame: number;
  readonly baseRandom: number;
  readonly baseBWBalance: number;
  readonly mainCategory: number;
  readonly mainScoreDiff: number;
  readonly mainDUDD: number;
  readonly mainSeed: number;
  readonly secHandi: number;
  readonly secGeo: number;
  /** 1 + every term ("1 is minimum value because 0 means no matching allowed"). */
  readonly total: number;
}

export const WEIGHT_TERM_NAMES = [
  'baseDuplicateGame',
  'baseRandom',
  'baseBWBalance',
  'mainCategory',
  'mainScoreDiff',
  'mainDUDD',
  'mainSeed',
  'secHandi',
  'secGeo',
] as const;
export type WeightTermName = (typeof WEIGHT_TERM_NAMES)[number];

/**
 * Pairing.detRandom (OpenGotha 3.51): a deterministic "random" number in 0 … max from the two names: the names
 * (name + first name) in alphabetical order are concatenated, each UTF-16 code unit is weighted by its position
 * (1-based) and summed; the sum × 1234567 modulo (max + 1) is the number, mirrored (max − n) when the players were
 * given in reverse alphabetical order, so that detRandom(max, p2, p1) = max − detRandom(max, p1, p2).
 */
export function detRandom(max: number, p1: Pick<ScoredPlayer, 'name' | 'firstName'>, p2: Pick<ScoredPlayer, 'name' | 'firstName'>): number {
  let name1 = p1.name + p1.firstName;
  let name2 = p2.name + p2.firstName;
  let inverse = false;
  if (name1 > name2) {
    [name1, name2] = [name2, name1];
    inverse = true;
  }
  if (max === 0) return 0; // anything modulo 1 is 0, mirrored or not (paiBaRandom's default: every pair asks)
  const s = name1 + name2;
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += s.charCodeAt(i) * (i + 1);
  // Java computes in long; a double is the same exact integer while the product stays a safe integer (names of
  // up to a few hundred characters), else BigInt does it.
  const n = sum * 1234567 <= Number.MAX_SAFE_INTEGER ? (sum * 1234567) % (max + 1) : Number((BigInt(sum) * 1234567n) % BigInt(max + 1));
  return inverse ? max - n : n;
}

/** The concavity function OpenGotha applies to a ratio x in [0, 1]: weight × (1 − x) × (1 + kx), as a double. */
function concave(weight: number, x: number, k: number): number {
  return weight * (1.0 - x) * (1.0 + k * x);
}

/**
 * Tournament.gameBetween, the handicap: pseudo-ranks are the ranks, or (hdBasedOnMMS) MMS / 2 + MIN_RANK; each is
 * capped at hdNoHdRankThreshold; the difference is lowered by hdCorrection towards 0 and capped at ±hdCeiling.
 * Positive: p1 is the stronger and gives that many stones.
 */
export function signedHandicap(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer): number {
  const par = state.parameters;
  const pseudoRank = (s: ScoredPlayer) =>
    Math.min(par.handicapBasedOnMms ? javaDiv(state.mmsX2(s.id), 2) + GOTHA_MIN_RANK : s.player.rank, par.noHandicapRankThreshold);
  let hd = pseudoRank(p1) - pseudoRank(p2);
  if (hd > 0) hd = Math.max(0, hd - par.handicapCorrection);
  else if (hd < 0) hd = Math.min(0, hd + par.handicapCorrection);
  return Math.max(-par.handicapCeiling, Math.min(par.handicapCeiling, hd));
}

export interface GameChoice {
  readonly white: ScoredPlayer;
  readonly black: ScoredPlayer;
  readonly handicap: number;
  /** How OpenGotha decided, in words. */
  readonly reason: string;
}

/**
 * Tournament.gameBetween, the colours: with a handicap the stronger takes White; in an even game the player with
 * the larger colour balance (more Whites) takes Black; with equal balances detRandom(1, p1, p2) = 0 gives p1 White.
 */
export function gameBetween(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer): GameChoice {
  const hd = signedHandicap(state, p1, p2);
  if (hd > 0) return { white: p1, black: p2, handicap: hd, reason: `handicap ${hd}: the stronger takes White` };
  if (hd < 0) return { white: p2, black: p1, handicap: -hd, reason: `handicap ${-hd}: the stronger takes White` };
  const b1 = state.info.get(p1.id)!.colourBalance;
  const b2 = state.info.get(p2.id)!.colourBalance;
  if (b1 > b2) return { white: p2, black: p1, handicap: 0, reason: `even game: colour balances ${b2} and ${b1}, White to the lower` };
  if (b1 < b2) return { white: p1, black: p2, handicap: 0, reason: `even game: colour balances ${b1} and ${b2}, White to the lower` };
  return detRandom(1, p1, p2) === 0
    ? { white: p1, black: p2, handicap: 0, reason: `even game, equal colour balances (${b1}): colours by OpenGotha's detRandom of the names` }
    : { white: p2, black: p1, handicap: 0, reason: `even game, equal colour balances (${b1}): colours by OpenGotha's detRandom of the names` };
}

/** Base criterion 1: avoid duplicate games — the full weight when the two have never met. */
export function duplicateGameTerm(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer): number {
  return state.meetings(p1.id, p2.id) === 0 ? state.parameters.avoidDuplicateGame : 0;
}

/**
 * Base criterion 2: random — detRandom(paiBaRandom, p1, p2) when paiBaDeterministic (0 when paiBaRandom = 0, the
 * default). A non-deterministic OpenGotha draws Math.random() instead, which nobody can reproduce: Tengen then uses
 * the deterministic formula too (and says so in the report).
 */
export function randomTerm(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer): number {
  return detRandom(state.parameters.random, p1, p2);
}

/**
 * Base criterion 3: balance White and Black — "never applied if potential Handicap != 0; fully applied if wbBalance
 * of the two are strictly of different signs; half applied if one is 0 and the other is ≥ 2 (in absolute value)".
 */
export function colourBalanceTerm(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer, handicap = signedHandicap(state, p1, p2)): number {
  if (handicap !== 0) return 0;
  const w = state.parameters.balanceWhiteBlack;
  const wb1 = state.info.get(p1.id)!.colourBalance;
  const wb2 = state.info.get(p2.id)!.colourBalance;
  if (wb1 * wb2 < 0) return w;
  if ((wb1 === 0 && Math.abs(wb2) >= 2) || (wb2 === 0 && Math.abs(wb1) >= 2)) return javaDiv(w, 2);
  return 0;
}

/** Main criterion 1: avoid mixing categories — 0 with one category (the only case Tengen pairs). */
export function categoryTerm(): number {
  return 0;
}

/**
 * Main criterion 2: minimise the score difference — x = |group1 − group2| / numberOfGroups,
 * (long)(paiMaMinimizeScoreDifference × (1 − x)(1 + kx)).
 */
export function scoreDifferenceTerm(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer): number {
  const g1 = state.info.get(p1.id)!.groupNumber;
  const g2 = state.info.get(p2.id)!.groupNumber;
  const x = Math.abs(g1 - g2) / state.numberOfGroups;
  return Math.trunc(concave(state.parameters.minimizeScoreDifference, x, state.parameters.nx1Factor));
}

/**
 * Main criterion 3: directed draw-up/draw-down (OpenGotha V3.44.05, "ideas from Tuomo Salo"), for players of
 * different groups. The scenario starts at 2 ("normal conditions"); it drops by one for each player already drawn
 * in the same direction, and (unless 0) rises by one for each player this draw compensates (drawn the other way more
 * often). duddWeight = paiMaDUDDWeight / 5; the upper player adds duddWeight/2 × a place factor of his group (TOP:
 * (size − 1 − place)/size, MID: (size − 1 − |2·place − size + 1|)/size, BOT: place/size), the lower one likewise;
 * then scenario 1 adds 1 × duddWeight, 2 (or 3, 4 without compensation) 2 ×, 3 adds 3 ×, 4 adds 4 ×.
 * All in long arithmetic.
 */
export function drawUpDownTerm(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer): number {
  const par = state.parameters;
  const i1 = state.info.get(p1.id)!;
  const i2 = state.info.get(p2.id)!;
  if (i1.groupNumber === i2.groupNumber) return 0;
  // The released 3.51.02 applies the term only to groups less than 4 apart (its guard
  // `Math.abs(groupNumber1 − groupNumber2) < 4`); the corrected engine to any two different groups.
  if (state.rules === 'released' && Math.abs(i1.groupNumber - i2.groupNumber) >= 4) return 0;
  let scenario = 2;
  if (i1.drawnUp > 0 && i1.groupNumber > i2.groupNumber) scenario--;
  if (i1.drawnDown > 0 && i1.groupNumber < i2.groupNumber) scenario--;
  if (i2.drawnUp > 0 && i2.groupNumber > i1.groupNumber) scenario--;
  if (i2.drawnDown > 0 && i2.groupNumber < i1.groupNumber) scenario--;
  if (scenario !== 0 && i1.drawnUp > 0 && i1.drawnDown < i1.drawnUp && i1.groupNumber < i2.groupNumber) scenario++;
  if (scenario !== 0 && i1.drawnDown > 0 && i1.drawnUp < i1.drawnDown && i1.groupNumber > i2.groupNumber) scenario++;
  if (scenario !== 0 && i2.drawnUp > 0 && i2.drawnDown < i2.drawnUp && i2.groupNumber < i1.groupNumber) scenario++;
  if (scenario !== 0 && i2.drawnDown > 0 && i2.drawnUp < i2.drawnDown && i2.groupNumber > i1.groupNumber) scenario++;

  const duddWeight = javaDiv(par.drawUpDownWeight, 5);
  const half = javaDiv(duddWeight, 2);
  const upper = i1.groupNumber < i2.groupNumber ? i1 : i2;
  const lower = i1.groupNumber < i2.groupNumber ? i2 : i1;
  const placeFactor = (mode: string, place: number, size: number): number => {
    if (mode === 'TOP') return javaDiv(half * (size - 1 - place), size);
    if (mode === 'MID') return javaDiv(half * (size - 1 - Math.abs(2 * place - size + 1)), size);
    return javaDiv(half * place, size);
  };
  let cost = placeFactor(par.drawUpDownUpperMode, upper.innerPlacement, upper.groupSize);
  cost += placeFactor(par.drawUpDownLowerMode, lower.innerPlacement, lower.groupSize);
  if (scenario === 1) cost += duddWeight;
  else if (scenario === 2 || (scenario > 2 && !par.compensateDrawUpDown)) cost += 2 * duddWeight;
  else if (scenario === 3) cost += 3 * duddWeight;
  else if (scenario === 4) cost += 4 * duddWeight;
  return cost;
}

/**
 * Main criterion 4: seeding, for two players of the same group (cla = place in the group, size = group size), in
 * long arithmetic:
 *  - SPLITANDSLIP: "the best is to get 2 × |cla1 − cla2| − size close to 0": x = 2|cla1 − cla2| − size,
 *    w − (w × x / size × x / size);
 *  - SPLITANDFOLD: "the best is to get cla1 + cla2 − (size − 1) close to 0": x = cla1 + cla2 − (size − 1),
 *    w − (w × x / (size − 1) × x / (size − 1));
 *  - SPLITANDRANDOM: players of opposite halves get w − detRandom((long)(w × 0.2), p1, p2), others 0.
 */
export function seedingTerm(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer): number {
  const i1 = state.info.get(p1.id)!;
  const i2 = state.info.get(p2.id)!;
  if (i1.groupNumber !== i2.groupNumber) return 0;
  const w = state.parameters.maximizeSeeding;
  const size = i1.groupSize;
  const cla1 = i1.innerPlacement;
  const cla2 = i2.innerPlacement;
  switch (seedSystemOf(state.parameters, state.round)) {
    case 'SPLITANDSLIP': {
      const x = 2 * Math.abs(cla1 - cla2) - size;
      return w - javaDiv(javaDiv(w * x, size) * x, size);
    }
    case 'SPLITANDFOLD': {
      const x = cla1 + cla2 - (size - 1);
      return w - javaDiv(javaDiv(w * x, size - 1) * x, size - 1);
    }
    case 'SPLITANDRANDOM': {
      const opposite = (2 * cla1 < size && 2 * cla2 >= size) || (2 * cla1 >= size && 2 * cla2 < size);
      return opposite ? w - detRandom(Math.trunc(w * 0.2), p1, p2) : 0;
    }
  }
}

/**
 * Secondary criteria apply in full only to players below every threshold (Tournament.costValue, "secCase"): a player
 * is above when his number of wins reaches paiSeNbWinsThresholdActive's bar (numberOfRounds half points, else twice
 * that: never), when 2 × rank + 2 × NBW ≥ 2 × paiSeRankThreshold, or (paiSeBarThresholdActive) when his starting
 * MMS is at the McMahon bar. Such a player's pseudo-MMS becomes the maximum MMS.
 */
export interface SecondaryCase {
  readonly secCase: 0 | 1 | 2;
  readonly pseudo1: number;
  readonly pseudo2: number;
}

export function secondaryCase(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer): SecondaryCase {
  const par = state.parameters;
  const nbw2Threshold = par.nbWinsThresholdActive ? par.numberOfRounds : 2 * par.numberOfRounds;
  const mmBar = par.bar - GOTHA_MIN_RANK;
  const maxMms = par.bar + SMMS_CORRECTION_MAX - GOTHA_MIN_RANK + (state.round - 1);
  let secCase = 0;
  const pseudo = (s: ScoredPlayer): number => {
    const nbwX2 = state.nbwX2(s.id);
    const strong = 2 * s.player.rank + nbwX2 >= 2 * par.rankThreshold;
    const manyWins = nbwX2 >= nbw2Threshold;
    const aboveBar = s.smms >= mmBar && par.barThresholdActive;
    if (manyWins || strong || aboveBar) {
      secCase++;
      return maxMms;
    }
    return javaDiv(state.mmsX2(s.id), 2);
  };
  const pseudo1 = pseudo(p1);
  const pseudo2 = pseudo(p2);
  return { secCase: secCase as 0 | 1 | 2, pseudo1, pseudo2 };
}

/**
 * Secondary criterion 1: minimise the handicap — x = |pseudoMMS1 − pseudoMMS2| / secRange (the number of groups in
 * McMahon; bar − floor + 3 + round in other systems), (long)(paiSeMinimizeHandicap × (1 − x)(1 + kx)).
 */
export function handicapTerm(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer, sec = secondaryCase(state, p1, p2)): number {
  const par = state.parameters;
  const { pseudo1, pseudo2 } = sec;
  const secRange =
    par.mainCriterion === 'MMS'
      ? state.numberOfGroups
      : par.bar - par.floor + SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN + (state.round - 1);
  const x = Math.abs(pseudo1 - pseudo2) / secRange;
  return Math.trunc(concave(par.minimizeHandicap, x, par.nx1Factor));
}

/**
 * Secondary criteria 2–4: geography (OpenGotha 3.51). Ratios of the score range (numberOfGroups): a different
 * country gives countryFactor / range, a different club clubFactor × 1.2 / range (clubs compared and countries
 * compared ignoring case; OpenGotha's clubs groups are not in Tengen's model, so none is common), each capped at 1;
 * geoRatio = max + min / 2, plus 0.5 / range when positive. The nominal cost is
 * paiMaMinimizeScoreDifference − (long)(avoidSameGeo × (1 − geoRatio)(1 + k·geoRatio)), capped at avoidSameGeo;
 * secCase 2 (both above the thresholds) gives avoidSameGeo, secCase 1 the mean (long) of the two, secCase 0 the
 * nominal cost — in the corrected engine only: the released one gives the nominal cost whatever the secCase.
 */
export function geographyTerm(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer, sec = secondaryCase(state, p1, p2)): number {
  const par = state.parameters;
  const range = state.numberOfGroups;
  const geoMaxCost = par.avoidSameGeo;
  const sameCountry = (p1.player.country ?? '').toLowerCase() === (p2.player.country ?? '').toLowerCase();
  const sameClub = (p1.player.club ?? '').toLowerCase() === (p2.player.club ?? '').toLowerCase();
  let countryRatio = 0.0;
  if (!sameCountry && par.preferScoreDifferenceToSameCountry !== 0) {
    countryRatio = Math.min(1.0, par.preferScoreDifferenceToSameCountry / range);
  }
  let clubRatio = 0.0;
  if (!sameClub && par.preferScoreDifferenceToSameClub !== 0) {
    clubRatio = (par.preferScoreDifferenceToSameClub * 1.2) / range;
  }
  clubRatio = Math.min(1.0, clubRatio);
  let geoRatio = Math.max(countryRatio, clubRatio) + Math.min(countryRatio, clubRatio) / 2.0;
  if (geoRatio > 0.0) geoRatio += 0.5 / range;
  const dbGeoCost = concave(geoMaxCost, geoRatio, par.nx1Factor);
  let nominal = par.minimizeScoreDifference - Math.trunc(dbGeoCost);
  if (nominal > geoMaxCost) nominal = geoMaxCost;
  // The released 3.51.02 computes secCase but applies it to the handicap only: the geographic cost is the nominal
  // one for every pair. The corrected engine (as OpenGotha up to 3.49) moves it towards the maximum by how many of
  // the two players are above the thresholds.
  if (state.rules === 'released') return nominal;
  const { secCase } = sec;
  if (secCase === 2) return geoMaxCost;
  if (secCase === 1) return javaDiv(geoMaxCost + nominal, 2);
  return nominal;
}

/** Every term of the pair's weight, and the total OpenGotha maximises (1 + the terms). */
export function weightTerms(state: RoundState, p1: ScoredPlayer, p2: ScoredPlayer): WeightTerms {
  // Every pair of the round is weighed: the secondary case (read by the handicap and geography terms) is found
  // once, and the terms and their total make one object.
  const sec = secondaryCase(state, p1, p2);
  const baseDuplicateGame = duplicateGameTerm(state, p1, p2);
  const baseRandom = randomTerm(state, p1, p2);
  const baseBWBalance = colourBalanceTerm(state, p1, p2);
  const mainCategory = categoryTerm();
  const mainScoreDiff = scoreDifferenceTerm(state, p1, p2);
  const mainDUDD = drawUpDownTerm(state, p1, p2);
  const mainSeed = seedingTerm(state, p1, p2);
  const secHandi = handicapTerm(state, p1, p2, sec);
  const secGeo = geographyTerm(state, p1, p2, sec);
  // In the order of WEIGHT_TERM_NAMES, as OpenGotha adds them.
  const total = 1 + baseDuplicateGame + baseRandom + baseBWBalance + mainCategory + mainScoreDiff + mainDUDD + mainSeed + secHandi + secGeo;
  return { baseDuplicateGame, baseRandom, baseBWBalance, mainCategory, mainScoreDiff, mainDUDD, mainSeed, secHandi, secGeo, total };
}

/** The largest total a pair can weigh with these parameters (used to check the matching's exact range). */
export function maximumWeight(par: OpenGothaParameters): number {
  return (
    1 +
    par.avoidDuplicateGame +
    par.random +
    par.balanceWhiteBlack +
    par.avoidMixingCategories +
    par.minimizeScoreDifference +
    par.drawUpDownWeight +
    par.maximizeSeeding +
    par.minimizeHandicap +
    Math.max(par.avoidSameGeo, par.minimizeScoreDifference)
  );
}
