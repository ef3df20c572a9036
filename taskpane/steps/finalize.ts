/**
 * Finalize: a values-only copy of the grid and the standings, the record to print, publish or send; and Export, the
 * tournament in the files other bodies and programs take (EGD, AGA, FFG, OpenGotha), downloaded or copied.
 */
import type { Tournament } from '../../src/model/tournament';
import { append, button, clear, h } from '../dom';
import { EXPORT_CHOICES, exportOffer, type ExportOffer } from '../exportFiles';
import { publishControls } from '../publishSite';
import { errorsText, type Step, type StepContext } from './context';

export class FinalizeStep implements Step {
  constructor(private readonly ctx: StepContext) {}

  render(t: Tournament): void {
    const pending = t.games.filter((g) => g.result === 'unknown');
    const exportOut = h('div', { class: 'export-output', 'data-testid': 'export-output' });
    append(
      this.ctx.body,
      h('p', {}, 'Writes a values-only copy of the grid and the standings (no formulas): the record to print, publish or send.'),
      pending.length > 0
        ? h('p', { class: 'warning' }, `${pending.length} game${pending.length === 1 ? ' has' : 's have'} no result yet (${pending.map((g) => `round ${g.round}: ${g.white}–${g.black}`).join(', ')}).`)
        : null,
      button('Finalize…', () => void this.ctx.offer(this.ctx.services.finalizeBatch(t)), { class: 'primary', 'data-testid': 'finalize' }),
      h('h3', {}, 'Export'),
      h('p', {}, 'The tournament as a file for the EGD, the AGA, the FFG or OpenGotha: downloaded, and shown below to copy.'),
      h(
        'div',
        { class: 'export-buttons' },
        ...EXPORT_CHOICES.map(([format, label]) => button(label, () => this.export(t, format, exportOut), { 'data-testid': `export-${format}` })),
      ),
      exportOut,
      publishControls(this.ctx, t),
    );
  }

  private export(t: Tournament, format: ExportOffer['format'], out: HTMLElement): void {
    const made = exportOffer(t, format);
    clear(out);
    if (!made.ok) {
      this.ctx.showErrors(errorsText(made.errors));
      return;
    }
    const { offer } = made;
    download(offer);
    const text = h('textarea', { readonly: 'readonly', rows: '12', spellcheck: 'false', 'data-testid': 'export-text' });
    text.value = offer.text;
    const copy = button('Copy', () => {
      text.select();
      void navigator.clipboard?.writeText(offer.text).then(
        () => this.ctx.say(`${offer.fileName}: copied.`),
        () => this.ctx.say('Select the text and copy it (Ctrl+C).'),
      );
    });
    append(out, h('p', {}, `${offer.fileName} (offered as a download):`), text, copy);
    this.ctx.say(`${offer.fileName}: ${t.players.length} players, ${t.games.length} games.`);
    if (offer.notes.length > 0) this.ctx.warn(offer.notes);
  }
}

/** Offers the file as a download (a link clicked for the director); a host that does not download ignores it. */
function download(offer: ExportOffer): void {
  try {
    const url = URL.createObjectURL(new Blob([offer.text], { type: offer.mimeType }));
    const a = h('a', { href: url, download: offer.fileName });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    // No downloads here (some Office web views): the text below is there to copy.
  }
}
