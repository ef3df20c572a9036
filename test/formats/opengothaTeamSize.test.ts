/**
 * OpenGotha's team size (tournament.dtd: `<!ATTLIST TeamGeneralParameterSet teamSize CDATA "4">`, inside
 * <TeamTournamentParameterSet>) and its team placement criteria: read into settings.opengotha (teamSize,
 * teamPlacementCriteria), a <Team> with more board members than teamSize refused with file and line, both written
 * back by the export.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { corpusPath, describeCorpus } from '../support/corpus';
import { exportText, value, withoutComment } from '../support/opengothaXml';

/** Three players, two teams of up to `teamSize` boards (the first team's boards as given), one element a line. */
function teamXml(options: { teamSize?: string; firstTeamBoards?: string[]; teamSet?: boolean } = {}): string {
  const player = (name: string, rank: string) => `<Player agaExpirationDate="" agaId="" club="X" country="FR" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="A" grade="" name="${name}" participating="11111111111111111111" rank="${rank}" rating="0" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>`;
  const board = (b: number, name: string, r = 1) => `<Board boardNumber="${b}" player="${name}A" roundNumber="${r}"/>`;
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<Tournament dataVersion="201">',
    '<Players>',
    ...['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'].map((n, i) => player(n, `${i + 1}K`)),
    '</Players>',
    '<Games>',
    '</Games>',
    '<Teams>',
    '<Team teamName="Alpha" teamNumber="1">',
    ...(options.firstTeamBoards ?? [board(1, 'ONE'), board(2, 'TWO')]),
    '</Team>',
    '<Team teamName="Beta" teamNumber="2">',
    board(1, 'THREE'),
    board(2, 'FOUR'),
    '</Team>',
    '</Teams>',
    '<TournamentParameterSet>',
    '<GeneralParameterSet genMMBar="4D" genMMFloor="20K" genMMZero="30K" name="Teams" numberOfRounds="2" shortName="teams"/>',
    '<PlacementParameterSet>',
    '<PlacementCriteria>',
    '<PlacementCriterion name="MMS" number="1"/>',
    '</PlacementCriteria>',
    '</PlacementParameterSet>',
    '</TournamentParameterSet>',
    ...(options.teamSet === false
      ? []
      : [
          '<TeamTournamentParameterSet>',
          `<TeamGeneralParameterSet${options.teamSize === undefined ? '' : ` teamSize="${options.teamSize}"`}/>`,
          '<TeamPlacementParameterSet>',
          '<PlacementCriteria>',
          '<PlacementCriterion name="TEAMP" number="1"/>',
          '<PlacementCriterion name="BDW" number="2"/>',
          '</PlacementCriteria>',
          '</TeamPlacementParameterSet>',
          '</TeamTournamentParameterSet>',
        ]),
    '</Tournament>',
  ].join('\n');
}
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('OpenGotha teamSize: read, checked against the lineups, written back', () => {
  it('reads teamSize and the team placement criteria into settings.opengotha', () => {
    const t = value(parseOpenGotha(teamXml({ teamSize: '2' }), 'teams.xml'));
    expect(t.settings.opengotha?.teamSize).toBe(2);
    expect(t.settings.opengotha?.teamPlacementCriteria).toEqual(['TEAMP', 'BDW']);
    // Not a team tournament until the director says so: OpenGotha files rank players, teams beside them.
    expect(t.settings.teams).toBeUndefined();
  });

  it('a <TeamGeneralParameterSet> without teamSize is the DTD default, 4; a file without the set has none', () => {
    expect(value(parseOpenGotha(teamXml(), 'teams.xml')).settings.opengotha?.teamSize).toBe(4);
    expect(value(parseOpenGotha(teamXml({ teamSet: false }), 'teams.xml')).settings.opengotha?.teamSize).toBeUndefined();
  });

  it('refuses a board beyond teamSize, naming the file, the line, the team and the size', () => {
    const xml = teamXml({ teamSize: '2', firstTeamBoards: ['<Board boardNumber="1" player="ONEA" roundNumber="1"/>', '<Board boardNumber="2" player="TWOA" roundNumber="1"/>', '<Board boardNumber="3" player="FIVEA" roundNumber="1"/>'] });
    const p = parseOpenGotha(xml, 'teams.xml');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.errors).toHaveLength(1);
    expect(p.errors[0]).toMatchObject({ file: 'teams.xml', line: lineOf(xml, 'boardNumber="3"') });
    expect(p.errors[0].message).toMatch(/team 1 \(Alpha\).*board 3.*round 1.*teamSize="2".*boards 1–2/);
  });

  it('refuses a round with more board members than teamSize (two players on one board)', () => {
    const xml = teamXml({ teamSize: '2', firstTeamBoards: ['<Board boardNumber="1" player="ONEA" roundNumber="1"/>', '<Board boardNumber="2" player="TWOA" roundNumber="1"/>', '<Board boardNumber="2" player="FIVEA" roundNumber="1"/>'] });
    const p = parseOpenGotha(xml, 'teams.xml');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.errors[0]).toMatchObject({ file: 'teams.xml', line: lineOf(xml, 'player="FIVEA"') });
    expect(p.errors[0].message).toMatch(/team 1 \(Alpha\).*3 board members in round 1.*teamSize="2"/);
  });

  it('refuses a teamSize that is not a whole number ≥ 1, naming its line', () => {
    const xml = teamXml({ teamSize: 'four' });
    const p = parseOpenGotha(xml, 'teams.xml');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.errors[0]).toMatchObject({ file: 'teams.xml', line: lineOf(xml, '<TeamGeneralParameterSet') });
  });

  it('the export writes teamSize and the team placement criteria back', () => {
    const t = value(parseOpenGotha(teamXml({ teamSize: '3' }), 'teams.xml'));
    const xml = exportText(t);
    expect(xml).toContain('<TeamGeneralParameterSet teamSize="3"/>');
    expect(xml).toMatch(/<TeamPlacementParameterSet>\n<PlacementCriteria>\n<PlacementCriterion name="TEAMP" number="1"\/>\n<PlacementCriterion name="BDW" number="2"\/>/);
    // What OpenGotha itself reads, without Tengen's comment.
    const plain = value(parseOpenGotha(withoutComment(xml), 'plain.xml'));
    expect(plain.settings.opengotha?.teamSize).toBe(3);
    expect(plain.settings.opengotha?.teamPlacementCriteria).toEqual(['TEAMP', 'BDW']);
  });

  it("a Tengen team tournament is exported with its boards as OpenGotha's teamSize", () => {
    const file = path.join(__dirname, '..', '..', 'examples', 'team-swiss.json');
    const t = value(parseTournamentJson(readFileSync(file, 'utf8'), 'team-swiss.json'));
    const xml = exportText(t);
    expect(xml).toContain('<TeamGeneralParameterSet teamSize="4"/>');
    expect(value(parseOpenGotha(withoutComment(xml), 'plain.xml')).settings.opengotha?.teamSize).toBe(4);
    expect(writeTournamentJson(value(parseOpenGotha(xml, 'export.xml')))).toBe(writeTournamentJson(t));
  });

  it('a tournament without teams or a team size writes no <TeamTournamentParameterSet>', () => {
    const t = value(parseOpenGotha(teamXml({ teamSet: false }), 'teams.xml'));
    expect(exportText({ ...t, teams: undefined })).not.toContain('TeamTournamentParameterSet');
  });
});

const TEAM_FILES = [
  ['opengotha-standings', 'Tournoi-de-Juvisy.xml', 6, 3],
  ['opengotha-standings', 'TournoiChinois.xml', 2, 4],
] as const;

describeCorpus('OpenGotha team files of the corpus: teamSize (their round trip: opengothaRoundTrip.test.ts)', () => {
  it.each(TEAM_FILES)('%s/%s: its teams, and teamSize read from <TeamGeneralParameterSet>', (folder, name, teams, teamSize) => {
    const t = value(parseOpenGotha(readFileSync(corpusPath(folder, name), 'utf8'), name));
    expect(t.teams).toHaveLength(teams);
    expect(t.settings.opengotha?.teamSize).toBe(teamSize);
    expect(t.settings.opengotha?.teamPlacementCriteria).toEqual(['TEAMP', 'BDW', 'BDW3U', 'BDW2U', 'BDW1U', 'MNR']);
    for (const team of t.teams ?? []) for (const b of team.boards) expect(b.board).toBeLessThanOrEqual(teamSize);
  });

  it('CdFO2020 (no teams): its teamSize of 4 is kept and written back', () => {
    const t = value(parseOpenGotha(readFileSync(corpusPath('opengotha-standings', 'CdFO2020.xml'), 'utf8'), 'CdFO2020.xml'));
    expect(t.teams).toBeUndefined();
    expect(t.settings.opengotha?.teamSize).toBe(4);
    expect(exportText(t)).toContain('<TeamGeneralParameterSet teamSize="4"/>');
  });
});
