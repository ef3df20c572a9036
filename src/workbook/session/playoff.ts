/**
 * Pair playoff: after a finished league or Qualification Tournament, the next round of every knockout playoff its
 * ties need (src/systems/round-robin/playoff.ts — the pairings `tengen playoff` prints), written on the Bracket sheet
 * (../sheets/playoffSheet.ts) where its results are typed, with the Log lines. The Standings follow the results from
 * there (src/scoring/knockoutPlayoff.ts): the same places as `tengen standings` and `tengen playoff`.
 *
 * Refused, saying why: the league or QT is not over, a recorded playoff game is wrong, no tie needs a playoff, or
 * the round paired last has games without a result (only the winners go on).
 */
import { playerLabel, type Tournament } from '../../model/tournament';
import { leaguePlayoff, withNextPlayoffRound, type Playoff } from '../../systems/round-robin/playoff';
import type { WorkbookBatch } from '../adapters/adapter';
import { type LogLine } from '../sheets/logSheet';
import { BRACKET_SHEET } from '../sheets/bracketSheet';
import { isPlayoffSheet } from '../sheets/playoffSheet';
import { tournamentBatch } from './batchSupport';
import { contextOf, type SessionOptions, SessionRefusal } from './context';

/** The playoff as it stands, or the session's refusal naming what is wrong. */
export function playoffNow(t: Tournament): Playoff {
  const p = leaguePlayoff(t);
  if (!p.ok) throw new SessionRefusal('invalid', p.errors.map((e) => [e.where, e.player, e.message].filter(Boolean).join(': ')).join('; '));
  return p.value;
}

export function pairPlayoffBatch(t: Tournament, options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const playoff = playoffNow(t);
  const whose = playoff.kind === 'qt' ? 'QT' : 'league';
  if (playoff.knockouts.length === 0) {
    throw new SessionRefusal('invalid', `no tie for ${playoff.contested === 1 ? 'place 1' : `places 1–${playoff.contested}`} after the ${whose}: no playoff is held`);
  }
  const existing = ctx.read?.get(BRACKET_SHEET);
  if (existing && existing.values.some((r) => r.some((c) => c !== null && c !== '')) && !isPlayoffSheet(existing.values)) {
    throw new SessionRefusal('overwrite', `this workbook has a sheet named ${BRACKET_SHEET} that Tengen did not write; the playoff is written on a sheet of that name: rename yours, then pair the playoff`, [`${BRACKET_SHEET}!A1`]);
  }
  const after = withNextPlayoffRound(t, playoff);
  const added = (after.playoffs ?? []).slice((t.playoffs ?? []).length);
  if (added.length === 0) {
    const waiting = playoff.knockouts.filter((k) => k.next !== null);
    throw new SessionRefusal(
      'invalid',
      waiting.length === 0
        ? `the ${whose}'s playoff is over: every knockout has its winner (the final places are on the Bracket sheet and in the Standings)`
        : `round ${waiting.map((k) => `${k.next} of the knockout for place ${k.place}`).join(', ')} is paired and waits for its results: type them on the Bracket sheet (only the winners go on)`,
    );
  }
  const lines: LogLine[] = [
    { what: `Paired the ${whose}'s knockout playoff: ${added.length} game${added.length === 1 ? '' : 's'}` },
    ...added.map((g) => ({ what: `Playoff for place ${g.place}, round ${g.round}, table ${g.table}: ${playerLabel(after, g.white)} – ${playerLabel(after, g.black)}, nigiri` })),
  ];
  // The Bracket sheet is Tengen's, made anew with the new round (expected as read: a result typed since is not lost).
  return tournamentBatch(t, after, 'Pair playoff', lines, ctx, { whole: new Set([BRACKET_SHEET]), confirmOverwrite: options.confirmOverwrite });
}
