/**
 * The task pane wizard: New tournament → Register players → Sections and bar → Pair round → Results → Standings →
 * Finalize. It reads the tournament from the workbook before every step (the workbook is the record: a director may
 * type in the grid at any time, then re-read), prepares each write as one `WorkbookBatch`, shows what it will write,
 * and applies it only when the director confirms — all of it at once through the `WorkbookAdapter`, or nothing.
 *
 * It talks to a `WorkbookAdapter` only; the host (./taskpane.ts) decides which: Excel's (Office.js) or the `.xlsx`
 * held by the standalone page. Plain DOM, 320 px wide, every control labelled and reachable from the keyboard.
 * Each step is a file of ./steps/ (one wizard step, one file); this file holds what they share: the navigation, the
 * messages, reading the workbook, and the confirm-then-write path.
 */
import type { InputError } from '../src/model/errors';
import type { Round, Tournament } from '../src/model/tournament';
import type { WorkbookAdapter, WorkbookBatch } from '../src/workbook/adapters/adapter';
import { pendingGames } from '../src/workbook/cells/scratchPad';
import { append, button, clear, h } from './dom';
import type { PreparedBatch, ReadAhead, TournamentRead, WizardServices } from './services';
import { errorsText, type StepContext, type StepName } from './steps/context';
import { FinalizeStep } from './steps/finalize';
import { PairStep } from './steps/pair';
import { PlayersStep } from './steps/players';
import { ResultsStep } from './steps/results';
import { SectionsStep } from './steps/sections';
import { StandingsStep } from './steps/standings';
import { TournamentStep } from './steps/tournament';
import { describeWrites, watchWorkbook, writeFailure, writeSuccess, type WorkbookWatch } from './workbookWatch';
import type { Progress } from './progress';

export type { StepName } from './steps/context';

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
  /** The pane's progress bar: a confirmed write, with the read and redraw after it, is one task of it (./progress.ts). */
  readonly progress?: Progress;
}

/** "Pair round 2: writes Grid, Round 2 (3 steps)". */
export function describeBatch(batch: WorkbookBatch): string {
  return describeWrites(batch);
}

export class Wizard {
  private readonly root: HTMLElement;
  private readonly statusEl: HTMLElement;
  private readonly errorsEl: HTMLElement;
  private readonly warningsEl: HTMLElement;
  private readonly bodyEl: HTMLElement;
  private readonly confirmEl: HTMLElement;
  private readonly navButtons = new Map<StepName, HTMLButtonElement>();
  private step: StepName = 'tournament';
  private read: TournamentRead = { ok: false, empty: true };
  private busy = false;

  private readonly results: ResultsStep;
  private readonly players: PlayersStep;
  private readonly steps: Record<Exclude<StepName, 'tournament'>, { render(t: Tournament): void }>;
  private readonly tournamentStep: TournamentStep;

  constructor(
    container: HTMLElement,
    private readonly wb: WorkbookAdapter,
    private readonly services: WizardServices,
    private readonly options: WizardOptions = {},
  ) {
    this.statusEl = h('p', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': 'status' });
    this.errorsEl = h('div', { class: 'errors', role: 'alert', 'data-testid': 'errors' });
    this.warningsEl = h('div', { class: 'warnings', role: 'status', 'data-testid': 'warnings' });
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
    this.root = h('main', { class: 'wizard' }, h('h1', {}, 'Tengen'), nav, this.statusEl, this.errorsEl, this.warningsEl, this.confirmEl, this.bodyEl);
    container.append(this.root);
    // Messages belong to the action that made them: any button pressed (or choice changed) in the pane starts a new
    // action, so the status and the errors of the last one go before its handler runs (capture phase).
    const newAction = (e: Event) => {
      const target = e.target instanceof Element ? e.target : null;
      if (e.type === 'click' ? target?.closest('button') : target instanceof HTMLSelectElement) this.clearMessages();
    };
    this.root.addEventListener('click', newAction, true);
    this.root.addEventListener('change', newAction, true);
    const ctx = this.context();
    this.tournamentStep = new TournamentStep(ctx);
    this.results = new ResultsStep(ctx);
    this.players = new PlayersStep(ctx);
    this.steps = {
      players: this.players,
      sections: new SectionsStep(ctx),
      pair: new PairStep(ctx),
      results: this.results,
      standings: new StandingsStep(ctx),
      finalize: new FinalizeStep(ctx),
    };
  }

  /** What the steps may use of the wizard. */
  private context(): StepContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the steps see the wizard through this one object
    const wizard = this;
    return {
      body: this.bodyEl,
      services: this.services,
      get busy() {
        return wizard.busy;
      },
      tournament: () => this.tournament,
      reread: () => this.reread(),
      go: (step) => this.go(step),
      openResults: async (round: Round) => {
        this.results.resultsRound = round;
        await this.go('results');
      },
      render: () => this.render(),
      say: (text) => this.say(text),
      showErrors: (lines) => this.showErrors(lines),
      warn: (lines) => {
        clear(this.warningsEl);
        if (lines.length > 0) this.warningsEl.append(h('ul', {}, ...lines.map((l) => h('li', {}, l))));
      },
      offer: (prepared, details) => this.offer(prepared, details),
      apply: (batch) => this.apply(batch),
      during: (what, work) => (this.options.progress ? this.options.progress.during(what, work) : work()),
    };
  }

  /** Work in the pane not yet written to the workbook (players in the list), in words; null when none. */
  unwrittenWork(): string | null {
    const waiting = this.players.waitingCount();
    return waiting > 0 ? `${waiting} player${waiting === 1 ? '' : 's'} in the list not yet registered` : null;
  }

  /** Read the workbook and open the step that comes next. */
  async start(): Promise<void> {
    await this.reread();
    // Edits in the workbook mark the pane stale (issue 9): Office.js change events, where the host has them.
    // A failure is said, not swallowed: without the watch the pane does not notice edits made in the workbook.
    this.watch = await watchWorkbook(this.wb, (text) => this.say(text)).catch((e: unknown) => {
      this.say(`Edits made in the workbook will not be noticed by this pane (${e instanceof Error ? e.message : String(e)}): re-read before writing.`);
      return undefined;
    });
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
    // An unreadable workbook is shown by the error screen (render), with its way out: "Re-read the workbook".
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

  private clearMessages(): void {
    this.statusEl.textContent = '';
    clear(this.errorsEl);
    clear(this.warningsEl);
  }

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
  private confirmWrite(batch: WorkbookBatch, details: readonly string[] = [], warnings: readonly string[] = []): Promise<boolean> {
    return new Promise((resolve) => {
      clear(this.confirmEl);
      const write = button('Write to the workbook', () => void finish(true), { class: 'primary', 'data-testid': 'confirm-write' });
      const cancel = button('Cancel', () => void finish(false), { 'data-testid': 'confirm-cancel' });
      const finish = async (ok: boolean) => {
        write.disabled = true;
        cancel.disabled = true;
        if (ok) write.textContent = 'Writing…';
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
        // What the write changes besides what the director touched: read before "Write" (session/warnings.ts).
        warnings.length > 0 ? h('ul', { class: 'confirm-warnings', role: 'note', 'data-testid': 'confirm-warnings' }, ...warnings.map((w) => h('li', {}, w))) : null,
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
    // One wait as the director sees it, from "Write" to the next step drawn: past 300 ms the progress bar says so
    // (issue 28), however many calls on the workbook it takes.
    const end = this.options.progress?.begin(`${batch.label}: writing to ${this.options.workbookName ?? 'the workbook'}…`);
    try {
      return await this.applyAndRead(batch);
    } finally {
      end?.();
    }
  }

  private async applyAndRead(batch: WorkbookBatch): Promise<boolean> {
    this.busy = true;
    try {
      await this.wb.apply(batch);
    } catch (e) {
      this.hideConfirm();
      this.showErrors([writeFailure(batch, e)]);
      this.busy = false;
      return false;
    }
    // The workbook is read again before the confirmation closes, so the step the director works in next is drawn from
    // what was written: a form he starts filling is never replaced by a late redraw (pasted players were lost so).
    // A result's tournament is known without reading (./readAhead.ts): drawn at once, while the workbook is read back
    // and checked against it where it is held; the next write waits for that check (remoteSession.ts).
    const success = writeSuccess(batch, this.watch?.changes() ?? []);
    const ahead = this.services.readAhead?.(this.wb, batch);
    const read = ahead ? this.readAhead(ahead) : await this.reread();
    this.busy = false;
    this.hideConfirm();
    this.showErrors([]);
    this.say(success);
    this.options.onWrite?.(batch);
    if (!read.ok && !read.empty) this.render();
    return true;
  }

  /** The checks of reads made ahead, counted: only the latest one's outcome is shown on the pane. */
  private aheadCount = 0;

  /**
   * The tournament a write left, known without reading the workbook (`WizardServices.readAhead`): the pane shows it at
   * once. The workbook read back where it is held is compared with it; when it differs the pane says so, reads the
   * workbook and draws the step again from what it holds (what was prepared on the view shown is refused meanwhile).
   * `data-read-back` on the pane says where the check is: "checking", "checked", "differs".
   */
  private readAhead(ahead: ReadAhead): TournamentRead {
    this.read = ahead.read;
    this.watch?.reset();
    const count = ++this.aheadCount;
    this.root.setAttribute('data-read-back', 'checking');
    void ahead.checked.then(async (problem) => {
      const latest = count === this.aheadCount;
      if (latest) this.root.setAttribute('data-read-back', problem === null ? 'checked' : 'differs');
      // A read made since shows the workbook as it is already.
      if (problem === null || this.read !== ahead.read) return;
      await this.reread();
      this.render();
      this.showErrors([problem]);
    });
    return ahead.read;
  }

  /** Ask for confirmation of a prepared batch, or show why it could not be prepared. */
  private async offer(preparing: PreparedBatch, details: readonly string[] = []): Promise<boolean> {
    // Prepared in the page's workbook worker, the batch comes later (the progress bar says so past 300 ms).
    const prepared = await preparing;
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
    return this.confirmWrite(prepared.batch, details, prepared.warnings ?? []);
  }

  private render(): void {
    clear(this.bodyEl);
    const title = STEPS.find(([n]) => n === this.step)![1];
    this.bodyEl.append(h('h2', { id: 'step-title' }, title));
    const t = this.tournament;
    if (!this.read.ok && !this.read.empty) return this.renderUnreadable(this.read.errors);
    if (this.step !== 'tournament' && !t) {
      this.bodyEl.append(h('p', {}, 'This workbook holds no tournament yet.'), button('Go to New tournament', () => void this.go('tournament')));
      return;
    }
    if (this.step === 'tournament') return this.tournamentStep.render(t);
    this.steps[this.step].render(t!);
  }

  /**
   * The error screen: the workbook could not be read (a cell the grid does not understand, a missing sheet). Every
   * error names its sheet and cell; the director fixes them in the workbook, then "Re-read the workbook" carries on
   * from where the tournament stands. Nothing is written meanwhile.
   */
  private renderUnreadable(errors: readonly InputError[]): void {
    append(
      this.bodyEl,
      h('p', { 'data-testid': 'unreadable' }, 'The workbook could not be read. Correct these cells in the workbook, then read it again:'),
      h('ul', { class: 'errors-list', 'data-testid': 'read-errors' }, ...errorsText(errors).map((l) => h('li', {}, l))),
      button('Re-read the workbook', () => void this.recover(), { class: 'primary', 'data-testid': 'reread-workbook' }),
    );
  }

  /** Read the workbook again from the error screen; once it reads, open the step that comes next. */
  private async recover(): Promise<void> {
    const read = await this.reread();
    if (!read.ok) {
      if (!read.empty) this.say(`Still not readable: ${read.errors.length} error${read.errors.length === 1 ? '' : 's'}.`);
      this.render();
      return;
    }
    this.say('The workbook was read again.');
    await this.go(this.suggestedStep());
  }
}
