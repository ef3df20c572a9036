/**
 * The `opengotha` system in the pane gives every game OpenGotha's own handicap (its HandicapParameterSet: the file's,
 * else OpenGotha's defaults — MMS difference less 1, at most 9, even from 1d), not the tournament's handicap setting
 * (issue 25: "--system opengotha in the page ignores the tournament's handicap setting silently"). Where the two differ
 * the pane says so beside the choice of system, naming both, before anything is previewed or written: the director
 * chooses another system or takes OpenGotha's handicaps knowingly.
 */
import { formatRank } from '../src/model/rank';
import type { HandicapSettings, Tournament } from '../src/model/tournament';
import { DEFAULT_HANDICAP_CEILING, defaultHandicapSettings, handicapSettingsOf } from '../src/pairing/handicap';

const POLICY_WORDS: Readonly<Record<HandicapSettings['policy'], string>> = {
  none: 'even games',
  'rank-difference': 'the rank difference',
  'rank-difference-minus-1': 'the rank difference less 1',
  'rank-difference-minus-2': 'the rank difference less 2',
  'mms-difference': 'the McMahon score difference',
  'mms-difference-minus-1': 'the McMahon score difference less 1',
  'mms-difference-minus-2': 'the McMahon score difference less 2',
};

/** "the McMahon score difference less 1, at most 9, even when either player is 1d or stronger". */
export function handicapWords(h: HandicapSettings): string {
  if (h.policy === 'none') return POLICY_WORDS.none;
  const parts = [h.correction !== undefined ? `${POLICY_WORDS[h.policy].replace(/ less \d$/, '')} less ${h.correction}` : POLICY_WORDS[h.policy]];
  parts.push(`at most ${h.ceiling ?? DEFAULT_HANDICAP_CEILING}`);
  if (h.evenAtOrAbove !== undefined) parts.push(`even when either player is ${formatRank(h.evenAtOrAbove)} or stronger`);
  return parts.join(', ');
}

const same = (a: HandicapSettings, b: HandicapSettings) =>
  handicapWords({ ...a, ceiling: a.ceiling ?? DEFAULT_HANDICAP_CEILING }) === handicapWords({ ...b, ceiling: b.ceiling ?? DEFAULT_HANDICAP_CEILING });

/** What the director must know before the OpenGotha system draws this tournament, or null when its handicaps are the tournament's. */
export function openGothaHandicapNote(t: Tournament): string | null {
  const tournament = handicapSettingsOf(t.settings);
  const openGotha = defaultHandicapSettings('opengotha', { opengotha: t.settings.opengotha });
  if (same(tournament, openGotha)) return null;
  return (
    `Handicaps: the OpenGotha system gives OpenGotha's own (${handicapWords(openGotha)}), not this tournament's (${handicapWords(tournament)}). ` +
    `Choose the optimal system or Mays' paper method to keep the tournament's handicaps.`
  );
}
