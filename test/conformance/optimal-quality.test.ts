/**
 * The `optimal` system is never worse than OpenGotha's recorded draw at the first priority where they differ
 * (repeats, then the total MMS difference as OpenGotha counts it, then the rest), over every round of every tournament
 * in ../shared/corpus/opengotha-pairings. `node bench/quality.js` prints the same table.
 */
import { formatQualityTable, qualityTable } from '../../src/check/quality';
import { corpusPath, describeCorpus } from '../support/corpus';

describeCorpus('optimal against OpenGotha (corpus/opengotha-pairings)', () => {
  const rows = qualityTable(corpusPath('opengotha-pairings'));

  it('covers every tournament and round recorded', () => {
    const names = new Set(rows.map((r) => r.tournament));
    for (const name of ['simplemm', 'notsimplemm', 'simpleswiss', 'notsosimpleswiss', 'Toulouse2024', '20240921-KPMC-Splitbug', 'bosp2024', 'malavasi.geobug']) {
      expect(names.has(name)).toBe(true);
    }
    expect(rows.length).toBeGreaterThanOrEqual(39);
    console.log(formatQualityTable(rows));
  });

  it('never worse at the first differing priority, never a repeat OpenGotha avoided', () => {
    for (const r of rows) {
      expect({ at: `${r.tournament} round ${r.round}`, paired: r.optimal !== null }).toEqual({ at: `${r.tournament} round ${r.round}`, paired: true });
      expect({ at: `${r.tournament} round ${r.round}`, better: r.better === 'opengotha' ? `OpenGotha at ${r.firstDifference}` : 'ok' }).toEqual({
        at: `${r.tournament} round ${r.round}`,
        better: 'ok',
      });
      expect(r.optimal!.repeats).toBeLessThanOrEqual(r.opengotha.repeats);
    }
  });

  it("tells OpenGotha's automatic draws from hand-changed ones where its weights are in the corpus", () => {
    expect(rows.filter((r) => r.automatic === 'yes').length).toBeGreaterThan(20);
    expect(rows.find((r) => r.tournament === '20240921-KPMC-Splitbug' && r.round === 1)?.automatic).toBe('no');
  });
});
