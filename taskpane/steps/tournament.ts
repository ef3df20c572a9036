/**
 * New tournament: the form that creates the tournament's sheets (settings, players, the grid); once a tournament is
 * there, what it is.
 */
import type { PairingSystem, RulesetName, Tournament } from '../../src/model/tournament';
import { append, button, field, h, select } from '../dom';
import type { Step, StepContext } from './context';

export class TournamentStep implements Step {
  constructor(private readonly ctx: StepContext) {}

  render(t: Tournament | null): void {
    if (t) {
      append(
        this.ctx.body,
        h('p', { 'data-testid': 'tournament-summary' }, `${t.name}: ${t.settings.rounds} rounds, ${t.settings.system}, ${t.settings.ruleset} rules, ${t.players.length} players.`),
        button('Re-read the workbook', () => void this.ctx.reread().then(() => this.ctx.render())),
      );
      return;
    }
    const name = h('input', { type: 'text', name: 'name', required: true, autocomplete: 'off' });
    const rounds = h('input', { type: 'number', name: 'rounds', min: 1, max: 20, value: 5, required: true });
    const system = select(
      [
        ['mcmahon', 'McMahon'],
        ['swiss', 'Swiss'],
      ],
      'mcmahon',
      { name: 'system' },
    );
    const ruleset = select(
      [
        ['aqjg', 'AQJG (Mays)'],
        ['egf', 'EGF'],
        ['bga', 'BGA'],
        ['opengotha', 'OpenGotha'],
      ],
      'aqjg',
      { name: 'ruleset' },
    );
    const location = h('input', { type: 'text', name: 'location' });
    const date = h('input', { type: 'date', name: 'date' });
    const form = h(
      'form',
      { 'aria-label': 'New tournament' },
      field('Tournament name', name),
      field('Number of rounds', rounds),
      field('Pairing system', system),
      field('Rules for scores and tie-breakers', ruleset),
      field('Place (optional)', location),
      field('First day (optional)', date),
      h('button', { type: 'submit', class: 'primary' }, 'Create the sheets…'),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const n = Number(rounds.value);
      const problems: string[] = [];
      if (!name.value.trim()) problems.push('Tournament name: type the tournament\'s name');
      if (!Number.isInteger(n) || n < 1) problems.push(`Number of rounds: "${rounds.value}" is not a whole number of rounds (1 or more)`);
      if (problems.length > 0) return this.ctx.showErrors(problems);
      void this.ctx.offer(
        this.ctx.services.newTournamentBatch({
          name: name.value.trim(),
          rounds: n,
          system: system.value as PairingSystem,
          ruleset: ruleset.value as RulesetName,
          ...(location.value.trim() ? { location: location.value.trim() } : {}),
          ...(date.value ? { beginDate: date.value } : {}),
        }),
      ).then(async (ok) => {
          if (ok) await this.ctx.go('players');
        });
    });
    append(this.ctx.body, h('p', {}, 'Creates the tournament\'s sheets in this workbook: settings, players, the grid.'), form);
  }
}
