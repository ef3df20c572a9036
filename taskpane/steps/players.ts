/**
 * Register players: one through the form, a pasted list or an OpenGotha file, gathered in a list and written at once
 * (IDs by strength); absences of registered players. With a rating list loaded (../ratingListLookup.ts), typing a
 * name in the form offers the list's players and fills rank, club, country, rating and PIN from the one picked.
 */
import { entrantRank, type Member } from '../../src/model/entrants';
import { formatRank, parseRank } from '../../src/model/rank';
import { displayName, type Tournament } from '../../src/model/tournament';
import { append, button, checkbox, field, h, table } from '../dom';
import { sameNameAs, sameNameWarning } from '../sameName';
import type { NewPlayer } from '../services';
import { absencesForm, registeredPlayersTable } from './absences';
import { nameTypeAhead, ratingListControl } from '../ratingListLookup';
import type { RatingListFormat } from '../../src/formats/ratingLists';
import { errorsText, type Step, type StepContext } from './context';

interface PendingEntry {
  readonly player: NewPlayer;
  anotherPerson: boolean;
}

export class PlayersStep implements Step {
  /** The list waiting to be written; `anotherPerson`: the director said a repeated name is another person. */
  private pendingPlayers: PendingEntry[] = [];

  /** Whether a rating list kept by the browser was waited for (the step draws itself again once it is read). */
  private ratingListRestored = false;

  constructor(private readonly ctx: StepContext) {}

  /** Players in the list, not yet written (the page asks before leaving with them). */
  waitingCount(): number {
    return this.pendingPlayers.length;
  }

  /** Names in the list that are there twice or registered already, and not yet said to be another person. */
  private unsettledNames(t: Tournament): string[] {
    return this.pendingPlayers
      .filter((e, i) => !e.anotherPerson && sameNameAs(e.player, t.players, this.pendingPlayers.slice(0, i).map((x) => x.player)).length > 0)
      .map((e) => displayName(e.player));
  }

  /** Add entries to the list; a name already there or registered is added with a warning at once. */
  private addPending(t: Tournament, players: readonly NewPlayer[], said: string): void {
    const warnings: string[] = [];
    for (const p of players) {
      const matches = sameNameAs(p, t.players, this.pendingPlayers.map((e) => e.player));
      if (matches.length > 0) warnings.push(sameNameWarning(p, matches));
      this.pendingPlayers.push({ player: p, anotherPerson: false });
    }
    this.ctx.showErrors([]);
    this.ctx.say(said);
    this.ctx.render();
    if (warnings.length > 0) this.ctx.warn(warnings);
  }

  /**
   * A pair go pair or a rengo team (settings.entrants): its name, then each member's family name, given name and rank;
   * the entrant's rank is the one its members give by the event's rule (src/model/entrants.ts), shown, never typed.
   */
  private entrantForm(t: Tournament): HTMLElement {
    const kind = t.settings.entrants!.kind;
    const rule = t.settings.entrants!.rank;
    const size = kind === 'pair-go' ? 2 : 3;
    const what = kind === 'pair-go' ? 'pair' : 'team';
    const name = h('input', { type: 'text', name: 'entrant-name', autocomplete: 'off' });
    const club = h('input', { type: 'text', name: 'entrant-club', autocomplete: 'off' });
    const members = Array.from({ length: size }, (_, k) => ({
      family: h('input', { type: 'text', name: `member-${k + 1}-family`, autocomplete: 'off', 'aria-label': `Member ${k + 1}: family name` }),
      given: h('input', { type: 'text', name: `member-${k + 1}-given`, autocomplete: 'off', 'aria-label': `Member ${k + 1}: given name` }),
      rank: h('input', { type: 'text', name: `member-${k + 1}-rank`, autocomplete: 'off', size: 5, placeholder: '3k, 1d', 'aria-label': `Member ${k + 1}: rank` }),
    }));
    const form = h(
      'form',
      { 'aria-label': `Add one ${what}`, 'data-testid': 'entrant-form' },
      h('h3', {}, `One ${what}`),
      field(`Name of the ${what}`, name, 'e.g. "Lyon 1" (optional: the members\' names are used otherwise)'),
      ...members.map((m, k) => h('fieldset', { class: 'member' }, h('legend', {}, `Member ${k + 1}`), h('div', { class: 'row' }, field('Family name', m.family), field('Given name', m.given), field('Rank', m.rank)))),
      field('Club (optional)', club),
      h('p', { class: 'hint' }, `The ${what}'s rank: its members' by the event's rule (${rule === 'strongest' ? 'the strongest member\'s' : rule === 'average-nearest' ? 'their average, to the nearest rank' : 'their average, rounded down'}).`),
      h('button', { type: 'submit' }, 'Add to the list'),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const problems: string[] = [];
      const read: Member[] = [];
      members.forEach((m, k) => {
        if (!m.family.value.trim()) return problems.push(`Member ${k + 1}: type the family name`);
        const r = parseRank(m.rank.value.trim());
        if (!r.ok) return problems.push(`Member ${k + 1}, rank: "${m.rank.value}" — ${r.message}`);
        read.push({ family: m.family.value.trim(), given: m.given.value.trim(), rank: r.rank });
      });
      if (problems.length > 0) return this.ctx.showErrors(problems);
      const label = name.value.trim() || read.map((m) => m.family).join(' / ');
      const player: NewPlayer = {
        family: label,
        given: '',
        rank: entrantRank(read.map((m) => m.rank), rule),
        members: read,
        ...(club.value.trim() ? { club: club.value.trim() } : {}),
      };
      this.addPending(t, [player], `${label} (${formatRank(player.rank)}: ${read.map((m) => `${displayName(m)} ${formatRank(m.rank)}`).join(', ')}) added to the list (not yet written).`);
    });
    return form;
  }

  render(t: Tournament): void {
    const family = h('input', { type: 'text', name: 'family', autocomplete: 'off' });
    const given = h('input', { type: 'text', name: 'given', autocomplete: 'off' });
    const rank = h('input', { type: 'text', name: 'rank', placeholder: '3k, 1d', autocomplete: 'off', size: 5 });
    const city = h('input', { type: 'text', name: 'city', autocomplete: 'off' });
    const club = h('input', { type: 'text', name: 'club', autocomplete: 'off' });
    const country = h('input', { type: 'text', name: 'country', autocomplete: 'off', size: 3, placeholder: 'FR' });
    const rating = h('input', { type: 'text', name: 'rating', autocomplete: 'off', size: 7, inputmode: 'decimal' });
    const pin = h('input', { type: 'text', name: 'pin', autocomplete: 'off', size: 10 });
    /** The list the PIN/ID field was filled from (an FFG licence or AGA ID is not an EGD PIN). */
    let pinFrom: { format: RatingListFormat; id: string } | null = null;
    const holder = this.ctx.services.ratingLists;
    const matches = holder
      ? nameTypeAhead(holder, family, given, (entry, list) => {
          family.value = entry.family;
          given.value = entry.given;
          rank.value = entry.rank === undefined ? '' : formatRank(entry.rank);
          club.value = entry.club ?? '';
          country.value = entry.country ?? '';
          rating.value = entry.rating === undefined ? '' : String(entry.rating);
          pin.value = entry.id ?? '';
          pinFrom = entry.id ? { format: list.format, id: entry.id } : null;
          (entry.rank === undefined ? rank : city).focus();
        })
      : null;
    const form = h(
      'form',
      { 'aria-label': 'Add one player' },
      h('h3', {}, 'One player'),
      holder ? ratingListControl(holder, this.ctx, () => this.ctx.render()) : null,
      // The matches open under both name fields: what is typed in either stays in sight.
      h('div', { class: 'typeahead' }, field('Family name', family, holder?.current() ? 'type a name to look it up in the rating list' : undefined), field('Given name', given), matches),
      field('Rank', rank, 'e.g. 12k, 1k, 1d, 3d'),
      field('City (optional)', city),
      field('Club (optional)', club),
      field('Country (optional)', country),
      field('Rating (optional)', rating),
      field('EGD PIN / licence / ID (optional)', pin),
      h('button', { type: 'submit' }, 'Add to the list'),
    );
    if (holder && !this.ratingListRestored) {
      // A list the browser kept is read when the page opens: once read, the step shows it.
      void holder.ready.then(() => {
        this.ratingListRestored = true;
        if (holder.current()) this.ctx.render();
      });
    }
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const problems: string[] = [];
      if (!family.value.trim()) problems.push('Family name: type the player\'s family name');
      const r = parseRank(rank.value.trim());
      if (!r.ok) problems.push(`Rank: "${rank.value}" — ${r.message}`);
      const ratingValue = rating.value.trim() === '' ? undefined : Number(rating.value.trim());
      if (ratingValue !== undefined && !Number.isFinite(ratingValue)) problems.push(`Rating: "${rating.value}" is not a number`);
      if (problems.length > 0 || !r.ok) return this.ctx.showErrors(problems);
      const id = pin.value.trim();
      // A number from the FFG or AGA list is kept under its own name; anything else typed here is an EGD PIN.
      const otherId = pinFrom && pinFrom.format !== 'egf' && pinFrom.id === id ? pinFrom : null;
      const player: NewPlayer = {
        family: family.value.trim(),
        given: given.value.trim(),
        rank: r.rank,
        ...(city.value.trim() ? { city: city.value.trim() } : {}),
        ...(club.value.trim() ? { club: club.value.trim() } : {}),
        ...(country.value.trim() ? { country: country.value.trim().toUpperCase() } : {}),
        ...(ratingValue !== undefined ? { rating: ratingValue } : {}),
        ...(id && !otherId ? { egdPin: id } : {}),
        ...(otherId ? { extra: { [otherId.format === 'ffg' ? 'ffgLicence' : 'agaId']: id } } : {}),
      };
      this.addPending(t, [player], `${displayName(player)} added to the list (not yet written).`);
      (this.ctx.body.querySelector('input[name="family"]') as HTMLInputElement | null)?.focus();
    });

    const entrants = t.settings.entrants ? this.entrantForm(t) : null;

    const paste = h('textarea', { name: 'paste', rows: 5, spellcheck: false });
    const pasteButton = button('Add the pasted players', () => {
      const parsed = this.ctx.services.parsePlayerList(paste.value);
      if (!parsed.ok) return this.ctx.showErrors(errorsText(parsed.errors));
      this.addPending(t, parsed.players, `${parsed.players.length} players added to the list (not yet written).`);
    });
    const xml = h('input', { type: 'file', name: 'opengotha', accept: '.xml,application/xml,text/xml' });
    xml.addEventListener('change', () => {
      const file = xml.files?.[0];
      if (!file) return;
      void file.text().then((text) => {
        const parsed = this.ctx.services.importOpenGotha(text, file.name);
        if (!parsed.ok) return this.ctx.showErrors(errorsText(parsed.errors));
        this.addPending(t, parsed.players, `${parsed.players.length} players read from ${file.name} (not yet written).`);
      });
    });

    const pending = this.pendingPlayers;
    const unsettled = this.unsettledNames(t);
    const pendingTable =
      pending.length === 0
        ? h('p', {}, 'No player waiting to be written.')
        : table(
            `${pending.length} player${pending.length === 1 ? '' : 's'} to register`,
            ['Name', 'Rank', 'City', ''],
            pending.map((entry, i) => {
              const p = entry.player;
              const matches = sameNameAs(p, t.players, pending.slice(0, i).map((e) => e.player));
              const remove = button('Remove', () => {
                this.pendingPlayers.splice(i, 1);
                this.ctx.render();
              }, { 'aria-label': `Remove ${displayName(p)} from the list` });
              if (matches.length === 0) return [displayName(p), formatRank(p.rank), p.city ?? '', remove];
              // The same name again: said at once, and the director says whether it is another person.
              const { row, input } = checkbox('Another person', { checked: entry.anotherPerson, 'data-testid': `another-person-${i}` });
              input.addEventListener('change', () => {
                entry.anotherPerson = input.checked;
                this.ctx.render();
              });
              return [h('span', {}, displayName(p), h('small', { class: 'warning', 'data-testid': 'same-name' }, ` same name as ${matches.join(' and ')}`)), formatRank(p.rank), p.city ?? '', h('div', {}, remove, row)];
            }),
            { 'data-testid': 'pending-players' },
          );
    const register = button(
      `Register ${pending.length} player${pending.length === 1 ? '' : 's'}…`,
      () => {
        if (unsettled.length > 0) {
          return this.ctx.showErrors(unsettled.map((name) => `${name}: the same name is in the list twice or registered already — remove the entry, or tick "Another person"`));
        }
        const players = pending.map((e) => e.player);
        const twins = pending.filter((e) => e.anotherPerson).map((e) => `${displayName(e.player)}: another person with a name already used (the director said so)`);
        // Every repeated name was settled above: the ones left are other people, as the director said.
        void this.ctx.offer(this.ctx.services.registerPlayersBatch(t, players, { confirmSameNames: twins.length > 0 }), [t.games.length > 0 || t.byes.length > 0 ? 'Latecomers: each gets the next free ID (the IDs by strength were given before round 1)' : 'IDs are given by strength (Mays: 1 = the strongest)', ...twins]).then((ok) => {
          if (ok) {
            this.pendingPlayers = [];
            this.ctx.render();
          }
        });
      },
      { class: 'primary', disabled: pending.length === 0, 'data-testid': 'register-players' },
    );
    append(
      this.ctx.body,
      h('p', {}, `${t.players.length} ${t.settings.entrants ? (t.settings.entrants.kind === 'pair-go' ? 'pair' : 'team') : 'player'}${t.players.length === 1 ? '' : 's'} registered.`),
      entrants ?? form,
      h('h3', {}, 'A pasted list'),
      field('Players, one a line', paste, 'Family, Given; rank; club; city (tabs work too) — e.g. "Doe, John; 2d; MTL; Montreal"'),
      pasteButton,
      h('h3', {}, 'An OpenGotha file'),
      field('OpenGotha tournament (.xml)', xml),
      pendingTable,
      register,
      t.players.length > 0 ? absencesForm(this.ctx, t) : null,
      t.players.length > 0 ? registeredPlayersTable(this.ctx, t) : null,
    );
  }
}
