/**
 * OpenGotha's pairing parameters, read from the tournament's own parameter sets (the attributes the OpenGotha XML
 * importer keeps in `settings.opengotha.pairingParameters` and `generalParameters`), with OpenGotha 3.51's defaults
 * for every attribute a file leaves out.
 *
 * The defaults are those of OpenGotha's XML import (ExternalDocument.importTournamentParameterSetFromXMLFile, the
 * `extractNodeValue(nnmPaiPS, name, default)` calls) and of PairingParameterSet's field initialisers; the names are
 * the attribute names OpenGotha writes. `paiMaLastRoundForSeedSystem1` is kept as written (1-based: "the seed system 1
 * is used up to and including round n"); OpenGotha stores it minus one and compares it with its 0-based round number,
 * which is the same thing.
 */
import { parseRank, type Rank } from '../../model/rank';
import type { Tournament } from '../../model/tournament';
import { OPENGOTHA_351_DEFAULTS } from '../../formats/opengothaDefaults';

export type SeedSystem = 'SPLITANDRANDOM' | 'SPLITANDFOLD' | 'SPLITANDSLIP';
export type DrawUpDownMode = 'TOP' | 'MID' | 'BOT';
export type MainCriterion = 'MMS' | 'NBW';

export interface OpenGothaParameters {
  // Base criteria (PairingParameterSet.paiBa*)
  readonly avoidDuplicateGame: number;
  readonly random: number;
  readonly deterministic: boolean;
  readonly balanceWhiteBlack: number;
  /** paiStandardNX1Factor: the k of the concavity function (1 − x)(1 + kx). */
  readonly nx1Factor: number;
  // Main criteria (paiMa*)
  readonly avoidMixingCategories: number;
  readonly minimizeScoreDifference: number;
  readonly drawUpDownWeight: number;
  readonly compensateDrawUpDown: boolean;
  readonly drawUpDownUpperMode: DrawUpDownMode;
  readonly drawUpDownLowerMode: DrawUpDownMode;
  readonly maximizeSeeding: number;
  /** As written in the file: seed system 1 applies to rounds 1 … this one. */
  readonly lastRoundForSeedSystem1: number;
  readonly seedSystem1: SeedSystem;
  readonly seedSystem2: SeedSystem;
  /** Placement criterion (long name) added after the placement criteria to order each score group; null: none. */
  readonly additionalPlacementCriterion1: string | null;
  readonly additionalPlacementCriterion2: string | null;
  // Secondary criteria (paiSe*)
  readonly barThresholdActive: boolean;
  readonly rankThreshold: Rank;
  readonly nbWinsThresholdActive: boolean;
  readonly minimizeHandicap: number;
  readonly avoidSameGeo: number;
  readonly preferScoreDifferenceToSameCountry: number;
  readonly preferScoreDifferenceToSameClub: number;
  // HandicapParameterSet
  readonly handicapBasedOnMms: boolean;
  readonly noHandicapRankThreshold: Rank;
  readonly handicapCorrection: number;
  readonly handicapCeiling: number;
  // GeneralParameterSet
  readonly numberOfRounds: number;
  readonly bar: Rank;
  readonly floor: Rank;
  readonly mmsZero: Rank;
  readonly numberOfCategories: number;
  readonly mmsHalvesAbsent: number;
  readonly mmsHalvesBye: number;
  readonly nbwHalvesAbsent: number;
  readonly nbwHalvesBye: number;
  readonly roundDown: boolean;
  // PlacementParameterSet
  /** PlacementParameterSet.mainCriterion: MMS for McMahon, NBW for Swiss. */
  readonly mainCriterion: MainCriterion;
  /** The placement criteria by long name, in order (NULL left out). */
  readonly placementCriteria: readonly string[];
}

/** OpenGotha 3.51's defaults where a file says nothing (ExternalDocument's import defaults); kept beside the export. */
export { OPENGOTHA_351_DEFAULTS };

/**
 * The placement criteria OpenGotha's pairing can order a score group by, as PlacementParameterSet names them
 * (allPlacementCriteria long names, upper-cased here; the internal names some tools write are accepted too).
 */
export const GROUP_ORDER_CRITERIA = new Set([
  'NULL',
  'CAT',
  'RANK',
  'RATING',
  'NBW',
  'MMS',
  'SOSW',
  'SOSW-1',
  'SOSWM1',
  'SOSW-2',
  'SOSWM2',
  'SODOSW',
  'SOSOSW',
  'CUSSW',
  'SOSM',
  'SOSM-1',
  'SOSMM1',
  'SOSM-2',
  'SOSMM2',
  'SODOSM',
  'SOSOSM',
  'CUSSM',
  'DC',
  'SDC',
]);

export type ParametersResult = { readonly ok: true; readonly parameters: OpenGothaParameters } | { readonly ok: false; readonly problems: readonly string[] };

/**
 * The parameters OpenGotha would pair this tournament with. Problems (a value OpenGotha could not read, a criterion
 * this implementation does not compute) are all returned, each naming the attribute and what was expected.
 */
export function readOpenGothaParameters(t: Tournament): ParametersResult {
  const og = t.settings.opengotha;
  const written: Record<string, string> = { ...(og?.generalParameters ?? {}), ...(og?.pairingParameters ?? {}) };
  const problems: string[] = [];
  const text = (name: string): string => (written[name] ?? OPENGOTHA_351_DEFAULTS[name]).trim();

  // new Long(…) / new Integer(…): a whole number, nothing else.
  const whole = (name: string): number => {
    const value = text(name);
    if (!/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      problems.push(`PairingParameterSet ${name}="${value}" is not a whole number`);
      return Number(OPENGOTHA_351_DEFAULTS[name] ?? 0);
    }
    return Number(value);
  };
  // A weight: OpenGotha's dialog offers none below 0, and a negative one makes its terms meaningless (NaN).
  const weight = (name: string): number => {
    const n = whole(name);
    if (n < 0) {
      problems.push(`PairingParameterSet ${name}="${text(name)}" is not a weight from 0 up`);
      return 0;
    }
    return n;
  };
  // Boolean.valueOf: "true" in any case is true, anything else false.
  const flag = (name: string): boolean => text(name).toLowerCase() === 'true';
  const rank = (name: string): Rank => {
    const parsed = parseRank(text(name));
    if (parsed.ok) return parsed.rank;
    problems.push(`${name}: ${parsed.message}`);
    return 0 as Rank;
  };
  const choice = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = text(name).toUpperCase();
    if ((allowed as readonly string[]).includes(value)) return value as T;
    // OpenGotha keeps its default when the value matches none of its names.
    return fallback;
  };
  const additional = (name: string, fallback: string | null): string | null => {
    const value = text(name).toUpperCase();
    if (value === 'NULL') return null;
    // ExternalDocument looks the long name up in allPlacementCriteria and keeps the default when none matches
    // (bosp2024 writes "None": no additional criterion, the default of system 2).
    return GROUP_ORDER_CRITERIA.has(value) ? value : fallback;
  };
  const nx1 = Number(text('paiStandardNX1Factor'));
  if (!Number.isFinite(nx1)) problems.push(`PairingParameterSet paiStandardNX1Factor="${text('paiStandardNX1Factor')}" is not a number`);
  // With k from 0 to 1 the concavity (1 − x)(1 + kx) stays within [0, 1] for x in [0, 1], so no term outweighs its
  // parameter and maximumWeight bounds the total; a larger k (1e6) would overflow the exact matching.
  else if (nx1 < 0 || nx1 > 1) problems.push(`PairingParameterSet paiStandardNX1Factor="${text('paiStandardNX1Factor')}" is not a factor from 0 to 1 (OpenGotha's default is 0.5)`);

  const seeds = ['SPLITANDRANDOM', 'SPLITANDFOLD', 'SPLITANDSLIP'] as const;
  const modes = ['TOP', 'MID', 'BOT'] as const;
  const placementCriteria = (og?.placementCriteria ?? []).map((c) => c.toUpperCase());
  for (const c of placementCriteria) {
    if (!GROUP_ORDER_CRITERIA.has(c)) {
      problems.push(
        `placement criterion ${c}: Tengen's OpenGotha pairing orders score groups by ${[...GROUP_ORDER_CRITERIA].filter((x) => x !== 'NULL').join(', ')} only`,
      );
    }
  }
  const numberOfCategories = whole('numberOfCategories');
  if (numberOfCategories > 1) {
    problems.push(`numberOfCategories="${numberOfCategories}": Tengen's OpenGotha pairing supports one category (Swiss with categories is not implemented)`);
  }
  if (flag('genCountNotPlayedGamesAsHalfPoint')) {
    problems.push('genCountNotPlayedGamesAsHalfPoint="true": the "virtual" scores OpenGotha then uses for SOS are not implemented');
  }
  const mainCriterion: MainCriterion = t.settings.system === 'mcmahon' ? 'MMS' : 'NBW';
  const additional1 = additional('paiMaAdditionalPlacementCritSystem1', 'RATING');
  const additional2 = additional('paiMaAdditionalPlacementCritSystem2', null);

  const parameters: OpenGothaParameters = {
    avoidDuplicateGame: weight('paiBaAvoidDuplGame'),
    random: weight('paiBaRandom'),
    deterministic: flag('paiBaDeterministic'),
    balanceWhiteBlack: weight('paiBaBalanceWB'),
    nx1Factor: Number.isFinite(nx1) && nx1 >= 0 && nx1 <= 1 ? nx1 : 0.5,
    avoidMixingCategories: weight('paiMaAvoidMixingCategories'),
    minimizeScoreDifference: weight('paiMaMinimizeScoreDifference'),
    drawUpDownWeight: weight('paiMaDUDDWeight'),
    compensateDrawUpDown: flag('paiMaCompensateDUDD'),
    drawUpDownUpperMode: choice('paiMaDUDDUpperMode', modes, 'MID'),
    drawUpDownLowerMode: choice('paiMaDUDDLowerMode', modes, 'MID'),
    maximizeSeeding: weight('paiMaMaximizeSeeding'),
    lastRoundForSeedSystem1: whole('paiMaLastRoundForSeedSystem1'),
    seedSystem1: choice('paiMaSeedSystem1', seeds, 'SPLITANDRANDOM'),
    // ExternalDocument: an unknown name for system 2 falls back to SPLITANDRANDOM.
    seedSystem2: choice('paiMaSeedSystem2', seeds, 'SPLITANDRANDOM'),
    additionalPlacementCriterion1: additional1,
    additionalPlacementCriterion2: additional2,
    barThresholdActive: flag('paiSeBarThresholdActive'),
    rankThreshold: rank('paiSeRankThreshold'),
    nbWinsThresholdActive: flag('paiSeNbWinsThresholdActive'),
    minimizeHandicap: weight('paiSeMinimizeHandicap'),
    avoidSameGeo: weight('paiSeAvoidSameGeo'),
    preferScoreDifferenceToSameCountry: weight('paiSePreferMMSDiffRatherThanSameCountry'),
    preferScoreDifferenceToSameClub: weight('paiSePreferMMSDiffRatherThanSameClub'),
    handicapBasedOnMms: hdBase(written, text),
    noHandicapRankThreshold: rank('hdNoHdRankThreshold'),
    handicapCorrection: whole('hdCorrection'),
    handicapCeiling: whole('hdCeiling'),
    numberOfRounds: t.settings.rounds,
    bar: t.settings.bar ?? (3 as Rank),
    floor: t.settings.floor ?? (-20 as Rank),
    mmsZero: t.settings.mmsZero ?? (-30 as Rank),
    numberOfCategories,
    mmsHalvesAbsent: og?.mmsHalvesAbsent ?? 1,
    mmsHalvesBye: og?.mmsHalvesBye ?? 1,
    nbwHalvesAbsent: og?.nbwHalvesAbsent ?? 0,
    nbwHalvesBye: og?.nbwHalvesBye ?? 1,
    roundDown: og?.roundDown ?? true,
    mainCriterion,
    placementCriteria: placementCriteria.length > 0 ? placementCriteria : [mainCriterion],
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, parameters };
}

/** HandicapParameterSet: before 3.52.04 a boolean hdBasedOnMMS; later files write hdBase (MMS or RANK). */
function hdBase(written: Readonly<Record<string, string>>, text: (name: string) => string): boolean {
  const base = written.hdBase?.trim().toUpperCase();
  if (base !== undefined) return base === 'MMS';
  return text('hdBasedOnMMS').toLowerCase() === 'true';
}

/** The seed system of a round (1-based): system 1 up to and including `paiMaLastRoundForSeedSystem1`. */
export function seedSystemOf(p: OpenGothaParameters, round: number): SeedSystem {
  return round <= p.lastRoundForSeedSystem1 ? p.seedSystem1 : p.seedSystem2;
}

/** The criterion added after the placement criteria to order score groups in this round (1-based). */
export function additionalCriterionOf(p: OpenGothaParameters, round: number): string | null {
  return round <= p.lastRoundForSeedSystem1 ? p.additionalPlacementCriterion1 : p.additionalPlacementCriterion2;
}
