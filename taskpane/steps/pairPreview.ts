/**
 * The Pair round step's preview (the tables, the bye, the report) and the director's controls on it (swap, force,
 * forbid, bye), drawn under the preview.
 */
import { type PlayerId, type Tournament } from '../../src/model/tournament';
import { playerLabels } from './context';
import { isDeviation, type ReportLine, type RoundPairing } from '../../src/pairing/types';
import { append, button, field, h, table } from '../dom';
import { citationForPeople } from '../../src/model/citations';
import { describeControls, forbidPair, forcePair, giveBye, NO_CONTROLS, parsePair, swapPlayers, type EditableControls } from '../pairingControls';

/** "(not re-checked: the report re-draws …)": said once under the report, marked on each line it concerns. */
const NOT_RECHECKED = / \(not re-checked: ([^)]*)\)/;

/** A report line as the pane shows it: OpenGotha's weight dumps left to the CLI's report, the long proviso marked. */
function shownMessage(message: string): { text: string; notRechecked: string | null } {
  const m = NOT_RECHECKED.exec(message);
  const text = message.replace(/; weight [^;]*$/, '').replace(NOT_RECHECKED, ' (not re-checked*)');
  return { text, notRechecked: m ? m[1] : null };
}

/**
 * The preview's report, short (issue 25): the bye and every deviation first — what the director must look at — then
 * each table's own line folded under a summary; each line says its rule (by title and page) on hover. A proviso that
 * recurs on many lines ("not re-checked …") is said once, under the report.
 */
export function renderReport(body: HTMLElement, p: RoundPairing): void {
  const first = p.report.filter((l) => l.kind !== 'pair');
  const tables = p.report.filter((l) => l.kind === 'pair');
  let proviso: string | null = null;
  const item = (line: ReportLine) => {
    const shown = shownMessage(citationForPeople(line.message));
    proviso ??= shown.notRechecked;
    return h('li', { class: `report-${line.kind}`, title: 'rule' in line && line.rule ? citationForPeople(line.rule) : '' }, shown.text);
  };
  const deviations = first.filter(isDeviation).length;
  const lists = h(
    'div',
    { 'data-testid': 'pairing-report' },
    h(
      'p',
      { 'data-testid': 'report-summary', class: deviations > 0 ? 'warning' : '' },
      deviations === 0 ? 'No deviation: every table follows the rules of the system.' : `${deviations} deviation${deviations === 1 ? '' : 's'} to check:`,
    ),
    first.length > 0 ? h('ul', { class: 'report', 'data-testid': 'report-first' }, ...first.map(item)) : null,
    tables.length > 0
      ? h(
          'details',
          { class: 'report-tables', 'data-testid': 'report-tables' },
          h('summary', {}, `Why each table (${tables.length} line${tables.length === 1 ? '' : 's'})`),
          h('ul', { class: 'report' }, ...tables.map(item)),
        )
      : null,
  );
  append(body, h('h3', {}, 'Report'), lists);
  if (proviso) append(lists, h('p', { class: 'hint', 'data-testid': 'report-proviso' }, `* kept, not re-checked: ${proviso}.`));
}

/** The preview's tables, its bye and its report. */
export function renderPreview(body: HTMLElement, t: Tournament, p: RoundPairing): void {
  const name = playerLabels(t);
  const rows = p.games.map((g) => [String(g.table), name(g.white), name(g.black), g.handicap === 0 ? (g.colourKnown ? '' : 'nigiri') : String(g.handicap)]);
  append(
    body,
    p.bye !== null ? h('p', { 'data-testid': 'preview-bye' }, `Bye: ${name(p.bye)}`) : null,
    // A knockout's free wins, a QT's other round-1 byes, the other groups' byes (Groups of Eight): all win without a game.
    p.freeWins?.length ? h('p', { 'data-testid': 'preview-free-wins' }, `${p.system.startsWith('knockout') ? 'Free wins' : 'Also a bye'}: ${p.freeWins.map(name).join('; ')}`) : null,
    p.knockedOut?.length ? h('p', { 'data-testid': 'preview-knocked-out' }, `Out of the knockout: ${p.knockedOut.map(name).join('; ')}`) : null,
    p.pending?.length ? h('p', { class: 'notice', 'data-testid': 'preview-pending' }, `Left to pair later (${p.pending.length}): ${p.pending.map(name).join('; ')}`) : null,
  );
  renderReport(body, p);
  append(body, table(`Round ${p.round}: pairing preview (${p.system})`, ['Table', 'White', 'Black', 'Hcp'], rows, { 'data-testid': 'pairing-preview', class: 'pairing' }));
}

export interface ControlsFormHooks {
  readonly controls: EditableControls;
  /** The controls changed: preview again with them. */
  preview(controls: EditableControls): void;
  showErrors(lines: readonly string[]): void;
}

/** The form that changes the pairing: its values become the director's controls, then the round is previewed again. */
export function renderControlsForm(body: HTMLElement, t: Tournament, p: RoundPairing | null, hooks: ControlsFormHooks): void {
  const a = h('input', { type: 'text', inputmode: 'numeric', size: 4, name: 'swap-a' });
  const b = h('input', { type: 'text', inputmode: 'numeric', size: 4, name: 'swap-b' });
  const force = h('input', { type: 'text', size: 7, name: 'force', placeholder: '3-7' });
  const forbid = h('input', { type: 'text', size: 7, name: 'forbid', placeholder: '3-7' });
  const bye = h('input', { type: 'text', inputmode: 'numeric', size: 4, name: 'bye' });
  const apply = () => {
    const problems: string[] = [];
    let c = hooks.controls;
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
    if (problems.length > 0) return hooks.showErrors(problems);
    hooks.preview(c);
  };
  const form = h(
    'form',
    { 'aria-label': 'Change the pairing', class: 'controls' },
    h('h3', {}, 'Change the pairing'),
    h('div', { class: 'row' }, field('Swap player', a), field('with player', b)),
    field('Force pairs', force, 'ID numbers, e.g. "3-7, 4-9"'),
    field('Forbid pairs', forbid, 'e.g. "2-5"'),
    field('Give the bye to', bye),
    h('p', {}, `Controls now: ${describeControls(hooks.controls)}`),
    h('div', { class: 'buttons' }, h('button', { type: 'submit' }, 'Apply and preview'), button('Clear the controls', () => hooks.preview(NO_CONTROLS))),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply();
  });
  append(body, form);
}
