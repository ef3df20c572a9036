/**
 * OfficeWorkbook over a fake Excel whose ranges refuse a read before load + sync: reads go in bands, writes go
 * out in one Excel.run with a bounded number of syncs, merged into one undo group when the host allows it, and a bad
 * op is refused before anything is written.
 */
// office-addin-mock needs only the OfficeApp enum from office-addin-manifest, whose full entry point loads an ES
// module Jest does not transform; give it the enum file alone.
jest.mock('office-addin-manifest', () => jest.requireActual('office-addin-manifest/lib/officeApp'));

import { BatchError, excelText, MAX_APPLY_SYNCS, OfficeWorkbook, REQUEST_LIMIT, WriteFailed } from '../../taskpane/officeAdapter';
import type { WorkbookBatch } from '../../src/workbook/adapters/adapter';
import { WorkbookConflict } from '../../src/workbook/adapters/batch';
import { importBatch, pairRoundBatch as sessionPairRoundBatch, previewPairing, readSession, readTournament, resultsBatch } from '../../src/workbook/session';
import { isPairingError } from '../../src/pairing/types';
import { example, generated, value } from '../workbook/fixtures';
import { FakeExcel } from './fakeExcel';
import { describeWrites, watchWorkbook, writeFailure, writeSuccess } from '../../taskpane/workbookWatch';

const GRID = [
  ['Quebec Open', '', ''],
  ['', '', ''],
  ['ID', 'Name', 'Rank'],
  [1, 'Yamada', '3d'],
  [2, 'Tremblay', '1k'],
];

/** The shape of a Pair Round batch: results cells on the grid, a new pairing sheet laid out for print, a Log line. */
function pairRoundBatch(round: number): WorkbookBatch {
  const pairingSheet = `Round ${round}`;
  return {
    label: `Pair round ${round}`,
    ops: [
      { kind: 'write', sheet: 'Grid', at: 'D4', cells: [['2+/w0'], ['1-/b0']] },
      { kind: 'ensure-sheet', sheet: pairingSheet, before: 'Log' },
      { kind: 'clear', sheet: pairingSheet },
      { kind: 'write', sheet: pairingSheet, at: 'A1', cells: [[`Pairings, round ${round}`, null, null, null], ['Table', 'White', 'Black', 'Handicap'], [1, 'Yamada (1)', 'Tremblay (2)', 2]] },
      { kind: 'merge', sheet: pairingSheet, range: 'A1:D1' },
      { kind: 'format', sheet: pairingSheet, range: 'A2:D2', format: { bold: true, fill: '#DDEEFF', border: true } },
      { kind: 'format', sheet: pairingSheet, range: 'D3:D3', format: { numberFormat: '0', horizontalAlignment: 'center' } },
      { kind: 'column-widths', sheet: pairingSheet, widths: [6, 24, 24, 9] },
      { kind: 'freeze', sheet: pairingSheet, rows: 2, columns: 0 },
      { kind: 'print', sheet: pairingSheet, settings: { printArea: 'A1:D3', repeatRows: '2:2', orientation: 'portrait', fitToWidth: true, rowBreaks: [23] } },
      { kind: 'write', sheet: 'Log', at: 'A2', cells: [['2026-11-22T21:00:00Z', `Pair round ${round}`, { formula: '=COUNTA(\'Round 2\'!A:A)', value: 3 }]] },
    ],
  };
}

describe('OfficeWorkbook reads', () => {
  it('reads the used range padded to A1, blanks as null: the sheet list, the used range, then its one band', async () => {
    const excel = new FakeExcel({ Grid: [['', '', ''], ['', 'x', 5], ['', true, '']] });
    const wb = new OfficeWorkbook(excel);
    expect(await wb.readSheet('Grid')).toEqual([
      [null, null, null],
      [null, 'x', 5],
      [null, true, null],
    ]);
    expect(excel.syncsPerRun).toEqual([3]);
  });

  it('gives null for a missing sheet, [] for an empty one', async () => {
    const excel = new FakeExcel({ Grid: GRID, Empty: [] });
    const wb = new OfficeWorkbook(excel);
    expect(await wb.readSheet('Nope')).toBeNull();
    expect(await wb.readSheet('Empty')).toEqual([]);
    expect(await wb.readFormulas('Nope')).toBeNull();
  });

  it('lists sheets in tab order after loading and syncing once', async () => {
    const excel = new FakeExcel({ Grid: GRID, Players: [], Log: [] });
    expect(await new OfficeWorkbook(excel).sheetNames()).toEqual(['Grid', 'Players', 'Log']);
    expect(excel.syncsPerRun).toEqual([1]);
  });

  it('the fake enforces load/sync discipline: a read before sync is refused', async () => {
    const excel = new FakeExcel({ Grid: GRID });
    await expect(
      excel.run({}, async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load('items/name');
        return sheets.items.length; // no sync
      }),
    ).rejects.toThrow(/before load \+ context.sync/);
    await expect(
      excel.run({}, async (context) => {
        const used = context.workbook.worksheets.getItemOrNullObject('Grid').getUsedRangeOrNullObject();
        used.load('values');
        return used.values; // not synced yet
      }),
    ).rejects.toThrow(/usedRange.values was read before load \+ context.sync/);
  });
});

describe('OfficeWorkbook.apply', () => {
  it(`applies a Pair Round batch in one Excel.run, ${MAX_APPLY_SYNCS} syncs, not grouped for undo since it places a sheet`, async () => {
    const excel = new FakeExcel({ Grid: GRID, Log: [['When', 'What']] });
    const wb = new OfficeWorkbook(excel);
    await wb.apply(pairRoundBatch(2));
    expect(excel.runs).toEqual([{ delayForCellEdit: true }]);
    expect(excel.syncsPerRun).toEqual([3]); // the sheet list, the Log's used range and the cells read, the write
    expect(excel.syncsPerRun[0]).toBeLessThanOrEqual(MAX_APPLY_SYNCS);

    expect(await wb.sheetNames()).toEqual(['Grid', 'Round 2', 'Log']);
    const grid = await wb.readSheet('Grid');
    expect(grid?.[3]).toEqual([1, 'Yamada', '3d', '2+/w0']);
    expect(grid?.[4]).toEqual([2, 'Tremblay', '1k', '1-/b0']);
    expect(await wb.readSheet('Round 2')).toEqual([
      ['Pairings, round 2', null, null, null],
      ['Table', 'White', 'Black', 'Handicap'],
      [1, 'Yamada (1)', 'Tremblay (2)', 2],
    ]);
    const log = await wb.readFormulas('Log');
    expect(log?.[1]).toEqual([null, null, "=COUNTA('Round 2'!A:A)"]);

    const round = excel.sheet('Round 2')!;
    expect(round.frozen).toBe('rows 2');
    expect(round.formats).toContain('A1:D1 merge');
    expect(round.formats).toContain('A2:D2 format.font.bold=true');
    expect(round.formats).toContain('A2:D2 format.borders.InsideVertical.style="Continuous"');
    expect(round.formats).not.toContain('A2:D2 format.borders.InsideHorizontal.style="Continuous"');
    expect(round.formats).toContain('D3 numberFormat=0×1');
    expect(round.print).toEqual(['setPrintArea("A1:D3")', 'setPrintTitleRows("$2:$2")', 'orientation="Portrait"', 'zoom={"horizontalFitToPages":1}', 'remove breaks', 'break A23']);
  });

  it(`applies the workbook session's real Pair Round batch within ${MAX_APPLY_SYNCS} syncs, and the round reads back`, async () => {
    const full = example();
    const t = { ...full, games: full.games.filter((g) => g.round < 4), byes: full.byes.filter((b) => b.round < 4) };
    const excel = new FakeExcel({ Sheet1: [] });
    const wb = new OfficeWorkbook(excel);
    await wb.apply(importBatch(t, { time: '2026-11-22T21:00:00Z' }));
    const before = value(await readTournament(wb));
    expect(before.games.filter((g) => g.round === 4)).toEqual([]);

    const preview = previewPairing(before, 4);
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    const proposed = preview.pairing;
    const batch = sessionPairRoundBatch(before, proposed, { expectedFingerprint: preview.fingerprint, time: '2026-11-22T21:05:00Z' });
    expect(batch.ops.some((op) => op.kind === 'ensure-sheet')).toBe(true);
    excel.syncsPerRun = [];
    excel.runs = [];
    await wb.apply(batch);
    expect(excel.runs).toEqual([{ delayForCellEdit: true, mergeUndoGroup: true }]);
    expect(excel.syncsPerRun).toEqual([MAX_APPLY_SYNCS]);

    const after = value(await readTournament(wb));
    const paired = after.games.filter((g) => g.round === 4).map((g) => [g.white, g.black].sort((a, b) => a - b));
    expect(paired.sort((a, b) => a[0] - b[0])).toEqual(proposed.games.map((g) => [g.white, g.black].sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]));
  });

  it('writes text Excel would convert (=, +2, -!, 007, TRUE, 1/2) with the quote prefix, so it reads back as written', async () => {
    const excel = new FakeExcel({ Grid: GRID });
    const wb = new OfficeWorkbook(excel);
    const texts = ['=', '=!', '+', '+2', '-!', '−2', '007', 'TRUE', '1/2', '5d', "'quoted", 'W', '#N/A'];
    await wb.apply({ label: 'Texts', ops: [{ kind: 'write', sheet: 'Grid', at: 'A10', cells: [texts] }, { kind: 'write', sheet: 'Grid', at: 'A11', cells: [[{ formula: '=1+1', value: 2 }, '=', 7, true]] }] });
    const read = await wb.readSheet('Grid');
    expect(read?.[9]).toEqual(texts);
    expect(read?.[10].slice(0, 4)).toEqual([0, '=', 7, true]); // the fake does not calculate: a formula's value reads 0
    expect((await wb.readFormulas('Grid'))?.[10].slice(0, 4)).toEqual(['=1+1', null, null, null]);
    expect(excelText('Tremblay, Gabriel')).toBe('Tremblay, Gabriel');
  });

  it('writes cells the batch formats as text (@) first exactly as given, without the quote prefix', async () => {
    const excel = new FakeExcel({ Grid: GRID });
    const wb = new OfficeWorkbook(excel);
    const texts = ['=', '+2', '-!', '007'];
    await wb.apply({
      label: 'Text cells',
      ops: [
        { kind: 'format', sheet: 'Grid', range: 'B20:C20', format: { numberFormat: '@' } },
        { kind: 'write', sheet: 'Grid', at: 'A20', cells: [texts] },
      ],
    });
    // B20:C20 kept as typed (the fake stores a quote prefix there literally, so a prefixed write would read "'+2");
    // A20 and D20 are not text cells: written with the prefix, read back as text too.
    expect((await wb.readSheet('Grid'))?.[19].slice(0, 4)).toEqual(texts);
    expect(excel.sheet('Grid')!.cells.get('19,1')).toBe('+2');
    // A clear removes the text format: the next write into those cells needs the prefix again.
    await wb.apply({ label: 'Again', ops: [{ kind: 'format', sheet: 'Grid', range: 'B21', format: { numberFormat: '@' } }, { kind: 'clear', sheet: 'Grid', range: 'A21:D21' }, { kind: 'write', sheet: 'Grid', at: 'B21', cells: [['-!']] }] });
    expect((await wb.readSheet('Grid'))?.[20][1]).toBe('-!');
  });

  it('needs only one sync when the batch creates no sheet, whatever its size', async () => {
    const excel = new FakeExcel({ Grid: GRID });
    const ops = Array.from({ length: 500 }, (_, i) => ({ kind: 'write' as const, sheet: 'Grid', at: `E${i + 1}`, cells: [[i]] }));
    await new OfficeWorkbook(excel).apply({ label: 'Results of round 1', ops });
    expect(excel.syncsPerRun).toEqual([1]);
    expect((await new OfficeWorkbook(excel).readSheet('Grid'))?.[499]?.[4]).toBe(499);
  });

  it('does not ask for an undo group where ExcelApi 1.20 is missing', async () => {
    const excel = new FakeExcel({ Grid: GRID, Log: [] });
    excel.mergeUndo = false;
    await new OfficeWorkbook(excel).apply({ label: 'Results', ops: [{ kind: 'write', sheet: 'Grid', at: 'D4', cells: [[1]] }] });
    expect(excel.runs).toEqual([{ delayForCellEdit: true }]);
    excel.mergeUndo = true;
    await new OfficeWorkbook(excel).apply({ label: 'Results', ops: [{ kind: 'write', sheet: 'Grid', at: 'D4', cells: [[2]] }] });
    expect(excel.runs[1]).toEqual({ delayForCellEdit: true, mergeUndoGroup: true });
  });

  it('keeps an existing sheet (ensure-sheet never clears) and deletes sheets', async () => {
    const excel = new FakeExcel({ Grid: GRID, 'Round 2': [['keep me']], Log: [] });
    const wb = new OfficeWorkbook(excel);
    await wb.apply({ label: 'x', ops: [{ kind: 'ensure-sheet', sheet: 'Round 2' }, { kind: 'delete-sheet', sheet: 'Log' }, { kind: 'delete-sheet', sheet: 'Absent' }] });
    expect(await wb.sheetNames()).toEqual(['Grid', 'Round 2']);
    expect(await wb.readSheet('Round 2')).toEqual([['keep me']]);
  });

  it('creates a sheet Tengen keeps for itself hidden (Worksheet.visibility), and leaves the others visible', async () => {
    const excel = new FakeExcel({ Grid: GRID, Log: [] });
    const wb = new OfficeWorkbook(excel);
    await wb.apply({ label: 'x', ops: [{ kind: 'ensure-sheet', sheet: 'Grid (cache)', hidden: true }, { kind: 'ensure-sheet', sheet: 'Notes' }] });
    expect(excel.sheets.map((s) => [s.name, s.visibility])).toEqual([['Grid', undefined], ['Log', undefined], ['Grid (cache)', 'Hidden'], ['Notes', undefined]]);
  });

  it('refuses a bad op before writing anything, naming the step', async () => {
    const excel = new FakeExcel({ Grid: GRID, Log: [] });
    const wb = new OfficeWorkbook(excel);
    const batch = pairRoundBatch(2);
    const broken: WorkbookBatch = { ...batch, ops: [...batch.ops.slice(0, 4), { kind: 'write', sheet: 'Round 2', at: 'A9', cells: [[1, 2], [3]] }] };
    await expect(wb.apply(broken)).rejects.toThrow(BatchError);
    await expect(wb.apply(broken)).rejects.toThrow('"Pair round 2", step 5 (write on sheet "Round 2"): row 2 has 1 cells, the first has 2. Nothing was written.');
    const writesToMissing: WorkbookBatch = { label: 'Results', ops: [{ kind: 'write', sheet: 'Grid', at: 'D4', cells: [['2+']] }, { kind: 'write', sheet: 'Round 9', at: 'A1', cells: [[1]] }, { kind: 'ensure-sheet', sheet: 'Other' }] };
    await expect(wb.apply(writesToMissing)).rejects.toThrow(/step 2 \(write on sheet "Round 9"\): the sheet does not exist/);
    await expect(wb.apply({ label: 'Bad', ops: [{ kind: 'format', sheet: 'Grid', range: 'A0:B2', format: {} }] })).rejects.toThrow(/"A0:B2" is not an A1 range/);
    expect(await wb.sheetNames()).toEqual(['Grid', 'Log']);
    expect((await wb.readSheet('Grid'))?.[3]).toEqual([1, 'Yamada', '3d']);
  });

  it('refuses what every adapter refuses (a colour not #RRGGBB, a font size, a number that is not finite) before writing anything', async () => {
    // Excel does not undo the requests of a sync that came before the one it refused: a bad op must be caught here.
    const excel = new FakeExcel({ Grid: GRID });
    const wb = new OfficeWorkbook(excel);
    const first = { kind: 'write' as const, sheet: 'Grid', at: 'A10', cells: [['written?']] };
    const bad: WorkbookBatch[] = [
      { label: 'Colour', ops: [first, { kind: 'format', sheet: 'Grid', range: 'A10', format: { fill: 'not a colour' } }] },
      { label: 'Font', ops: [first, { kind: 'format', sheet: 'Grid', range: 'A10', format: { fontSize: 1000 } }] },
      { label: 'Number', ops: [first, { kind: 'write', sheet: 'Grid', at: 'B10', cells: [[Number.NaN]] }] },
    ];
    for (const batch of bad) await expect(wb.apply(batch)).rejects.toThrow(new RegExp(`^"${batch.label}", step 2 \\(`));
    expect((await wb.readSheet('Grid'))?.[9]).toBeUndefined();
    expect(excel.sheet('Grid')!.formats).toEqual([]);
  });

  it('passes on Excel refusing the write sync, and says what the workbook holds after it', async () => {
    const excel = new FakeExcel({ Grid: GRID });
    excel.failNextSync = 'InvalidArgument';
    const failed = new OfficeWorkbook(excel).apply({ label: 'x', ops: [{ kind: 'write', sheet: 'Grid', at: 'A1', cells: [['t']] }] });
    await expect(failed).rejects.toThrow(WriteFailed);
    await expect(new OfficeWorkbook(excel).apply({ label: 'x', ops: [{ kind: 'write', sheet: 'Grid', at: 'A1', cells: [['t']] }] })).resolves.toBeUndefined();
  });
});

describe('OfficeWorkbook.apply follows Excel’s documented rules', () => {
  it('runs a batch that deletes a sheet without mergeUndoGroup (Worksheet.delete is not undoable)', async () => {
    const excel = new FakeExcel({ Grid: GRID, Old: [['x']] });
    await new OfficeWorkbook(excel).apply({ label: 'Import', ops: [{ kind: 'write', sheet: 'Grid', at: 'A1', cells: [['New']] }, { kind: 'delete-sheet', sheet: 'Old' }] });
    expect(excel.runs).toEqual([{ delayForCellEdit: true }]);
    expect(excel.sheets.map((s) => s.name)).toEqual(['Grid']);
  });

  it('the fake refuses a sheet deletion inside an undo group, as Excel does', async () => {
    const excel = new FakeExcel({ Grid: GRID, Old: [['x']] });
    await expect(
      excel.run({ mergeUndoGroup: true }, async (context) => {
        context.workbook.worksheets.getItem('Old').delete();
        await context.sync();
      }),
    ).rejects.toThrow(/UndoNotSupported/);
  });

  it('retries without grouping when Excel throws UndoNotSupported before anything was written', async () => {
    const excel = new FakeExcel({ Grid: GRID });
    excel.undoNotSupportedOnce = true;
    await new OfficeWorkbook(excel).apply({ label: 'Results', ops: [{ kind: 'write', sheet: 'Grid', at: 'D4', cells: [['x']] }] });
    expect(excel.runs).toEqual([{ delayForCellEdit: true, mergeUndoGroup: true }, { delayForCellEdit: true }]);
    expect((await new OfficeWorkbook(excel).readSheet('Grid'))?.[3][3]).toBe('x');
  });

  it('waits for the director to leave cell edit: every write asks delayForCellEdit', async () => {
    const excel = new FakeExcel({ Grid: GRID });
    await new OfficeWorkbook(excel).apply({ label: 'Results', ops: [{ kind: 'write', sheet: 'Grid', at: 'D4', cells: [[1]] }] });
    expect(excel.runs.every((o) => o.delayForCellEdit === true)).toBe(true);
  });

  it('refuses a batch whose expected cells changed, in the same Excel.run, before writing anything', async () => {
    const excel = new FakeExcel({ Grid: GRID, Log: [['Time', 'Round', 'What']] });
    const wb = new OfficeWorkbook(excel);
    const batch: WorkbookBatch = {
      label: 'Results of round 1',
      ops: [
        { kind: 'expect', sheet: 'Grid', cells: [{ at: 'D4', value: null }, { at: 'D5', value: null }] },
        { kind: 'write', sheet: 'Grid', at: 'D4', cells: [['+'], ['-']] },
        { kind: 'append', sheet: 'Log', cells: [['t', 1, 'Result']] },
      ],
    };
    excel.edit('Grid', 'D5', '+'); // the director typed a result meanwhile
    await expect(wb.apply(batch)).rejects.toThrow(WorkbookConflict);
    await expect(wb.apply(batch)).rejects.toThrow('the Grid changed since you opened this step (cell D5): re-read and check');
    expect(excel.runs).toHaveLength(2);
    expect(excel.syncsPerRun).toEqual([2, 2]); // the reads only: the sheet list, then the cells
    expect(excel.sheet('Grid')!.cells.get('3,3')).toBeUndefined();
    expect(await wb.readSheet('Log')).toEqual([['Time', 'Round', 'What']]);
  });

  it('appends Log lines below what is there when applied, and writes a result into a text cell as typed', async () => {
    const excel = new FakeExcel({ Grid: GRID, Log: [['Time', 'Round', 'What'], ['t0', 1, 'first']] });
    excel.sheet('Grid')!.text.push({ row: 3, column: 3, rows: 2, columns: 1 }); // D4:D5 formatted as text
    const wb = new OfficeWorkbook(excel);
    const batch: WorkbookBatch = {
      label: 'Results of round 1',
      ops: [
        { kind: 'expect', sheet: 'Grid', cells: [{ at: 'D4', value: null }] },
        { kind: 'write', sheet: 'Grid', at: 'D4', cells: [['+!']] },
        { kind: 'cached-values', sheet: 'Grid', at: 'E4', values: [[3]] },
        { kind: 'append', sheet: 'Log', cells: [['2026-05-16T09:00:00Z', 1, 'Result']] },
      ],
    };
    excel.edit('Log', 'A3', 'another pane'); // a line written since the batch was prepared
    await wb.apply(batch);
    expect(excel.sheet('Grid')!.cells.get('3,3')).toBe('+!'); // no quote prefix in a text cell
    expect(await wb.readSheet('Log')).toEqual([
      ['Time', 'Round', 'What'],
      ['t0', 1, 'first'],
      ['another pane', null, null],
      ['2026-05-16T09:00:00Z', 1, 'Result'],
    ]);
  });

  it(`keeps every request of a 1,500-player, 10-round import under 5 MB (${REQUEST_LIMIT} bytes a sync)`, async () => {
    const t = generated(1500, 10, 2026);
    const excel = new FakeExcel({ Sheet1: [] });
    await new OfficeWorkbook(excel).apply(importBatch(t, { time: '2026-05-16T09:00:00Z' }));
    const writes = excel.requestBytes.filter((b) => b > 0);
    expect(writes.length).toBeGreaterThan(1);
    expect(Math.max(...writes)).toBeLessThan(5 * 1024 * 1024);
    expect(writes.reduce((a, b) => a + b, 0)).toBeGreaterThan(5 * 1024 * 1024); // too big for one request
    expect(excel.sheet('Grid')!.cells.size).toBeGreaterThan(1500 * 10 * 3);
  });

  it('after a write refused part-way, reads the workbook again and reports what it holds', async () => {
    const t = generated(1500, 10, 2026);
    const excel = new FakeExcel({ Sheet1: [] });
    excel.failSyncAfter = { syncs: 1, message: 'RequestPayloadSizeLimitExceeded' };
    const failed = await new OfficeWorkbook(excel).apply(importBatch(t, { time: '2026-05-16T09:00:00Z' })).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(WriteFailed);
    const report = failed as WriteFailed;
    expect(report.written).toBeGreaterThan(0);
    expect(report.written).toBeLessThan(report.total);
    expect(report.message).toMatch(/^Excel refused "Import .*" \(RequestPayloadSizeLimitExceeded\); read again after the failure, \d+ of its \d+ cells hold the new values; not written: /);
  });

  it('one result through the session is a handful of cells in one write request', async () => {
    const full = example();
    const t = { ...full, games: full.games.map((g) => (g.round === 4 ? { ...g, result: 'unknown' as const } : g)) };
    const excel = new FakeExcel({ Sheet1: [] });
    const wb = new OfficeWorkbook(excel);
    await wb.apply(importBatch(t, { time: '2026-05-16T09:00:00Z' }));
    const read = value(await readSession(wb));
    const game = read.tournament.games.find((g) => g.round === 4)!;
    const batch = resultsBatch(read.tournament, 4, [{ winner: game.white }], { time: '2026-05-16T10:00:00Z' });
    excel.requestBytes = [];
    const before = new Map(excel.sheets.map((s) => [s.name, new Map(s.cells)]));
    await wb.apply(batch);
    let changed = 0;
    for (const s of excel.sheets) for (const [k, v] of s.cells) if (before.get(s.name)?.get(k) !== v) changed++;
    expect(changed).toBeLessThanOrEqual(6); // two result cells, the pairing sheet's Result, one Log line of three
    expect(changed).toBeGreaterThanOrEqual(4);
    expect(Math.max(...excel.requestBytes)).toBeLessThan(1024);
    expect(value(await readTournament(wb)).games.find((g) => g.round === 4 && g.white === game.white)!.result).toBe('white-wins');
  });
});

describe('OfficeWorkbook.watch', () => {
  it('tells the pane of the director’s edits on the Tengen sheets, not of its own writes', async () => {
    const excel = new FakeExcel({ Grid: GRID, Notes: [] });
    const wb = new OfficeWorkbook(excel);
    const seen: string[] = [];
    const stop = await wb.watch(['Grid', 'Log'], (c) => seen.push(`${c.sheet}!${c.address}${c.remote ? ' (remote)' : ''}`));
    await wb.apply({ label: 'Results', ops: [{ kind: 'write', sheet: 'Grid', at: 'D4', cells: [['x']] }] });
    excel.edit('Grid', 'H16', '+');
    excel.edit('Grid', 'K22', '-', true);
    excel.edit('Notes', 'A1', 'not watched');
    expect(seen).toEqual(['Grid!H16', 'Grid!K22 (remote)']);
    await stop();
    excel.edit('Grid', 'H17', '-');
    expect(seen).toHaveLength(2);
  });
});

describe('the pane marks itself stale when the workbook changes', () => {
  it('says so once per read, naming the cell, and never for its own writes', async () => {
    const excel = new FakeExcel({ Grid: GRID, Notes: [], 'Pairings R1': [] });
    const wb = new OfficeWorkbook(excel);
    const said: string[] = [];
    const watching = await watchWorkbook(wb, (m) => said.push(m));
    await wb.apply({ label: 'Results', ops: [{ kind: 'write', sheet: 'Grid', at: 'D4', cells: [['x']] }] });
    excel.edit('Notes', 'A1', 'not Tengen’s');
    expect(said).toEqual([]);
    excel.edit('Grid', 'H16', '+');
    excel.edit('Pairings R1', 'E4', '+ / -');
    expect(said).toEqual(['The workbook changed (Grid!H16): re-read before writing.']);
    expect(watching.changes()).toEqual(['Grid!H16', 'Pairings R1!E4']);
    const batch: WorkbookBatch = { label: 'Results of round 1', ops: [] };
    expect(writeSuccess(batch, watching.changes())).toBe('Written: Results of round 1 — merged cell by cell with the changes made since you opened this step (Grid!H16, Pairings R1!E4), which are kept.');
    watching.reset();
    expect(writeSuccess(batch, watching.changes())).toBe('Written: Results of round 1.');
    excel.edit('Pairings R1', 'E5', '-', true);
    expect(said[1]).toBe('The workbook changed (Pairings R1!E5, by a co-author): re-read before writing.');
    await watching.stop();
  });

  it('words a refused write for the pane: a conflict writes nothing, a failure says what is there', () => {
    const batch: WorkbookBatch = { label: 'Results of round 2', ops: [] };
    const conflict = new WorkbookConflict('Results of round 2', [{ sheet: 'Grid', at: 'H16', expected: { at: 'H16', value: null }, found: { value: '+' } }]);
    expect(writeFailure(batch, conflict)).toBe('Results of round 2: the Grid changed since you opened this step (cell H16): re-read and check (nothing was written)');
    expect(writeFailure(batch, new WriteFailed('Results of round 2', new Error('GeneralException'), 2, 5, ['Grid!H16']))).toMatch(/^Excel refused "Results of round 2" \(GeneralException\); read again after the failure, 2 of its 5 cells hold the new values; not written: Grid!H16/);
    expect(writeFailure(batch, new Error('boom'))).toBe('Results of round 2: nothing was written — boom');
  });
});

test('the confirmation counts appended Log lines, leaves out what is only checked, and says a sheet deletion cannot be undone', () => {
  const batch: WorkbookBatch = {
    label: 'Import',
    ops: [
      { kind: 'expect', sheet: 'Grid', cells: [{ at: 'A1', value: null }] },
      { kind: 'write', sheet: 'Players', at: 'A1', cells: [[1, 2]] },
      { kind: 'cached-values', sheet: 'Grid', at: 'E4', values: [[1]] },
      { kind: 'append', sheet: 'Log', cells: [['t', null, 'x']] },
      { kind: 'delete-sheet', sheet: 'Pairings R5' },
    ],
  };
  expect(describeWrites(batch)).toBe('Import: writes 5 cells on Players, Log, Pairings R5 and deletes Pairings R5, which Excel cannot undo');
});
