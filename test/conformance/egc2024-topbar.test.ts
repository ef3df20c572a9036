/**
 * The congress McMahon's top bar and supergroup (seeds/egc-championship-rules.txt, "Top Bar and Supergroup") on the
 * real EGC 2024 field (Toulouse, ../shared/corpus/opengotha-pairings/malavasi: 985 registered players, 10 rounds).
 * Many players registered for the first week only (rounds 1–5), and 125 enter after round 1.
 */
import { readFileSync } from 'node:fs';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { isEuropean } from '../../src/model/european';
import { formatRank } from '../../src/model/rank';
import type { Tournament } from '../../src/model/tournament';
import { egcCongressStart, isLateEntry } from '../../src/scoring/egcCongressStart';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { corpusPath, describeCorpus } from '../support/corpus';

describeCorpus('EGC 2024 field: the congress top bar and supergroup', () => {
  const file = corpusPath('opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
  const parsed = parseOpenGotha(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
  // The file's own bar (4d) and its per-player corrections (OpenGotha's smmsCorrection, read as the director's
  // `initialMms`, which would override the rule) are OpenGotha's; the congress rule sets its own.
  const t: Tournament = {
    ...parsed.value,
    settings: { ...parsed.value.settings, egc: true, bar: undefined },
    players: parsed.value.players.map((p) => ({ ...p, initialMms: undefined })),
  };
  const start = egcCongressStart(t);
  const entrants = t.players.filter((p) => !isLateEntry(p));

  it('the bar is the smallest rank 4d or above with at most 67 players entering round 1 above it: 6d', () => {
    expect(t.players).toHaveLength(985);
    expect(t.players.filter(isLateEntry)).toHaveLength(125);
    expect(formatRank(start.bar)).toBe('6d');
    expect(start.aboveBar).toHaveLength(53);
    expect(entrants.filter((p) => p.rank >= start.bar).length).toBeLessThanOrEqual(67);
    // One rank lower would put 92 above the bar.
    expect(entrants.filter((p) => p.rank >= start.bar - 1)).toHaveLength(92);
  });

  it('the supergroup: 6d and above playing all 10 rounds (23), 1 point above the bar as the top bar group holds 30', () => {
    expect(start.supergroup).toHaveLength(23);
    expect(start.supergroup.every((id) => (t.players.find((p) => p.id === id)!.absentRounds ?? []).length === 0)).toBe(true);
    expect(start.topBarGroup).toHaveLength(30);
    expect(start.supergroupPoints).toBe(1);
    const sb = buildScoreboard(t, { asOf: 0 });
    const initial = (id: number) => sb.initialHalves[sb.indexOf.get(id as never)!] / 2;
    // The file's MMS zero: the bar 6d's MMS, plus 1 for the supergroup.
    const barMms = start.bar - (t.settings.mmsZero ?? 0);
    expect(new Set(start.supergroup.map(initial))).toEqual(new Set([barMms + 1]));
    expect(new Set(start.topBarGroup.map(initial))).toEqual(new Set([barMms]));
  });

  it('the Europeans by country code: 798 of 985', () => {
    expect(t.players.filter(isEuropean)).toHaveLength(798);
  });
});
