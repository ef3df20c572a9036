/**
 * Results: the winners' ID numbers typed on Mays' scratch pad, checked, shown, and recorded once confirmed; or typed
 * straight into the grid and read again.
 */
import { playerLabel, type Round, type Tournament } from '../../src/model/tournament';
import { describeResult, formatScratchPadError, matchScratchPad, pendingGames, type ReportedResult } from '../../src/workbook/cells/scratchPad';
import { append, button, field, h, select } from '../dom';
import { lazyTable } from '../lazyTable';
import { playerLabels, roundsState, type Step, type StepContext } from './context';

export class ResultsStep implements Step {
  resultsRound: Round | null = null;
  private checkedResults: readonly ReportedResult[] | null = null;
  private scratchText = '';

  constructor(private readonly ctx: StepContext) {}

  render(t: Tournament): void {
    const { paired } = roundsState(t);
    if (paired.length === 0) {
      append(this.ctx.body, h('p', {}, 'No round is paired yet.'), button('Go to Pair round', () => void this.ctx.go('pair')));
      return;
    }
    if (this.resultsRound === null || !paired.includes(this.resultsRound)) this.resultsRound = paired[paired.length - 1];
    const round = this.resultsRound;
    const roundSelect = select(paired.map((r) => [String(r), `Round ${r}`] as const), String(round), { name: 'results-round' });
    roundSelect.addEventListener('change', () => {
      this.resultsRound = Number(roundSelect.value);
      this.checkedResults = null;
      this.ctx.render();
    });
    const waiting = pendingGames(t, round);
    const games = t.games.filter((g) => g.round === round).sort((x, y) => (x.table ?? 0) - (y.table ?? 0));
    const label = playerLabels(t);
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
        this.ctx.showErrors(parsed.errors.map((e) => `Scratch pad, ${formatScratchPadError(e)}`));
        return;
      }
      this.ctx.showErrors([]);
      this.checkedResults = parsed.results;
      this.ctx.render();
      (this.ctx.body.querySelector('[data-testid="record-results"]') as HTMLElement | null)?.focus();
    }, { 'data-testid': 'check-results' });
    append(
      this.ctx.body,
      field('Round', roundSelect),
      h('p', {}, `${games.length - waiting.length} of ${games.length} results in${bye ? `; bye: ${playerLabel(t, bye.player)}` : ''}.`),
      field('Winners’ ID numbers (scratch pad)', pad, '12: 12 won; 12! won by default; 12= jigo; 12=! jigo by default; 12-! both lose by default; 12+! both win by default; 12? clears'),
      check,
    );
    if (this.checkedResults) {
      const results = this.checkedResults;
      append(
        this.ctx.body,
        h('ul', { 'data-testid': 'checked-results' }, ...results.map((r) => h('li', {}, `Table ${r.table ?? '?'}: ${describeResult(r.result, playerLabel(t, r.white), playerLabel(t, r.black))}`))),
        button(`Record ${results.length} result${results.length === 1 ? '' : 's'}…`, () => {
          void this.ctx.offer(
            this.ctx.services.resultsBatch(t, round, results.map((r) => ({ white: r.white, black: r.black, result: r.result }))),
            results.map((r) => `Table ${r.table ?? '?'}: ${describeResult(r.result, playerLabel(t, r.white), playerLabel(t, r.black))}`),
          ).then((ok) => {
            if (!ok) return;
            this.scratchText = '';
            this.checkedResults = null;
            this.ctx.render();
          });
        }, { class: 'primary', 'data-testid': 'record-results' }),
      );
    }
    append(
      this.ctx.body,
      // A congress round is hundreds of games, drawn again after every result: a screenful at once, the rest on scrolling.
      lazyTable(
        `Round ${round}`,
        ['Table', 'White', 'Black', 'Result'],
        games.map((g) => [String(g.table ?? ''), label(g.white), label(g.black), g.result === 'unknown' ? '—' : describeResult(g.result, 'W', 'B')]),
        { class: 'compact', 'data-testid': 'round-games' },
      ),
      h('p', { class: 'hint' }, 'Typed results straight into the grid? Re-read it:'),
      button('Re-read the grid', () => void this.ctx.reread().then((r) => {
        if (r.ok) this.ctx.say('The grid was read again.');
        this.ctx.render();
      }), { 'data-testid': 'reread' }),
    );
  }
}
