/**
 * Issue 27, cause 1: team lineups are checked. A board naming an unknown player, a player on two teams, a board beyond
 * the team size, two players on one board and a duplicate team number are refused, naming the team, the board, the
 * round, the player and the file's line.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import { formatInputError } from '../../src/model/errors';

const example = JSON.parse(readFileSync(path.join(__dirname, '../../examples/team-swiss-played.json'), 'utf8'));
type Board = { round: number; board: number; player: number };
type Json = { teams: { number: number; name: string; boards: Board[] }[] };

function refusal(edit: (t: Json) => void): string {
  const t = structuredClone(example) as Json;
  edit(t);
  const parsed = parseTournamentJson(JSON.stringify(t, null, 2), 'teams.json');
  if (parsed.ok) throw new Error('accepted');
  return parsed.errors.map(formatInputError).join('\n');
}

describe('team lineups', () => {
  it('accepts the example as it is', () => {
    expect(parseTournamentJson(JSON.stringify(example), 'teams.json').ok).toBe(true);
  });
  it('refuses a board naming an unknown player', () => {
    expect(refusal((t) => (t.teams[0].boards[0].player = 999))).toMatch(/teams\.json:\d+: .*team 1 \(Ajisai\), board 1, round 1: player 999 is not a registered player/);
  });
  it('refuses a player on two teams', () => {
    const m = refusal((t) => (t.teams[1].boards[3].player = t.teams[0].boards[0].player));
    expect(m).toMatch(/teams\.json:\d+: .*is already on team 1 \(Ajisai\), board 1 .*a player plays for one team a round/);
  });
  it('refuses a board beyond the team size', () => {
    expect(refusal((t) => (t.teams[0].boards[3].board = 9))).toMatch(/board 9 is beyond the team size: settings\.teams\.boards is 4/);
  });
  it('refuses two players on one board', () => {
    expect(refusal((t) => (t.teams[0].boards[1].board = 1))).toMatch(/two players on one board/);
  });
  it('refuses a duplicate team number, saying so', () => {
    expect(refusal((t) => (t.teams[1].number = t.teams[0].number))).toMatch(/duplicate team number 1: team 1 \(Bokeh\) and team 1 \(Ajisai\)/);
  });
});
