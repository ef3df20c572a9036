/**
 * Overwrite protection: the grid's input cells by meaning, compared before and after a batch; a non-empty cell a
 * batch would change is refused, naming the cells, unless the caller confirms the overwrite.
 */
import { type Tournament } from '../../model/tournament';
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

/** The grid's input cells as rendered: the text of a cell by row and column, and each player's row by ID. */
function inputGrid(t: Tournament, language: GridLanguage) {
  const layout = gridLayout(t.settings.rounds, t.players.length, { language });
  const cells = gridInputView(t, { language });
  const text = (row: number, column: number): string => {
    const c = cells[row - 1]?.[column - 1];
    return c === null || c === undefined || typeof c === 'object' ? '' : String(c);
  };
  const rowOf = new Map<number, number>();
  [...t.players].sort((x, y) => x.id - y.id).forEach((p, i) => rowOf.set(p.id, layout.playerRow(i)));
  return { layout, text, rowOf };
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
  const compare = (field: Field, row: number, column: number, afterValue: () => string, key?: string) => {
    const value = a.text(row, column);
    if (value === '' || allowed.has(field) || (key !== undefined && allowed.has(key as `title:${TitleKey}`))) return;
    if (afterValue() !== value) changed.push(new GridInputCell(a.layout.sheet, row, column, field, value));
  };
  for (const key of TITLE_KEYS) compare('title', a.layout.titleRow[key], a.layout.titleValueColumn, () => b.text(b.layout.titleRow[key], b.layout.titleValueColumn), `title:${key}`);
  if (renumbered) return changed;
  const ca = a.layout.columns;
  const cb = b.layout.columns;
  for (const [id, row] of a.rowOf) {
    const other = b.rowOf.get(id);
    const there = (r: number, c: number) => () => (other === undefined ? '' : b.text(r, c));
    compare('name', row, ca.name, there(other ?? 0, cb.name));
    compare('club', row, ca.club, there(other ?? 0, cb.club));
    compare('rank', row, ca.rank, there(other ?? 0, cb.rank));
    compare('initial', row, ca.initial, there(other ?? 0, cb.initial));
    compare('section', row + 1, ca.initial, there((other ?? 0) + 1, cb.initial));
    for (let r = 1; r <= a.layout.rounds; r++) {
      const inB = other !== undefined && r <= b.layout.rounds;
      compare('opponent', row, a.layout.opponentColumn(r), () => (inB ? b.text(other, b.layout.opponentColumn(r)) : ''));
      compare('colour', row, a.layout.colourColumn(r), () => (inB ? b.text(other, b.layout.colourColumn(r)) : ''));
      compare('result', row, a.layout.resultColumn(r), () => (inB ? b.text(other, b.layout.resultColumn(r)) : ''));
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
