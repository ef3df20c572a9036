/**
 * Overwrite protection: the grid's input cells by meaning, compared before and after a batch; a non-empty cell a
 * batch would change is refused, naming the cells, unless the caller confirms the overwrite.
 */
import { type Tournament } from '../../model/tournament';
import type { CellInput } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { TITLE_KEYS, type GridLanguage, type TitleKey } from '../cells/notation';
import { gridInputView, gridLayout } from '../sheets/grid';
import { SessionRefusal } from './context';

export type Field = 'title' | 'id' | 'name' | 'club' | 'rank' | 'initial' | 'section' | 'opponent' | 'colour' | 'result';

export interface InputCell {
  readonly address: string;
  readonly field: Field;
  readonly value: string;
}

/** An input cell whose address is spelled only when asked for (a grid has tens of thousands; few are ever named). */
class GridInputCell implements InputCell {
  constructor(
    private readonly sheet: string,
    private readonly row: number,
    private readonly column: number,
    readonly field: Field,
    readonly value: string,
  ) {}

  get address(): string {
    return sheetCell(this.sheet, this.row, this.column);
  }
}

/** The grid's input cells as rendered: the rows of cells, and each player's row by ID. */
function inputGrid(t: Tournament, language: GridLanguage) {
  const layout = gridLayout(t.settings.rounds, t.players.length, { language });
  const cells = gridInputView(t, { language });
  const rowOf = new Map<number, number>();
  [...t.players].sort((x, y) => x.id - y.id).forEach((p, i) => rowOf.set(p.id, layout.playerRow(i)));
  return { layout, cells, rowOf };
}

/** A rendered cell's text as compared: a formula (computed, not typed) or an empty cell is ''. */
function textOf(c: CellInput | undefined): string {
  return c === null || c === undefined || typeof c === 'object' ? '' : String(c);
}

/**
 * The cells whose non-empty entry `after` would change, by their address in `before`'s grid. `allowed` fields may
 * change (the purpose of the batch the director confirmed, e.g. sections and initial scores in `sectionsBatch`; a
 * title cell alone by its key, `title:bar`);
 * `renumbered` skips player cells (the IDs given by strength before round 1 move every row).
 * Each input cell compared in place with the same player's (by ID) or title's cell of `after` (issue 28: a congress grid has
 * tens of thousands, and spelling a key for each took a pairing batch a third of its time).
 */
export function overwrites(before: Tournament, after: Tournament, language: GridLanguage, allowed: ReadonlySet<Field | `title:${TitleKey}`>, renumbered = false): InputCell[] {
  const a = inputGrid(before, language);
  const b = inputGrid(after, language);
  const changed: InputCell[] = [];
  /**
   * The cell at `row`, `column` of `before`'s grid against `there` (the cell of `after`'s grid it becomes; undefined for
   * none, compared as ''). The same rendered value is the same text (a string or a number spelled alike), so only
   * cells that differ are spelled (issue 28: a congress grid's tens of thousands of cells, most of them unchanged).
   */
  const compare = (field: Field, row: number, column: number, there: CellInput | undefined) => {
    const here = a.cells[row - 1]?.[column - 1];
    if (here === there) return;
    const value = textOf(here);
    if (value === '' || allowed.has(field)) return;
    if (textOf(there) !== value) changed.push(new GridInputCell(a.layout.sheet, row, column, field, value));
  };
  for (const key of TITLE_KEYS) {
    const value = textOf(a.cells[a.layout.titleRow[key] - 1]?.[a.layout.titleValueColumn - 1]);
    if (value === '' || allowed.has('title') || allowed.has(`title:${key}`)) continue;
    if (textOf(b.cells[b.layout.titleRow[key] - 1]?.[b.layout.titleValueColumn - 1]) !== value) changed.push(new GridInputCell(a.layout.sheet, a.layout.titleRow[key], a.layout.titleValueColumn, 'title', value));
  }
  if (renumbered) return changed;
  const ca = a.layout.columns;
  const cb = b.layout.columns;
  for (const [id, row] of a.rowOf) {
    const other = b.rowOf.get(id);
    // (the player's two lines in `after`'s grid; none when he is not there)
    const line1 = other === undefined ? undefined : b.cells[other - 1];
    const line2 = other === undefined ? undefined : b.cells[other];
    compare('name', row, ca.name, line1?.[cb.name - 1]);
    compare('club', row, ca.club, line1?.[cb.club - 1]);
    compare('rank', row, ca.rank, line1?.[cb.rank - 1]);
    compare('initial', row, ca.initial, line1?.[cb.initial - 1]);
    compare('section', row + 1, ca.initial, line2?.[cb.initial - 1]);
    for (let r = 1; r <= a.layout.rounds; r++) {
      const inB = line1 !== undefined && r <= b.layout.rounds;
      compare('opponent', row, a.layout.opponentColumn(r), inB ? line1[b.layout.opponentColumn(r) - 1] : undefined);
      compare('colour', row, a.layout.colourColumn(r), inB ? line1[b.layout.colourColumn(r) - 1] : undefined);
      compare('result', row, a.layout.resultColumn(r), inB ? line1[b.layout.resultColumn(r) - 1] : undefined);
    }
  }
  return changed;
}

export function refuseOverwrites(changed: readonly InputCell[], what: string): void {
  if (changed.length === 0) return;
  const list = changed.slice(0, 12).map((c) => `${c.address} ("${c.value}")`).join(', ');
  throw new SessionRefusal(
    'overwrite',
    `${what} would change ${changed.length} entr${changed.length === 1 ? 'y' : 'ies'} already in the workbook: ${list}${changed.length > 12 ? ', …' : ''}; confirm the overwrite to go on`,
    changed.map((c) => c.address),
  );
}
