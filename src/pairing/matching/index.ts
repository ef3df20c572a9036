/**
 * General maximum-weight matching. Like bbpPairings' `matching/`, this layer knows nothing about Go: pairing systems
 * express their priorities as integer pair weights (never floats) and read back a matching.
 *
 * ## The algorithm
 * {@link maxWeightMatching} is Edmonds' blossom algorithm in its primal-dual form, organised as in Galil's survey
 * (1986): each stage grows alternating trees from every unmatched vertex along tight edges (zero slack), shrinks odd
 * cycles into blossoms, and when it is stuck changes the dual variables by the largest amount that keeps them
 * feasible; each stage ends with one augmentation. Each S-blossom keeps its least-slack edge to every other S-blossom,
 * so a stage costs O(n²) and the whole solve O(n³). All values are integers: duals and weights are kept doubled, and
 * every unmatched vertex carries a dual of the same parity, so halving a slack between two S-vertices is exact.
 * Loops run in index order, so the same input (same edge order) always gives the same matching, ties included.
 *
 * ## The certificate
 * The solver returns its dual solution: U_v (= 2·y_v) per vertex and Z_B (= 2·z_B ≥ 0) per blossom B (an odd vertex
 * set). They are feasible when, for every pair (i, j),
 *
 *     U_i + U_j + Σ_{B ∋ i, j} Z_B ≥ 2·w_ij.
 *
 * If moreover every matched pair meets this with equality, every blossom with Z_B > 0 holds (|B| − 1)/2 matched pairs,
 * and (for matchings of any size) every unmatched vertex has U_v = 0, then by LP duality (Edmonds' matching polytope)
 * no matching weighs more than the one returned. {@link checkCertificate} verifies exactly this, independently.
 *
 * ## A whole field at once
 * {@link maxWeightPerfectMatching} pairs n players as one maximum-weight perfect matching of the complete graph whose
 * weights come from a function (`null` forbids a pair). Solving on all n(n−1)/2 pairs is slow (about 1–3 s for 710
 * players), so it solves on a sparse candidate graph — the caller's candidates plus each vertex's few heaviest
 * partners — and then checks the duals against every allowed pair of the complete graph. Violating pairs join the
 * graph and the solve repeats; when none violates, the certificate above holds for the complete graph and the matching
 * is provably optimal for it, not only for the candidates. When no perfect matching exists (odd n, or too many
 * forbidden pairs) the result says so, with a maximum-cardinality matching's unmatched vertices.
 *
 * ## Several priorities that must never trade
 * {@link lexicographicPerfectMatching} minimises integer cost tiers lexicographically. It packs as many tiers as fit
 * into one weight (units chosen so that a tier's whole total is worth less than one unit of the tier above), and when
 * they do not fit in 2^50 it solves in stages: each stage keeps only the pairs its certified duals show tight and
 * weighs, above the next tiers, how many positive blossoms a pair lies in — exactly the matchings optimal for the
 * earlier stages remain (complementary slackness). See ./lexicographic.
 *
 * ## Limits
 * - {@link maxWeightMatching}: |w| ≤ 2^49 ({@link MAX_ABS_WEIGHT}); {@link maxWeightPerfectMatching}: weights are
 *   safe integers whose spread max − min over allowed pairs is ≤ 2^50 ({@link MAX_WEIGHT_SPREAD}) — the solver shifts
 *   them by a constant, which changes every perfect matching equally. A RangeError names the offending edge or pair;
 *   if dual values would ever leave the exact range during a solve (possible only with weights near these limits),
 *   a RangeError is thrown instead of an inexact answer.
 * - {@link maxWeightPerfectMatching} holds the allowed pairs as lists: about 40 bytes a pair (80 MB for all pairs of
 *   2,000 players, far less once a lexicographic stage has kept only the tight pairs).
 * - Totals are returned as bigint, exact even when they exceed 2^53.
 */
export { maxWeightMatching, MAX_ABS_WEIGHT } from './blossom';
export type { WeightedEdge, MatchingOptions, MatchingResult, MatchingDuals } from './blossom';
export { maxWeightPerfectMatching, MAX_WEIGHT_SPREAD } from './dense';
export type {
  PairWeight,
  TriangleWeights,
  ListedWeights,
  CandidatePair,
  PerfectMatchingOptions,
  PerfectMatchingResult,
  PerfectMatchingOptimal,
  PerfectMatchingInfeasible,
} from './dense';
export { lexicographicPerfectMatching } from './lexicographic';
export { augmentToMaximumCardinality } from './cardinality';
export { Loans } from './loans';
export type { AllowedPairs, CostTier, LexicographicOptions, LexicographicOptimal, LexicographicResult } from './lexicographic';
export { checkCertificate, checkEdgeListCertificate, BlossomDualIndex } from './certificate';
export type { CertificateKind, CertificateCheck } from './certificate';
