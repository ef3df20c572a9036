import * as path from 'node:path';
import { cli } from '../support/cli';

const EXAMPLE = path.join(__dirname, '..', '..', 'examples', 'team-swiss.json');
const PLAYED = path.join(__dirname, '..', '..', 'examples', 'team-swiss-played.json');

describe('tengen pair / standings on a team tournament (examples/team-swiss*.json: 8 teams of 4 boards)', () => {
  it('pair lists each team match with its four boards, colours alternating by board', async () => {
    const { code, out } = await cli(['pair', EXAMPLE, '--round', '1']);
    expect(code).toBe(0);
    expect(out.match(/^Match \d: /gm)).toHaveLength(4);
    expect(out).toContain('Match 1: 1 Ajisai – 5 Enoki');
    // Board 1: Ajisai White; board 2: Enoki White.
    expect(out).toMatch(/^1\s+1\s+1 Abe, Aki \(6d\)\s+17 /m);
    expect(out).toMatch(/^2\s+2\s+18 [^\n]*\s+2 Baba, Sora \(4d\)/m);
  });

  it('pair --json gives the matches and their boards', async () => {
    const { code, out } = await cli(['pair', EXAMPLE, '--round', '1', '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.matches).toHaveLength(4);
    expect(json.matches[0]).toMatchObject({ first: 1, second: 5 });
    expect(json.matches[0].boards.map((b: { board: number }) => b.board)).toEqual([1, 2, 3, 4]);
  });

  it('pair refuses the options of the individual systems on a team file', async () => {
    const { code, err } = await cli(['pair', EXAMPLE, '--round', '1', '--seeding', 'fold']);
    expect(code).not.toBe(0);
    expect(err).toMatch(/--seeding.*team tournament/);
  });

  it('standings ranks the teams by points, board wins, SOS (text and --json)', async () => {
    const text = await cli(['standings', PLAYED]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/Place\s+Team\s+Name\s+Rank\s+Matches\s+Points\s+Board wins\s+SOS/);
    const { out } = await cli(['standings', PLAYED, '--json']);
    const rows = JSON.parse(out) as { place: number; team: number; points: number; boardWins: number; sos: number; matches: number }[];
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.matches === 4)).toBe(true);
    // Four boards a match: 16 board points per round are shared among the teams, 4 team points per round.
    expect(rows.reduce((s, r) => s + r.boardWins, 0)).toBe(4 * 16);
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(4 * 4);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      const order = a.points - b.points || a.boardWins - b.boardWins || a.sos - b.sos;
      expect(order).toBeGreaterThanOrEqual(0);
    }
  });
});
