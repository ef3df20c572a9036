/**
 * `--system opengotha` against the released OpenGotha 3.51.02 (issue 15, "OpenGotha's draw — the engine directors
 * actually run"), on ../shared/corpus/opengotha-released: every round OpenGotha's Pair button draws from the rounds
 * before it, with OpenGotha's own weight of every pair.
 *  - released rules (the default): every pair weight of the 46 rounds of at most 120 players equals `pairWeights`,
 *    every drawn pair its `weight`, every bye is OpenGotha's and every round is identical or of exactly equal total
 *    weight (ties between matchings of equal weight are OpenGotha's matcher's scan order, not reproduced);
 *  - the EGC 2024 field (malavasi, 710 and 716 players) with `--opengotha-chunks`: OpenGotha's chunks, every drawn
 *    pair weighed alike, each round of equal total weight;
 *  - the corrected rules (`--opengotha-rules corrected`) are checked against the weight dumps and recorded rounds in
 *    ./opengotha-pairing.test.ts; here their distance from the released draw is printed.
 * Before the released rules (Tengen then drew by the corrected ones): 27 of 46 rounds identical, 6 of equal weight,
 * 13 lighter; 229 of 743 drawn pairs (12,112 of 27,047 pairs) weighed differently.
 */
import { describeCorpus } from '../support/corpus';
import { compareReleased, formatReleasedTable, releasedRounds, summarizeReleased, type ReleasedRow } from '../support/opengothaReleased';

describeCorpus('OpenGotha conformance: the released OpenGotha 3.51.02 draws', () => {
  const rounds = releasedRounds();
  const small = rounds.filter((r) => r.data.pairWeights);
  const big = rounds.filter((r) => !r.data.pairWeights);
  let rows: ReleasedRow[] = [];
  beforeAll(() => {
    rows = small.map((r) => compareReleased(r.name, r.data));
    console.log(`Released OpenGotha, released rules\n${formatReleasedTable(rows)}\n${summarizeReleased(rows)}`);
  }, 60000);

  it('covers the 48 recorded rounds, 46 of them with every pair weight', () => {
    expect(rounds).toHaveLength(48);
    expect(small).toHaveLength(46);
  });

  it('weighs every pair of every round as the released OpenGotha does', () => {
    expect(rows.filter((r) => r.equalPairs !== r.pairs || r.drawnEqual !== r.drawnPairs).map((r) => `${r.name}: ${r.examples.join('; ')}`)).toEqual([]);
    expect(rows.reduce((n, r) => n + r.pairs, 0)).toBe(27047);
  });

  it('draws every round identically or with exactly equal total weight, and gives OpenGotha\'s bye', () => {
    expect(rows.filter((r) => r.verdict !== 'identical' && r.verdict !== 'equal-weight').map((r) => `${r.name} ${r.verdict} ${r.gap}`)).toEqual([]);
    expect(rows.filter((r) => !r.byeIdentical).map((r) => r.name)).toEqual([]);
    expect(rows.filter((r) => r.verdict === 'identical').length).toBeGreaterThanOrEqual(36);
  });

  it('with --opengotha-chunks, draws the EGC 2024 field in OpenGotha\'s chunks, with its weights and total', () => {
    const drawn = big.map((r) => compareReleased(r.name, r.data, { chunks: true }));
    console.log(`Released OpenGotha, 700-player field with chunks\n${formatReleasedTable(drawn)}`);
    expect(drawn.map((r) => `${r.name} ${r.drawnEqual}/${r.drawnPairs} ${r.byeIdentical} ${r.verdict === 'identical' || r.verdict === 'equal-weight'}`)).toEqual(
      drawn.map((r) => `${r.name} ${r.drawnPairs}/${r.drawnPairs} true true`),
    );
  }, 60000);

  it('says how far the corrected rules are from the released draw (informative)', () => {
    const corrected = small.map((r) => compareReleased(r.name, r.data, { rules: 'corrected' }));
    console.log(`Released OpenGotha against the corrected rules: ${summarizeReleased(corrected)}`);
    expect(corrected.filter((r) => r.equalPairs !== r.pairs).length).toBeGreaterThan(0);
  });
});
