/**
 * Register players: one through the form, a pasted list or an OpenGotha file, gathered in a list and written at once
 * (IDs by strength); absences of registered players.
 */
import { formatRank, parseRank } from '../../src/model/rank';
import { displayName, playerLabel, type PlayerId, type Tournament } from '../../src/model/tournament';
import { append, button, field, h, select, table } from '../dom';
import type { NewPlayer } from '../services';
import { errorsText, type Step, type StepContext } from './context';

export class PlayersStep implements Step {
  /** The list waiting to be written. */
  private pendingPlayers: NewPlayer[] = [];

  constructor(private readonly ctx: StepContext) {}

  render(t: Tournament): void {
    const family = h('input', { type: 'text', name: 'family', autocomplete: 'off' });
    const given = h('input', { type: 'text', name: 'given', autocomplete: 'off' });
    const rank = h('input', { type: 'text', name: 'rank', placeholder: '3k, 1d', autocomplete: 'off', size: 5 });
    const city = h('input', { type: 'text', name: 'city', autocomplete: 'off' });
    const club = h('input', { type: 'text', name: 'club', autocomplete: 'off' });
    const form = h(
      'form',
      { 'aria-label': 'Add one player' },
      h('h3', {}, 'One player'),
      field('Family name', family),
      field('Given name', given),
      field('Rank', rank, 'e.g. 12k, 1k, 1d, 3d'),
      field('City (optional)', city),
      field('Club (optional)', club),
      h('button', { type: 'submit' }, 'Add to the list'),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const problems: string[] = [];
      if (!family.value.trim()) problems.push('Family name: type the player\'s family name');
      const r = parseRank(rank.value.trim());
      if (!r.ok) problems.push(`Rank: "${rank.value}" — ${r.message}`);
      if (problems.length > 0 || !r.ok) return this.ctx.showErrors(problems);
      this.pendingPlayers.push({
        family: family.value.trim(),
        given: given.value.trim(),
        rank: r.rank,
        ...(city.value.trim() ? { city: city.value.trim() } : {}),
        ...(club.value.trim() ? { club: club.value.trim() } : {}),
      });
      this.ctx.showErrors([]);
      this.ctx.say(`${displayName({ family: family.value.trim(), given: given.value.trim() })} added to the list (not yet written).`);
      this.ctx.render();
      (this.ctx.body.querySelector('input[name="family"]') as HTMLInputElement | null)?.focus();
    });

    const paste = h('textarea', { name: 'paste', rows: 5, spellcheck: false });
    const pasteButton = button('Add the pasted players', () => {
      const parsed = this.ctx.services.parsePlayerList(paste.value);
      if (!parsed.ok) return this.ctx.showErrors(errorsText(parsed.errors));
      this.pendingPlayers.push(...parsed.players);
      this.ctx.showErrors([]);
      this.ctx.say(`${parsed.players.length} players added to the list (not yet written).`);
      this.ctx.render();
    });
    const xml = h('input', { type: 'file', name: 'opengotha', accept: '.xml,application/xml,text/xml' });
    xml.addEventListener('change', () => {
      const file = xml.files?.[0];
      if (!file) return;
      void file.text().then((text) => {
        const parsed = this.ctx.services.importOpenGotha(text, file.name);
        if (!parsed.ok) return this.ctx.showErrors(errorsText(parsed.errors));
        this.pendingPlayers.push(...parsed.players);
        this.ctx.showErrors([]);
        this.ctx.say(`${parsed.players.length} players read from ${file.name} (not yet written).`);
        this.ctx.render();
      });
    });

    // Absences (Mays, the Welcome Speech: a player leaving "must not forget to inform the tournament director.
    // Otherwise, in the following round, a player will be paired with someone who will not be there").
    const absentId = h('input', { type: 'text', inputmode: 'numeric', size: 4, name: 'absent-player' });
    const absentRounds = h('input', { type: 'text', size: 8, name: 'absent-rounds', placeholder: '3 4' });
    const absentWhat = select(
      [
        ['absent', 'will miss these rounds'],
        ['present', 'will play these rounds after all'],
      ],
      'absent',
      { name: 'absent-what' },
    );
    const absences = h(
      'form',
      { 'aria-label': 'Absences', class: 'absences' },
      h('h3', {}, 'Absences'),
      h('div', { class: 'row' }, field('Player ID', absentId), field('Rounds', absentRounds)),
      field('The player', absentWhat),
      h('button', { type: 'submit' }, 'Record…'),
    );
    absences.addEventListener('submit', (e) => {
      e.preventDefault();
      const id = Number(absentId.value);
      const rounds = absentRounds.value.split(/[\s,;]+/).filter(Boolean).map(Number);
      const problems: string[] = [];
      if (!t.players.some((p) => p.id === id)) problems.push(`Absences: no player has ID ${absentId.value.trim() || '(none)'}`);
      const bad = rounds.filter((r) => !Number.isInteger(r) || r < 1 || r > t.settings.rounds);
      if (rounds.length === 0 || bad.length > 0) problems.push(`Absences: "${absentRounds.value}" — type rounds between 1 and ${t.settings.rounds}, e.g. "3 4"`);
      if (problems.length > 0) return this.ctx.showErrors(problems);
      const absent = absentWhat.value === 'absent';
      void this.ctx.offer(this.ctx.services.absencesBatch(t, [{ player: id as PlayerId, rounds, absent }]), [
        `${playerLabel(t, id as PlayerId)} ${absent ? 'misses' : 'plays'} round${rounds.length === 1 ? '' : 's'} ${rounds.join(', ')}`,
      ]).then((ok) => ok && this.ctx.render());
    });

    const pending = this.pendingPlayers;
    const pendingTable =
      pending.length === 0
        ? h('p', {}, 'No player waiting to be written.')
        : table(
            `${pending.length} player${pending.length === 1 ? '' : 's'} to register`,
            ['Name', 'Rank', 'City', ''],
            pending.map((p, i) => [
              displayName(p),
              formatRank(p.rank),
              p.city ?? '',
              button('Remove', () => {
                this.pendingPlayers.splice(i, 1);
                this.ctx.render();
              }, { 'aria-label': `Remove ${displayName(p)} from the list` }),
            ]),
            { 'data-testid': 'pending-players' },
          );
    const register = button(
      `Register ${pending.length} player${pending.length === 1 ? '' : 's'}…`,
      () =>
        void this.ctx.offer(this.ctx.services.registerPlayersBatch(t, pending), [`IDs are given by strength (Mays: 1 = the strongest)`]).then((ok) => {
          if (ok) {
            this.pendingPlayers = [];
            this.ctx.render();
          }
        }),
      { class: 'primary', disabled: pending.length === 0, 'data-testid': 'register-players' },
    );
    append(
      this.ctx.body,
      h('p', {}, `${t.players.length} player${t.players.length === 1 ? '' : 's'} registered.`),
      form,
      h('h3', {}, 'A pasted list'),
      field('Players, one a line', paste, 'Family, Given; rank; club; city (tabs work too) — e.g. "Doe, John; 2d; MTL; Montreal"'),
      pasteButton,
      h('h3', {}, 'An OpenGotha file'),
      field('OpenGotha tournament (.xml)', xml),
      pendingTable,
      register,
      t.players.length > 0 ? absences : null,
      t.players.length > 0
        ? table(
            'Registered players',
            ['ID', 'Name', 'Rank', 'Absent'],
            t.players.map((p) => [String(p.id), displayName(p), formatRank(p.rank), (p.absentRounds ?? []).join(', ')]),
            { class: 'compact', 'data-testid': 'registered-players' },
          )
        : null,
    );
  }
}
