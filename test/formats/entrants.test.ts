import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { formatRank } from '../../src/model/rank';
import { entrantRank } from '../../src/model/entrants';
import type { Rank } from '../../src/model/rank';

const file = (rule: string, player: Record<string, unknown>) =>
  JSON.stringify({
    format: 'tengen-tournament',
    version: 1,
    name: 'Pair go',
    settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf', entrants: { kind: 'pair-go', rank: rule } },
    players: [
      { id: 1, family: 'Abe & Baba', given: '', members: [{ family: 'Abe', given: 'Aki', rank: '3d' }, { family: 'Baba', given: 'Rin', rank: '2k' }], ...player },
      { id: 2, family: 'Chiba & Doi', given: '', rank: '1k', members: [{ family: 'Chiba', given: 'Kai', rank: '1d' }, { family: 'Doi', given: 'Mio', rank: '2k' }] },
    ],
    games: [],
    byes: [],
  });

describe('pair go and rengo entrants: the rank for the draw and handicaps from the members’ ranks', () => {
  it('the rules: average rounded down, to the nearest, or the strongest member', () => {
    const ranks = [2, -2, -3] as Rank[]; // 3d, 2k, 3k: mean −1 = 1k
    expect(formatRank(entrantRank(ranks, 'average-down'))).toBe('1k');
    expect(formatRank(entrantRank([2, -2] as Rank[], 'average-down'))).toBe('1d'); // mean 0 = 1d exactly
    expect(formatRank(entrantRank([2, -3] as Rank[], 'average-down'))).toBe('1k'); // mean −0.5 → down to 1k
    expect(formatRank(entrantRank([2, -3] as Rank[], 'average-nearest'))).toBe('1d'); // −0.5 → halves up to 1d
    expect(formatRank(entrantRank([2, -3] as Rank[], 'strongest'))).toBe('3d');
  });

  it('a pair without a rank gets the rank its members give under the event’s rule', () => {
    const parsed = parseTournamentJson(file('average-nearest', {}), 'pairs.json');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const pair = parsed.value.players.find((p) => p.id === 1)!;
    expect(formatRank(pair.rank)).toBe('1d'); // 3d (2) and 2k (−2): mean 0 = 1d
    expect(pair.members?.map((m) => m.family)).toEqual(['Abe', 'Baba']);
    // Written back with its members and the rank they give.
    const again = parseTournamentJson(writeTournamentJson(parsed.value), 'again.json');
    expect(again.ok && again.value.players).toEqual(parsed.value.players);
  });

  it('refuses a pair whose rank is not the one its members give, naming the pair and the rule', () => {
    const parsed = parseTournamentJson(file('strongest', { rank: '1d' }), 'pairs.json');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => `${e.player}: ${e.message}`).join('\n')).toMatch(/1 \(Abe & Baba\).*3d.*strongest/);
  });

  it('refuses an entrant with no rank and no members', () => {
    const parsed = parseTournamentJson(file('strongest', { members: undefined }), 'pairs.json');
    expect(parsed.ok).toBe(false);
  });
});
