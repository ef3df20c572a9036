/**
 * Pictures through the Office.js adapter (the QR codes of the printed slips, issue 22), against the fake Excel of
 * ./fakeExcel.ts: `shapes.addImage` with the PNG in base64, each picture where its cell is once the batch set the
 * rows' heights and the columns' widths (Range.left/top, loaded before read), a round written again deleting the
 * pictures of before, and no sync added to a batch without pictures.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Tournament } from '../../src/model/tournament';
import { OfficeWorkbook } from '../../taskpane/officeAdapter';
import { SLIP_ROWS, slipsOps, slipsSheetName } from '../../src/workbook/sheets/slipsSheet';
import { gamesByTable } from '../../src/workbook/sheets/pairingsSheet';
import { load, QUEBEC } from '../publish/support';
import { cellPosition, FakeExcel } from './fakeExcel';

function withSite(t: Tournament, siteUrl: string | undefined): Tournament {
  const settings = { ...t.settings, siteUrl };
  if (siteUrl === undefined) delete settings.siteUrl;
  return { ...t, settings };
}

function decode(base64: string): string | undefined {
  const img = PNG.sync.read(Buffer.from(base64, 'base64'));
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
}

describe('pictures in Excel (Office.js)', () => {
  let t: Tournament;
  let round: number;
  beforeAll(async () => {
    t = await load(QUEBEC);
    round = Math.max(...t.games.map((g) => g.round));
  });

  it('places each slip\'s two QR codes at their cells, as the batch laid the rows out, and replaces them when written again', async () => {
    const excel = new FakeExcel({ Grid: [['x']] });
    const wb = new OfficeWorkbook(excel);
    const site = 'https://go.example.org/quebec/';
    await wb.apply({ label: 'Slips', ops: slipsOps(withSite(t, site), round) });
    const sheet = excel.sheet(slipsSheetName(round))!;
    const games = gamesByTable(t, round);
    expect(sheet.shapes).toHaveLength(games.length * 2);
    games.forEach((g, i) => {
      const top = i * SLIP_ROWS;
      const [white, black] = sheet.shapes!.filter((s) => s.altTextDescription === `QR code: ${site}players/${g.white}.html` || s.altTextDescription === `QR code: ${site}players/${g.black}.html`);
      expect(decode(white.base64)).toBe(`${site}players/${g.white}.html`);
      expect(decode(black.base64)).toBe(`${site}players/${g.black}.html`);
      // The corner of G and H of the slip's first row, as the batch's widths and heights put them, plus the offset.
      const g1 = cellPosition(sheet, top, 6);
      const h1 = cellPosition(sheet, top, 7);
      expect(white).toMatchObject({ left: g1.left + 2, top: g1.top + 3, width: 68, height: 68 });
      expect(black).toMatchObject({ left: h1.left + 2, top: h1.top + 3, width: 68, height: 68 });
      // Inside the slip: below its first row's top, above its cut line (row 6), within columns G and H.
      const cut = cellPosition(sheet, top + SLIP_ROWS - 1, 0).top;
      expect(white.top + 68).toBeLessThanOrEqual(cut);
      expect(white.left + 68).toBeLessThanOrEqual(h1.left);
      expect(black.left + 68).toBeLessThanOrEqual(cellPosition(sheet, top, 8).left);
    });
    expect(g1Top(sheet)).toBe(0);

    const moved = 'https://elsewhere.example.org/q/';
    await wb.apply({ label: 'Slips again', ops: slipsOps(withSite(t, moved), round) });
    expect(excel.sheet(slipsSheetName(round))!.shapes!.map((s) => decode(s.base64)).sort()).toEqual(games.flatMap((g) => [`${moved}players/${g.white}.html`, `${moved}players/${g.black}.html`]).sort());

    await wb.apply({ label: 'Slips without site', ops: slipsOps(withSite(t, undefined), round) });
    expect(excel.sheet(slipsSheetName(round))!.shapes).toEqual([]);
  });

  it('an Excel without ExcelApi 1.9 gets the slips without their codes, said once, rather than a write failing after its cells', async () => {
    const excel = new FakeExcel({ Grid: [['x']] });
    excel.pictures = false;
    const notices: string[] = [];
    const wb = new OfficeWorkbook(excel, { onNotice: (n) => notices.push(n) });
    const site = 'https://go.example.org/quebec/';
    await wb.apply({ label: 'Slips', ops: slipsOps(withSite(t, site), round) });
    await wb.apply({ label: 'Slips again', ops: slipsOps(withSite(t, site), round) });
    const sheet = excel.sheet(slipsSheetName(round))!;
    expect(sheet.shapes ?? []).toEqual([]);
    expect(sheet.cells.size).toBeGreaterThan(0);
    expect(notices.filter((n) => /ExcelApi 1\.9/.test(n))).toHaveLength(1);
  });

  it('a batch without pictures on a sheet without any adds no sync', async () => {
    const excel = new FakeExcel({ Grid: [['x']] });
    const wb = new OfficeWorkbook(excel);
    await wb.apply({ label: 'Slips', ops: slipsOps(withSite(t, undefined), round) });
    const first = excel.syncsPerRun.at(-1)!;
    const excel2 = new FakeExcel({ Grid: [['x']] });
    await new OfficeWorkbook(excel2).apply({ label: 'Slips', ops: slipsOps(withSite(t, undefined), round).filter((op) => op.kind !== 'delete-images') });
    expect(first).toBe(excel2.syncsPerRun.at(-1));
  });
});

function g1Top(sheet: NonNullable<ReturnType<FakeExcel['sheet']>>): number {
  return cellPosition(sheet, 0, 6).top;
}
