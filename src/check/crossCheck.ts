/**
 * The cross-check at scale (issue 20; what chess federations require of an endorsed pairing engine: many random
 * tournaments through an independent checker). `crossCheck` generates tournaments (./generate) drawn by the default
 * `optimal` draw and runs each through the checker (./checker): hard-rule violations must be 0. `compareDraws` pairs
 * generated states with `optimal`, `mays` and `opengotha` and counts score gaps and colour balance side by side.
 * `npm run quality` runs both at scale (bench/quality.js); `npm test` a small sample (test/cli/check.test.ts).
 */
import type { Rank } from '../model/rank';
import type { PlayerId, RulesetName, Tournament } from '../model/tournament';
import { buildHistory } from '../pairing/history';
import { isPairingError, type RoundPairing } from '../pairing/types';
import { pairMays } from '../systems/mcmahon/mays';
import { pairOptimal } from '../systems/mcmahon/optimal';
import { pairOpenGotha } from '../systems/opengotha/pair';
import { checkTournament } from './checker';
import { GenerationError, generateTournament, type GenerateOptions } from './generate';
import { measureDraw, stateBefore, type DrawMeasures } from './measures';

const RULESETS: readonly RulesetName[] = ['egf', 'bga', 'aqjg', 'opengotha', 'czech'];

/** The shape of generated tournament number `seed`: sizes 6–40, 3–6 rounds, every ruleset, Swiss one in five. */
export function crossCheckOptions(seed: number): GenerateOptions {
  const players = 6 + ((seed * 7) % 35);
  return {
    seed,
    players,
    rounds: Math.min(3 + (seed % 4), players - 1),
    ruleset: RULESETS[seed % RULESETS.length],
    system: seed % 5 === 0 ? 'swiss' : 'mcmahon',
    strongest: (seed % 7) as Rank,
    weakest: (-(8 + (seed % 15))) as Rank,
    absence: 0.03,
  };
}

export interface CrossCheckSummary {
  readonly tournaments: number;
  readonly rounds: number;
  readonly games: number;
  /** Tournaments the generator could not finish (a tiny field that met everyone): not drawn, not counted. */
  readonly notGenerated: number;
  readonly hardViolations: number;
  /** The first few violations, each "seed S, round R: …". */
  readonly examples: readonly string[];
  readonly largeGaps: number;
  readonly colourThreeOrMoreOut: number;
}

/** `count` generated tournaments from `firstSeed`, each drawn by `optimal` and checked. */
export function crossCheck(count: number, firstSeed: number, progress?: (done: number) => void): CrossCheckSummary {
  let rounds = 0;
  let games = 0;
  let notGenerated = 0;
  let hard = 0;
  let largeGaps = 0;
  let three = 0;
  const examples: string[] = [];
  for (let k = 0; k < count; k++) {
    const seed = firstSeed + k;
    let t: Tournament;
    try {
      t = generateTournament(crossCheckOptions(seed));
    } catch (e) {
      if (e instanceof GenerationError) {
        notGenerated++;
        continue;
      }
      throw e;
    }
    const report = checkTournament(t, { compare: false });
    for (const r of report.rounds) {
      rounds++;
      games += r.games;
      largeGaps += r.measures?.largeGaps ?? 0;
      three += r.measures?.colourThreeOrMoreOut ?? 0;
      for (const f of r.findings) {
        if (!f.hard) continue;
        hard++;
        if (examples.length < 10) examples.push(`seed ${seed}, round ${r.round}: ${f.message}`);
      }
    }
    if (progress && (k + 1) % 500 === 0) progress(k + 1);
  }
  return { tournaments: count, rounds, games, notGenerated, hardViolations: hard, examples, largeGaps, colourThreeOrMoreOut: three };
}

export interface DrawComparison {
  readonly rounds: number;
  /** Rounds where the default draw has more games with a gap of 2+ than Mays' (OpenGotha's) from the same state. */
  readonly moreLargeGapsThanMays: number;
  readonly moreLargeGapsThanOpenGotha: number;
  /**
   * Of those, the rounds where the other draw's largest gap is no larger than ours (its fewer gaps of 2+ not bought
   * with a larger leap): the default draw's order (largest gap, then the count) cannot explain these.
   */
  readonly moreLargeGapsAtNoLargerLeap: number;
  /** Rounds where its largest gap is larger than both of theirs. */
  readonly largestGapAboveBoth: number;
  /** Rounds where its total MMS difference is larger than either's (must be 0). */
  readonly largerTotal: number;
  /** Even games: players 3+ out of balance after the round (optimal, OpenGotha), rounds with more 2-out than OpenGotha. */
  readonly threeOutOptimal: number;
  readonly threeOutOpenGotha: number;
  readonly twoOutOptimal: number;
  readonly twoOutOpenGotha: number;
  readonly moreTwoOutThanOpenGotha: number;
  /** Totals over all rounds: games with a gap of 2+ by each system. */
  readonly largeGaps: { readonly optimal: number; readonly mays: number; readonly opengotha: number };
  /** Examples of each kind of round counted above ("seed S round R: …"). */
  readonly examples: readonly string[];
}

/**
 * Generated EGF McMahon fields of even games (`players`, ranks from `weakest` to 5d, bar 3d), round by round from the
 * same states: `optimal` against `mays` and `opengotha`, each compared with `optimal` given the same bye (the bye rule
 * is its own; the draw is what is compared).
 */
export function compareDraws(count: number, firstSeed: number, players = 40, weakest = -15): DrawComparison {
  const c = { rounds: 0, mays: 0, og: 0, noLargerLeap: 0, above: 0, total: 0, three: 0, threeOg: 0, two: 0, twoOg: 0, moreTwo: 0, lgO: 0, lgM: 0, lgG: 0 };
  const examples: string[] = [];
  const note = (text: string) => examples.length < 12 && examples.push(text);
  for (let seed = firstSeed; seed < firstSeed + count; seed++) {
    let t: Tournament;
    try {
      t = generateTournament({ players, rounds: 5, seed, strongest: 4 as Rank, weakest: weakest as Rank, bar: 2 as Rank, ruleset: 'egf', handicap: { policy: 'none' } });
    } catch (e) {
      if (e instanceof GenerationError) continue;
      throw e;
    }
    for (let round = 1; round <= t.settings.rounds; round++) {
      const before = stateBefore(t, round);
      const h = buildHistory(before, round);
      const mays = pairMays(before, round);
      const og = pairOpenGotha(before, round);
      if (isPairingError(mays) || isPairingError(og)) continue;
      const ours = (bye: PlayerId | null): DrawMeasures | null => {
        const p = pairOptimal(before, round, bye === null ? {} : { bye });
        return isPairingError(p) ? null : measureDraw(h, (p as RoundPairing).games);
      };
      const [vsM, vsO] = [ours(mays.bye), ours(og.bye)];
      if (!vsM || !vsO) continue;
      const [m, o] = [measureDraw(h, mays.games), measureDraw(h, og.games)];
      c.rounds++;
      c.lgO += vsO.largeGaps;
      c.lgM += m.largeGaps;
      c.lgG += o.largeGaps;
      if (vsM.largeGaps > m.largeGaps) {
        c.mays++;
        if (m.largestGapHalves <= vsM.largestGapHalves) c.noLargerLeap++;
        note(`seed ${seed} round ${round}: gaps of 2+ ${vsM.largeGaps} (largest ${vsM.largestGapHalves / 2}, total ${vsM.totalGapHalves / 2}), Mays ${m.largeGaps} (largest ${m.largestGapHalves / 2}, total ${m.totalGapHalves / 2})`);
      }
      if (vsO.largeGaps > o.largeGaps) {
        c.og++;
        if (o.largestGapHalves <= vsO.largestGapHalves) c.noLargerLeap++;
        note(`seed ${seed} round ${round}: gaps of 2+ ${vsO.largeGaps} (largest ${vsO.largestGapHalves / 2}, total ${vsO.totalGapHalves / 2}, squares ${vsO.squaredGapHalves}), OpenGotha ${o.largeGaps} (largest ${o.largestGapHalves / 2}, total ${o.totalGapHalves / 2}, squares ${o.squaredGapHalves})`);
      }
      if (vsM.largestGapHalves > m.largestGapHalves && vsO.largestGapHalves > o.largestGapHalves) {
        c.above++;
        note(`seed ${seed} round ${round}: largest gap ${vsO.largestGapHalves / 2} above both (Mays ${m.largestGapHalves / 2}, OpenGotha ${o.largestGapHalves / 2}); total ${vsO.totalGapHalves / 2}, theirs ${m.totalGapHalves / 2} and ${o.totalGapHalves / 2}`);
      }
      if (vsM.totalGapHalves > m.totalGapHalves || vsO.totalGapHalves > o.totalGapHalves) {
        c.total++;
        note(`seed ${seed} round ${round}: larger total`);
      }
      c.three += vsO.colourThreeOrMoreOut;
      c.threeOg += o.colourThreeOrMoreOut;
      c.two += vsO.colourTwoOut;
      c.twoOg += o.colourTwoOut;
      if (vsO.colourTwoOut > o.colourTwoOut) c.moreTwo++;
    }
  }
  return {
    rounds: c.rounds,
    moreLargeGapsThanMays: c.mays,
    moreLargeGapsThanOpenGotha: c.og,
    moreLargeGapsAtNoLargerLeap: c.noLargerLeap,
    largestGapAboveBoth: c.above,
    largerTotal: c.total,
    threeOutOptimal: c.three,
    threeOutOpenGotha: c.threeOg,
    twoOutOptimal: c.two,
    twoOutOpenGotha: c.twoOg,
    moreTwoOutThanOpenGotha: c.moreTwo,
    largeGaps: { optimal: c.lgO, mays: c.lgM, opengotha: c.lgG },
    examples,
  };
}
