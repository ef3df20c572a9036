/**
 * The `European results` sheet of a European Go Congress McMahon (`settings.egc`): the European Open Champion and the
 * qualification order of Europeans as src/scoring/europeanChampion.ts computes them, written by `tengen workbook`
 * and read back here by ExcelJS; provisional before the last round; no such sheet for any other tournament.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import { formatRank } from '../../src/model/rank';
import { displayName, type Tournament } from '../../src/model/tournament';
import { compareKeys } from '../../src/scoring/directComparison';
import { egcResults, type EgcResultEntry } from '../../src/scoring/europeanChampion';
import { finalizeBatch, importBatch, standingsBatch } from '../../src/workbook/session';
import { cli } from '../support/cli';
import { sheetValues } from '../support/xlsxSheet';
import { value } from './fixtures';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const FINAL = path.join(EXAMPLES, 'egc-congress-final.json');
const R8 = path.join(EXAMPLES, 'egc-congress-r8.json');
const SHEET = 'European results';

const load = (file: string): Tournament => value(parseTournamentJson(readFileSync(file, 'utf8'), file));

/** The file's sheet as `tengen workbook` writes it (rows trimmed of trailing empty cells), and the sheets listed. */
async function written(file: string): Promise<{ listed: string; rows: unknown[][]; out: string }> {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'tengen-egc-')), 'congress.xlsx');
  const r = await cli(['workbook', file, '--out', out]);
  expect(r.code).toBe(0);
  const listed = r.out;
  if (!listed.includes(SHEET)) return { listed, rows: [], out };
  const rows = Array.from(await sheetValues(out, SHEET), (row) => {
    const cells = Array.from(row ?? [], (c) => (c === undefined ? null : c));
    while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
    return cells;
  });
  return { listed, rows, out };
}

const dc = (e: EgcResultEntry) => (e.dcKeys.length === 1 ? e.dcKeys[0] / 2 : e.dcKeys.map((k) => k / 2).join(' / '));
const sameBeforeLot = (a: EgcResultEntry, b: EgcResultEntry | undefined) =>
  b !== undefined && a.allRounds === b.allRounds && a.mmsHalves === b.mmsHalves && compareKeys(a.dcKeys, b.dcKeys) === 0 && a.rating === b.rating;

/** The rows under `header` (a row equal to it), up to the next empty row. */
function tableAfter(rows: unknown[][], header: unknown[]): unknown[][] {
  const at = rows.findIndex((r) => JSON.stringify(r) === JSON.stringify(header));
  expect(at).toBeGreaterThan(0);
  const end = rows.findIndex((r, i) => i > at && r.length === 0);
  return rows.slice(at + 1, end < 0 ? undefined : end);
}

describe('the European results sheet', () => {
  it('after round 10: the European Open Champion (shared) and the qualification order of Europeans, as the engine computes them', async () => {
    const t = load(FINAL);
    const r = egcResults(t);
    const { listed, rows, out } = await written(FINAL);
    expect(listed).toMatch(/Standings, Prize ceremony, European results, Log\n$/);
    expect(rows.slice(0, 2)).toEqual([['European results — after round 10 of 10'], [t.name]]);
    const notes = rows.slice(2, 6).map((row) => String(row[0] ?? '')).join(' ');
    expect(notes).toContain('European Go Championship Tournament Rules, "The McMahon Tournament", "Results"');
    expect(notes).not.toMatch(/seeds\/|\.txt/);

    const champions = r.openOrder.filter((e) => r.europeanChampion.includes(e.player.id));
    expect(champions.map((e) => e.player.id)).toEqual([11, 19]);
    expect(rows.find((row) => row[0] === 'European Open Champion')).toBeDefined();
    expect(rows.map((row) => row[0])).toContain(`Champions, the title shared: ${champions.map((e) => `${e.player.id} ${displayName(e.player)}`).join(', ')}`);
    expect(tableAfter(rows, ['Place', 'ID', 'Name', 'Rank', 'Country', 'All rounds', 'MMS', 'DC'])).toEqual(
      champions.map((e) => [e.position, e.player.id, displayName(e.player), formatRank(e.player.rank), e.player.country, 'yes', e.mmsHalves / 2, dc(e)]),
    );

    expect(rows.find((row) => row[0] === 'Qualification order of Europeans')).toBeDefined();
    const q = r.qualificationOrder;
    const expected = q.map((e, i) => {
      const lotUsed = sameBeforeLot(e, q[i - 1]) || sameBeforeLot(e, q[i + 1]);
      const row: unknown[] = [e.position, e.player.id, displayName(e.player), formatRank(e.player.rank), e.player.country ?? null, e.allRounds ? 'yes' : 'no', e.mmsHalves / 2, dc(e), e.rating ?? null, lotUsed ? e.lot : null];
      while (row[row.length - 1] === null) row.pop();
      return row;
    });
    expect(tableAfter(rows, ['Position', 'ID', 'Name', 'Rank', 'Country', 'All rounds', 'MMS', 'DC', 'Rating', 'Lot'])).toEqual(expected);
    expect(expected).toHaveLength(122);
    expect(expected.some((row) => typeof row[7] === 'string')).toBe(true); // Direct Comparison iterated: "1 / 1"
    expect(expected.some((row) => row.length === 10)).toBe(true); // the lot, where two Europeans had the same rating

    // The workbook is still the same tournament.
    expect((await cli(['standings', out, '--json'])).out).toBe((await cli(['standings', FINAL, '--json'])).out);
  });

  it('before the last round: provisional, after round 8 of 10, as the engine marks it', async () => {
    const t = load(R8);
    const r = egcResults(t);
    expect(r.final).toBe(false);
    const { rows } = await written(R8);
    expect(rows.slice(0, 2)).toEqual([['European results — after round 8 of 10 (provisional)'], [t.name]]);
    expect(rows.map((row) => row[0])).toEqual(
      expect.arrayContaining(['European Open Champion — provisional, after round 8 of 10', 'Qualification order of Europeans — provisional, after round 8 of 10']),
    );
    const champion = r.openOrder.find((e) => r.europeanChampion.includes(e.player.id))!;
    expect(rows.map((row) => row[0])).toContain(`Champion: ${champion.player.id} ${displayName(champion.player)}`);
    const order = tableAfter(rows, ['Position', 'ID', 'Name', 'Rank', 'Country', 'All rounds', 'MMS', 'DC', 'Rating', 'Lot']);
    expect(order.map((row) => row[1])).toEqual(r.qualificationOrder.map((e) => e.player.id));
  });

  it('is not written for a tournament that is not the congress McMahon', async () => {
    const { listed } = await written(path.join(EXAMPLES, 'quebec-open-mini.json'));
    expect(listed).toMatch(/Prize ceremony/);
    expect(listed).not.toMatch(new RegExp(SHEET));
  });

  it('is rewritten with the Standings and at Finalize, and is Tengen’s own sheet: replaced with the tournament', () => {
    const t = load(FINAL);
    const sheets = (ops: readonly { kind: string; sheet: string }[]) => new Set(ops.filter((op) => op.kind === 'write').map((op) => op.sheet));
    expect(sheets(standingsBatch(t).ops).has(SHEET)).toBe(true);
    expect(sheets(finalizeBatch(t).ops).has(SHEET)).toBe(true);
    const other = load(path.join(EXAMPLES, 'quebec-open-mini.json'));
    expect(sheets(standingsBatch(other).ops).has(SHEET)).toBe(false);
    const replaced = importBatch(other, { existingSheets: ['Grid', SHEET], replace: true, time: '2026-07-27T09:00:00Z' });
    expect(replaced.ops).toContainEqual({ kind: 'delete-sheet', sheet: SHEET });
  });
});
