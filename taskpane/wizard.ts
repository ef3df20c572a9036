/**
 * The task pane wizard: New tournament → Register players → Sections and bar → Pair round → Results → Standings →
 * Finalize. It reads the tournament from the workbook before every step (the workbook is the record: a director may
 * type in the grid at any time, then re-read), prepares each write as one `WorkbookBatch`, shows what it will write,
 * and applies it only when the director confirms — all of it at once through the `WorkbookAdapter`, or nothing.
 *
 * It talks to a `WorkbookAdapter` only; the host (./taskpane.ts) decides which: Excel's (Office.js) or the `.xlsx`
 * held by the standalone page. Plain DOM, 320 px wide, every control labelled and reachable from the keyboard.
 */
import { formatInputError, type InputError } from '../src/model/errors';
import { formatFraction } from '../src/model/fraction';
import { formatRank, parseRank, type Rank } from '../src/model/rank';
import { displayName, playerLabel, type Criterion, type PlayerId, type Round, type RulesetName, type Tournament, type PairingSystem } from '../src/model/tournament';
import { bgaBarAdvice, proposeSections, sectionStep, type ProposedSection } from '../src/pairing/sections';
import { isPairingError, type RoundPairing } from '../src/pairing/types';
import { explainIn, type Explanation } from '../src/scoring/explain';
import { computeStandings, type Standings } from '../src/scoring/standings';
import type { WorkbookAdapter, WorkbookBatch } from '../src/workbook/adapter';
import { describeResult, formatScratchPadError, matchScratchPad, pendingGames, type ReportedResult } from '../src/workbook/scratchPad';
import { append, button, checkbox, clear, field, h, select, table } from './dom';
import { unsectionedPlacesNotice } from './sectionsNotice';
import { describeControls, forbidPair, forcePair, giveBye, NO_CONTROLS, parsePair, swapPlayers, toDirectorControls, type EditableControls } from './pairingControls';
import type { BatchOrErrors, NewPlayer, PairingPreview, TournamentRead, WizardServices } from './services';
import { describeWrites, watchWorkbook, writeFailure, writeSuccess, type WorkbookWatch } from './workbookWatch';

export type StepName = 'tournament' | 'players' | 'sections' | 'pair' | 'results' | 'standings' | 'finalize';

const STEPS: readonly (readonly [StepName, string])[] = [
  ['tournament', 'Tournament'],
  ['players', 'Players'],
  ['sections', 'Sections'],
  ['pair', 'Pair round'],
  ['results', 'Results'],
  ['standings', 'Standings'],
  ['finalize', 'Finalize'],
];

export interface WizardOptions {
  /** Called after every write the director confirmed (the standalone page redraws its grid). */
  readonly onWrite?: (batch: WorkbookBatch) => void;
  /** The name of the workbook, for messages ("Excel workbook", "tournament.xlsx"). */
  readonly workbookName?: string;
}

/** Rounds of the tournament that have games, and the first one without. */
function roundsState(t: Tournament): { paired: Round[]; next: Round | null } {
  const paired = [...new Set(t.games.map((g) => g.round).concat(t.byes.map((b) => b.round)))].sort((a, b) => a - b);
  let next: Round | null = null;
  for (let r = 1; r <= t.settings.rounds; r++) {
    if (!paired.includes(r)) {
      next = r;
      break;
    }
  }
  return { paired, next };
}

function errorsText(errors: readonly InputError[]): string[] {
  return errors.map(formatInputError);
}

/** "Pair round 2: writes Grid, Round 2 (3 steps)". */
export function describeBatch(batch: WorkbookBatch): string {
  return describeWrites(batch);
}

export class Wizard {
  private readonly root: HTMLElement;
  private readonly statusEl: HTMLElement;
  private readonly errorsEl: HTMLElement;
  private readonly bodyEl: HTMLElement;
  private readonly confirmEl: HTMLElement;
  private readonly navButtons = new Map<StepName, HTMLButtonElement>();
  private step: StepName = 'tournament';
  private read: TournamentRead = { ok: false, empty: true };
  private busy = false;

  // Register players: the list waiting to be written.
  private pendingPlayers: NewPlayer[] = [];
  // Sections: the proposal as the director edits it.
  private sections: ProposedSection[] | null = null;
  private sectionMode: 'sections' | 'bar' | null = null;
  // Pair round.
  private pairRound: Round | null = null;
  private pairSystem: string;
  private controls: EditableControls = NO_CONTROLS;
  private preview: PairingPreview | null = null;
  private confirmRepair = false;
  // Results.
  private resultsRound: Round | null = null;
  private checkedResults: readonly ReportedResult[] | null = null;
  private scratchText = '';
  // Standings.
  private explained: Explanation | null = null;

  constructor(
    container: HTMLElement,
    private readonly wb: WorkbookAdapter,
    private readonly services: WizardServices,
    private readonly options: WizardOptions = {},
  ) {
    this.pairSystem = services.pairingSystems[0]?.[0] ?? 'mays';
    this.statusEl = h('p', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': 'status' });
    this.errorsEl = h('div', { class: 'errors', role: 'alert', 'data-testid': 'errors' });
    this.bodyEl = h('section', { class: 'step', 'aria-labelledby': 'step-title' });
    this.confirmEl = h('div', { class: 'confirm', hidden: true, role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'confirm-title' });
    const nav = h('nav', { 'aria-label': 'Wizard steps' });
    const list = h('ol', { class: 'steps' });
    for (const [name, label] of STEPS) {
      const b = button(label, () => void this.go(name), { 'data-step': name });
      this.navButtons.set(name, b);
      list.append(h('li', {}, b));
    }
    nav.append(list);
    this.root = h('main', { class: 'wizard' }, h('h1', {}, 'Tengen'), nav, this.statusEl, this.errorsEl, this.confirmEl, this.bodyEl);
    container.append(this.root);
  }

  /** Read the workbook and open the step that comes next. */
  async start(): Promise<void> {
    await this.reread();
    // Edits in the workbook mark the pane stale (issue 9): Office.js change events, where the host has them.
    this.watch = await watchWorkbook(this.wb, (text) => this.say(text)).catch(() => undefined);
    await this.go(this.suggestedStep());
  }

  private watch: WorkbookWatch | undefined;

  private suggestedStep(): StepName {
    if (!this.read.ok) return 'tournament';
    const t = this.read.tournament;
    if (t.players.length === 0) return 'players';
    if (t.games.length === 0 && t.byes.length === 0) return t.settings.system === 'mcmahon' ? 'sections' : 'pair';
    return pendingGames(t, Math.max(...t.games.map((g) => g.round), 0)).length > 0 ? 'results' : 'pair';
  }

  private get tournament(): Tournament | null {
    return this.read.ok ? this.read.tournament : null;
  }

  /** Read the tournament from the workbook again; errors name the sheet and cell. */
  async reread(): Promise<TournamentRead> {
    try {
      this.read = await this.services.readTournament(this.wb);
      this.watch?.reset();
    } catch (e) {
      this.read = { ok: false, errors: [{ message: `could not read the workbook: ${(e as Error).message}` }] };
    }
    if (!this.read.ok && !this.read.empty) this.showErrors(errorsText(this.read.errors));
    return this.read;
  }

  async go(step: StepName): Promise<void> {
    this.step = step;
    for (const [name, b] of this.navButtons) {
      if (name === step) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
    this.hideConfirm();
    this.render();
    const heading = this.bodyEl.querySelector('h2');
    if (heading instanceof HTMLElement) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Messages, confirmation, writing
  // ---------------------------------------------------------------------------------------------------------------

  private say(text: string): void {
    this.statusEl.textContent = text;
  }

  private showErrors(lines: readonly string[]): void {
    clear(this.errorsEl);
    if (lines.length === 0) return;
    this.errorsEl.append(h('ul', {}, ...lines.map((l) => h('li', {}, l))));
  }

  private hideConfirm(): void {
    this.confirmEl.hidden = true;
    clear(this.confirmEl);
  }

  /**
   * Show what the batch writes and wait for the director: "Write" applies it (all or nothing), "Cancel" writes
   * nothing. Resolves true when written.
   */
  private confirmWrite(batch: WorkbookBatch, details: readonly string[] = []): Promise<boolean> {
    return new Promise((resolve) => {
      clear(this.confirmEl);
      const write = button('Write to the workbook', () => void finish(true), { class: 'primary', 'data-testid': 'confirm-write' });
      const cancel = button('Cancel', () => void finish(false), { 'data-testid': 'confirm-cancel' });
      const finish = async (ok: boolean) => {
        write.disabled = true;
        cancel.disabled = true;
        if (!ok) {
          this.hideConfirm();
          this.say(`Cancelled: nothing written (${batch.label}).`);
          resolve(false);
          return;
        }
        resolve(await this.apply(batch));
      };
      append(
        this.confirmEl,
        h('h2', { id: 'confirm-title' }, 'Confirm'),
        h('p', {}, describeBatch(batch)),
        details.length > 0 ? h('ul', {}, ...details.map((d) => h('li', {}, d))) : null,
        h('div', { class: 'buttons' }, write, cancel),
      );
      this.confirmEl.hidden = false;
      // Escape cancels, as in any dialog.
      this.confirmEl.onkeydown = (e) => {
        if (e.key === 'Escape') void finish(false);
      };
      write.focus();
    });
  }

  /** Apply a confirmed batch through the adapter; on failure nothing is written and the error is shown. */
  private async apply(batch: WorkbookBatch): Promise<boolean> {
    this.busy = true;
    try {
      await this.wb.apply(batch);
    } catch (e) {
      this.hideConfirm();
      this.showErrors([writeFailure(batch, e)]);
      this.busy = false;
      return false;
    }
    this.busy = false;
    this.hideConfirm();
    this.showErrors([]);
    this.say(writeSuccess(batch, this.watch?.changes() ?? []));
    this.options.onWrite?.(batch);
    await this.reread();
    return true;
  }

  /** Ask for confirmation of a prepared batch, or show why it could not be prepared. */
  private async offer(prepared: BatchOrErrors, details: readonly string[] = []): Promise<boolean> {
    if (!prepared.ok) {
      this.showErrors(errorsText(prepared.errors));
      const overwrite = prepared.overwrite;
      if (!overwrite) return false;
      // The director's own entries would change: say which, and let him decide.
      return new Promise((resolve) => {
        const b = button('Overwrite these entries…', () => {
          b.remove();
          void this.offer(overwrite(), [...details, 'Overwrites the entries named above']).then(resolve);
        }, { 'data-testid': 'overwrite' });
        this.errorsEl.append(b);
        b.focus();
      });
    }
    this.showErrors([]);
    return this.confirmWrite(prepared.batch, details);
  }

  private render(): void {
    clear(this.bodyEl);
    const title = STEPS.find(([n]) => n === this.step)![1];
    this.bodyEl.append(h('h2', { id: 'step-title' }, title));
    const t = this.tournament;
    if (this.step !== 'tournament' && !t) {
      this.bodyEl.append(
        h('p', {}, this.read.ok === false && this.read.empty ? 'This workbook holds no tournament yet.' : 'The tournament could not be read (see the errors above).'),
        button('Go to New tournament', () => void this.go('tournament')),
      );
      return;
    }
    switch (this.step) {
      case 'tournament':
        return this.renderTournament();
      case 'players':
        return this.renderPlayers(t!);
      case 'sections':
        return this.renderSections(t!);
      case 'pair':
        return this.renderPair(t!);
      case 'results':
        return this.renderResults(t!);
      case 'standings':
        return this.renderStandings(t!);
      case 'finalize':
        return this.renderFinalize(t!);
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // New tournament
  // ---------------------------------------------------------------------------------------------------------------

  private renderTournament(): void {
    const t = this.tournament;
    if (t) {
      append(
        this.bodyEl,
        h('p', { 'data-testid': 'tournament-summary' }, `${t.name}: ${t.settings.rounds} rounds, ${t.settings.system}, ${t.settings.ruleset} rules, ${t.players.length} players.`),
        button('Re-read the workbook', () => void this.reread().then(() => this.render())),
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
      if (problems.length > 0) return this.showErrors(problems);
      void this.offer(
        this.services.newTournamentBatch({
          name: name.value.trim(),
          rounds: n,
          system: system.value as PairingSystem,
          ruleset: ruleset.value as RulesetName,
          ...(location.value.trim() ? { location: location.value.trim() } : {}),
          ...(date.value ? { beginDate: date.value } : {}),
        }),
      ).then(async (ok) => {
          if (ok) await this.go('players');
        });
    });
    append(this.bodyEl, h('p', {}, 'Creates the tournament\'s sheets in this workbook: settings, players, the grid.'), form);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Register players
  // ---------------------------------------------------------------------------------------------------------------

  private renderPlayers(t: Tournament): void {
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
      if (problems.length > 0 || !r.ok) return this.showErrors(problems);
      this.pendingPlayers.push({
        family: family.value.trim(),
        given: given.value.trim(),
        rank: r.rank,
        ...(city.value.trim() ? { city: city.value.trim() } : {}),
        ...(club.value.trim() ? { club: club.value.trim() } : {}),
      });
      this.showErrors([]);
      this.say(`${displayName({ family: family.value.trim(), given: given.value.trim() })} added to the list (not yet written).`);
      this.render();
      (this.bodyEl.querySelector('input[name="family"]') as HTMLInputElement | null)?.focus();
    });

    const paste = h('textarea', { name: 'paste', rows: 5, spellcheck: false });
    const pasteButton = button('Add the pasted players', () => {
      const parsed = this.services.parsePlayerList(paste.value);
      if (!parsed.ok) return this.showErrors(errorsText(parsed.errors));
      this.pendingPlayers.push(...parsed.players);
      this.showErrors([]);
      this.say(`${parsed.players.length} players added to the list (not yet written).`);
      this.render();
    });
    const xml = h('input', { type: 'file', name: 'opengotha', accept: '.xml,application/xml,text/xml' });
    xml.addEventListener('change', () => {
      const file = xml.files?.[0];
      if (!file) return;
      void file.text().then((text) => {
        const parsed = this.services.importOpenGotha(text, file.name);
        if (!parsed.ok) return this.showErrors(errorsText(parsed.errors));
        this.pendingPlayers.push(...parsed.players);
        this.showErrors([]);
        this.say(`${parsed.players.length} players read from ${file.name} (not yet written).`);
        this.render();
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
      if (problems.length > 0) return this.showErrors(problems);
      const absent = absentWhat.value === 'absent';
      void this.offer(this.services.absencesBatch(t, [{ player: id as PlayerId, rounds, absent }]), [
        `${playerLabel(t, id as PlayerId)} ${absent ? 'misses' : 'plays'} round${rounds.length === 1 ? '' : 's'} ${rounds.join(', ')}`,
      ]).then((ok) => ok && this.render());
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
                this.render();
              }, { 'aria-label': `Remove ${displayName(p)} from the list` }),
            ]),
            { 'data-testid': 'pending-players' },
          );
    const register = button(
      `Register ${pending.length} player${pending.length === 1 ? '' : 's'}…`,
      () =>
        void this.offer(this.services.registerPlayersBatch(t, pending), [`IDs are given by strength (Mays: 1 = the strongest)`]).then((ok) => {
          if (ok) {
            this.pendingPlayers = [];
            this.render();
          }
        }),
      { class: 'primary', disabled: pending.length === 0, 'data-testid': 'register-players' },
    );
    append(
      this.bodyEl,
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

  // ---------------------------------------------------------------------------------------------------------------
  // Sections and bar
  // ---------------------------------------------------------------------------------------------------------------

  private renderSections(t: Tournament): void {
    if (t.players.length === 0) {
      append(this.bodyEl, h('p', {}, 'Register the players first.'), button('Go to Players', () => void this.go('players')));
      return;
    }
    if (t.settings.system !== 'mcmahon') {
      append(this.bodyEl, h('p', {}, `A ${t.settings.system} tournament has no McMahon sections: everyone starts at 0.`), button('Go to Pair round', () => void this.go('pair')));
      return;
    }
    const rounds = t.settings.rounds;
    const modeSelect = select(
      [
        ['sections', "McMahon sections (Mays)"],
        ['bar', 'Initial score from rank, with a bar (EGF, BGA)'],
      ],
      this.sectionMode ?? (t.settings.ruleset === 'aqjg' ? 'sections' : 'bar'),
      { name: 'section-mode' },
    );
    modeSelect.addEventListener('change', () => {
      this.sectionMode = modeSelect.value as 'sections' | 'bar';
      this.render();
    });
    append(this.bodyEl, field('Where players start', modeSelect));
    if (modeSelect.value === 'bar') return this.renderBar(t);
    if (!this.sections) this.sections = proposeSections(t.players, { rounds }).sections.map((s) => ({ ...s }));
    const count = h('input', { type: 'number', name: 'section-count', min: 1, max: t.players.length, value: this.sections.length });
    const repropose = button('Propose again', () => {
      const k = Number(count.value);
      if (!Number.isInteger(k) || k < 1) return this.showErrors([`Number of sections: "${count.value}" is not a whole number (1 or more)`]);
      this.sections = proposeSections(t.players, { rounds, count: k }).sections.map((s) => ({ ...s }));
      this.showErrors([]);
      this.render();
    });
    const rows = this.sections.map((s, i) => {
      const nameInput = h('input', { type: 'text', value: s.name, size: 4, 'aria-label': `Name of section ${i + 1}`, 'data-testid': `section-name-${i}` });
      nameInput.addEventListener('change', () => (this.sections![i] = { ...this.sections![i], name: nameInput.value.trim() }));
      const mmsInput = h('input', { type: 'number', value: s.initialMms, step: 1, 'aria-label': `Initial McMahon score of section ${i + 1}`, 'data-testid': `section-mms-${i}` });
      mmsInput.addEventListener('change', () => (this.sections![i] = { ...this.sections![i], initialMms: Number(mmsInput.value) }));
      const playersInput = h('input', { type: 'text', value: s.players.join(' '), 'aria-label': `ID numbers of the players of section ${i + 1}` });
      playersInput.addEventListener('change', () => {
        const ids = playersInput.value.split(/[\s,]+/).filter(Boolean).map(Number) as PlayerId[];
        this.sections![i] = { ...this.sections![i], players: ids };
      });
      const ranks = s.ranks.length === 0 ? '' : s.ranks.length === 1 ? formatRank(s.ranks[0]) : `${formatRank(s.ranks[0])}–${formatRank(s.ranks[s.ranks.length - 1])}`;
      return [nameInput, mmsInput, ranks, playersInput, s.notes.join('; ')];
    });
    const write = button(
      'Write the sections…',
      () => {
        const sections = this.sections!;
        const problems = this.sectionProblems(t, sections);
        if (problems.length > 0) return this.showErrors(problems);
        void this.offer(
          this.services.sectionsBatch(t, { sections: sections.map((s) => ({ name: s.name, initialMms: s.initialMms, players: s.players })) }),
          sections.map((s) => `Section ${s.name}: initial MMS ${s.initialMms}, players ${s.players.join(', ')}`),
        ).then(async (ok) => {
          if (ok) await this.go('pair');
        });
      },
      { class: 'primary', 'data-testid': 'write-sections' },
    );
    append(
      this.bodyEl,
      h(
        'p',
        {},
        `Mays' guidelines: sections of about the same size, at most three ranks each, no rank split; a gap of ${sectionStep(rounds)} between initial scores for ${rounds} rounds. Edit any value.`,
      ),
      field('Number of sections', count),
      repropose,
      table('Proposed McMahon sections', ['Name', 'Initial MMS', 'Ranks', 'Player IDs', 'Notes'], rows, { 'data-testid': 'sections-table', class: 'edit' }),
      write,
    );
  }

  /** The BGA's bar advice, every candidate offered; the director's choice is written. */
  private renderBar(t: Tournament): void {
    const advice = bgaBarAdvice(t.players, t.settings.rounds);
    const current = t.settings.bar ?? advice.bar;
    const bar = select(
      advice.candidates.map((c) => [String(c.bar), `${formatRank(c.bar)}: ${c.aboveBar} player${c.aboveBar === 1 ? '' : 's'} at or above, bar depth ${c.depth}`] as const),
      String(current),
      { name: 'bar' },
    );
    append(
      this.bodyEl,
      h('p', {}, `Everyone starts at his rank's McMahon score; nobody above the bar. ${advice.notes.join('; ')}.`),
      field('Bar', bar, advice.rule),
      button(
        'Write the bar…',
        () =>
          void this.offer(this.services.sectionsBatch(t, { bar: Number(bar.value) as Rank }), [`Bar at ${formatRank(Number(bar.value) as Rank)}`]).then(async (ok) => {
            if (ok) await this.go('pair');
          }),
        { class: 'primary', 'data-testid': 'write-bar' },
      ),
    );
  }

  private sectionProblems(t: Tournament, sections: readonly ProposedSection[]): string[] {
    const problems: string[] = [];
    const seen = new Map<number, string>();
    const names = new Set<string>();
    for (const s of sections) {
      if (!s.name) problems.push('Sections: every section needs a name');
      if (names.has(s.name)) problems.push(`Sections: two sections are named "${s.name}"`);
      names.add(s.name);
      if (!Number.isInteger(s.initialMms)) problems.push(`Section ${s.name}: the initial McMahon score must be a whole number`);
      for (const id of s.players) {
        if (!t.players.some((p) => p.id === id)) problems.push(`Section ${s.name}: no player has ID ${id}`);
        const other = seen.get(id);
        if (other !== undefined) problems.push(`player ${playerLabel(t, id)} is in sections ${other} and ${s.name}`);
        seen.set(id, s.name);
      }
    }
    for (const p of t.players) if (!seen.has(p.id)) problems.push(`player ${playerLabel(t, p.id)} is in no section`);
    return problems;
  }

  /** Places by section with no sections set (./sectionsNotice.ts): said, with a way to the Sections step; never blocks. */
  private renderSectionsNotice(t: Tournament): void {
    const notice = unsectionedPlacesNotice(t);
    if (!notice) return;
    append(
      this.bodyEl,
      h('div', { class: 'notice', role: 'note', 'data-testid': 'sections-notice' }, h('p', {}, notice), button('Go to Sections', () => void this.go('sections'), { 'data-testid': 'go-to-sections' })),
    );
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Pair round
  // ---------------------------------------------------------------------------------------------------------------

  private renderPair(t: Tournament): void {
    const { paired, next } = roundsState(t);
    if (this.pairRound === null || this.pairRound > t.settings.rounds) this.pairRound = next ?? t.settings.rounds;
    const round = this.pairRound;
    const roundSelect = select(
      Array.from({ length: t.settings.rounds }, (_, i) => [String(i + 1), `Round ${i + 1}${paired.includes(i + 1) ? ' (paired)' : ''}`] as const),
      String(round),
      { name: 'pair-round' },
    );
    roundSelect.addEventListener('change', () => {
      this.pairRound = Number(roundSelect.value);
      this.preview = null;
      this.controls = NO_CONTROLS;
      this.confirmRepair = false;
      this.render();
    });
    const systemSelect = select(this.services.pairingSystems, this.pairSystem, { name: 'pair-system' });
    systemSelect.addEventListener('change', () => {
      this.pairSystem = systemSelect.value;
      this.preview = null;
      this.render();
    });
    append(this.bodyEl, field('Round', roundSelect), field('Pairing system', systemSelect));
    if (round === 1) this.renderSectionsNotice(t);

    const existing = t.games.filter((g) => g.round === round);
    const reported = existing.filter((g) => g.result !== 'unknown');
    if (existing.length > 0 || t.byes.some((b) => b.round === round)) {
      // Re-pairing is the director's explicit decision: the round's games (and results) are replaced.
      const { row, input } = checkbox(
        reported.length > 0
          ? `Re-pair round ${round}: its ${existing.length} games and ${reported.length} results are removed`
          : `Re-pair round ${round}: its ${existing.length} games are replaced`,
        { checked: this.confirmRepair, 'data-testid': 'confirm-repair' },
      );
      input.addEventListener('change', () => {
        this.confirmRepair = input.checked;
        this.preview = null;
        this.render();
      });
      append(
        this.bodyEl,
        h('p', { class: 'warning' }, `Round ${round} is already paired${reported.length > 0 ? ` and ${reported.length} of its games have results` : ''}.`),
        row,
      );
      if (!this.confirmRepair) return;
    }
    const later = t.games.filter((g) => g.round > round);
    if (later.length > 0) {
      append(this.bodyEl, h('p', { class: 'warning' }, `Rounds after ${round} are paired already: pair them again after this one.`));
    }

    append(
      this.bodyEl,
      button(this.preview ? 'Preview again' : `Preview round ${round}`, () => this.previewRound(), { class: this.preview ? '' : 'primary', 'data-testid': 'preview' }),
    );
    if (!this.preview) return;
    const result = this.preview.pairing;
    if (isPairingError(result)) {
      append(this.bodyEl, h('p', { class: 'warning', 'data-testid': 'pairing-error' }, `Round ${round} cannot be paired: ${result.message}`));
      this.renderControls(t, null);
      return;
    }
    this.renderPreview(t, result);
    this.renderControls(t, result);
    append(
      this.bodyEl,
      button(`Confirm: write round ${round}`, () => void this.confirmPairing(), { class: 'primary', 'data-testid': 'confirm-pairing' }),
    );
  }

  private previewRound(): void {
    const t = this.tournament;
    const round = this.pairRound;
    if (!t || !this.read.ok || round === null) return;
    this.preview = this.services.previewPairing(t, round, this.pairSystem, toDirectorControls(this.controls));
    this.showErrors([]);
    const p = this.preview.pairing;
    this.say(isPairingError(p) ? `Round ${round} cannot be paired.` : `Preview of round ${round}: ${p.games.length} tables${p.bye !== null ? `, bye to ${p.bye}` : ''}. Nothing written yet.`);
    this.render();
  }

  private renderPreview(t: Tournament, p: RoundPairing): void {
    const name = (id: PlayerId) => playerLabel(t, id);
    const rows = p.games.map((g) => [String(g.table), name(g.white), name(g.black), g.handicap === 0 ? (g.colourKnown ? '' : 'nigiri') : String(g.handicap)]);
    append(
      this.bodyEl,
      table(`Round ${p.round}: pairing preview (${p.system})`, ['Table', 'White', 'Black', 'Hcp'], rows, { 'data-testid': 'pairing-preview', class: 'pairing' }),
      p.bye !== null ? h('p', { 'data-testid': 'preview-bye' }, `Bye: ${name(p.bye)}`) : null,
      h('h3', {}, 'Report'),
      h(
        'ul',
        { class: 'report', 'data-testid': 'pairing-report' },
        ...p.report.map((line) => h('li', { class: `report-${line.kind}`, title: 'rule' in line && line.rule ? line.rule : '' }, line.message)),
      ),
    );
  }

  private renderControls(t: Tournament, p: RoundPairing | null): void {
    const a = h('input', { type: 'text', inputmode: 'numeric', size: 4, name: 'swap-a' });
    const b = h('input', { type: 'text', inputmode: 'numeric', size: 4, name: 'swap-b' });
    const force = h('input', { type: 'text', size: 7, name: 'force', placeholder: '3-7' });
    const forbid = h('input', { type: 'text', size: 7, name: 'forbid', placeholder: '3-7' });
    const bye = h('input', { type: 'text', inputmode: 'numeric', size: 4, name: 'bye' });
    const problems: string[] = [];
    const apply = () => {
      problems.length = 0;
      let c = this.controls;
      if (a.value.trim() || b.value.trim()) {
        const x = Number(a.value);
        const y = Number(b.value);
        if (!p) problems.push('Swap: there is no preview to swap players in');
        else if (!Number.isInteger(x) || !Number.isInteger(y)) problems.push(`Swap: "${a.value}" and "${b.value}" must be two ID numbers`);
        else {
          const next = swapPlayers(c, p, x as PlayerId, y as PlayerId);
          if (typeof next === 'string') problems.push(`Swap: ${next}`);
          else c = next;
        }
      }
      for (const [input, label, fn] of [
        [force, 'Force', forcePair],
        [forbid, 'Forbid', forbidPair],
      ] as const) {
        if (!input.value.trim()) continue;
        for (const part of input.value.split(/[,;]/).filter((x) => x.trim())) {
          const pair = parsePair(part);
          if (typeof pair === 'string') problems.push(`${label}: ${pair}`);
          else if (!pair.every((id) => t.players.some((q) => q.id === id))) problems.push(`${label} ${pair.join('–')}: no player has ID ${pair.find((id) => !t.players.some((q) => q.id === id))}`);
          else c = fn(c, pair);
        }
      }
      if (bye.value.trim()) {
        const id = Number(bye.value);
        if (!t.players.some((q) => q.id === id)) problems.push(`Bye: no player has ID ${bye.value.trim()}`);
        else c = giveBye(c, id as PlayerId);
      }
      if (problems.length > 0) return this.showErrors(problems);
      this.controls = c;
      this.previewRound();
    };
    const form = h(
      'form',
      { 'aria-label': 'Change the pairing', class: 'controls' },
      h('h3', {}, 'Change the pairing'),
      h('div', { class: 'row' }, field('Swap player', a), field('with player', b)),
      field('Force pairs', force, 'ID numbers, e.g. "3-7, 4-9"'),
      field('Forbid pairs', forbid, 'e.g. "2-5"'),
      field('Give the bye to', bye),
      h('p', {}, `Controls now: ${describeControls(this.controls)}`),
      h('div', { class: 'buttons' }, h('button', { type: 'submit' }, 'Apply and preview'), button('Clear the controls', () => {
        this.controls = NO_CONTROLS;
        this.previewRound();
      })),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      apply();
    });
    append(this.bodyEl, form);
  }

  /**
   * The director confirmed the preview. The grid is read again: if it changed since the preview, nothing is written,
   * the pane says so and previews again; otherwise the whole round (grid and pairing sheet) is written in one batch.
   */
  private async confirmPairing(): Promise<void> {
    const preview = this.preview;
    const round = this.pairRound;
    if (!preview || round === null || isPairingError(preview.pairing) || this.busy) return;
    const expected = preview.fingerprint;
    const read = await this.reread();
    if (!read.ok) return this.render();
    if (read.fingerprint !== expected) {
      this.previewRound();
      this.showErrors([`The workbook changed since the preview of round ${round} (someone typed in the grid or another sheet): nothing was written. Here is a new preview — check it and confirm again.`]);
      return;
    }
    const prepared = this.services.pairRoundBatch(read.tournament, preview.pairing, {
      expectedFingerprint: expected,
      currentFingerprint: read.fingerprint,
      confirmRepair: this.confirmRepair,
    });
    if (!prepared.ok) {
      this.showErrors(errorsText(prepared.errors));
      return;
    }
    // The preview the director just confirmed is the content of the batch: write it at once.
    if (await this.apply(prepared.batch)) {
      this.preview = null;
      this.controls = NO_CONTROLS;
      this.confirmRepair = false;
      this.resultsRound = round;
      await this.go('results');
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Results
  // ---------------------------------------------------------------------------------------------------------------

  private renderResults(t: Tournament): void {
    const { paired } = roundsState(t);
    if (paired.length === 0) {
      append(this.bodyEl, h('p', {}, 'No round is paired yet.'), button('Go to Pair round', () => void this.go('pair')));
      return;
    }
    if (this.resultsRound === null || !paired.includes(this.resultsRound)) this.resultsRound = paired[paired.length - 1];
    const round = this.resultsRound;
    const roundSelect = select(paired.map((r) => [String(r), `Round ${r}`] as const), String(round), { name: 'results-round' });
    roundSelect.addEventListener('change', () => {
      this.resultsRound = Number(roundSelect.value);
      this.checkedResults = null;
      this.render();
    });
    const waiting = pendingGames(t, round);
    const games = t.games.filter((g) => g.round === round).sort((x, y) => (x.table ?? 0) - (y.table ?? 0));
    const bye = t.byes.find((b) => b.round === round);
    const pad = h('textarea', { name: 'scratch-pad', rows: 3, spellcheck: false, value: this.scratchText, 'data-testid': 'scratch-pad' });
    pad.addEventListener('input', () => {
      this.scratchText = pad.value;
      this.checkedResults = null;
    });
    const check = button('Check', () => {
      const parsed = matchScratchPad(t, round, pad.value);
      if (!parsed.ok) {
        this.checkedResults = null;
        this.showErrors(parsed.errors.map((e) => `Scratch pad, ${formatScratchPadError(e)}`));
        return;
      }
      this.showErrors([]);
      this.checkedResults = parsed.results;
      this.render();
      (this.bodyEl.querySelector('[data-testid="record-results"]') as HTMLElement | null)?.focus();
    }, { 'data-testid': 'check-results' });
    append(
      this.bodyEl,
      field('Round', roundSelect),
      h('p', {}, `${games.length - waiting.length} of ${games.length} results in${bye ? `; bye: ${playerLabel(t, bye.player)}` : ''}.`),
      field('Winners’ ID numbers (scratch pad)', pad, '12: 12 won; 12! won by default; 12= jigo; 12=! jigo by default; 12-! both lose by default; 12+! both win by default; 12? clears'),
      check,
    );
    if (this.checkedResults) {
      const results = this.checkedResults;
      append(
        this.bodyEl,
        h('ul', { 'data-testid': 'checked-results' }, ...results.map((r) => h('li', {}, `Table ${r.table ?? '?'}: ${describeResult(r.result, playerLabel(t, r.white), playerLabel(t, r.black))}`))),
        button(`Record ${results.length} result${results.length === 1 ? '' : 's'}…`, () => {
          void this.offer(
            this.services.resultsBatch(t, round, results.map((r) => ({ white: r.white, black: r.black, result: r.result }))),
            results.map((r) => `Table ${r.table ?? '?'}: ${describeResult(r.result, playerLabel(t, r.white), playerLabel(t, r.black))}`),
          ).then((ok) => {
            if (!ok) return;
            this.scratchText = '';
            this.checkedResults = null;
            this.render();
          });
        }, { class: 'primary', 'data-testid': 'record-results' }),
      );
    }
    append(
      this.bodyEl,
      table(
        `Round ${round}`,
        ['Table', 'White', 'Black', 'Result'],
        games.map((g) => [String(g.table ?? ''), playerLabel(t, g.white), playerLabel(t, g.black), g.result === 'unknown' ? '—' : describeResult(g.result, 'W', 'B')]),
        { class: 'compact', 'data-testid': 'round-games' },
      ),
      h('p', { class: 'hint' }, 'Typed results straight into the grid? Re-read it:'),
      button('Re-read the grid', () => void this.reread().then((r) => {
        if (r.ok) this.say('The grid was read again.');
        this.render();
      }), { 'data-testid': 'reread' }),
    );
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Standings
  // ---------------------------------------------------------------------------------------------------------------

  private renderStandings(t: Tournament): void {
    this.renderSectionsNotice(t);
    let standings: Standings;
    try {
      standings = computeStandings(t);
    } catch (e) {
      this.showErrors([(e as Error).message]);
      return;
    }
    const order = standings.order;
    const rows = standings.entries.map((e) => [String(e.place), playerLabel(t, e.player.id), ...order.slice(0, 3).map((c) => formatFraction(e.values[c]))]);
    const playerSelect = select(standings.entries.map((e) => [String(e.player.id), playerLabel(t, e.player.id)] as const), this.explained ? String(this.explained.player.id) : undefined, { name: 'explain-player' });
    const criteria: Criterion[] = [...new Set<Criterion>([...order, 'sos', 'sodos'])].filter((c) => c !== 'lottery');
    const criterionSelect = select(criteria.map((c) => [c, c.toUpperCase()] as const), this.explained?.criterion ?? criteria[1] ?? criteria[0], { name: 'explain-criterion' });
    const explainButton = button('Explain', () => {
      try {
        this.explained = explainIn(standings, Number(playerSelect.value) as PlayerId, criterionSelect.value as Criterion);
        this.showErrors([]);
      } catch (e) {
        this.showErrors([(e as Error).message]);
      }
      this.render();
    }, { 'data-testid': 'explain' });
    append(
      this.bodyEl,
      table(`Standings after round ${standings.asOf} (${standings.scoreboard.ruleset.name})`, ['Place', 'Player', ...order.slice(0, 3).map((c) => c.toUpperCase())], rows, {
        class: 'compact',
        'data-testid': 'standings',
      }),
      button('Write the standings…', () => void this.offer(this.services.standingsBatch(t)), { class: 'primary', 'data-testid': 'write-standings' }),
      h('h3', {}, 'Why this tie-break?'),
      h('div', { class: 'row' }, field('Player', playerSelect), field('Criterion', criterionSelect)),
      explainButton,
    );
    if (this.explained) {
      const x = this.explained;
      const value = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
      append(
        this.bodyEl,
        table(
          `${x.criterion.toUpperCase()} of ${x.player.id} (${x.player.name}): ${formatFraction(x.total)}`,
          ['Rd', 'Opponent', 'Result', 'Score', 'Counts'],
          x.rows.map((r) => [
            String(r.round),
            r.opponent ? `${r.opponent.id} (${r.opponent.name})` : r.note ?? '',
            r.outcome,
            value(r.unadjusted),
            `${r.dropped ? '(dropped) ' : ''}${value(r.value)}${r.adjustments.length > 0 ? ` — ${r.adjustments.join('; ')}` : ''}`,
          ]),
          { class: 'compact', 'data-testid': 'explanation' },
        ),
        h('p', { class: 'hint' }, `${x.formula}; counted ${x.sumOfCounted}.`),
      );
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Finalize
  // ---------------------------------------------------------------------------------------------------------------

  private renderFinalize(t: Tournament): void {
    const pending = t.games.filter((g) => g.result === 'unknown');
    append(
      this.bodyEl,
      h('p', {}, 'Writes a values-only copy of the grid and the standings (no formulas): the record to print, publish or send.'),
      pending.length > 0
        ? h('p', { class: 'warning' }, `${pending.length} game${pending.length === 1 ? ' has' : 's have'} no result yet (${pending.map((g) => `round ${g.round}: ${g.white}–${g.black}`).join(', ')}).`)
        : null,
      button('Finalize…', () => void this.offer(this.services.finalizeBatch(t)), { class: 'primary', 'data-testid': 'finalize' }),
    );
  }
}

