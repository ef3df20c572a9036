/**
 * Overwrite protection: the grid's input cells by meaning, compared before and after a batch; a non-empty cell a
 * batch would change is refused, naming the cells, unless the caller confirms the overwrite.
 */
import { type Tournament } from '../../model/tournament';
import { sheetCell } from '../cells/address';
import { TITLE_KEYS, type GridLanguage, type TitleKey } from '../cells/notation';
import { gridInputCells, gridLayout } from '../sheets/grid';
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

/** The grid's input cells by meaning: `title:dates`, `12:name`, `12:r3:result` … */
export function inputCells(t: Tournament, language: GridLanguage): Map<string, InputCell> {
  const layout = gridLayout(t.settings.rounds, t.players.length, { language });
  const cells = gridInputCells(t, { language });
  const out = new Map<string, InputCell>();
  const text = (row: number, column: number): string => {
    const c = cells[row - 1]?.[column - 1];
    return c === null || c === undefined || typeof c === 'object' ? '' : String(c);
  };
  const put = (k: string, field: Field, row: number, column: number) => out.set(k, new GridInputCell(layout.sheet, row, column, field, text(row, column)));
  for (const key of TITLE_KEYS) put(`title:${key}`, 'title', layout.titleRow[key], layout.titleValueColumn);
  [...t.players]
    .sort((a, b) => a.id - b.id)
    .forEach((p, i) => {
      const row = layout.playerRow(i);
      const c = layout.columns;
      put(`${p.id}:name`, 'name', row, c.name);
      put(`${p.id}:club`, 'club', row, c.club);
      put(`${p.id}:rank`, 'rank', row, c.rank);
      put(`${p.id}:initial`, 'initial', row, c.initial);
      put(`${p.id}:section`, 'section', row + 1, c.initial);
      for (let r = 1; r <= layout.rounds; r++) {
        put(`${p.id}:r${r}:opponent`, 'opponent', row, layout.opponentColumn(r));
        put(`${p.id}:r${r}:colour`, 'colour', row, layout.colourColumn(r));
        put(`${p.id}:r${r}:result`, 'result', row, layout.resultColumn(r));
      }
    });
  return out;
}

/**
 * The cells whose non-empty entry `after` would change, by their address in `before`'s grid. `allowed` fields may
 * change (the purpose of the batch the director confirmed, e.g. sections and initial scores in `sectionsBatch`; a
 * title cell alone by its key, `title:bar`);
 * `renumbered` skips player cells (the IDs given by strength before round 1 move every row).
 */
export function overwrites(before: Tournament, after: Tournament, language: GridLanguage, allowed: ReadonlySet<Field | `title:${TitleKey}`>, renumbered = false): InputCell[] {
  const a = inputCells(before, language);
  const b = inputCells(after, language);
  const changed: InputCell[] = [];
  for (const [k, cell] of a) {
    if (cell.value === '' || allowed.has(cell.field) || allowed.has(k as `title:${TitleKey}`)) continue;
    if (renumbered && cell.field !== 'title') continue;
    if ((b.get(k)?.value ?? '') !== cell.value) changed.push(cell);
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
