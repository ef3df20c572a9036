/**
 * New tournament: the form that creates the tournament's sheets (settings, players, the grid) and asks what the draw
 * needs on day one — host city, handicaps, komi (../tournamentForm.ts) — stored in Settings; once a tournament is
 * there, what it is.
 */
import type { KnockoutBracket, PairingSystem, RulesetName, Tournament } from '../../src/model/tournament';
import { append, button, field, h, select } from '../dom';
import { BRACKET_CHOICES, CYCLES_CHOICES, drawDefaults, drawSettings, HANDICAP_POLICIES, SCHEDULE_CHOICES, SYSTEM_CHOICES, SYSTEM_FIELDS, systemSettings } from '../tournamentForm';
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
    const system = select(SYSTEM_CHOICES, 'mcmahon', { name: 'system' });
    // The settings a system needs, shown only for it: a round-robin's schedule and cycles, a knockout's bracket.
    const schedule = select(SCHEDULE_CHOICES, 'berger', { name: 'schedule' });
    const cycles = select(CYCLES_CHOICES, '1', { name: 'cycles' });
    const bracket = select(BRACKET_CHOICES, 'fold', { name: 'bracket' });
    const systemFields = {
      schedule: field('Table of rounds', schedule, 'Players meet in the order of their pairing numbers (tengen lots)'),
      cycles: field('Everyone meets everyone', cycles),
      bracket: field('Bracket', bracket),
    };
    const showSystemFields = () => {
      const wanted = SYSTEM_FIELDS[system.value] ?? [];
      for (const [k, el] of Object.entries(systemFields)) el.style.display = wanted.includes(k as 'schedule' | 'cycles' | 'bracket') ? '' : 'none';
    };
    showSystemFields();
    system.addEventListener('change', showSystemFields);
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
    // The host city follows the place until the director types his own.
    const hostCity = h('input', { type: 'text', name: 'host-city', autocomplete: 'off' });
    let hostCityTyped = false;
    hostCity.addEventListener('input', () => (hostCityTyped = hostCity.value.trim() !== ''));
    location.addEventListener('input', () => {
      if (!hostCityTyped) hostCity.value = location.value;
    });
    // Handicaps and komi: the ruleset's own, filled in again whenever the ruleset changes.
    const policy = select(HANDICAP_POLICIES, undefined, { name: 'handicap-policy' });
    const ceiling = h('input', { type: 'number', name: 'handicap-ceiling', min: 0, max: 9, step: 1 });
    const evenFrom = h('input', { type: 'text', name: 'even-from', size: 5, placeholder: 'none', autocomplete: 'off' });
    const komi = h('input', { type: 'text', name: 'komi', inputmode: 'decimal', size: 5, autocomplete: 'off' });
    const fill = () => {
      const d = drawDefaults(ruleset.value as RulesetName);
      policy.value = d.policy;
      ceiling.value = d.ceiling;
      evenFrom.value = d.evenAtOrAbove;
      komi.value = d.komi;
    };
    fill();
    ruleset.addEventListener('change', fill);
    const form = h(
      'form',
      { 'aria-label': 'New tournament', 'data-testid': 'new-tournament' },
      field('Tournament name', name),
      field('Number of rounds', rounds),
      field('Pairing system', system),
      systemFields.schedule,
      systemFields.cycles,
      systemFields.bracket,
      field('Rules for scores and tie-breakers', ruleset),
      field('Place (optional)', location),
      field('First day (optional)', date),
      h(
        'fieldset',
        { class: 'draw' },
        h('legend', {}, 'What the draw needs'),
        field('Host city', hostCity, 'Players from the host city may meet each other (Mays, p. 14): the place, unless you type another'),
        field('Handicaps', policy, "The rules' own, filled in for the rules chosen above"),
        h('div', { class: 'row' }, field('Largest handicap', ceiling), field('Even games from', evenFrom)),
        field('Komi', komi, 'Points for White in an even game'),
      ),
      h('button', { type: 'submit', class: 'primary' }, 'Create the sheets…'),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const n = Number(rounds.value);
      const problems: string[] = [];
      if (!name.value.trim()) problems.push('Tournament name: type the tournament\'s name');
      if (!Number.isInteger(n) || n < 1) problems.push(`Number of rounds: "${rounds.value}" is not a whole number of rounds (1 or more)`);
      const draw = drawSettings(ruleset.value as RulesetName, { policy: policy.value, ceiling: ceiling.value, evenAtOrAbove: evenFrom.value, komi: komi.value });
      if (!draw.ok) problems.push(...draw.problems);
      const chosen = systemSettings({ system: system.value, rounds: n, schedule: schedule.value, cycles: cycles.value, bracket: bracket.value });
      if (!chosen.ok) problems.push(...chosen.problems);
      if (problems.length > 0 || !draw.ok || !chosen.ok) return this.ctx.showErrors(problems);
      void this.ctx.offer(
        this.ctx.services.newTournamentBatch({
          name: name.value.trim(),
          rounds: n,
          system: chosen.system as PairingSystem,
          ...(chosen.schedule ? { schedule: chosen.schedule } : {}),
          ...(chosen.cycles ? { cycles: chosen.cycles } : {}),
          ...(chosen.bracket ? { bracket: chosen.bracket as KnockoutBracket } : {}),
          ...(chosen.egc ? { egc: true } : {}),
          ruleset: ruleset.value as RulesetName,
          ...(location.value.trim() ? { location: location.value.trim() } : {}),
          ...(date.value ? { beginDate: date.value } : {}),
          ...(hostCity.value.trim() ? { hostCity: hostCity.value.trim() } : {}),
          ...(draw.handicap ? { handicap: draw.handicap } : {}),
          komi: draw.komi,
        }),
      ).then(async (ok) => {
          if (ok) await this.ctx.go('players');
        });
    });
    append(this.ctx.body, h('p', {}, 'Creates the tournament\'s sheets in this workbook: settings, players, the grid.'), form);
  }
}
