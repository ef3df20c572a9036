/**
 * The pair weight of every two players of a group, fast: the `total` of ./weights `weightTerms`, integer for integer,
 * for the matching, which asks it of each of the n(n − 1)/2 pairs (1,970 players: two million pairs).
 *
 * `weightTerms` reads each player's pairing information through Maps and builds an object of ten named terms per
 * pair; profiled (node --cpu-prof, 1,420 players of a doubled EGC field) it and its terms took about half the draw.
 * Here what depends on one player only is read once per player into typed arrays (groups, placements, draw-ups,
 * colour balance, handicap pseudo-rank, the secondary thresholds, club and country as numbers, the sums detRandom
 * hashes), what depends on a difference only is tabled (score difference by group distance, geography by
 * same-club / same-country / secondary case), and each pair adds the terms with the very expressions of
 * ./weights — the same doubles truncated the same way, so the same integers. `weightTerms` stays the reference: it
 * names the terms in the report, and test/pairing/opengothaWeigher.test.ts checks both agree on every pair.
 */
import { javaDiv, GOTHA_MIN_RANK, SMMS_CORRECTION_MAX, SMMS_CORRECTION_MIN, type RoundState, type ScoredPlayer } from './scoredPlayers';
import { seedSystemOf } from './parameters';

/** Java's `long` product modulo, as detRandom computes it (exact: BigInt when the product is not a safe integer). */
function hashModulo(sum: number, modulus: number): number {
  return sum * 1234567 <= Number.MAX_SAFE_INTEGER ? (sum * 1234567) % modulus : Number((BigInt(sum) * 1234567n) % BigInt(modulus));
}

function concave(weight: number, x: number, k: number): number {
  return weight * (1.0 - x) * (1.0 + k * x);
}

/** `(i, j) => weightTerms(state, players[i], players[j]).total`, computed once per player where it can be. */
export function pairWeigher(state: RoundState, players: readonly ScoredPlayer[]): (i: number, j: number) => number {
  const par = state.parameters;
  const n = players.length;
  const group = new Int32Array(n);
  const size = new Int32Array(n);
  const place = new Int32Array(n);
  const up = new Int32Array(n);
  const down = new Int32Array(n);
  const balance = new Int32Array(n);
  const pseudoRank = new Float64Array(n);
  const above = new Uint8Array(n);
  const pseudo = new Float64Array(n);
  const club = new Int32Array(n);
  const country = new Int32Array(n);
  // detRandom: s = name1 + name2 (name1 the smaller), sum of code × position = weighted(name1) + weighted(name2) +
  // length(name1) × plain(name2).
  const weighted = new Float64Array(n);
  const plain = new Float64Array(n);
  const length = new Int32Array(n);
  const nameOrder = new Int32Array(n);
  const opponents: (ReadonlySet<number> | undefined)[] = new Array(n);
  const ids = new Float64Array(n);

  const nbw2Threshold = par.nbWinsThresholdActive ? par.numberOfRounds : 2 * par.numberOfRounds;
  const mmBar = par.bar - GOTHA_MIN_RANK;
  const maxMms = par.bar + SMMS_CORRECTION_MAX - GOTHA_MIN_RANK + (state.round - 1);
  const clubs = new Map<string, number>();
  const countries = new Map<string, number>();
  const intern = (m: Map<string, number>, s: string) => {
    let v = m.get(s);
    if (v === undefined) m.set(s, (v = m.size));
    return v;
  };
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = players[i];
    const info = state.info.get(s.id)!;
    ids[i] = s.id;
    group[i] = info.groupNumber;
    size[i] = info.groupSize;
    place[i] = info.innerPlacement;
    up[i] = info.drawnUp;
    down[i] = info.drawnDown;
    balance[i] = info.colourBalance;
    pseudoRank[i] = Math.min(par.handicapBasedOnMms ? javaDiv(state.mmsX2(s.id), 2) + GOTHA_MIN_RANK : s.player.rank, par.noHandicapRankThreshold);
    const nbwX2 = state.nbwX2(s.id);
    const strong = 2 * s.player.rank + nbwX2 >= 2 * par.rankThreshold;
    const manyWins = nbwX2 >= nbw2Threshold;
    const aboveBar = s.smms >= mmBar && par.barThresholdActive;
    above[i] = manyWins || strong || aboveBar ? 1 : 0;
    pseudo[i] = above[i] ? maxMms : javaDiv(state.mmsX2(s.id), 2);
    club[i] = intern(clubs, (s.player.club ?? '').toLowerCase());
    country[i] = intern(countries, (s.player.country ?? '').toLowerCase());
    const name = s.name + s.firstName;
    names.push(name);
    let w = 0;
    let p = 0;
    for (let c = 0; c < name.length; c++) {
      w += name.charCodeAt(c) * (c + 1);
      p += name.charCodeAt(c);
    }
    weighted[i] = w;
    plain[i] = p;
    length[i] = name.length;
    opponents[i] = state.opponents.get(s.id) as ReadonlySet<number> | undefined;
  }
  // The names' order as JavaScript (and Java's String.compareTo) compares them, code unit by code unit.
  const sorted = names.map((_, i) => i).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
  for (let k = 0, rank = 0; k < n; k++) {
    if (k > 0 && names[sorted[k]] !== names[sorted[k - 1]]) rank = k;
    nameOrder[sorted[k]] = rank;
  }
  /** detRandom(max, players[i], players[j]). */
  const detRandom = (max: number, i: number, j: number): number => {
    if (max === 0) return 0;
    const inverse = nameOrder[i] > nameOrder[j];
    const a = inverse ? j : i;
    const b = inverse ? i : j;
    const v = hashModulo(weighted[a] + weighted[b] + length[a] * plain[b], max + 1);
    return inverse ? max - v : v;
  };

  // Score difference by group distance (scoreDifferenceTerm).
  const groups = state.numberOfGroups;
  const scoreDiff = new Float64Array(groups + 2);
  for (let d = 0; d < scoreDiff.length; d++) scoreDiff[d] = Math.trunc(concave(par.minimizeScoreDifference, d / groups, par.nx1Factor));
  // Geography by same country, same club and (corrected engine) secondary case (geographyTerm).
  const geoMaxCost = par.avoidSameGeo;
  const nominalGeo = (sameCountry: boolean, sameClub: boolean): number => {
    const range = groups;
    let countryRatio = 0.0;
    if (!sameCountry && par.preferScoreDifferenceToSameCountry !== 0) countryRatio = Math.min(1.0, par.preferScoreDifferenceToSameCountry / range);
    let clubRatio = 0.0;
    if (!sameClub && par.preferScoreDifferenceToSameClub !== 0) clubRatio = (par.preferScoreDifferenceToSameClub * 1.2) / range;
    clubRatio = Math.min(1.0, clubRatio);
    let geoRatio = Math.max(countryRatio, clubRatio) + Math.min(countryRatio, clubRatio) / 2.0;
    if (geoRatio > 0.0) geoRatio += 0.5 / range;
    const dbGeoCost = concave(geoMaxCost, geoRatio, par.nx1Factor);
    let nominal = par.minimizeScoreDifference - Math.trunc(dbGeoCost);
    if (nominal > geoMaxCost) nominal = geoMaxCost;
    return nominal;
  };
  const geo = new Float64Array(12);
  for (let sameCountry = 0; sameCountry < 2; sameCountry++) {
    for (let sameClub = 0; sameClub < 2; sameClub++) {
      const nominal = nominalGeo(sameCountry === 1, sameClub === 1);
      for (let secCase = 0; secCase < 3; secCase++) {
        const v = state.rules === 'released' ? nominal : secCase === 2 ? geoMaxCost : secCase === 1 ? javaDiv(geoMaxCost + nominal, 2) : nominal;
        geo[sameCountry * 6 + sameClub * 3 + secCase] = v;
      }
    }
  }
  const secRange =
    par.mainCriterion === 'MMS' ? groups : par.bar - par.floor + SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN + (state.round - 1);
  const seedSystem = seedSystemOf(par, state.round);
  const seedWeight = par.maximizeSeeding;
  const seedRandomMax = Math.trunc(seedWeight * 0.2);
  const duddWeight = javaDiv(par.drawUpDownWeight, 5);
  const half = javaDiv(duddWeight, 2);
  const placeFactor = (mode: string, p: number, s: number): number => {
    if (mode === 'TOP') return javaDiv(half * (s - 1 - p), s);
    if (mode === 'MID') return javaDiv(half * (s - 1 - Math.abs(2 * p - s + 1)), s);
    return javaDiv(half * p, s);
  };
  const released = state.rules === 'released';

  return (i: number, j: number): number => {
    // Base criteria: duplicate game, random, colour balance.
    const met = opponents[i]?.has(ids[j]) === true;
    let total = 1 + (met ? 0 : par.avoidDuplicateGame);
    total += detRandom(par.random, i, j);
    let hd = pseudoRank[i] - pseudoRank[j];
    if (hd > 0) hd = Math.max(0, hd - par.handicapCorrection);
    else if (hd < 0) hd = Math.min(0, hd + par.handicapCorrection);
    hd = Math.max(-par.handicapCeiling, Math.min(par.handicapCeiling, hd));
    if (hd === 0) {
      const wb1 = balance[i];
      const wb2 = balance[j];
      if (wb1 * wb2 < 0) total += par.balanceWhiteBlack;
      else if ((wb1 === 0 && Math.abs(wb2) >= 2) || (wb2 === 0 && Math.abs(wb1) >= 2)) total += javaDiv(par.balanceWhiteBlack, 2);
    }
    // Main criteria: category (none), score difference, draw-up/draw-down, seeding.
    const g1 = group[i];
    const g2 = group[j];
    total += scoreDiff[Math.abs(g1 - g2)];
    if (g1 !== g2) {
      if (!released || Math.abs(g1 - g2) < 4) {
        let scenario = 2;
        if (up[i] > 0 && g1 > g2) scenario--;
        if (down[i] > 0 && g1 < g2) scenario--;
        if (up[j] > 0 && g2 > g1) scenario--;
        if (down[j] > 0 && g2 < g1) scenario--;
        if (scenario !== 0 && up[i] > 0 && down[i] < up[i] && g1 < g2) scenario++;
        if (scenario !== 0 && down[i] > 0 && up[i] < down[i] && g1 > g2) scenario++;
        if (scenario !== 0 && up[j] > 0 && down[j] < up[j] && g2 < g1) scenario++;
        if (scenario !== 0 && down[j] > 0 && up[j] < down[j] && g2 > g1) scenario++;
        const u = g1 < g2 ? i : j;
        const l = g1 < g2 ? j : i;
        let cost = placeFactor(par.drawUpDownUpperMode, place[u], size[u]);
        cost += placeFactor(par.drawUpDownLowerMode, place[l], size[l]);
        if (scenario === 1) cost += duddWeight;
        else if (scenario === 2 || (scenario > 2 && !par.compensateDrawUpDown)) cost += 2 * duddWeight;
        else if (scenario === 3) cost += 3 * duddWeight;
        else if (scenario === 4) cost += 4 * duddWeight;
        total += cost;
      }
    } else {
      const s = size[i];
      const cla1 = place[i];
      const cla2 = place[j];
      if (seedSystem === 'SPLITANDSLIP') {
        const x = 2 * Math.abs(cla1 - cla2) - s;
        total += seedWeight - javaDiv(javaDiv(seedWeight * x, s) * x, s);
      } else if (seedSystem === 'SPLITANDFOLD') {
        const x = cla1 + cla2 - (s - 1);
        total += seedWeight - javaDiv(javaDiv(seedWeight * x, s - 1) * x, s - 1);
      } else {
        const opposite = (2 * cla1 < s && 2 * cla2 >= s) || (2 * cla1 >= s && 2 * cla2 < s);
        if (opposite) total += seedWeight - detRandom(seedRandomMax, i, j);
      }
    }
    // Secondary criteria: handicap, geography.
    const x = Math.abs(pseudo[i] - pseudo[j]) / secRange;
    total += Math.trunc(concave(par.minimizeHandicap, x, par.nx1Factor));
    const sameCountry = country[i] === country[j] ? 1 : 0;
    const sameClub = club[i] === club[j] ? 1 : 0;
    total += geo[sameCountry * 6 + sameClub * 3 + above[i] + above[j]];
    return total;
  };
}
