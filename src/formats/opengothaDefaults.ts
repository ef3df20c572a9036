/**
 * OpenGotha 3.51's defaults for the attributes of <PairingParameterSet> and <HandicapParameterSet> a file leaves out:
 * those of its XML import (ExternalDocument.importTournamentParameterSetFromXMLFile, the
 * `extractNodeValue(nnmPaiPS, name, default)` calls). The pairing engine (src/systems/opengotha/parameters.ts) reads a
 * file's values over them; the export (./opengothaExport.ts) writes them for a tournament begun in Tengen, whose
 * `--system opengotha` pairing uses exactly these.
 */
/** OpenGotha 3.51's defaults where a file says nothing (ExternalDocument's import defaults). */
export const OPENGOTHA_351_DEFAULTS: Readonly<Record<string, string>> = {
  paiStandardNX1Factor: '0.5',
  paiBaAvoidDuplGame: '500000000000000',
  paiBaRandom: '0',
  paiBaDeterministic: 'true',
  paiBaBalanceWB: '1000',
  paiMaAvoidMixingCategories: '20000000000000',
  paiMaMinimizeScoreDifference: '100000000000',
  paiMaDUDDWeight: '100000000',
  paiMaCompensateDUDD: 'true',
  paiMaDUDDUpperMode: 'MID',
  paiMaDUDDLowerMode: 'MID',
  paiMaMaximizeSeeding: '5000000',
  paiMaLastRoundForSeedSystem1: '2',
  paiMaSeedSystem1: 'SPLITANDRANDOM',
  paiMaSeedSystem2: 'SPLITANDFOLD',
  paiMaAdditionalPlacementCritSystem1: 'RATING',
  paiMaAdditionalPlacementCritSystem2: 'NULL',
  paiSeBarThresholdActive: 'true',
  paiSeRankThreshold: '4D',
  paiSeNbWinsThresholdActive: 'true',
  paiSeDefSecCrit: '100000000000',
  paiSeMinimizeHandicap: '0',
  paiSeAvoidSameGeo: '100000000000',
  paiSePreferMMSDiffRatherThanSameCountry: '1',
  paiSePreferMMSDiffRatherThanSameClub: '3',
  hdBasedOnMMS: 'true',
  hdNoHdRankThreshold: '1D',
  hdCorrection: '1',
  hdCeiling: '9',
  numberOfCategories: '1',
  genCountNotPlayedGamesAsHalfPoint: 'false',
};
