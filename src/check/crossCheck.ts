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
import { countFirstGaps, exchangeKey, exchangeWords, gapExchange, gapsOf, type GapExchange } from './gapExchanges';
import { measureDraw, stateBefore, type DrawMeasures } from './measures';
import { LARGE_GAP_HALVES } from '../systems/mcmahon/optimalWeights';

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
  /**
   * Rounds where the default draw has more games with a gap of 2+ than Mays' (OpenGotha's) from the same state:
   * `sameTotal`, the other draw has the same total MMS difference (like for like); `largerTotal`, the other draw's
   * total is larger — it broke Cardinal Rule No. 3 to save the game, not a like-for-like comparison.
   */
  readonly moreLargeGaps: Readonly<Record<OtherSystem, { readonly sameTotal: number; readonly largerTotal: number }>>;
  /** Rounds where its largest gap is larger than both of theirs: `sameTotal` when either other draw has its total. */
  readonly largestGapAboveBoth: { readonly sameTotal: number; readonly largerTotal: number };
  /** Rounds where its total MMS difference is larger than either's (must be 0). */
  readonly largerTotal: number;
  /** Rounds where the other draw's total MMS difference is larger than the default draw's (not like for like). */
  readonly otherLargerTotal: Readonly<Record<OtherSystem, number>>;
  /** Even games: players 3+ out of balance after the round (optimal, OpenGotha), rounds with more 2-out than OpenGotha. */
  readonly threeOutOptimal: number;
  readonly threeOutOpenGotha: number;
  readonly twoOutOptimal: number;
  readonly twoOutOpenGotha: number;
  readonly moreTwoOutThanOpenGotha: number;
  /** Totals over all rounds: games with a gap of 2+ by each system. */
  readonly largeGaps: { readonly optimal: number; readonly mays: number; readonly opengotha: number };
  /**
   * Each like-for-like round where the other draw has fewer games 2+ apart: the exchange of gaps it made (./gapExchanges)
   * and how often the same program, elsewhere, kept the smaller leap when the count-first order would have made that
   * very exchange ("took the other side").
   */
  readonly fewerLargeGapsByExchange: readonly ExchangeRound[];
  /** Examples of each kind of round counted above ("seed S round R: …"). */
  readonly examples: readonly string[];
}

export type OtherSystem = 'mays' | 'opengotha';

export interface ExchangeRound {
  readonly seed: number;
  readonly round: number;
  readonly system: OtherSystem;
  /** Ours against theirs: e.g. ours {2, 3} (half points 4, 6), theirs {1, 4}. */
  readonly exchange: GapExchange;
  /** Rounds where this system kept the smaller-leap side of the same exchange (the count-first order would make it). */
  readonly otherSide: number;
  /** Rounds where this system made this exchange (this round among them). */
  readonly sameSide: number;
}

const SYSTEM_NAME: Record<OtherSystem, string> = { mays: 'Mays', opengotha: 'OpenGotha' };

/**
 * Generated EGF McMahon fields of even games (`players`, ranks from `weakest` to 5d, bar 3d), round by round from the
 * same states: `optimal` against `mays` and `opengotha`, each compared with `optimal` given the same bye (the bye rule
 * is its own; the draw is what is compared). Where the other draw has fewer games 2+ apart at the same total, the
 * exchange it made is named with how often the same program took the other side of it (./gapExchanges).
 */
export function compareDraws(count: number, firstSeed: number, players = 40, weakest = -15): DrawComparison {
  const c = { rounds: 0, above: 0, aboveUnlike: 0, total: 0, three: 0, threeOg: 0, two: 0, twoOg: 0, moreTwo: 0, lgO: 0, lgM: 0, lgG: 0 };
  const more = { mays: { sameTotal: 0, largerTotal: 0 }, opengotha: { sameTotal: 0, largerTotal: 0 } };
  const otherLarger = { mays: 0, opengotha: 0 };
  // Per system and exchange key: rounds it made the exchange (fewer 2+, larger leap), rounds it kept the other side.
  const sides = new Map<string, { made: number; kept: number }>();
  const side = (system: OtherSystem, e: GapExchange) => {
    const k = `${system} ${exchangeKey(e)}`;
    let v = sides.get(k);
    if (!v) sides.set(k, (v = { made: 0, kept: 0 }));
    return v;
  };
  const failing: { seed: number; round: number; system: OtherSystem; exchange: GapExchange }[] = [];
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
      const ours = (bye: PlayerId | null): RoundPairing | null => {
        const p = pairOptimal(before, round, bye === null ? {} : { bye });
        return isPairingError(p) ? null : p;
      };
      const [pM, pO] = [ours(mays.bye), ours(og.bye)];
      if (!pM || !pO) continue;
      const [vsM, vsO] = [measureDraw(h, pM.games), measureDraw(h, pO.games)];
      const [m, o] = [measureDraw(h, mays.games), measureDraw(h, og.games)];
      c.rounds++;
      c.lgO += vsO.largeGaps;
      c.lgM += m.largeGaps;
      c.lgG += o.largeGaps;
      const judge = (system: OtherSystem, mine: RoundPairing, us: DrawMeasures, theirs: RoundPairing, them: DrawMeasures) => {
        if (them.totalGapHalves > us.totalGapHalves) otherLarger[system]++;
        const same = them.totalGapHalves === us.totalGapHalves;
        const ourGaps = gapsOf(h, mine.games);
        if (them.largeGaps < us.largeGaps) {
          if (!same) {
            more[system].largerTotal++;
            return;
          }
          more[system].sameTotal++;
          const exchange = gapExchange(ourGaps, gapsOf(h, theirs.games));
          side(system, exchange).made++;
          failing.push({ seed, round, system, exchange });
          note(`seed ${seed} round ${round}: gaps of 2+ ${us.largeGaps} (largest ${us.largestGapHalves / 2}), ${SYSTEM_NAME[system]} ${them.largeGaps} (largest ${them.largestGapHalves / 2}), the same total ${us.totalGapHalves / 2}: ${exchangeWords(exchange)}`);
          return;
        }
        // The count-first order would make an exchange here that this system did not make: it kept the other side.
        if (!same) return;
        const countFirst = countFirstGaps(h, mine.games.flatMap((g) => [g.white, g.black]));
        if (!countFirst || countFirst.filter((g) => g >= LARGE_GAP_HALVES).length >= us.largeGaps) return;
        side(system, gapExchange(ourGaps, countFirst)).kept++;
      };
      judge('mays', pM, vsM, mays, m);
      judge('opengotha', pO, vsO, og, o);
      if (vsM.largestGapHalves > m.largestGapHalves && vsO.largestGapHalves > o.largestGapHalves) {
        if (m.totalGapHalves === vsM.totalGapHalves || o.totalGapHalves === vsO.totalGapHalves) c.above++;
        else c.aboveUnlike++;
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
    moreLargeGaps: more,
    largestGapAboveBoth: { sameTotal: c.above, largerTotal: c.aboveUnlike },
    largerTotal: c.total,
    otherLargerTotal: otherLarger,
    threeOutOptimal: c.three,
    threeOutOpenGotha: c.threeOg,
    twoOutOptimal: c.two,
    twoOutOpenGotha: c.twoOg,
    moreTwoOutThanOpenGotha: c.moreTwo,
    largeGaps: { optimal: c.lgO, mays: c.lgM, opengotha: c.lgG },
    fewerLargeGapsByExchange: failing.map((f) => {
      const v = side(f.system, f.exchange);
      return { ...f, otherSide: v.kept, sameSide: v.made };
    }),
    examples,
  };
}

/** "seed 12 round 4: OpenGotha exchanged {2, 3} for {1, 4} at the same total …; it made this exchange once and refused it in 12 rounds …". */
export function exchangeRoundWords(r: ExchangeRound): string {
  const [ours, theirs] = exchangeWords(r.exchange).split(' against ');
  const times = (n: number) => (n === 1 ? 'once' : `in ${n} rounds`);
  return `seed ${r.seed} round ${r.round}: ${SYSTEM_NAME[r.system]} exchanged ${ours} for ${theirs} at the same total (fewer games 2+ apart, a longer leap); it made this exchange ${times(r.sameSide)} and refused it ${times(r.otherSide)} where the count-first order would make it`;
}
