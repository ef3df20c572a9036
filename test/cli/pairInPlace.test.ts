/**
 * `tengen pair W.xlsx --round N --out W.xlsx` reads the workbook, pairs, then reads it again to write into it
 * (`pairIntoWorkbook`). Issue 28: the second reading reuses the first when the file's bytes are exactly those read (the
 * same workbook, unchanged); a file changed in between, in any byte, is read again, and the write refused when what it
 * holds changed: nothing is written then.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pairRound } from '../../src/cli/pair';
import { pairIntoWorkbook, Refusal } from '../../src/cli/output';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import type { Tournament } from '../../src/model/tournament';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { readXlsxFile, writeXlsxFile } from '../../src/workbook/adapters/xlsxFile';
import { loadTournament } from '../../src/workbook/load';
import * as read from '../../src/workbook/session/read';
import { importBatch, readTournament } from '../../src/workbook/session';
import { generated, value } from '../workbook/fixtures';

const TIME = '2026-05-16T09:00:00.000Z';

/** A workbook of a 3-round tournament with round 1 played, on disk; the tournament read from it and round 2 paired. */
async function workbookToPair(dir: string): Promise<{ file: string; t: Tournament; pairing: RoundPairing }> {
  const all = generated(20, 3, 7);
  const file = path.join(dir, 'W.xlsx');
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch({ ...all, games: all.games.filter((g) => g.round === 1), byes: all.byes.filter((b) => b.round === 1) }, { time: TIME }));
  await writeXlsxFile(file, wb);
  // Another process's reading (the command starts with the file only): the adapter's memory of its last file forgotten.
  writeFileSync(file, readFileSync(file));
  const t = value(await loadTournament(file));
  const pairing = pairRound(t, 2, 'optimal');
  if (isPairingError(pairing)) throw new Error(pairing.message);
  return { file, t, pairing };
}

describe('pair W.xlsx --out W.xlsx', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tengen-pair-in-place-'));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the file unchanged since it was read: its reading is reused, and the round written', async () => {
    const { file, t, pairing } = await workbookToPair(dir);
    const again = jest.spyOn(read, 'readSession');
    await pairIntoWorkbook(file, t, pairing, { repair: false, rest: false });
    expect(again).not.toHaveBeenCalled();
    const back = value(await readTournament(await XlsxWorkbook.open(readFileSync(file))));
    expect(back.games.filter((g) => g.round === 2)).toHaveLength(pairing.games.length);
  });

  test('the file changed since it was read (a name retyped on the Grid): read again, the write refused, the file left as it was', async () => {
    const { file, t, pairing } = await workbookToPair(dir);
    // Another program changes the file after the pairing was made: the Grid's first player's name.
    const other = await XlsxWorkbook.open(readFileSync(file));
    await other.apply({ label: 'retyped', ops: [{ kind: 'write', sheet: 'Grid', at: 'B16', cells: [['Retyped, Name']] }] });
    const changed = await other.save();
    writeFileSync(file, changed);
    const again = jest.spyOn(read, 'readSession');
    await expect(pairIntoWorkbook(file, t, pairing, { repair: false, rest: false })).rejects.toThrow(Refusal);
    await expect(pairIntoWorkbook(file, t, pairing, { repair: false, rest: false })).rejects.toThrow(/changed since this pairing was previewed/);
    expect(again).toHaveBeenCalled();
    expect(Buffer.from(readFileSync(file)).equals(Buffer.from(changed))).toBe(true);
  });

  test('the same workbook changed in memory since it was read is read again, not reused', async () => {
    const { file, t, pairing } = await workbookToPair(dir);
    const wb = await readXlsxFile(file);
    await wb.apply({ label: 'retyped', ops: [{ kind: 'write', sheet: 'Grid', at: 'B16', cells: [['Retyped, Name']] }] });
    // The file's bytes are those read, but the workbook they were read into is not what they hold any more.
    const again = jest.spyOn(read, 'readSession');
    await pairIntoWorkbook(file, t, pairing, { repair: false, rest: false });
    expect(again).toHaveBeenCalled();
    const back = value(await readTournament(await XlsxWorkbook.open(readFileSync(file))));
    expect(back.players.some((p) => p.family === 'Retyped')).toBe(false);
  });
});
