/**
 * Pair round. The step opens on the next round without games (Mays pairs one round after the other: "Doing the
 * Pairings"): preview it, change it with the director's controls, write it once confirmed — nothing to choose first.
 * Pairing again a round already paired is a separate, destructive action with its own screen and warning ("Pair a
 * round again…"): its games are replaced and its results removed, only after the director ticks that he means it.
 *
 * The preview is computed off the pane's thread (../backgroundPairing.ts) with a progress indicator meanwhile.
 *
 * Why one file of this size: one wizard step (the Pair round screen) with its controls, preview, report and confirmation.
 */
import { playerLabel, type PlayerId, type Round, type Tournament } from '../../src/model/tournament';
import { isPairingError } from '../../src/pairing/types';
import { ownPairing } from '../../src/systems/registry';
import { LABELS } from '../../src/workbook/cells/notation';
import { pendingGames } from '../../src/workbook/cells/scratchPad';
import { partlyPairedRound } from '../../src/workbook/session/pair';
import { openGothaHandicapNote } from '../openGothaHandicap';
import { pageThreadPairing, type BackgroundPairing } from '../backgroundPairing';
import { append, button, checkbox, field, h, select } from '../dom';
import { NO_CONTROLS, toDirectorControls, type EditableControls } from '../pairingControls';
import { readFingerprint, type PairControls, type PairingPreview } from '../services';
import { errorsText, renderSectionsNotice, roundsState, type Step, type StepContext } from './context';
import { renderControlsForm, renderPreview } from './pairPreview';

/** A preview being computed: which, since when, and the timer that shows the time passing. */
interface Pending {
  readonly round: Round;
  readonly started: number;
  readonly generation: number;
  timer?: ReturnType<typeof setInterval>;
}

export class PairStep implements Step {
  private pairSystem: string;
  private controls: EditableControls = NO_CONTROLS;
  private preview: PairingPreview | null = null;
  /** `repair`: the screen that pairs an already paired round again (destructive), `next`: the next round. */
  private mode: 'next' | 'repair' = 'next';
  private repairRound: Round | null = null;
  private confirmRepair = false;
  /**
   * Part of the field now (the CLI's `--only`, `--score-below`): the players free now (their last game has a result),
   * IDs the director typed, or the players below a score; the others are left for later, their tables kept.
   */
  private partial: { readonly freeNow: boolean; readonly only: readonly PlayerId[]; readonly scoreBelow?: number } = { freeNow: false, only: [] };
  private pending: Pending | null = null;
  /** Bumped whenever what is previewed changes: an answer for an older generation is dropped. */
  private generation = 0;
  private readonly background: BackgroundPairing;

  constructor(private readonly ctx: StepContext) {
    this.pairSystem = ctx.services.pairingSystems[0]?.[0] ?? 'mays';
    this.background = ctx.services.background ?? pageThreadPairing(ctx.services);
  }

  /** Forget the preview and any computation under way (the round or the screen changed). */
  private reset(keepRepair = false): void {
    this.preview = null;
    this.controls = NO_CONTROLS;
    this.partial = { freeNow: false, only: [] };
    if (!keepRepair) this.confirmRepair = false;
    this.stopPending();
    this.generation += 1;
  }

  private stopPending(): void {
    if (this.pending?.timer !== undefined) clearInterval(this.pending.timer);
    this.pending = null;
  }

  /**
   * The round this screen pairs: the next unpaired one — or the rest of a round paired in part (its announced tables
   * kept) — or (repair screen) the one chosen.
   */
  private roundOf(t: Tournament): Round | null {
    const { paired, next } = roundsState(t);
    if (this.mode === 'repair') {
      if (this.repairRound === null || !paired.includes(this.repairRound)) this.repairRound = paired[paired.length - 1] ?? null;
      return this.repairRound;
    }
    return partlyPairedRound(t)?.round ?? next;
  }

  /** True when this screen pairs the rest of a partly paired round. */
  private pairsRest(t: Tournament): boolean {
    return this.mode === 'next' && partlyPairedRound(t) !== null;
  }

  /** The players present in `round`, not seated in it yet, whose last game has a result: free to be paired now. */
  private freeNow(t: Tournament, round: Round): PlayerId[] {
    const playing = new Set(t.games.filter((g) => g.round < round && g.result === 'unknown').flatMap((g) => [g.white, g.black]));
    const seated = new Set([...t.games.filter((g) => g.round === round).flatMap((g) => [g.white, g.black]), ...t.byes.filter((b) => b.round === round).map((b) => b.player)]);
    return t.players.filter((p) => !(p.absentRounds ?? []).includes(round) && !playing.has(p.id) && !seated.has(p.id)).map((p) => p.id);
  }

  render(t: Tournament): void {
    this.background.prepare?.();
    const { paired } = roundsState(t);
    if (this.mode === 'repair' && paired.length === 0) this.mode = 'next';
    const round = this.roundOf(t);
    // A preview of another round (the workbook was read again meanwhile) is not this screen's.
    if (this.preview && (round === null || this.preview.pairing.round !== round)) this.reset();

    if (this.mode === 'repair') {
      if (!this.renderRepairHeader(t, round!)) return;
    } else if (round === null) {
      append(
        this.ctx.body,
        h('p', { 'data-testid': 'pair-next' }, `All ${t.settings.rounds} rounds are paired.`),
        button('Go to Results', () => void this.ctx.go('results')),
        button('Go to Standings', () => void this.ctx.go('standings')),
      );
      this.renderRepairEntry(paired);
      return;
    } else {
      const partly = partlyPairedRound(t);
      if (partly) {
        append(
          this.ctx.body,
          h('h3', { 'data-testid': 'pair-next' }, `Round ${round} of ${t.settings.rounds}: the rest`),
          h(
            'p',
            { class: 'notice', 'data-testid': 'partly-paired' },
            `Round ${round} is paired in part: ${partly.tables} table${partly.tables === 1 ? '' : 's'} announced (kept as they are), ${partly.waiting.length} player${partly.waiting.length === 1 ? '' : 's'} still to pair: ${partly.waiting.map((id) => playerLabel(t, id)).join('; ')}.`,
          ),
        );
      } else append(this.ctx.body, h('h3', { 'data-testid': 'pair-next' }, `Round ${round} of ${t.settings.rounds}`));
      this.renderWaitingResults(t, round);
      if (round === 1) renderSectionsNotice(this.ctx, t);
    }

    // A round-robin pairs from its table of rounds; a knockout, a QT, Groups of Eight by their own rules, a team
    // tournament by the team draw (src/systems/registry.ts): the score-group systems are no choice there.
    const own = ownPairing(t) !== undefined;
    if (t.settings.teams) append(this.ctx.body, h('p', { 'data-testid': 'own-system' }, `Paired by the team draw: ${LABELS.en.systems[t.settings.system]} over teams, board k of a team against board k of the other.`));
    else if (t.settings.system === 'round-robin') append(this.ctx.body, h('p', { 'data-testid': 'round-robin-table' }, `Round-robin: round ${round} of the ${t.settings.schedule === 'egc' ? 'European Championship league' : 'Berger'} table, by pairing number.`));
    else if (own) append(this.ctx.body, h('p', { 'data-testid': 'own-system' }, `Paired by the rules of the ${LABELS.en.systems[t.settings.system]}${t.settings.system === 'knockout' ? ` (${t.settings.bracket ?? 'fold'})` : ''}.`));
    else {
      const systemSelect = select(this.ctx.services.pairingSystems, this.pairSystem, { name: 'pair-system' });
      systemSelect.addEventListener('change', () => {
        this.pairSystem = systemSelect.value;
        // The re-pair screen's confirmation is the director's: a new system does not untick it.
        this.reset(true);
        this.ctx.render();
      });
      append(this.ctx.body, field('Pairing system', systemSelect));
      const note = this.pairSystem === 'opengotha' ? openGothaHandicapNote(t) : null;
      if (note) append(this.ctx.body, h('p', { class: 'warning', 'data-testid': 'opengotha-handicap' }, note));
      if (this.mode === 'next') this.renderPartialForm(t, round!);
    }
    const later = t.games.filter((g) => g.round > round!);
    if (later.length > 0) {
      append(this.ctx.body, h('p', { class: 'warning' }, `Rounds after ${round} are paired already: pair them again after this one.`));
    }
    this.renderPreviewArea(t, round!);
    if (this.mode === 'next') this.renderRepairEntry(paired);
  }

  /** Results of the round before that are not in yet: the scores this draw uses are not final. Said; not blocking. */
  private renderWaitingResults(t: Tournament, round: Round): void {
    if (round <= 1) return;
    const waiting = pendingGames(t, round - 1);
    if (waiting.length === 0) return;
    append(
      this.ctx.body,
      h(
        'div',
        { class: 'notice', role: 'note', 'data-testid': 'results-waiting' },
        h(
          'p',
          {},
          `Round ${round - 1}: ${waiting.length} game${waiting.length === 1 ? ' has' : 's have'} no result yet (${waiting.map((g) => `${playerLabel(t, g.white)} – ${playerLabel(t, g.black)}`).join('; ')}) — pair round ${round} once they are in, or pair the players free now and the others later.`,
        ),
        button(`Go to Results of round ${round - 1}`, () => void this.ctx.openResults(round - 1)),
        this.mode === 'next' && !ownPairing(t)
          ? button('Pair the players free now…', () => {
              this.partial = { freeNow: true, only: [] };
              void this.previewRound();
            }, { 'data-testid': 'pair-free-now' })
          : null,
      ),
    );
  }

  /**
   * Part of the field now (Mays, "Pairings for Round 2": "the tournament director can begin the pairing process at the
   * bottom of a tournament … even though several games may still be ongoing"): the players free now, IDs typed, or
   * the players below a score; the others are paired later ("Pair round" then pairs the rest, the tables kept).
   */
  private renderPartialForm(t: Tournament, round: Round): void {
    const { row: freeRow, input: free } = checkbox('The players free now (their last game has a result)', { checked: this.partial.freeNow, 'data-testid': 'partial-free-now' });
    const only = h('input', { type: 'text', name: 'partial-only', size: 10, placeholder: '10-40, 45', value: this.partial.only.join(', ') });
    const below = h('input', { type: 'text', name: 'partial-score-below', size: 4, inputmode: 'decimal', value: this.partial.scoreBelow ?? '' });
    const on = this.partial.freeNow || this.partial.only.length > 0 || this.partial.scoreBelow !== undefined;
    const form = h(
      'form',
      { class: 'partial', 'aria-label': 'Pair part of the field now' },
      freeRow,
      field('and these IDs', only, 'e.g. "10-40, 45"'),
      field('and the players whose score is below', below, 'McMahon score in points, e.g. 2 or 2.5'),
      h('div', { class: 'buttons' }, h('button', { type: 'submit', 'data-testid': 'partial-preview' }, 'Preview this part'), on ? button('Pair the whole field', () => {
        this.partial = { freeNow: false, only: [] };
        void this.previewRound();
      }) : null),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const problems: string[] = [];
      let ids: PlayerId[] = [];
      if (only.value.trim()) {
        const parsed = parseIds(t, only.value);
        if (typeof parsed === 'string') problems.push(`IDs: ${parsed}`);
        else ids = parsed;
      }
      let scoreBelow: number | undefined;
      if (below.value.trim()) {
        if (!/^-?\d+(\.[05])?$/.test(below.value.trim())) problems.push(`Score below: "${below.value}" is not a score in whole or half points, such as 2 or 2.5`);
        else scoreBelow = Number(below.value.trim());
      }
      if (problems.length > 0) return this.ctx.showErrors(problems);
      if (!free.checked && ids.length === 0 && scoreBelow === undefined) return this.ctx.showErrors(['Pair part of the field: tick "The players free now", or type IDs or a score']);
      this.partial = { freeNow: free.checked, only: ids, ...(scoreBelow !== undefined ? { scoreBelow } : {}) };
      void this.previewRound();
    });
    append(
      this.ctx.body,
      h('details', { class: 'partial-field', 'data-testid': 'partial-pairing', ...(on ? { open: true } : {}) }, h('summary', {}, `Pair part of round ${round} now, the rest later…`), form),
    );
  }

  /** The controls of this preview: the director's, part of the field, the rest of a partly paired round. */
  private pairControls(t: Tournament, round: Round): PairControls {
    const only = new Set<PlayerId>(this.partial.only);
    if (this.partial.freeNow) for (const id of this.freeNow(t, round)) only.add(id);
    return {
      ...toDirectorControls(this.controls),
      ...(only.size > 0 ? { only: [...only].sort((a, b) => a - b) } : {}),
      ...(this.partial.scoreBelow !== undefined ? { scoreBelow: this.partial.scoreBelow } : {}),
      ...(this.pairsRest(t) ? { rest: true } : {}),
    };
  }

  /** The way to the destructive screen: a plain button at the bottom, never the default. */
  private renderRepairEntry(paired: readonly Round[]): void {
    if (paired.length === 0) return;
    append(
      this.ctx.body,
      h('hr', {}),
      button('Pair a round again…', () => {
        this.mode = 'repair';
        this.repairRound = null;
        this.reset();
        this.ctx.render();
      }, { 'data-testid': 'repair-open', class: 'destructive' }),
    );
  }

  /** The repair screen's warning, round and confirmation; false until the director confirmed. */
  private renderRepairHeader(t: Tournament, round: Round): boolean {
    const { paired } = roundsState(t);
    const existing = t.games.filter((g) => g.round === round);
    const reported = existing.filter((g) => g.result !== 'unknown');
    const roundSelect = select(
      paired.map((r) => [String(r), `Round ${r}`] as const),
      String(round),
      { name: 'repair-round' },
    );
    roundSelect.addEventListener('change', () => {
      this.repairRound = Number(roundSelect.value);
      this.reset();
      this.ctx.render();
    });
    const { row, input } = checkbox(
      reported.length > 0
        ? `Re-pair round ${round}: its ${existing.length} games and ${reported.length} results are removed`
        : `Re-pair round ${round}: its ${existing.length} games are replaced`,
      { checked: this.confirmRepair, 'data-testid': 'confirm-repair' },
    );
    input.addEventListener('change', () => {
      this.confirmRepair = input.checked;
      this.preview = null;
      this.generation += 1;
      this.stopPending();
      this.ctx.render();
    });
    append(
      this.ctx.body,
      h('h3', {}, 'Pair a round again'),
      h(
        'p',
        { class: 'warning', 'data-testid': 'repair-warning' },
        'This replaces a round that is already paired: its games go, and so do the results entered for them. Use it only when the pairing was wrong.',
      ),
      field('Round to pair again', roundSelect),
      h('p', { class: 'warning' }, `Round ${round} is already paired${reported.length > 0 ? ` and ${reported.length} of its games have results` : ''}.`),
      row,
      button('Back to the next round', () => {
        this.mode = 'next';
        this.reset();
        this.ctx.render();
      }, { 'data-testid': 'repair-close' }),
    );
    return this.confirmRepair;
  }

  private renderPreviewArea(t: Tournament, round: Round): void {
    const pending = this.pending;
    append(
      this.ctx.body,
      button(this.preview ? 'Preview again' : `Preview round ${round}`, () => void this.previewRound(), {
        class: this.preview ? '' : 'primary',
        'data-testid': 'preview',
        disabled: pending !== null,
      }),
    );
    if (pending) {
      const elapsed = h('span', { 'data-testid': 'pairing-elapsed' }, '');
      const show = () => (elapsed.textContent = ` ${((Date.now() - pending.started) / 1000).toFixed(1)} s`);
      show();
      if (pending.timer !== undefined) clearInterval(pending.timer);
      pending.timer = setInterval(show, 200);
      append(
        this.ctx.body,
        h(
          'div',
          { class: 'progress', role: 'status', 'aria-live': 'polite', 'data-testid': 'pairing-progress' },
          h('progress', { 'aria-label': `Pairing round ${round}` }),
          h('span', {}, `Pairing round ${round} (${t.players.length} players)…`),
          elapsed,
        ),
      );
      return;
    }
    if (!this.preview) return;
    const result = this.preview.pairing;
    const hooks = {
      controls: this.controls,
      showErrors: (lines: readonly string[]) => this.ctx.showErrors(lines),
      preview: (c: EditableControls) => {
        this.controls = c;
        void this.previewRound();
      },
    };
    // The systems with their own rules take no controls: no form to offer them.
    const own = ownPairing(t) !== undefined;
    if (isPairingError(result)) {
      // A failure in the failure colour, and no form to change a pairing there is none of (issue 25).
      append(this.ctx.body, h('p', { class: 'failure', role: 'alert', 'data-testid': 'pairing-error' }, `Round ${round} cannot be paired: ${result.message}`));
      if (this.controls !== NO_CONTROLS) append(this.ctx.body, button('Clear the controls and preview again', () => hooks.preview(NO_CONTROLS)));
      return;
    }
    renderPreview(this.ctx.body, t, result);
    if (!own) renderControlsForm(this.ctx.body, t, result, hooks);
    // Confirm stays in view however long the preview: the last thing of the step, sticky at the window's bottom
    // (CSS position: sticky keeps it there while the step above it is scrolled).
    const part = result.pending?.length ? ` (${result.games.length} tables now, ${result.pending.length} players later)` : '';
    // From the click to the Results step drawn, one wait (issue 28: "anything over 300 ms shows progress"): the button
    // says at once that the round is being written — a congress round's write ends with the Results step's drawing,
    // during which no timer can show the bar — and the progress bar comes too once it lasts past 300 ms.
    const label = `Confirm: write round ${round}${part}`;
    const confirm = button(
      label,
      () => {
        confirm.disabled = true;
        confirm.textContent = `Writing round ${round}…`;
        confirm.setAttribute('aria-busy', 'true');
        void this.ctx
          .during(`Writing round ${round}…`, () => this.confirmPairing())
          .finally(() => {
            confirm.disabled = false;
            confirm.textContent = label;
            confirm.removeAttribute('aria-busy');
          });
      },
      { class: 'primary', 'data-testid': 'confirm-pairing' },
    );
    append(this.ctx.body, h('div', { class: 'sticky-confirm', 'data-testid': 'sticky-confirm' }, confirm));
  }

  /** Compute the preview in the background; the pane shows the progress and stays usable. */
  private async previewRound(): Promise<void> {
    const t = this.ctx.tournament();
    const round = t ? this.roundOf(t) : null;
    if (!t || round === null || this.pending) return;
    this.generation += 1;
    const generation = this.generation;
    this.pending = { round, started: Date.now(), generation };
    this.preview = null;
    this.ctx.render();
    let preview: PairingPreview;
    try {
      preview = await this.background.preview(t, round, this.pairSystem, this.pairControls(t, round));
    } catch (e) {
      if (generation !== this.generation) return;
      this.stopPending();
      this.ctx.render();
      this.ctx.showErrors([`Round ${round} could not be paired: ${(e as Error).message}`]);
      return;
    }
    if (generation !== this.generation) return;
    this.stopPending();
    this.preview = preview;
    this.prepareAhead(t, preview);
    const p = preview.pairing;
    this.ctx.say(isPairingError(p) ? `Round ${round} cannot be paired.` : `Preview of round ${round}: ${p.games.length} tables${p.bye !== null ? `, bye to ${p.bye}` : ''}. Nothing written yet.`);
    this.ctx.render();
  }

  /**
   * The round's write prepared while the director checks the preview, where that costs the page nothing (the
   * standalone page's worker): confirming takes it when nothing changed meanwhile. Not while he previews again.
   */
  private prepareAhead(t: Tournament, preview: PairingPreview): void {
    const ahead = this.ctx.services.pairRoundBatchAhead;
    const pairing = preview.pairing;
    if (!ahead || isPairingError(pairing)) return;
    setTimeout(() => {
      if (this.preview !== preview || this.pending || this.ctx.tournament() !== t) return;
      // The arguments `confirmPairing` gives, in its order: the key of the batch prepared ahead.
      ahead(t, pairing, { expectedFingerprint: preview.fingerprint, currentFingerprint: preview.fingerprint, confirmRepair: this.mode === 'repair' && this.confirmRepair, rest: this.pairsRest(t) });
    }, AHEAD_MS);
  }

  /**
   * The director confirmed the preview. The grid is read again: if it changed since the preview, nothing is written,
   * the pane says so and previews again; otherwise the whole round (grid and pairing sheet) is written in one batch.
   */
  private async confirmPairing(): Promise<void> {
    const preview = this.preview;
    if (!preview || isPairingError(preview.pairing) || this.ctx.busy) return;
    const round = preview.pairing.round;
    const expected = preview.fingerprint;
    const read = await this.ctx.reread();
    if (!read.ok) return this.ctx.render();
    // A read made in the page's worker gives its fingerprint when asked; a worker that no longer holds that read, or a
    // workbook that no longer holds a tournament, refuses, and the round is not written (never a silent failure).
    let current: string;
    try {
      current = await readFingerprint(read);
    } catch (e) {
      this.ctx.showErrors([`Round ${round} was not written: ${e instanceof Error ? e.message : String(e)}.`]);
      return;
    }
    if (current !== expected) {
      await this.previewRound();
      this.ctx.showErrors([`The workbook changed since the preview of round ${round} (someone typed in the grid or another sheet): nothing was written. Here is a new preview — check it and confirm again.`]);
      return;
    }
    const prepared = await this.ctx.services.pairRoundBatch(read.tournament, preview.pairing, {
      expectedFingerprint: expected,
      currentFingerprint: current,
      confirmRepair: this.mode === 'repair' && this.confirmRepair,
      rest: this.pairsRest(read.tournament),
    });
    if (!prepared.ok) {
      this.ctx.showErrors(errorsText(prepared.errors));
      return;
    }
    // The preview the director just confirmed is the content of the batch: write it at once.
    if (await this.ctx.apply(prepared.batch)) {
      this.reset();
      this.mode = 'next';
      await this.ctx.openResults(round);
    }
  }
}

/** How long a preview stays on screen before its write is prepared: a director previewing again meanwhile prepares nothing. */
const AHEAD_MS = 250;

/** IDs as the CLI's `--only` takes them: "10-40, 45" (ranges and single IDs); each must be a registered player's. */
function parseIds(t: Tournament, text: string): PlayerId[] | string {
  const ids = new Set<PlayerId>();
  for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^(\d+)(?:[-\u2013](\d+))?$/.exec(part);
    if (!m) return `"${part}" is not an ID or a range of IDs; type e.g. "10-40, 45"`;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) return `"${part}": the range runs backwards — write it ${to}-${from}`;
    const inRange = t.players.filter((p) => p.id >= from && p.id <= to).map((p) => p.id);
    if (inRange.length === 0) return `"${part}": no registered player has ${from === to ? 'this ID' : 'an ID in this range'}`;
    for (const id of inRange) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}
