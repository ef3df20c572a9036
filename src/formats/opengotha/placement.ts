/** The PlacementParameterSet: OpenGotha's placement criteria, the tie-breaks they map to and the pairing system. */
import type { Criterion, PairingSystem } from '../../model/tournament';
import { descendantsNamed, type XmlElement } from '../xml';
import { parseWhole } from './reader';

/**
 * PlacementParameterSet.allPlacementCriteria by long name (the name written in the file), with the group
 * checkCriteriaCoherence puts it in: "Criteria should not mix elements from McMahon group with elements from Swiss
 * group". Internal constant names (SOSMM1, SOSWM2) are accepted too, as some tools write them.
 */
interface CriterionInfo {
  readonly tengen?: Criterion;
  readonly group?: 'swiss' | 'mcmahon';
}
export const PLACEMENT_CRITERIA: Readonly<Record<string, CriterionInfo>> = {
  CAT: { group: 'swiss' },
  RANK: {},
  RATING: { tengen: 'rating' },
  NBW: { tengen: 'nbw', group: 'swiss' },
  MMS: { tengen: 'mms', group: 'mcmahon' },
  STS: { group: 'mcmahon' },
  SOSW: { tengen: 'sos', group: 'swiss' },
  'SOSW-1': { tengen: 'sos1', group: 'swiss' },
  SOSWM1: { tengen: 'sos1', group: 'swiss' },
  'SOSW-2': { tengen: 'sos2', group: 'swiss' },
  SOSWM2: { tengen: 'sos2', group: 'swiss' },
  SODOSW: { tengen: 'sodos', group: 'swiss' },
  SOSOSW: { tengen: 'sosos', group: 'swiss' },
  CUSSW: { tengen: 'cuss', group: 'swiss' },
  SOSM: { tengen: 'sos', group: 'mcmahon' },
  'SOSM-1': { tengen: 'sos1', group: 'mcmahon' },
  SOSMM1: { tengen: 'sos1', group: 'mcmahon' },
  'SOSM-2': { tengen: 'sos2', group: 'mcmahon' },
  SOSMM2: { tengen: 'sos2', group: 'mcmahon' },
  SODOSM: { tengen: 'sodos', group: 'mcmahon' },
  SOSOSM: { tengen: 'sosos', group: 'mcmahon' },
  CUSSM: { tengen: 'cuss', group: 'mcmahon' },
  SOSTS: { group: 'mcmahon' },
  EXT: { group: 'swiss' },
  EXR: { group: 'swiss' },
  DC: { tengen: 'dc' },
  SDC: {},
};

/**
 * The pairing system follows the main criterion. PlacementParameterSet.mainCriterion: the first NBW or MMS among
 * the criteria decides, NBW meaning Swiss. Without either, the first criterion of the Swiss or McMahon group
 * decides; with none at all, McMahon (the DTD's default criterion is MMS).
 */
export function systemOf(criteria: readonly string[]): PairingSystem {
  const upper = criteria.map((c) => c.toUpperCase());
  const main = upper.find((c) => c === 'NBW' || c === 'MMS');
  if (main) return main === 'NBW' ? 'swiss' : 'mcmahon';
  const grouped = upper.map((c) => PLACEMENT_CRITERIA[c]?.group).find((g) => g !== undefined);
  return grouped ?? 'mcmahon';
}

/** The PlacementCriterion names of a placement set, each at its `number`, NULL left out. */
export function criteriaOf(set: XmlElement | undefined): string[] {
  const elements = set ? descendantsNamed(set, 'PlacementCriterion') : [];
  return elements
    .map((c, index) => ({ name: (c.attributes.name ?? 'NULL').trim(), number: parseWhole(c.attributes.number) ?? index + 1, index }))
    .sort((a, b) => a.number - b.number || a.index - b.index)
    .map((c) => c.name)
    .filter((n) => n.toUpperCase() !== 'NULL');
}

export function readPlacement(root: XmlElement): { placementCriteria: string[]; tiebreaks: Criterion[]; system: PairingSystem } {
  // ExternalDocument reads the PlacementCriterion elements of the first PlacementParameterSet, each at its `number`
  // (the TeamPlacementParameterSet has its own: readTeamParameters).
  const placementCriteria = criteriaOf(descendantsNamed(root, 'PlacementParameterSet')[0]);
  const tiebreaks: Criterion[] = [];
  for (const name of placementCriteria) {
    const mapped = PLACEMENT_CRITERIA[name.toUpperCase()]?.tengen;
    if (mapped && !tiebreaks.includes(mapped)) tiebreaks.push(mapped);
  }
  const system = systemOf(placementCriteria.length > 0 ? placementCriteria : ['MMS']);
  return { placementCriteria, tiebreaks, system };
}

/**
 * The criteria of the placement sets Tengen cannot rank by, each with its element (issue 27: SDC, STS, EXT were
 * dropped without a word): names OpenGotha does not know are refused; names it knows but Tengen does not compute are
 * read (kept for the export, settings.opengotha) and said in a note.
 */
export function criteriaTengenLacks(root: XmlElement): { unknown: XmlElement[]; uncomputed: XmlElement[] } {
  const unknown: XmlElement[] = [];
  const uncomputed: XmlElement[] = [];
  // The team set has criteria of its own (TEAMP, BDW…), kept as written for the export (./teams.ts).
  for (const set of descendantsNamed(root, 'PlacementParameterSet').slice(0, 1)) {
    for (const c of descendantsNamed(set, 'PlacementCriterion')) {
      const name = (c.attributes.name ?? 'NULL').trim().toUpperCase();
      if (name === 'NULL') continue;
      const info = PLACEMENT_CRITERIA[name];
      if (!info) unknown.push(c);
      else if (!info.tengen) uncomputed.push(c);
    }
  }
  return { unknown, uncomputed };
}
