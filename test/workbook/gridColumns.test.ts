/**
 * While renders are shared, the Grid's column widths and its players' club lines are measured once for the same
 * players (grid.ts, `playerColumns`, issue 28). Every grid rendered in one batch must get the ops it gets alone: the
 * grid as read and as it will be (the same players), another number of rounds for the same players, other players.
 */
import type { Tournament } from '../../src/model/tournament';
import { gridOps, sharingGridRenders } from '../../src/workbook/sheets/grid';
import { generated } from './fixtures';

describe("the Grid's columns measured once a batch", () => {
  it('give every grid of the batch the ops it has alone', () => {
    const t = generated(30, 5, 4);
    // a long club, wrapping
    const players = t.players.map((p, i) => (i === 3 ? { ...p, club: 'Club de go de l’Université de Montréal et de ses environs immédiats' } : p));
    const before: Tournament = { ...t, players, games: t.games.filter((g) => g.round < 5), byes: t.byes.filter((b) => b.round < 5) };
    const after: Tournament = { ...before, games: t.games, byes: t.byes };
    const longer: Tournament = { ...before, settings: { ...before.settings, rounds: 7 } };
    const others: Tournament = { ...before, players: before.players.map((p, i) => (i === 5 ? { ...p, family: `${p.family} von und zu Liechtenstein-Habsburg` } : p)) };
    const all = [before, after, longer, others, t];
    const plain = all.map((x) => gridOps(x));
    const shared = sharingGridRenders(() => all.map((x) => gridOps(x)));
    expect(shared).toEqual(plain);
    // (the cases differ where the measures do: more rounds, a longer name, the club's line)
    const widths = (ops: ReturnType<typeof gridOps>) => ops.find((op) => op.kind === 'column-widths');
    expect(widths(plain[2])).not.toEqual(widths(plain[0]));
    expect(widths(plain[3])).not.toEqual(widths(plain[0]));
    expect(widths(plain[4])).not.toEqual(widths(plain[0]));
  });
});
