/**
 * Pair round: preview the round's pairing, change it with the director's controls, and write it once confirmed.
 */
import { playerLabel, type PlayerId, type Round, type Tournament } from '../../src/model/tournament';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import { append, button, checkbox, field, h, select, table } from '../dom';
import { describeControls, forbidPair, forcePair, giveBye, NO_CONTROLS, parsePair, swapPlayers, toDirectorControls, type EditableControls } from '../pairingControls';
import type { PairingPreview } from '../services';
import { errorsText, renderSectionsNotice, roundsState, type Step, type StepContext } from './context';

export class PairStep implements Step {
  private pairRound: Round | null = null;
  private pairSystem: string;
  private controls: EditableControls = NO_CONTROLS;
  private preview: PairingPreview | null = null;
  private confirmRepair = false;

  constructor(private readonly ctx: StepContext) {
    this.pairSystem = ctx.services.pairingSystems[0]?.[0] ?? 'mays';
  }

  render(t: Tournament): void {
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
      this.ctx.render();
    });
    const systemSelect = select(this.ctx.services.pairingSystems, this.pairSystem, { name: 'pair-system' });
    systemSelect.addEventListener('change', () => {
      this.pairSystem = systemSelect.value;
      this.preview = null;
      this.ctx.render();
    });
    append(this.ctx.body, field('Round', roundSelect), field('Pairing system', systemSelect));
    if (round === 1) renderSectionsNotice(this.ctx, t);

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
        this.ctx.render();
      });
      append(
        this.ctx.body,
        h('p', { class: 'warning' }, `Round ${round} is already paired${reported.length > 0 ? ` and ${reported.length} of its games have results` : ''}.`),
        row,
      );
      if (!this.confirmRepair) return;
    }
    const later = t.games.filter((g) => g.round > round);
    if (later.length > 0) {
      append(this.ctx.body, h('p', { class: 'warning' }, `Rounds after ${round} are paired already: pair them again after this one.`));
    }

    append(
      this.ctx.body,
      button(this.preview ? 'Preview again' : `Preview round ${round}`, () => this.previewRound(), { class: this.preview ? '' : 'primary', 'data-testid': 'preview' }),
    );
    if (!this.preview) return;
    const result = this.preview.pairing;
    if (isPairingError(result)) {
      append(this.ctx.body, h('p', { class: 'warning', 'data-testid': 'pairing-error' }, `Round ${round} cannot be paired: ${result.message}`));
      this.renderControls(t, null);
      return;
    }
    this.renderPreview(t, result);
    this.renderControls(t, result);
    append(
      this.ctx.body,
      button(`Confirm: write round ${round}`, () => void this.confirmPairing(), { class: 'primary', 'data-testid': 'confirm-pairing' }),
    );
  }

  private previewRound(): void {
    const t = this.ctx.tournament();
    const round = this.pairRound;
    if (!t || round === null) return;
    this.preview = this.ctx.services.previewPairing(t, round, this.pairSystem, toDirectorControls(this.controls));
    this.ctx.showErrors([]);
    const p = this.preview.pairing;
    this.ctx.say(isPairingError(p) ? `Round ${round} cannot be paired.` : `Preview of round ${round}: ${p.games.length} tables${p.bye !== null ? `, bye to ${p.bye}` : ''}. Nothing written yet.`);
    this.ctx.render();
  }

  private renderPreview(t: Tournament, p: RoundPairing): void {
    const name = (id: PlayerId) => playerLabel(t, id);
    const rows = p.games.map((g) => [String(g.table), name(g.white), name(g.black), g.handicap === 0 ? (g.colourKnown ? '' : 'nigiri') : String(g.handicap)]);
    append(
      this.ctx.body,
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
      if (problems.length > 0) return this.ctx.showErrors(problems);
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
    append(this.ctx.body, form);
  }

  /**
   * The director confirmed the preview. The grid is read again: if it changed since the preview, nothing is written,
   * the pane says so and previews again; otherwise the whole round (grid and pairing sheet) is written in one batch.
   */
  private async confirmPairing(): Promise<void> {
    const preview = this.preview;
    const round = this.pairRound;
    if (!preview || round === null || isPairingError(preview.pairing) || this.ctx.busy) return;
    const expected = preview.fingerprint;
    const read = await this.ctx.reread();
    if (!read.ok) return this.ctx.render();
    if (read.fingerprint !== expected) {
      this.previewRound();
      this.ctx.showErrors([`The workbook changed since the preview of round ${round} (someone typed in the grid or another sheet): nothing was written. Here is a new preview — check it and confirm again.`]);
      return;
    }
    const prepared = this.ctx.services.pairRoundBatch(read.tournament, preview.pairing, {
      expectedFingerprint: expected,
      currentFingerprint: read.fingerprint,
      confirmRepair: this.confirmRepair,
    });
    if (!prepared.ok) {
      this.ctx.showErrors(errorsText(prepared.errors));
      return;
    }
    // The preview the director just confirmed is the content of the batch: write it at once.
    if (await this.ctx.apply(prepared.batch)) {
      this.preview = null;
      this.controls = NO_CONTROLS;
      this.confirmRepair = false;
      await this.ctx.openResults(round);
    }
  }
}
