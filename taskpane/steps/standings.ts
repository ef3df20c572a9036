/**
 * Standings: the places by the ruleset's criteria, written once confirmed, and why a tie-break has its value.
 */
import { formatFraction } from '../../src/model/fraction';
import { playerLabel, type Criterion, type PlayerId, type Tournament } from '../../src/model/tournament';
import { explainIn, type Explanation } from '../../src/scoring/explain';
import { computeStandings, type Standings } from '../../src/scoring/standings';
import { playoffSheetKind } from '../../src/workbook/sheets/playoffSheet';
import { CRITERION_LABEL } from '../../src/workbook/sheets/standingsSheet';
import { append, button, field, h, select, table } from '../dom';
import { renderSectionsNotice, type Step, type StepContext } from './context';

export class StandingsStep implements Step {
  private explained: Explanation | null = null;

  constructor(private readonly ctx: StepContext) {}

  render(t: Tournament): void {
    renderSectionsNotice(this.ctx, t);
    let standings: Standings;
    try {
      standings = computeStandings(t);
    } catch (e) {
      this.ctx.showErrors([(e as Error).message]);
      return;
    }
    const order = standings.order;
    // The sheets' own words (the Standings sheet's headers: "Wins", "1-on-1", "Section"), so the pane and the
    // workbook say the same.
    const shown = order.slice(0, 3);
    const bySection = standings.scoreboard.ruleset.placesWithinSection;
    const standingsTable = h(
      'table',
      { class: 'compact', 'data-testid': 'standings' },
      h('caption', {}, `Standings after round ${standings.asOf} (${standings.scoreboard.ruleset.name})`),
      h('thead', {}, h('tr', {}, ...['Place', 'Player', ...shown.map((c) => CRITERION_LABEL[c])].map((x) => h('th', { scope: 'col' }, x)))),
      h(
        'tbody',
        {},
        ...standings.entries.flatMap((e, i) => {
          const row = h('tr', {}, ...[String(e.place), playerLabel(t, e.player.id), ...shown.map((c) => formatFraction(e.values[c]))].map((x) => h('td', {}, x)));
          // Places within each section (Mays): a heading row where a section begins, as the sheet's Section column names it.
          const heading = bySection && (i === 0 || standings.entries[i - 1].section !== e.section);
          return heading ? [h('tr', { class: 'section-heading' }, h('th', { scope: 'rowgroup', colspan: 2 + shown.length }, `Section ${e.section}`)), row] : [row];
        }),
      ),
    );
    const playerSelect = select(standings.entries.map((e) => [String(e.player.id), playerLabel(t, e.player.id)] as const), this.explained ? String(this.explained.player.id) : undefined, { name: 'explain-player' });
    const criteria: Criterion[] = [...new Set<Criterion>([...order, 'sos', 'sodos'])].filter((c) => c !== 'lottery');
    const criterionSelect = select(criteria.map((c) => [c, CRITERION_LABEL[c]] as const), this.explained?.criterion ?? criteria[1] ?? criteria[0], { name: 'explain-criterion' });
    const explainButton = button('Explain', () => {
      try {
        this.explained = explainIn(standings, Number(playerSelect.value) as PlayerId, criterionSelect.value as Criterion);
        this.ctx.showErrors([]);
      } catch (e) {
        this.ctx.showErrors([(e as Error).message]);
      }
      this.ctx.render();
    }, { 'data-testid': 'explain' });
    append(
      this.ctx.body,
      standingsTable,
      button('Write the standings…', () => void this.ctx.offer(this.ctx.services.standingsBatch(t)), { class: 'primary', 'data-testid': 'write-standings' }),
      // A league's or QT's ties for the top places go to a knockout playoff (European Go Championship Tournament
      // Rules, "The League's Knockout Playoffs"; QT, "Knockout Playoff"): its rounds are paired onto the Bracket
      // sheet, where their results are typed. The session refuses, saying why, before the last round or while a
      // playoff round waits for its results.
      ...(playoffSheetKind(t) && this.ctx.services.pairPlayoffBatch
        ? [button('Pair the playoff…', () => void this.ctx.offer(this.ctx.services.pairPlayoffBatch!(t)), { 'data-testid': 'pair-playoff' })]
        : []),
      h('h3', {}, 'Why this tie-break?'),
      h('div', { class: 'row' }, field('Player', playerSelect), field('Criterion', criterionSelect)),
      explainButton,
    );
    if (this.explained) {
      const x = this.explained;
      const value = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
      append(
        this.ctx.body,
        table(
          `${CRITERION_LABEL[x.criterion]} of ${x.player.id} (${x.player.name}): ${formatFraction(x.total)}`,
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
}
