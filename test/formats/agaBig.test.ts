/**
 * Issue 27: `export --format aga` with 130,000 players overflowed the stack (`Math.max(...ids)`), within the 524,280
 * players Tengen holds. The widest ID is now found by a loop (src/model/extremes.ts).
 */
import { exportAga } from '../../src/formats/aga';
import type { Rank } from '../../src/model/rank';
import type { Player, PlayerId, Tournament } from '../../src/model/tournament';

test('an AGA export of 130,000 players is written, every player on his line', () => {
  const players: Player[] = Array.from({ length: 130_000 }, (_, k) => ({ id: (k + 1) as PlayerId, family: `Player${k + 1}`, given: 'A', rank: -10 as Rank }));
  const t: Tournament = { name: 'Big', beginDate: '2026-01-01', settings: { system: 'mcmahon', rounds: 1, ruleset: 'egf', komi: 6.5 }, players, games: [{ round: 1, white: 1 as PlayerId, black: 2 as PlayerId, handicap: 0, result: 'white-wins' }], byes: [] };
  const written = exportAga(t);
  if (!written.ok) throw new Error('refused');
  const text = written.text;
  const lines = text.split('\n');
  expect(lines.filter((l) => / Player\d+, A /.test(l))).toHaveLength(130_000);
  // The temporary numbers (99000+ID) all padded to the widest, 229000's six digits.
  expect(lines).toContain('229000 Player130000, A 10k');
  expect(lines).toContain(' 99001  99002 w 0 6.5');
});
