/**
 * General maximum-weight matching. This layer knows nothing about Go: pairing systems express their priorities as
 * integer pair weights and read back a matching (see docs in each module).
 *
 * - {@link maxWeightMatching}: Edmonds' blossom algorithm on an explicit edge list, O(n³), exact integers,
 *   deterministic, with its LP dual solution.
 * - {@link maxWeightPerfectMatching}: the whole field as one complete graph given by a weight function; solved on a
 *   sparse candidate graph and certified optimal by checking the duals against every pair.
 * - {@link checkCertificate}: an independent check that duals prove a matching optimal.
 */
export { maxWeightMatching, MAX_ABS_WEIGHT } from './blossom';
export type { WeightedEdge, MatchingOptions, MatchingResult, MatchingDuals } from './blossom';
export { maxWeightPerfectMatching, MAX_WEIGHT_SPREAD } from './dense';
export type {
  PairWeight,
  CandidatePair,
  PerfectMatchingOptions,
  PerfectMatchingResult,
  PerfectMatchingOptimal,
  PerfectMatchingInfeasible,
} from './dense';
export { checkCertificate, checkEdgeListCertificate, BlossomDualIndex } from './certificate';
export type { CertificateKind, CertificateCheck } from './certificate';
