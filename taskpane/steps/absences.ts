/**
 * Absences and withdrawals of registered players, in the Players step. Mays, the Welcome Speech: a player leaving
 * "must not forget to inform the tournament director. Otherwise, in the following round, a player will be paired with
 * someone who will not be there". A withdrawal is one click beside the player: he misses every round from the next
 * one to be paired. Rounds are typed as everywhere in the pane (../roundRanges.ts): "3", "3 4", "2-4".
 */
import { formatRank } from '../../src/model/rank';
import { displayName, playerLabel, type Player, type PlayerId, type Round, type Tournament } from '../../src/model/tournament';
import { button, field, h, select, table } from '../dom';
import { formatRounds, parseRounds } from '../roundRanges';
import { roundsState, type StepContext } from './context';

function offerAbsence(ctx: StepContext, t: Tournament, player: PlayerId, rounds: readonly Round[], absent: boolean, what: string): void {
  void ctx
    .offer(ctx.services.absencesBatch(t, [{ player, rounds, absent }]), [`${playerLabel(t, player)} ${what} round${rounds.length === 1 ? '' : 's'} ${formatRounds(rounds)}`])
    .then((ok) => ok && ctx.render());
}

/** The form for absences of some rounds (or playing them after all). */
export function absencesForm(ctx: StepContext, t: Tournament): HTMLElement {
  const absentId = h('input', { type: 'text', inputmode: 'numeric', size: 4, name: 'absent-player' });
  const absentRounds = h('input', { type: 'text', size: 8, name: 'absent-rounds', placeholder: '2-4' });
  const absentWhat = select(
    [
      ['absent', 'will miss these rounds'],
      ['present', 'will play these rounds after all'],
    ],
    'absent',
    { name: 'absent-what' },
  );
  const form = h(
    'form',
    { 'aria-label': 'Absences', class: 'absences' },
    h('h3', {}, 'Absences'),
    h('div', { class: 'row' }, field('Player ID', absentId), field('Rounds', absentRounds, 'e.g. "3", "3 4" or "2-4"')),
    field('The player', absentWhat),
    h('button', { type: 'submit' }, 'Record…'),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const id = Number(absentId.value);
    const rounds = parseRounds(absentRounds.value, t.settings.rounds);
    const problems: string[] = [];
    if (!t.players.some((p) => p.id === id)) problems.push(`Absences: no player has ID ${absentId.value.trim() || '(none)'}`);
    if (!rounds.ok) problems.push(`Absences, rounds: ${rounds.message}`);
    if (problems.length > 0 || !rounds.ok) return ctx.showErrors(problems);
    const absent = absentWhat.value === 'absent';
    offerAbsence(ctx, t, id as PlayerId, rounds.rounds, absent, absent ? 'misses' : 'plays');
  });
  return form;
}

/** The registered players, each with "Withdraw from round N" (N: the next round to be paired). */
export function registeredPlayersTable(ctx: StepContext, t: Tournament): HTMLElement {
  const { next } = roundsState(t);
  const remaining = next === null ? [] : (Array.from({ length: t.settings.rounds - next + 1 }, (_, i) => next + i) as Round[]);
  const withdraw = (p: Player) => {
    if (remaining.length === 0) return '';
    const missing = remaining.filter((r) => !(p.absentRounds ?? []).includes(r));
    if (missing.length === 0) return 'withdrawn';
    return button(`Withdraw from round ${next}`, () => offerAbsence(ctx, t, p.id, remaining, true, 'withdraws: misses'), {
      'aria-label': `Withdraw ${displayName(p)} from round ${next}`,
      'data-testid': `withdraw-${p.id}`,
      class: 'small',
    });
  };
  return table(
    'Registered players',
    ['ID', 'Name', 'Rank', 'Absent', ''],
    t.players.map((p) => [String(p.id), displayName(p), formatRank(p.rank), formatRounds(p.absentRounds ?? []), withdraw(p)]),
    { class: 'compact', 'data-testid': 'registered-players' },
  );
}
