/**
 * Issue 28 (speed) must not cost a check: every cell a batch changes on a sheet it keeps (the Grid, the Players and
 * Standings sheets, the cache sheets, a pairing sheet) is expected to hold what the director saw when the batch was
 * prepared, so a cell typed since refuses the whole batch instead of being overwritten (issue 9). A batch built
 * another way (only the cells a round or a result can change, fewer renderings) must keep every one of those checks:
 * these tests fail if a written cell loses its expectation, and if a cell typed after the batch was prepared is
 * written over.
 */
import { WorkbookConflict } from '../../src/workbook/adapters/batch';
import type { WorkbookBatch, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { cellAddress, parseCell } from '../../src/workbook/cells/address';
import { isPairingError } from '../../src/pairing/types';
import type { Tournament } from '../../src/model/tournament';
import { pairRoundBatch, previewPairing, readSession, resultsBatch } from '../../src/workbook/session';
import { value } from './fixtures';
import { ADAPTERS, cellNow, roundTwoOpen, typeInto, workbookOf, type Adapter } from './panes';

const TIME = '2026-05-16T11:00:00Z';

/** Round 2's results in: round 3 to pair. */
function roundTwoPlayed(): Tournament {
  const t = roundTwoOpen();
  return { ...t, games: t.games.map((g) => (g.round === 2 ? { ...g, result: g.table! % 3 === 0 ? ('jigo' as const) : ('white-wins' as const) } : g)) };
}

interface Written {
  readonly sheet: string;
  readonly row: number;
  readonly column: number;
}

/** Whether a write is a spilling formula's unit (its anchor first): only the anchor is the director's to have typed. */
function spillWrite(op: Extract<WorkbookOp, { kind: 'write' }>): boolean {
  const first = op.cells[0]?.[0];
  return typeof first === 'object' && first !== null && first.spill !== undefined && (first.spill.rows > 1 || first.spill.columns > 1);
}

/**
 * The cells a batch writes on the sheets it keeps (existing when read, not cleared by the batch), each with whether an
 * `expect` op placed before the write names it (a spill's anchor for the whole spill).
 */
function keptWrites(batch: WorkbookBatch, existing: ReadonlySet<string>): { cell: Written; expected: boolean }[] {
  const expected = new Map<string, Set<string>>();
  const remade = new Set<string>();
  const out: { cell: Written; expected: boolean }[] = [];
  for (const op of batch.ops) {
    if (op.kind === 'expect') {
      const set = expected.get(op.sheet) ?? new Set<string>();
      for (const c of op.cells) {
        const at = parseCell(c.at)!;
        set.add(cellAddress(at.row, at.column));
      }
      expected.set(op.sheet, set);
    } else if (op.kind === 'expect-missing' || (op.kind === 'clear' && op.range === undefined)) {
      remade.add(op.sheet);
    } else if (op.kind === 'write' && existing.has(op.sheet) && !remade.has(op.sheet)) {
      const at = parseCell(op.at)!;
      const checked = expected.get(op.sheet) ?? new Set<string>();
      if (spillWrite(op)) {
        out.push({ cell: { sheet: op.sheet, row: at.row, column: at.column }, expected: checked.has(cellAddress(at.row, at.column)) });
        continue;
      }
      op.cells.forEach((line, i) =>
        line.forEach((_c, j) => {
          const cell = { sheet: op.sheet, row: at.row + i, column: at.column + j };
          out.push({ cell, expected: checked.has(cellAddress(cell.row, cell.column)) });
        }),
      );
    }
  }
  return out;
}

/** Up to `n` of the cells, spread over the list (the first and the last included), at most a few per sheet. */
function spread<T>(cells: readonly T[], n: number): T[] {
  if (cells.length <= n) return [...cells];
  return Array.from({ length: n }, (_, i) => cells[Math.round((i * (cells.length - 1)) / (n - 1))]);
}

type Make = (t: Tournament) => WorkbookBatch;

const BATCHES: readonly [string, Tournament, Make][] = [
  [
    'a round paired',
    roundTwoPlayed(),
    (t) => {
      const preview = previewPairing(t, 3);
      if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
      return pairRoundBatch(t, preview.pairing, { expectedFingerprint: preview.fingerprint, time: TIME });
    },
  ],
  [
    'a round paired again (confirmed)',
    roundTwoOpen(),
    (t) => {
      const games = t.games.filter((g) => g.round === 2).map((g) => ({ table: g.table!, white: g.black, black: g.white, handicap: g.handicap, colourKnown: true }));
      const bye = t.byes.find((b) => b.round === 2)?.player ?? null;
      return pairRoundBatch(t, { round: 2, system: 'test', games, bye, report: [] }, { expectedFingerprint: 'x', currentFingerprint: 'x', confirmRepair: true, time: TIME });
    },
  ],
  ['a result', roundTwoOpen(), (t) => resultsBatch(t, 2, [{ winner: t.games.find((g) => g.round === 2)!.black }], { time: TIME })],
  [
    'the last results of a round (the derived sheets follow)',
    roundTwoOpen(),
    (t) => resultsBatch(t, 2, t.games.filter((g) => g.round === 2).map((g) => ({ table: g.table!, result: 'black-wins' as const })), { time: TIME }),
  ],
  ['a result corrected', roundTwoPlayed(), (t) => resultsBatch(t, 2, [{ table: t.games.find((g) => g.round === 2)!.table!, result: 'black-wins' }], { confirmOverwrite: true, time: TIME })],
];

async function prepared(make: () => Adapter, t0: Tournament, batchOf: Make): Promise<{ wb: Adapter; batch: WorkbookBatch; existing: Set<string> }> {
  const wb = await workbookOf(make, t0);
  const session = value(await readSession(wb));
  return { wb, batch: batchOf(session.tournament), existing: new Set(await wb.sheetNames()) };
}

describe.each(ADAPTERS)('every cell a batch changes over the %s workbook is checked', (_name, make) => {
  test.each(BATCHES)('%s: each written cell of a kept sheet is expected as read, before it is written', async (_what, t0, batchOf) => {
    const { batch, existing } = await prepared(make, t0, batchOf);
    const writes = keptWrites(batch, existing);
    // (the batch does change kept sheets: a test over no write would prove nothing)
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((w) => !w.expected).map((w) => `${w.cell.sheet}!${cellAddress(w.cell.row, w.cell.column)}`)).toEqual([]);
  });

  test.each(BATCHES)('%s: a cell typed after the batch was prepared refuses it, and nothing is written', async (_what, t0, batchOf) => {
    const { batch, existing } = await prepared(make, t0, batchOf);
    const cells = spread(
      keptWrites(batch, existing).map((w) => w.cell),
      4,
    );
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      // A fresh workbook, the same batch prepared from it, the director typing into the one cell meanwhile.
      const { wb, batch: again } = await prepared(make, t0, batchOf);
      expect(again).toEqual(batch);
      const others = cells.filter((c) => c !== cell);
      const before = await Promise.all(others.map((c) => cellNow(wb, c.sheet, c.row, c.column)));
      typeInto(wb, cell.sheet, cellAddress(cell.row, cell.column), 'typed by the director');
      await expect(wb.apply(again)).rejects.toBeInstanceOf(WorkbookConflict);
      expect(await cellNow(wb, cell.sheet, cell.row, cell.column)).toBe('typed by the director');
      expect(await Promise.all(others.map((c) => cellNow(wb, c.sheet, c.row, c.column)))).toEqual(before);
    }
  });
});
