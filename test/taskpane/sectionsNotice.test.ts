/**
 * The notice of the Pair Round (round 1) and Standings steps: AQJG places players inside McMahon sections, so a
 * tournament without sections shows one section, and one 1st place, per initial score.
 */
import { unsectionedPlacesNotice } from '../../taskpane/sectionsNotice';
import { applySections } from '../../src/systems/mcmahon/sections';
import type { RulesetName, Settings } from '../../src/model/tournament';
import { game, id, player, rank, tournament } from '../pairing/fixtures';
import { computeStandings } from '../../src/scoring/standings';

const RANKS = ['3d', '1d', '1k', '2k', '5k', '9k'];
const field = (settings: Partial<Settings>) => tournament(RANKS.map((r, i) => player(i + 1, r)), { system: 'mcmahon', ...settings });

describe('the notice when AQJG places by section and no sections are set', () => {
  it('is shown under AQJG when the Sections step was skipped, counting the sections that result', () => {
    const notice = unsectionedPlacesNotice(field({ ruleset: 'aqjg' }));
    expect(notice).toMatch(/^Under AQJG rules places are given inside each McMahon section, and no sections are set/);
    // Six ranks, six initial scores: six sections of one player each.
    expect(notice).toMatch(/6 sections for 6 players, each with its own 1st place/);
    // What it warns of: after a round, every player is 1st of his own section.
    const played = { ...field({ ruleset: 'aqjg' }), games: [game(1, 1, 2), game(1, 3, 4), game(1, 5, 6)] };
    expect(computeStandings(played).entries.map((e) => e.sectionPlace)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('is not shown once sections are set', () => {
    const t = applySections(field({ ruleset: 'aqjg' }), [
      { name: 'A', initialMms: 0, players: [id(1), id(2), id(3)] },
      { name: 'B', initialMms: -2, players: [id(4), id(5), id(6)] },
    ]);
    expect(unsectionedPlacesNotice(t)).toBeNull();
  });

  it('is not shown where places are overall (EGF, BGA, OpenGotha), in a Swiss event, or when everyone starts alike', () => {
    for (const ruleset of ['egf', 'bga', 'opengotha'] as RulesetName[]) expect(unsectionedPlacesNotice(field({ ruleset }))).toBeNull();
    expect(unsectionedPlacesNotice(field({ ruleset: 'aqjg', system: 'swiss' }))).toBeNull();
    // A bar at 9k: everyone starts at the bar's score, one section.
    expect(unsectionedPlacesNotice(field({ ruleset: 'aqjg', bar: rank('9k') }))).toBeNull();
    expect(unsectionedPlacesNotice(field({ ruleset: 'aqjg', bar: rank('1k') }))).toMatch(/4 sections for 6 players/);
  });
});
