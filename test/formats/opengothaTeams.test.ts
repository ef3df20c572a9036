/**
 * The OpenGotha team files of ../shared/corpus (those with <TeamTournamentParameterSet> and <Team> elements) import
 * with their teams, and Tengen's team standings read them once the director declares the team size (settings.teams).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseOpenGotha } from '../../src/formats/opengotha';
import type { Tournament } from '../../src/model/tournament';
import { teamMatches, teamStandings } from '../../src/scoring/teamStandings';
import { corpusPath, describeCorpus } from '../support/corpus';

function load(...parts: string[]): Tournament {
  const file = corpusPath(...parts);
  const parsed = parseOpenGotha(readFileSync(file, 'utf8'), path.basename(file));
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  return parsed.value;
}

describeCorpus('OpenGotha team files (corpus)', () => {
  it('Tournoi-de-Juvisy: six teams of three boards, each board a registered player, every round', () => {
    const t = load('opengotha-standings', 'Tournoi-de-Juvisy.xml');
    expect(t.teams?.map((x) => x.name).sort()).toEqual(['FLG', 'GELE', 'Levallois-Jussieu', "Olga's team", 'Poilâne', 'ROBOCOP'].sort());
    const ids = new Set(t.players.map((p) => p.id));
    for (const team of t.teams ?? []) {
      for (let r = 1; r <= 4; r++) expect(team.boards.filter((b) => b.round === r).map((b) => b.board).sort()).toEqual([1, 2, 3]);
      for (const b of team.boards) expect(ids.has(b.player)).toBe(true);
    }
  });

  it('Tournoi-de-Juvisy as a team tournament of 3 boards: 3 team matches a round, 3 board points each', () => {
    const file = load('opengotha-standings', 'Tournoi-de-Juvisy.xml');
    const t: Tournament = { ...file, settings: { ...file.settings, teams: { boards: 3 } } };
    const matches = teamMatches(t);
    expect(matches).toHaveLength(12);
    for (const m of matches) {
      expect(m.boards).toHaveLength(3);
      expect(m.firstHalves + m.secondHalves).toBe(6);
    }
    const s = teamStandings(t);
    expect(s.rows).toHaveLength(6);
    expect(s.rows.reduce((sum, r) => sum + r.pointsHalves, 0)).toBe(2 * 12);
  });

  it('TournoiChinois: the two teams (Chine, France) with their boards', () => {
    const t = load('opengotha-standings', 'TournoiChinois.xml');
    expect(t.teams?.map((x) => [x.number, x.name]).sort()).toEqual([[1, 'France'], [2, 'Chine']]);
    const chine = t.teams!.find((x) => x.name === 'Chine')!;
    expect(chine.boards.filter((b) => b.round === 1).map((b) => b.board)).toEqual([1, 2, 3, 4]);
  });
});
