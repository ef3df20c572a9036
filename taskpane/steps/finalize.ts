/** Finalize: a values-only copy of the grid and the standings, the record to print, publish or send. */
import type { Tournament } from '../../src/model/tournament';
import { append, button, h } from '../dom';
import type { Step, StepContext } from './context';

export class FinalizeStep implements Step {
  constructor(private readonly ctx: StepContext) {}

  render(t: Tournament): void {
    const pending = t.games.filter((g) => g.result === 'unknown');
    append(
      this.ctx.body,
      h('p', {}, 'Writes a values-only copy of the grid and the standings (no formulas): the record to print, publish or send.'),
      pending.length > 0
        ? h('p', { class: 'warning' }, `${pending.length} game${pending.length === 1 ? ' has' : 's have'} no result yet (${pending.map((g) => `round ${g.round}: ${g.white}–${g.black}`).join(', ')}).`)
        : null,
      button('Finalize…', () => void this.ctx.offer(this.ctx.services.finalizeBatch(t)), { class: 'primary', 'data-testid': 'finalize' }),
    );
  }
}
