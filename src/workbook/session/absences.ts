/**
 * Absences: players announced absent from (or back for) some rounds — latecomers, partial players, withdrawals.
 */
import { playerLabel, type PlayerId, type Round, type Tournament } from '../../model/tournament';
import type { WorkbookBatch } from '../adapters/adapter';
import { type LogLine } from '../sheets/logSheet';
import { tournamentBatch } from './batchSupport';
import { contextOf, type SessionOptions, SessionRefusal } from './context';

/** A player announced absent from (or back for) some rounds: latecomers, partial players, sleeping, withdrawn. */
export interface AbsenceChange {
  readonly player: PlayerId;
  readonly rounds: readonly Round[];
  /** True: absent from these rounds; false: present again. */
  readonly absent: boolean;
}

/**
 * Rounds players will miss (or play after all), kept on the Players sheet, before the rounds are paired (Mays:
 * "if any one of them decides to leave the tournament before it is over, then that player must not forget to
 * inform the tournament director. Otherwise, in the following round, a player will be paired with someone who
 * will not be there"). A round already paired for the player is refused: change its pairing instead.
 */
export function absencesBatch(t: Tournament, changes: readonly AbsenceChange[], options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const byId = new Map(t.players.map((p) => [p.id, p]));
  const lines: LogLine[] = [];
  for (const c of changes) {
    const p = byId.get(c.player);
    if (!p) throw new SessionRefusal('invalid', `no player ${c.player} in this tournament`);
    for (const r of c.rounds) {
      if (!Number.isInteger(r) || r < 1 || r > t.settings.rounds) throw new SessionRefusal('invalid', `round ${r} is not a round of this ${t.settings.rounds}-round tournament`);
      const paired = t.games.some((g) => g.round === r && (g.white === c.player || g.black === c.player)) || t.byes.some((b) => b.round === r && b.player === c.player);
      if (paired && c.absent) throw new SessionRefusal('invalid', `${playerLabel(t, c.player)} is already paired in round ${r}: change that round's pairing instead`);
    }
    const rounds = new Set(p.absentRounds ?? []);
    for (const r of c.rounds) {
      if (c.absent) rounds.add(r);
      else rounds.delete(r);
    }
    const absentRounds = [...rounds].sort((a, b) => a - b);
    const { absentRounds: _old, ...rest } = p; // eslint-disable-line @typescript-eslint/no-unused-vars
    byId.set(c.player, absentRounds.length > 0 ? { ...rest, absentRounds } : rest);
    lines.push({ what: `${playerLabel(t, c.player)} ${c.absent ? 'absent from' : 'plays again in'} round${c.rounds.length === 1 ? '' : 's'} ${c.rounds.join(', ')}` });
  }
  const after: Tournament = { ...t, players: t.players.map((p) => byId.get(p.id)!) };
  return tournamentBatch(t, after, 'Absences', lines, ctx, { confirmOverwrite: options.confirmOverwrite });
}
