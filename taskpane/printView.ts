/**
 * Print in the standalone page (issue 25: "Browser print gives the toolbar, the pane and the spreadsheet headers, and
 * cuts the pairings after the Black column"). The director chooses what to print — a round's pairings by table or by
 * name, its result slips, the standings, the wall chart — and sees it as it will print; the browser's print then
 * gives that alone: the page's print styles (taskpane.html, `@media print`) hide the toolbar, the pane and the grid,
 * and every table fits the paper's width (A4 or Letter portrait; the wall chart landscape), nothing cut.
 *
 * The printouts are drawn from the tournament read from the workbook, with the same cells the workbook's printout
 * sheets hold (pairingsCells, slipsCells, standingsCells, posterCells): what prints here is what LibreOffice or Excel
 * prints from the saved file.
 */
import { displayName, type PlayerId, type Round, type Tournament } from '../src/model/tournament';
import { computeStandings } from '../src/scoring/standings';
import type { CellInput, CellValue } from '../src/workbook/adapters/adapter';
import { pairingsCells, playerOnSheet } from '../src/workbook/sheets/pairingsSheet';
import { posterCells } from '../src/workbook/sheets/posterSheet';
import { SLIP_ROWS, slipsCells } from '../src/workbook/sheets/slipsSheet';
import { standingsCells } from '../src/workbook/sheets/standingsSheet';
import { h } from './dom';

export type PrintChoice = 'pairings' | 'by-name' | 'slips' | 'standings' | 'wall';

export const PRINT_CHOICES: readonly (readonly [PrintChoice, string])[] = [
  ['pairings', 'Pairings by table'],
  ['by-name', 'Pairings by name'],
  ['slips', 'Result slips'],
  ['standings', 'Standings'],
  ['wall', 'Wall chart (the grid)'],
];

/** Whether the choice is of one round (pairings, slips). */
export function isRoundChoice(choice: PrintChoice): boolean {
  return choice === 'pairings' || choice === 'by-name' || choice === 'slips';
}

/** A printed cell's text: whole numbers as whole numbers ("7", never "7.0"), halves as ".5". */
export function printedText(v: CellInput | CellValue): string {
  const value = v !== null && typeof v === 'object' ? v.value : v;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** A plain table for paper: a header row, body rows; numbers right-aligned. */
function paperTable(header: readonly string[], rows: readonly (readonly (CellInput | CellValue)[])[], testid: string): HTMLTableElement {
  return h(
    'table',
    { class: 'paper', 'data-testid': testid },
    h('thead', {}, h('tr', {}, ...header.map((x) => h('th', { scope: 'col' }, x)))),
    h(
      'tbody',
      {},
      ...rows.map((r) =>
        h(
          'tr',
          {},
          ...r.map((c) => {
            const value = c !== null && typeof c === 'object' ? c.value : c;
            return h('td', { class: typeof value === 'number' ? 'num' : '' }, printedText(c));
          }),
        ),
      ),
    ),
  );
}

/** The round's pairing sheet: Table, White, Black, Handicap, Result (the How column is the director's, left out). */
function pairingsByTable(t: Tournament, round: Round): HTMLElement {
  const cells = pairingsCells(t, round);
  const [title, name, header, ...rows] = cells;
  return h(
    'section',
    { class: 'printout' },
    h('h1', {}, `${printedText(title[0])} — ${printedText(name[0])}`),
    paperTable(header.slice(0, 5).map(printedText), rows.map((r) => r.slice(0, 5)), 'print-pairings'),
  );
}

/** The round by name: each player once, alphabetically — where he plays, with which colour, against whom. */
function pairingsByName(t: Tournament, round: Round): HTMLElement {
  const rows: { name: string; cells: string[] }[] = [];
  const add = (id: PlayerId, cells: string[]) => {
    const p = t.players.find((x) => x.id === id);
    rows.push({ name: p ? displayName(p) : String(id), cells: [playerOnSheet(t, id), ...cells] });
  };
  for (const g of t.games.filter((x) => x.round === round)) {
    const hcp = g.handicap === 0 ? '' : String(g.handicap);
    add(g.white, [String(g.table ?? ''), g.colourKnown === false ? 'nigiri' : 'White', playerOnSheet(t, g.black), hcp]);
    add(g.black, [String(g.table ?? ''), g.colourKnown === false ? 'nigiri' : 'Black', playerOnSheet(t, g.white), hcp]);
  }
  for (const b of t.byes.filter((x) => x.round === round)) add(b.player, ['', 'BYE', '', '']);
  rows.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return h(
    'section',
    { class: 'printout' },
    h('h1', {}, `Round ${round} by name — ${t.name}`),
    paperTable(['Player', 'Table', 'Colour', 'Opponent', 'Handicap'], rows.map((r) => r.cells), 'print-by-name'),
  );
}

/** The slips, one box a table, never split across two pages. */
function slips(t: Tournament, round: Round): HTMLElement {
  const cells = slipsCells(t, round);
  const boxes: HTMLElement[] = [];
  for (let i = 0; i + SLIP_ROWS <= cells.length; i += SLIP_ROWS) {
    const [head, white, black, tick, signatures] = cells.slice(i, i + SLIP_ROWS);
    const line = (r: readonly CellValue[]) => h('div', { class: 'slip-line' }, ...r.filter((c) => c !== null).map((c) => h('span', {}, printedText(c))));
    boxes.push(h('div', { class: 'slip', 'data-testid': 'print-slip' }, line(head), line(white), line(black), line(tick), line(signatures)));
  }
  return h('section', { class: 'printout slips' }, ...boxes);
}

function standings(t: Tournament): HTMLElement {
  const [title, rules, header, ...rows] = standingsCells(computeStandings(t));
  return h('section', { class: 'printout' }, h('h1', {}, printedText(title[0])), h('p', {}, printedText(rules[0])), paperTable(header.map(printedText), rows, 'print-standings'));
}

/** The wall chart: the grid's rows as the poster holds them (names, each round's opponent, colour, result, scores). */
function wallChart(t: Tournament): HTMLElement {
  const [title, , head1, head2, ...rows] = posterCells(t);
  const header = head1.map((c, i) => [printedText(c), printedText(head2[i] ?? null)].filter(Boolean).join(' '));
  return h('section', { class: 'printout wall' }, h('h1', {}, printedText(title[0])), paperTable(header, rows, 'print-wall'));
}

/** The printout chosen, drawn for paper. */
export function printout(t: Tournament, choice: PrintChoice, round: Round): HTMLElement {
  switch (choice) {
    case 'pairings':
      return pairingsByTable(t, round);
    case 'by-name':
      return pairingsByName(t, round);
    case 'slips':
      return slips(t, round);
    case 'standings':
      return standings(t);
    case 'wall':
      return wallChart(t);
  }
}

/** Rounds with games or byes, to print. */
export function printableRounds(t: Tournament): Round[] {
  return [...new Set([...t.games.map((g) => g.round), ...t.byes.map((b) => b.round)])].sort((a, b) => a - b);
}

/**
 * The print view: what to print, the round, "Print" (the browser's print dialog) and "Close", above the printout as
 * it will print. On screen it covers the page; on paper only the printout shows (taskpane.html, `@media print`).
 */
export class PrintView {
  readonly element: HTMLElement;
  private tournament: Tournament | null = null;
  private choice: PrintChoice = 'pairings';
  private round: Round | null = null;

  constructor() {
    this.element = h('section', { class: 'print-view', hidden: true, 'aria-label': 'Print', 'data-testid': 'print-view' });
  }

  open(t: Tournament): void {
    this.tournament = t;
    const rounds = printableRounds(t);
    if (this.round === null || !rounds.includes(this.round)) this.round = rounds[rounds.length - 1] ?? null;
    if (this.round === null && isRoundChoice(this.choice)) this.choice = 'standings';
    this.element.hidden = false;
    document.body.classList.add('printing');
    this.draw();
    (this.element.querySelector('select') as HTMLElement | null)?.focus();
  }

  close(): void {
    this.element.hidden = true;
    document.body.classList.remove('printing');
    while (this.element.firstChild) this.element.removeChild(this.element.firstChild);
  }

  private draw(): void {
    const t = this.tournament;
    if (!t) return;
    while (this.element.firstChild) this.element.removeChild(this.element.firstChild);
    const rounds = printableRounds(t);
    const what = h('select', { name: 'print-what', 'data-testid': 'print-what' }, ...PRINT_CHOICES.filter(([c]) => rounds.length > 0 || !isRoundChoice(c)).map(([v, label]) => h('option', { value: v }, label)));
    what.value = this.choice;
    what.addEventListener('change', () => {
      this.choice = what.value as PrintChoice;
      this.draw();
    });
    const roundSelect = h('select', { name: 'print-round', 'data-testid': 'print-round', disabled: !isRoundChoice(this.choice) }, ...rounds.map((r) => h('option', { value: String(r) }, `Round ${r}`)));
    if (this.round !== null) roundSelect.value = String(this.round);
    roundSelect.addEventListener('change', () => {
      this.round = Number(roundSelect.value);
      this.draw();
    });
    const controls = h(
      'div',
      { class: 'print-controls row', role: 'toolbar', 'aria-label': 'Print' },
      h('label', {}, 'Print ', what),
      h('label', {}, ' of ', roundSelect),
      h('button', { type: 'button', class: 'primary', 'data-testid': 'print-now', onclick: () => window.print() }, 'Print…'),
      h('button', { type: 'button', 'data-testid': 'print-close', onclick: () => this.close() }, 'Close'),
      h('span', { class: 'hint' }, this.choice === 'wall' ? 'Landscape; A4 or Letter as the printer is set.' : 'A4 or Letter as the printer is set.'),
    );
    const paper = isRoundChoice(this.choice) && this.round === null ? h('p', {}, 'No round is paired yet.') : printout(t, this.choice, this.round ?? 1);
    this.element.append(controls, h('div', { class: `print-paper print-${this.choice}`, 'data-testid': 'print-paper' }, paper));
  }
}
