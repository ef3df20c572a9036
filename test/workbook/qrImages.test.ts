/**
 * QR codes on the workbook's own printouts (issue 22): with a site address (Settings, "Site address") every slip of
 * `Slips R<n>` carries the QR code of each player's page, `Tables R<n>` that of the round's pairings by name — PNG
 * pictures placed by the `image` op — and a round written again replaces them (no stale code). Each picture is read
 * back from the saved `.xlsx` (its drawing part, its anchor, its PNG) and decoded with jsQR.
 */
import jsQR from 'jsqr';
import JSZip from 'jszip';
import { PNG } from 'pngjs';
import type { Tournament } from '../../src/model/tournament';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { qrPng } from '../../src/workbook/print/qrImage';
import { SLIP_ROWS, slipsOps, slipsSheetName } from '../../src/workbook/sheets/slipsSheet';
import { tablesOps, tablesSheetName } from '../../src/workbook/sheets/tablesSheet';
import { importBatch } from '../../src/workbook/session';
import { gamesByTable } from '../../src/workbook/sheets/pairingsSheet';
import { load, QUEBEC } from '../publish/support';

function decode(png: Uint8Array): string | undefined {
  const img = PNG.sync.read(Buffer.from(png));
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
}

function withSite(t: Tournament, siteUrl: string | undefined): Tournament {
  const settings = { ...t.settings, siteUrl };
  if (siteUrl === undefined) delete settings.siteUrl;
  return { ...t, settings };
}

interface Picture {
  readonly column: number;
  readonly row: number;
  readonly url: string | undefined;
  readonly name: string;
}

/** The pictures of a sheet of a saved workbook: each anchor's cell (0-based), the PNG decoded. */
async function picturesOf(bytes: Uint8Array, sheet: string): Promise<Picture[] | undefined> {
  const zip = await JSZip.loadAsync(bytes);
  const workbook = await zip.file('xl/workbook.xml')!.async('string');
  const rid = new RegExp(`<sheet [^>]*name="${sheet}"[^>]*r:id="(rId\\d+)"`).exec(workbook)?.[1];
  const wbRels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
  const target = new RegExp(`Id="${rid}"[^>]*Target="([^"]+)"`).exec(wbRels)?.[1] ?? new RegExp(`Target="([^"]+)"[^>]*Id="${rid}"`).exec(wbRels)?.[1];
  const part = `xl/${target!.replace(/^\/?xl\//, '')}`;
  const sheetXml = await zip.file(part)!.async('string');
  const drawingId = /<drawing [^>]*:id="(rId\d+)"/.exec(sheetXml)?.[1];
  if (!drawingId) return undefined;
  const relsPart = part.replace(/worksheets\//, 'worksheets/_rels/') + '.rels';
  const rels = await zip.file(relsPart)!.async('string');
  const drawingTarget = new RegExp(`<Relationship [^>]*Id="${drawingId}"[^>]*Target="\\.\\./drawings/([^"]+)"`).exec(rels)![1];
  const drawing = await zip.file(`xl/drawings/${drawingTarget}`)!.async('string');
  const drawingRels = await zip.file(`xl/drawings/_rels/${drawingTarget}.rels`)!.async('string');
  const out: Picture[] = [];
  for (const anchor of drawing.matchAll(/<xdr:oneCellAnchor>([\s\S]*?)<\/xdr:oneCellAnchor>/g)) {
    const a = anchor[1];
    const column = Number(/<xdr:col>(\d+)<\/xdr:col>/.exec(a)![1]);
    const row = Number(/<xdr:row>(\d+)<\/xdr:row>/.exec(a)![1]);
    const embed = /r:embed="(rId\d+)"/.exec(a)![1];
    const media = new RegExp(`Id="${embed}"[^>]*Target="\\.\\./media/([^"]+)"`).exec(drawingRels)![1];
    const png = await zip.file(`xl/media/${media}`)!.async('uint8array');
    out.push({ column, row, url: decode(png), name: /descr="([^"]*)"/.exec(a)![1] });
  }
  return out;
}

describe('QR codes on the printed sheets', () => {
  let t: Tournament;
  let round: number;
  beforeAll(async () => {
    t = await load(QUEBEC);
    round = Math.max(...t.games.map((g) => g.round));
  });

  test('the PNG of a code decodes back to its URL', () => {
    const url = 'https://go.example.org/québec/players/13.html';
    const png = qrPng(url);
    expect(Buffer.from(png.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    expect(decode(png)).toBe(url);
    // Compressed (a module's rows repeat): some 700 players' codes on a round's slips stay small in the batch.
    expect(png.length).toBeLessThan(2048);
  });

  test('no site address: no picture, and the pictures of an earlier writing are deleted', () => {
    const ops = slipsOps(withSite(t, undefined), round);
    expect(ops.filter((op) => op.kind === 'image')).toEqual([]);
    expect(ops.some((op) => op.kind === 'delete-images')).toBe(true);
  });

  test('the .xlsx file: each slip carries both players\' codes inside its cells; the Tables sheet the round\'s', async () => {
    const site = 'https://go.example.org/quebec/';
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(withSite(t, site), { existingSheets: [] }));
    await wb.apply({ label: 'tables', ops: tablesOps(withSite(t, site), round) });
    const bytes = await wb.save();
    const games = gamesByTable(t, round);
    const slips = await picturesOf(bytes, slipsSheetName(round));
    expect(slips).toHaveLength(games.length * 2);
    games.forEach((g, i) => {
      const top = i * SLIP_ROWS;
      expect(slips!.filter((p) => p.row === top)).toEqual([
        { column: 6, row: top, url: `${site}players/${g.white}.html`, name: `QR code: ${site}players/${g.white}.html` },
        { column: 7, row: top, url: `${site}players/${g.black}.html`, name: `QR code: ${site}players/${g.black}.html` },
      ]);
    });
    expect(await picturesOf(bytes, tablesSheetName(round))).toEqual([{ column: 4, row: 0, url: `${site}round-${round}-names.html`, name: `QR code: ${site}round-${round}-names.html` }]);

    // The round written again with another address: only the new codes, and no PNG of the old ones left in the file.
    const reopened = await XlsxWorkbook.open(bytes);
    const moved = 'https://elsewhere.example.org/q/';
    await reopened.apply({ label: 'again', ops: slipsOps(withSite(t, moved), round) });
    const again = await reopened.save();
    const after = await picturesOf(again, slipsSheetName(round));
    expect(after!.map((p) => p.url).sort()).toEqual(games.flatMap((g) => [`${moved}players/${g.white}.html`, `${moved}players/${g.black}.html`]).sort());
    const media = Object.keys((await JSZip.loadAsync(again)).files).filter((f) => f.startsWith('xl/media/') && !f.endsWith('/'));
    expect(media).toHaveLength(games.length * 2 + 1);

    // Without an address: the slips lose their codes, the file its pictures of them.
    const third = await XlsxWorkbook.open(again);
    await third.apply({ label: 'none', ops: slipsOps(withSite(t, undefined), round) });
    const none = await third.save();
    expect(await picturesOf(none, slipsSheetName(round))).toBeUndefined();
    expect(Object.keys((await JSZip.loadAsync(none)).files).filter((f) => f.startsWith('xl/media/') && !f.endsWith('/'))).toHaveLength(1);
  });

  test('the memory adapter keeps the pictures a batch placed, and deletes them', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply({ label: 'slips', ops: slipsOps(withSite(t, 'https://go.example.org/q/'), round) });
    expect(wb.sheets.get(slipsSheetName(round))!.images).toHaveLength(gamesByTable(t, round).length * 2);
    await wb.apply({ label: 'again', ops: slipsOps(withSite(t, undefined), round) });
    expect(wb.sheets.get(slipsSheetName(round))!.images).toBeUndefined();
  });

  test('a batch deleting a sheet\'s pictures after placing one is refused before anything is written', async () => {
    const ops = slipsOps(withSite(t, 'https://go.example.org/q/'), round);
    const wb = new MemoryWorkbook();
    await expect(wb.apply({ label: 'bad', ops: [...ops, { kind: 'delete-images', sheet: slipsSheetName(round) }] })).rejects.toThrow(/deleted before any is placed on it, not after; nothing was written/);
  });
});
