/**
 * Standalone mode: the same task pane in an ordinary browser, on a workbook held in the page (the `.xlsx` adapter).
 * The director opens an `.xlsx` (or starts a new one), runs the whole wizard, sees the grid drawn beside the pane,
 * and saves the `.xlsx` (a download). Nothing leaves the page: no server, no Office. The browser keeps the workbook
 * (IndexedDB, `autosave.ts`) after every write and the page restores it when opened again; leaving with work not
 * saved as a file asks first, and "Start over" asks before clearing it.
 *
 * Why one file of this size: the standalone page's host: opening and saving files, the autosave, undo and print, which share the page's one workbook.
 */
import type { CellValue, WorkbookAdapter } from '../src/workbook/adapters/adapter';
import { cellAddress, parseCell } from '../src/workbook/cells/address';
import { GRID_SHEET } from '../src/workbook/sheets/grid';
import { TengenInputError } from '../src/model/errors';
import { DAMAGED_WORKBOOK_ADVICE } from '../src/workbook/adapters/damaged';
import { append, button, clear, field, h, select } from './dom';
import type { WizardServices } from './services';
import { Wizard } from './wizard';
import { keptBytes, pushUndo, savedAtText, stepBytes, suggestedFileName, validHistory, type AutosaveStore, type SavedWorkbook, type UndoStep } from './autosave';
import { askPersistentStorage, indexedDbStore } from './browserStore';
import { liveValuesBatch, readSession, readTournament } from '../src/workbook/session';
import { PrintView } from './printView';
import { hasSession } from './remoteSession';
import type { SheetView } from './workbookProtocol';
import type { Progress } from './progress';
import { patchSheet, renderSheet } from './sheetView';
import { applyViewPatch, type ViewPatch } from './viewPatch';

export { cellText, renderSheet, SHEET_ROWS_AT_ONCE } from './sheetView';

/** A workbook the page holds: readable and writable through the adapter, and savable as `.xlsx` bytes. */
export interface PageWorkbook extends WorkbookAdapter {
  save(): Promise<Uint8Array>;
}

export interface PageWorkbookFactory {
  create(): PageWorkbook | Promise<PageWorkbook>;
  load(bytes: Uint8Array): PageWorkbook | Promise<PageWorkbook>;
}

/** An autosave not started yet: the workbook, the writes it keeps (their undo labels), whether it is the file's copy. */
interface PendingSave {
  readonly wb: PageWorkbook;
  readonly labels: string[];
  savedAsFile: boolean;
  readonly asOpened?: Uint8Array;
}

export class StandalonePage {
  private wb: PageWorkbook | null = null;
  private fileTitle = 'tournament';
  private shown = GRID_SHEET;
  /** The page holds work not yet saved as an `.xlsx` file (the browser's copy is not a file the director has). */
  private unsavedFile = false;
  /** Autosaves run one after the other, so an older copy never lands after a newer one. */
  private saving: Promise<unknown> = Promise.resolve();
  /** The autosave asked for and not started yet: later writes join it (`autosave`). */
  private waitingSave: PendingSave | null = null;
  /** The writes the page can undo (kept with the autosave), and the workbook as last kept (the next step's "before"). */
  private history: UndoStep[] = [];
  private kept: { bytes: Uint8Array; fingerprint: string | null } | null = null;
  private wizard: Wizard | null = null;
  private readonly saveButton: HTMLButtonElement;
  private readonly openInput: HTMLInputElement;
  private readonly startOverButton: HTMLButtonElement;
  private readonly undoButton: HTMLButtonElement;
  private readonly printButton: HTMLButtonElement;
  private readonly printView: PrintView;
  private readonly pane: HTMLElement;
  private readonly gridEl: HTMLElement;
  /**
   * The sheet chooser and the cell editor, made once and kept while the sheet below them is redrawn: a write's redraw
   * (a round paired adds the Grid's columns, and the whole sheet is drawn again) no longer replaces the form the
   * director is typing in or clicking — a click whose press and release fell on two forms was lost, and the focus
   * went with the old inputs (CI, session 21: "Write cell" pressed while round 3's pairing redrew the Grid).
   */
  private readonly sheetTools: HTMLElement;
  private readonly sheetChooser: HTMLSelectElement;
  private readonly cellForm: HTMLFormElement;
  private readonly cellAddressInput: HTMLInputElement;
  private readonly cellValueInput: HTMLInputElement;
  /** The drawn sheet's table (or the words that there is none), under the tools. */
  private readonly sheetBody: HTMLElement;
  /** The sheet the table drawn shows: the cell editor writes into it. */
  private editedSheet: string | null = null;
  private readonly toolbar: HTMLElement;
  private readonly messageEl: HTMLElement;
  private readonly autosaveEl: HTMLElement;
  private readonly dialogEl: HTMLElement;

  constructor(
    container: HTMLElement,
    private readonly factory: PageWorkbookFactory,
    private readonly services: WizardServices,
    private readonly store: AutosaveStore = indexedDbStore(),
    /** The page's progress bar, shown by the wizard's writes past 300 ms too. */
    private readonly progress?: Progress,
  ) {
    clear(container);
    container.classList.add('standalone');
    this.messageEl = h('p', { class: 'page-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'page-status' });
    this.autosaveEl = h('p', { class: 'autosave-status', 'aria-live': 'polite', 'data-testid': 'autosave-status' });
    this.dialogEl = h('div', { class: 'page-dialog' });
    // Disabled, like Save, until the page has opened the tournament the browser kept: a file opened meanwhile raced
    // the restore, which then replaced it with a new, empty workbook.
    const open = h('input', { type: 'file', accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name: 'open-xlsx', disabled: true, title: 'Opening the workbook…' });
    this.openInput = open;
    open.addEventListener('change', () => {
      const file = open.files?.[0];
      open.value = '';
      if (file) this.askFirst(`Open ${file.name}?`, 'Open it', () => this.openFile(file), false);
    });
    // Disabled until the workbook is open (issue 25: "Save .xlsx in the first half second after load does nothing").
    this.saveButton = button('Save .xlsx', () => void this.save(), { 'data-testid': 'save-xlsx', disabled: true, title: 'Opening the workbook…' });
    this.undoButton = button('Undo', () => this.askUndo(), { 'data-testid': 'undo', disabled: true });
    this.printButton = button('Print…', () => void this.openPrint(), { 'data-testid': 'print-open', disabled: true });
    this.toolbar = h(
      'div',
      { class: 'toolbar', role: 'toolbar', 'aria-label': 'Workbook' },
      field('Open a workbook (.xlsx)', open),
      (this.startOverButton = button('Start over…', () => this.askFirst('Start over with a new, empty workbook?', 'Start over', () => this.startOver(), true), { 'data-testid': 'start-over', disabled: true })),
      this.saveButton,
      this.undoButton,
      this.printButton,
    );
    this.pane = h('div', { class: 'pane' });
    this.gridEl = h('section', { class: 'grid-view', 'aria-label': 'The workbook' });
    this.sheetChooser = select([], undefined, { name: 'sheet' });
    this.sheetChooser.addEventListener('change', () => {
      this.shown = this.sheetChooser.value;
      void this.drawGrid();
    });
    this.cellAddressInput = h('input', { type: 'text', name: 'cell-address', size: 6, placeholder: 'F16', autocomplete: 'off' });
    this.cellValueInput = h('input', { type: 'text', name: 'cell-value', size: 10, autocomplete: 'off' });
    this.cellForm = h('form', { class: 'row cell-editor' }, field('Cell', this.cellAddressInput), field('Value', this.cellValueInput), h('button', { type: 'submit' }, 'Write cell'));
    this.cellForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.writeTypedCell();
    });
    this.sheetTools = h('div', { class: 'row sheet-tools', hidden: true }, field('Sheet', this.sheetChooser), this.cellForm);
    this.sheetBody = h('div', { class: 'sheet-scroll' });
    append(this.gridEl, this.sheetTools, this.sheetBody);
    this.printView = new PrintView();
    append(
      container,
      h('header', { class: 'page-header' }, h('span', { class: 'brand' }, 'Tengen — standalone'), this.toolbar, this.messageEl, this.autosaveEl),
      this.dialogEl,
      h('div', { class: 'layout' }, this.pane, this.gridEl),
      this.printView.element,
    );
    // Leaving with work not saved as a file: the browser asks first (HTML, "The beforeunload event"; browsers show
    // their own words, and only after the director has interacted with the page).
    // Players in the list not yet registered are work too (issue 25: "pending players are lost on reload without a
    // prompt").
    window.addEventListener('beforeunload', (e) => {
      if (!this.unsavedFile && !this.wizard?.unwrittenWork()) return;
      e.preventDefault();
      // Legacy browsers ask only when returnValue is a non-empty string (MDN, "BeforeUnloadEvent: returnValue").
      e.returnValue = 'unsaved';
    });
  }

  /** Opens the page: the tournament the browser kept, else a new, empty workbook; then Open and Start over work. */
  async start(): Promise<void> {
    try {
      await this.restoreOrCreate();
    } finally {
      for (const control of [this.openInput, this.startOverButton]) {
        control.disabled = false;
        control.removeAttribute('title');
      }
    }
  }

  private async restoreOrCreate(): Promise<void> {
    void askPersistentStorage();
    let saved: SavedWorkbook | null = null;
    try {
      saved = await this.store.load();
    } catch (e) {
      this.autosaveEl.textContent = `This browser does not keep the tournament (${(e as Error).message}): Save .xlsx to keep it.`;
    }
    let unreadable = '';
    if (saved) {
      try {
        await this.mount(await this.factory.load(saved.bytes), saved.title, saved.bytes, validHistory(saved.history));
        this.unsavedFile = !saved.savedAsFile;
        this.messageEl.textContent = `Restored the tournament this browser kept${saved.savedAsFile ? '' : ' (not yet saved as an .xlsx file)'}.`;
        this.showSaved(saved.savedAt);
        return;
      } catch (e) {
        unreadable = (e as Error).message;
      }
    }
    await this.newWorkbook();
    if (unreadable) this.messageEl.textContent = `The tournament this browser kept could not be opened (${unreadable}); a new, empty workbook is open.`;
  }

  async newWorkbook(): Promise<void> {
    await this.mount(await this.factory.create(), 'tournament');
    this.unsavedFile = false;
    this.messageEl.textContent = 'A new, empty workbook: create the tournament in the pane.';
  }

  /** "Start over" once confirmed: the browser's copy is removed and a new, empty workbook opened. */
  private async startOver(): Promise<void> {
    await this.saving;
    try {
      await this.store.clear();
    } catch {
      // Nothing kept to clear, or no storage: the new workbook replaces it at the next write anyway.
    }
    await this.newWorkbook();
    this.autosaveEl.textContent = '';
  }

  async openFile(file: File): Promise<void> {
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      await this.mount(await this.factory.load(bytes), file.name.replace(/\.xlsx$/i, ''), bytes);
      this.messageEl.textContent = `Opened ${file.name}.`;
      // The page now holds this workbook: the browser keeps it (the file's own bytes: nothing to save again), and it is
      // the file the director has.
      this.unsavedFile = false;
      this.autosave(true, undefined, bytes);
    } catch (e) {
      // Tengen's own refusal names the damaged part and what to do; a parser's message is not for a director (issue 27).
      const why = e instanceof TengenInputError ? e.message : `its parts cannot be read (it is damaged, or was not written by a spreadsheet program); ${DAMAGED_WORKBOOK_ADVICE}`;
      this.messageEl.textContent = `${file.name} could not be opened as an .xlsx workbook: ${why}`;
    }
  }

  /**
   * Replacing what the page holds asks first (`always`, or when the director has work not saved as a file); the
   * question says what would be lost and offers to save it first. Otherwise the action runs at once.
   */
  private askFirst(question: string, yes: string, action: () => Promise<void>, always: boolean): void {
    clear(this.dialogEl);
    if (!always && !this.unsavedFile) {
      void action();
      return;
    }
    const close = () => clear(this.dialogEl);
    const go = button(yes, () => {
      close();
      void action();
    }, { 'data-testid': 'confirm-replace' });
    const keep = button('Keep working', close, { 'data-testid': 'cancel-replace' });
    const lost = this.unsavedFile
      ? 'The tournament in this page has changes not saved as an .xlsx file; they are lost from this browser. Save .xlsx first to keep them.'
      : 'The tournament in this page is removed from this browser (it was saved as an .xlsx file).';
    const dialog = h(
      'div',
      { role: 'alertdialog', 'aria-modal': 'false', 'aria-label': question, class: 'confirm', 'data-testid': 'replace-dialog' },
      h('p', {}, h('strong', {}, question), ' ', lost),
      h('div', { class: 'row' }, button('Save .xlsx first', () => void this.save()), go, keep),
    );
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') close();
    });
    append(this.dialogEl, dialog);
    keep.focus();
  }

  /**
   * Stores the page's workbook in the browser (after each confirmed write); shows when, or why it could not. A write
   * (`undoLabel`) puts the workbook as it was before it on the undo history, kept with it.
   *
   * The save starts once the page has drawn what the write changed (the task after this one), and in the worker after
   * the calls asked before it (`workbookWorker.ts`): a write returns to the page before its save. Writes confirmed
   * while a save waits to start are kept by that one save — the latest workbook is always the one stored — and are
   * undone together, their labels joined (issue 28: autosaves coalesced).
   */
  private autosave(savedAsFile = false, undoLabel?: string, asOpened?: Uint8Array): void {
    const wb = this.wb;
    if (!wb) return;
    const waiting = this.waitingSave;
    if (waiting && waiting.wb === wb && !asOpened && !waiting.asOpened) {
      if (undoLabel) waiting.labels.push(undoLabel);
      // The latest call says whether the workbook stored is the one saved as a file (a write after "Save" is not).
      waiting.savedAsFile = savedAsFile;
      return;
    }
    const job: PendingSave = { wb, labels: undoLabel ? [undoLabel] : [], savedAsFile, ...(asOpened ? { asOpened } : {}) };
    this.waitingSave = job;
    const started = new Promise<void>((resolve) => setTimeout(resolve, 0));
    this.saving = Promise.all([this.saving, started]).then(async () => {
      if (this.waitingSave === job) this.waitingSave = null;
      try {
        const bytes = job.asOpened ?? (await wb.save());
        const savedAt = new Date().toISOString();
        if (wb !== this.wb) return;
        const fingerprint = await fingerprintOf(wb);
        if (job.labels.length > 0 && this.kept) {
          this.history = pushUndo(this.history, { label: job.labels.join(' + '), bytes: keptBytes(this.kept.bytes), before: this.kept.fingerprint, after: fingerprint, at: savedAt });
        }
        this.kept = { bytes, fingerprint };
        this.showUndo();
        await this.store.save({ bytes, title: this.fileTitle, savedAt, savedAsFile: job.savedAsFile || !this.unsavedFile, history: this.history });
        if (wb === this.wb) this.showSaved(savedAt);
      } catch (e) {
        this.autosaveEl.textContent = `Not kept in this browser (${(e as Error).message}): Save .xlsx to keep your work.`;
      }
    });
  }

  /** The Undo button names the write it undoes. */
  private showUndo(): void {
    const top = this.history.at(-1);
    this.undoButton.disabled = !top;
    this.undoButton.textContent = top ? `Undo: ${top.label}` : 'Undo';
    this.undoButton.title = top ? `The workbook as it was before "${top.label}" (${savedAtText(top.at)})` : 'Nothing to undo';
  }

  /** Undo asks first, naming the write and what it brings back. */
  private askUndo(): void {
    const top = this.history.at(-1);
    if (!top) return;
    clear(this.dialogEl);
    const close = () => clear(this.dialogEl);
    const go = button(`Undo "${top.label}"`, () => {
      close();
      void this.undo();
    }, { 'data-testid': 'confirm-undo', class: 'primary' });
    const keep = button('Keep it', close, { 'data-testid': 'cancel-undo' });
    const dialog = h(
      'div',
      { role: 'alertdialog', 'aria-modal': 'false', 'aria-label': `Undo ${top.label}`, class: 'confirm', 'data-testid': 'undo-dialog' },
      h('p', {}, h('strong', {}, `Undo "${top.label}" (${savedAtText(top.at)})?`), ' The workbook goes back to how it was before it; what that write changed is gone from the page (a file you saved keeps it).'),
      h('div', { class: 'row' }, go, keep),
    );
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') close();
    });
    append(this.dialogEl, dialog);
    keep.focus();
  }

  /**
   * The last write undone, checked like any write: refused, nothing changed, when the workbook is no longer as that
   * write left it, or when the copy kept does not read back as the tournament it was.
   */
  private async undo(): Promise<void> {
    await this.saving;
    const wb = this.wb;
    const top = this.history.at(-1);
    if (!wb || !top) return;
    const now = await fingerprintOf(wb);
    if (now !== top.after) {
      this.messageEl.textContent = `Undo "${top.label}": not done — the workbook changed since that write (re-read it in the pane); nothing was changed.`;
      return;
    }
    let restored: PageWorkbook;
    let bytes: Uint8Array;
    try {
      bytes = await stepBytes(top);
      restored = await this.factory.load(bytes);
    } catch (e) {
      this.messageEl.textContent = `Undo "${top.label}": not done — the copy kept could not be opened (${(e as Error).message}); nothing was changed.`;
      return;
    }
    if ((await fingerprintOf(restored)) !== top.before) {
      this.messageEl.textContent = `Undo "${top.label}": not done — the copy kept does not read back as the tournament it was; nothing was changed.`;
      return;
    }
    this.history = this.history.slice(0, -1);
    await this.mount(restored, this.fileTitle, bytes, this.history);
    this.unsavedFile = true;
    this.autosave();
    this.messageEl.textContent = `Undone: ${top.label} — the workbook is as it was before it. Save .xlsx to keep it in a file.`;
  }

  /** The print view of the workbook's tournament (printView.ts); the browser's print gives it alone. */
  private async openPrint(): Promise<void> {
    const wb = this.wb;
    if (!wb) return;
    const read = await this.services.readTournament(wb);
    if (!read.ok) {
      this.messageEl.textContent = 'Nothing to print yet: create the tournament first (or correct the cells the pane names).';
      return;
    }
    this.printView.open(read.tournament);
  }

  private showSaved(savedAt: string): void {
    this.autosaveEl.textContent = `Kept in this browser at ${savedAtText(savedAt)}${this.unsavedFile ? ' — not yet saved as an .xlsx file' : ''}.`;
    this.autosaveEl.setAttribute('data-saved-at', savedAt);
  }

  /** A write the director made (a confirmed batch, or a cell typed in the grid): kept in the browser at once. */
  private written(label: string): void {
    this.unsavedFile = true;
    this.autosave(false, label);
  }

  /**
   * The page holds `wb` from now on. `bytes`: what it was loaded from (else saved once, so the first write can be
   * undone); `history`: the undo steps kept with it.
   */
  private async mount(wb: PageWorkbook, title: string, bytes?: Uint8Array, history: readonly UndoStep[] = []): Promise<void> {
    this.wb = wb;
    this.fileTitle = title;
    this.history = [...history];
    this.kept = null;
    this.printView.close();
    for (const b of [this.saveButton, this.undoButton, this.printButton]) b.disabled = true;
    clear(this.pane);
    const wizard = new Wizard(this.pane, wb, this.services, {
      workbookName: `${title}.xlsx`,
      progress: this.progress,
      onWrite: (batch) => {
        this.messageEl.textContent = `${batch.label}: written in the page's workbook — Save .xlsx to keep it in a file.`;
        this.unsavedFile = true;
        // The pane's next step is painted first (issue 28: a result leaves the page ready for the next within 100 ms):
        // the grid's cells written, 40–60 ms of layout and paint of the EGC grid, come in a frame of their own after it.
        // The view is asked for before the autosave: the worker answers it before it saves the autosave's copy.
        this.gridEl.setAttribute('aria-busy', 'true');
        afterNextPaint(() => {
          if (this.wb !== wb) return;
          void this.drawGrid();
          this.written(batch.label);
        });
      },
    });
    this.wizard = wizard;
    await wizard.start();
    await this.drawGrid();
    this.kept = { bytes: bytes ?? (await wb.save()), fingerprint: await fingerprintOf(wb) };
    if (wb !== this.wb) return;
    this.saveButton.disabled = false;
    this.saveButton.removeAttribute('title');
    this.printButton.disabled = false;
    this.showUndo();
  }
  /** The latest `drawGrid` call: an earlier one still waiting for the workbook draws nothing. */
  private drawing = 0;
  /** What the sheet view shows now (the workbook and its sheet list, sheet and values), so an equal redraw is skipped. */
  private drawnWorkbook: PageWorkbook | null = null;
  private drawnKey = '';
  /** The sheet drawn from the worker's view: its values (patched in place), its table, and the view sent (`sent`). */
  private drawn: { readonly sheet: string; readonly values: CellValue[][]; readonly table: HTMLTableElement; sent: number } | null = null;

  /** Draw the shown sheet (the Grid by default) of the page's workbook. */
  async drawGrid(): Promise<void> {
    const wb = this.wb;
    // Two draws may overlap (a write's redraw while the director picks another sheet): only the latest one draws,
    // and it clears the view just before it appends, so the sheet is never shown twice.
    const draw = ++this.drawing;
    // Busy while the latest draw waits for the workbook (assistive technology, and tests, wait for the view to settle).
    this.gridEl.setAttribute('aria-busy', 'true');
    try {
      await this.drawLatest(wb, draw);
    } finally {
      if (draw === this.drawing) this.gridEl.setAttribute('aria-busy', 'false');
    }
  }

  private async drawLatest(wb: PageWorkbook | null, draw: number): Promise<void> {
    if (!wb) {
      this.showSheet(null, [], null);
      this.drawnKey = '';
      this.drawn = null;
      return;
    }
    // The sheet drawn now, when it is the one to show: the worker sends the cells changed since (`viewPatch.ts`).
    const drawn = this.drawn && wb === this.drawnWorkbook && this.drawn.sheet === this.shown ? this.drawn : null;
    let seen = await sheetView(wb, this.shown, drawn?.sent);
    const names = seen.names;
    if (!names.includes(this.shown)) {
      this.shown = names.includes(GRID_SHEET) ? GRID_SHEET : names[0] ?? GRID_SHEET;
      if (names.length > 0) seen = await sheetView(wb, this.shown);
    }
    if (draw !== this.drawing || wb !== this.wb) return;
    const namesKey = JSON.stringify([names, this.shown]);
    if (seen.patch) {
      // Only the cells that changed, in the table drawn: the director's scroll position, focus and typing stay.
      if (drawn && this.drawn === drawn && this.drawnKey.startsWith(namesKey + '#') && applyViewPatch(drawn.values, seen.patch)) {
        patchSheet(drawn.table, seen.patch);
        drawn.sent = seen.sent ?? drawn.sent;
        this.drawnKey = namesKey + seen.key;
        return;
      }
      // The view drawn is not the one patched (a draw in between): the whole sheet again.
      seen = await sheetView(wb, this.shown);
      if (draw !== this.drawing || wb !== this.wb) return;
    }
    const values = names.length > 0 ? seen.values : null;
    // Nothing changed in what is shown (the same workbook, sheet list, sheet and values): the view is left as it is,
    // so the director's scroll position, focus and typing are not disturbed by a write to another sheet.
    const shownKey = namesKey + seen.key;
    if (wb === this.drawnWorkbook && shownKey === this.drawnKey && this.sheetBody.firstChild) return;
    this.drawnWorkbook = wb;
    this.drawnKey = shownKey;
    const view = values ? renderSheet(this.shown, values) : null;
    this.drawn = view && values && seen.sent !== undefined ? { sheet: this.shown, values, table: view, sent: seen.sent } : null;
    this.showSheet(view, names, this.shown);
  }

  /**
   * The table drawn (`view`, of `sheet`) under the tools kept: the chooser's options follow the sheet list, the cell
   * editor (hidden when no sheet is drawn) keeps what the director is typing and his focus.
   */
  private showSheet(view: HTMLTableElement | null, names: readonly string[], sheet: string | null): void {
    const chooser = this.sheetChooser;
    const options = [...chooser.options].map((o) => o.value);
    if (options.length !== names.length || options.some((n, i) => n !== names[i])) {
      clear(chooser);
      append(chooser, ...names.map((n) => h('option', { value: n }, n)));
    }
    if (sheet !== null && chooser.value !== sheet) chooser.value = sheet;
    this.sheetTools.hidden = names.length === 0;
    this.cellForm.hidden = view === null;
    this.editedSheet = view ? sheet : null;
    if (view && sheet !== null) {
      this.cellForm.setAttribute('aria-label', `Type in ${sheet}`);
      // Clicking a cell of the table fills the editor with its address and value.
      view.addEventListener('click', (e) => {
        const td = (e.target as Element).closest('td[data-cell]');
        if (!td) return;
        this.cellAddressInput.value = td.getAttribute('data-cell') ?? '';
        this.cellValueInput.value = td.textContent ?? '';
        this.cellValueInput.focus();
        this.cellValueInput.select();
      });
    }
    clear(this.sheetBody);
    append(this.sheetBody, view ?? (names.length > 0 || this.wb ? h('p', {}, 'The workbook has no sheet yet.') : null));
  }

  /**
   * Typing in the grid, as a director does in Excel (then "Re-read the grid" in the pane): a cell address and its new
   * value, written into the sheet drawn; clicking a cell of the table fills both. The director's own entry, written as
   * he types it.
   */
  private writeTypedCell(): void {
    const wb = this.wb;
    const sheet = this.editedSheet;
    if (!wb || sheet === null) return;
    const address = this.cellAddressInput.value;
    const position = parseCell(address);
    if (!position) {
      this.messageEl.textContent = `Cell: "${address}" is not a cell address like F16`;
      return;
    }
    const at = cellAddress(position.row, position.column);
    const text = this.cellValueInput.value.trim();
    const cell = text === '' ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    void wb
      .apply({ label: `Typed in ${sheet}!${at}`, ops: [{ kind: 'write', sheet, at, cells: [[cell]] }] })
      .then(() => {
        this.messageEl.textContent = `${sheet}!${at} = ${text || '(empty)'}: re-read the grid in the pane to use it.`;
        this.written(`Typed in ${sheet}!${at}`);
        return this.drawGrid();
      })
      .catch((err: Error) => (this.messageEl.textContent = `${sheet}!${at}: not written — ${err.message}`));
  }

  /** The file name to suggest: the tournament's name and year from the Grid, else the name of the file opened. */
  private async suggestedName(wb: PageWorkbook): Promise<string> {
    try {
      const read = await this.services.readTournament(wb);
      if (read.ok) return suggestedFileName(read.tournament.name, read.tournament.beginDate, this.fileTitle);
    } catch {
      // Not a tournament workbook (yet): the title it was opened under.
    }
    return suggestedFileName(this.fileTitle);
  }

  /** Download the workbook as `.xlsx`, under a name made from the tournament. */
  async save(): Promise<void> {
    const wb = this.wb;
    if (!wb) {
      this.messageEl.textContent = 'Nothing to save: open a workbook or start a new one.';
      return;
    }
    await refreshLiveValues(wb);
    const bytes = await wb.save();
    const name = await this.suggestedName(wb);
    // A copy in a plain ArrayBuffer (a Blob takes no view of a shared buffer).
    const blob = new Blob([bytes.slice().buffer as ArrayBuffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    // The browser offers the download; from here the director has the file (the page cannot know where it went).
    this.unsavedFile = false;
    this.autosave(true);
    await this.saving;
    this.messageEl.textContent = `Saved ${name}.`;
  }
}

/**
 * `fn` once the page has painted its next frame; after 100 ms where no frame comes (a tab in the background paints
 * none, and what it runs then must still run: the autosave).
 */
function afterNextPaint(fn: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    fn();
  };
  // The animation frame's callbacks run before its paint; a task queued from one runs after it (HTML, "Update the
  // rendering").
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(go, 0));
  setTimeout(go, 100);
}

/**
 * Before a file is saved: the live formulas' cached values brought up to date (`liveValuesBatch`), so a viewer or
 * LibreOffice shows the current standings. A workbook that does not read as a tournament is saved as it is.
 */
async function refreshLiveValues(wb: WorkbookAdapter): Promise<void> {
  // Done where the workbook is held (its worker), when it is.
  const remote = wb as { refreshLiveValues?: () => Promise<void> };
  if (typeof remote.refreshLiveValues === 'function') return remote.refreshLiveValues();
  const read = await readTournament(wb);
  if (!read.ok) return;
  const batch = liveValuesBatch(read.value);
  if (batch.ops.length > 0) await wb.apply(batch);
}

/**
 * What the sheet view of `sheet` shows, with a key that changes whenever its values may have; from the worker, only the
 * cells changed since the view `known` it sent (`patch`), when the page holds that one drawn.
 */
async function sheetView(
  wb: WorkbookAdapter,
  sheet: string,
  known?: number,
): Promise<{ names: readonly string[]; values: CellValue[][] | null; key: string; patch?: ViewPatch; sent?: number }> {
  // The page's workbook in its worker: one call, and the count of its writes as the key (no sheet compared here).
  if (isViewable(wb)) {
    const v = await wb.view(sheet, known);
    return { names: v.names, values: v.values, key: `#${v.version}`, ...(v.patch ? { patch: v.patch } : {}), ...(v.sent !== undefined ? { sent: v.sent } : {}) };
  }
  const names = await wb.sheetNames();
  const values = names.includes(sheet) ? await wb.readSheet(sheet) : null;
  return { names, values, key: JSON.stringify(values) };
}

function isViewable(wb: WorkbookAdapter): wb is WorkbookAdapter & { view(sheet: string, known?: number): Promise<SheetView> } {
  return typeof (wb as { view?: unknown }).view === 'function';
}

/** The tournament's fingerprint in the workbook (what a write is checked against), null when it holds none. */
async function fingerprintOf(wb: WorkbookAdapter): Promise<string | null> {
  // Read where the workbook is held (its worker keeps the last read: no sheet crosses to the page).
  if (hasSession(wb)) return wb.fingerprint();
  try {
    const read = await readSession(wb);
    return read.ok ? read.value.fingerprint : null;
  } catch {
    return null;
  }
}
