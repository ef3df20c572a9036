/**
 * Parts survive (issues 21 R4, 27 "data loss"): a workbook holding what other tools put there — a director's own
 * sheet with a comment, a chart, an image and a table (written as openpyxl writes them: comments in
 * `xl/comments/comment1.xml`, its VML beside the drawings), a comment on a Tengen sheet, Excel's own parts
 * (`xl/webextensions/webextension1.xml`, `taskpanes.xml`, `xl/calcChain.xml`, `xl/metadata.xml`, a custom XML part) —
 * opened and saved by the page's adapter and paired into by `tengen pair … --out`: every part is still there with
 * its bytes (the rewritten sheets and workbook-level lists apart), except the calculation chain, dropped as soon as a
 * sheet is rewritten (xlsxPackage.ts, ECMA-376 Part 1 §18.6). A workbook Tengen creates carries the add-in's parts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { ADDIN_ID, ADDIN_VERSION, TASKPANES_PART, WEBEXTENSION_PART } from '../../src/workbook/adapters/webExtension';
import { readTournament } from '../../src/workbook/session';
import { cli } from '../support/cli';
import { value } from './fixtures';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'quebec-open-mini.json');
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The quebec example with its first two rounds only: round 3 is the next to pair. */
function twoRounds(dir: string): string {
  const t = value(parseTournamentJson(readFileSync(EXAMPLE, 'utf8'), EXAMPLE));
  const file = path.join(dir, 'two-rounds.json');
  writeFileSync(file, writeTournamentJson({ ...t, games: t.games.filter((g) => g.round <= 2), byes: t.byes.filter((b) => b.round <= 2) }));
  return file;
}

function rels(items: [string, string, string][]): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`).join('')}</Relationships>`;
}

const COMMENTS = (ref: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>Director</author></authors><commentList><comment ref="${ref}" authorId="0"><text><t>checked with the club</t></text></comment></commentList></comments>`;
const VML =
  '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel"><v:shape type="#_x0000_t202" style="position:absolute;visibility:hidden"><x:ClientData ObjectType="Note"><x:Row>0</x:Row><x:Column>0</x:Column></x:ClientData></v:shape></xml>';

/** Adds, by hand, the parts other tools and Excel write, as they write them; returns the parts' names. */
async function withForeignParts(file: string): Promise<void> {
  const zip = await JSZip.loadAsync(readFileSync(file));
  let types = await zip.file('[Content_Types].xml')!.async('string');
  const override = (part: string, type: string) => (types = types.replace('</Types>', `<Override PartName="/${part}" ContentType="${type}"/></Types>`));
  let workbook = await zip.file('xl/workbook.xml')!.async('string');
  let workbookRels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
  const addWorkbookRel = (id: string, type: string, target: string) => (workbookRels = workbookRels.replace('</Relationships>', `<Relationship Id="${id}" Type="${type}" Target="${target}"/></Relationships>`));

  // A director's own sheet: a value, a comment (openpyxl's paths), a drawing with a chart and an image, a table.
  zip.file(
    'xl/worksheets/sheet90.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${R}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Budget</t></is></c><c r="B1"><v>120</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Hall</t></is></c><c r="B2"><v>80</v></c></row></sheetData><drawing r:id="rId1"/><legacyDrawing r:id="rId2"/><tableParts count="1"><tablePart r:id="rId4"/></tableParts></worksheet>`,
  );
  zip.file(
    'xl/worksheets/_rels/sheet90.xml.rels',
    rels([
      ['rId1', `${R}/drawing`, '/xl/drawings/drawing1.xml'],
      ['rId2', `${R}/vmlDrawing`, '/xl/drawings/commentsDrawing1.vml'],
      ['rId3', `${R}/comments`, '/xl/comments/comment1.xml'],
      ['rId4', `${R}/table`, '/xl/tables/table1.xml'],
    ]),
  );
  zip.file('xl/comments/comment1.xml', COMMENTS('A1'));
  zip.file('xl/drawings/commentsDrawing1.vml', VML);
  zip.file(
    'xl/drawings/drawing1.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${R}" xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"><xdr:oneCellAnchor><xdr:from><xdr:col>3</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="4000000" cy="2000000"/><xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="1" name="Chart 1"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rId1"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:oneCellAnchor><xdr:oneCellAnchor><xdr:from><xdr:col>8</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="100000" cy="100000"/><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Image 1"/><xdr:cNvPicPr/></xdr:nvPicPr><xdr:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill><xdr:spPr><a:prstGeom prst="rect"/></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>`,
  );
  zip.file('xl/drawings/_rels/drawing1.xml.rels', rels([['rId1', `${R}/chart`, '/xl/charts/chart1.xml'], ['rId2', `${R}/image`, '/xl/media/image1.png']]));
  zip.file(
    'xl/charts/chart1.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:plotArea><c:layout/><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:ser><c:idx val="0"/><c:order val="0"/><c:val><c:numRef><c:f>Notes!$B$1:$B$2</c:f></c:numRef></c:val></c:ser><c:axId val="10"/><c:axId val="20"/></c:barChart><c:catAx><c:axId val="10"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:axPos val="l"/><c:crossAx val="20"/></c:catAx><c:valAx><c:axId val="20"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:axPos val="l"/><c:crossAx val="10"/></c:valAx></c:plotArea></c:chart></c:chartSpace>`,
  );
  zip.file('xl/media/image1.png', PNG);
  zip.file(
    'xl/tables/table1.xml',
    '<?xml version="1.0" encoding="UTF-8"?>\n<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="1" name="Budget" displayName="Budget" ref="A1:B2" headerRowCount="0"><tableColumns count="2"><tableColumn id="1" name="Item"/><tableColumn id="2" name="Amount"/></tableColumns><tableStyleInfo name="TableStyleMedium9" showRowStripes="1"/></table>',
  );
  types = types.replace('</Types>', '<Default Extension="png" ContentType="image/png"/><Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/></Types>');
  override('xl/worksheets/sheet90.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml');
  override('xl/comments/comment1.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml');
  override('xl/drawings/drawing1.xml', 'application/vnd.openxmlformats-officedocument.drawing+xml');
  override('xl/charts/chart1.xml', 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml');
  override('xl/tables/table1.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml');
  addWorkbookRel('rId900', `${R}/worksheet`, 'worksheets/sheet90.xml');
  workbook = workbook.replace('</sheets>', '<sheet name="Notes" sheetId="90" r:id="rId900"/></sheets>');

  // A comment on the Grid, which a pairing rewrites (openpyxl's paths again).
  const gridPart = 'xl/worksheets/sheet1.xml';
  const grid = await zip.file(gridPart)!.async('string');
  zip.file(gridPart, grid.replace('</worksheet>', '<legacyDrawing r:id="rId1"/></worksheet>'));
  zip.file('xl/worksheets/_rels/sheet1.xml.rels', rels([['rId1', `${R}/vmlDrawing`, '/xl/drawings/commentsDrawing2.vml'], ['rId2', `${R}/comments`, '/xl/comments/comment2.xml']]));
  zip.file('xl/comments/comment2.xml', COMMENTS('B2'));
  zip.file('xl/drawings/commentsDrawing2.vml', VML);
  override('xl/comments/comment2.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml');

  // Excel's own: the calculation chain, a custom XML part, and (replacing Tengen's) the add-in's parts as Excel saves them.
  zip.file('xl/calcChain.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><c r="A1" i="1"/></calcChain>');
  override('xl/calcChain.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml');
  addWorkbookRel('rId901', `${R}/calcChain`, 'calcChain.xml');
  zip.file('customXml/item1.xml', '<director xmlns="urn:example:director">kept</director>');
  zip.file(WEBEXTENSION_PART, (await zip.file(WEBEXTENSION_PART)!.async('string')).replace('<we:bindings/>', '<we:bindings/><!-- saved by Excel -->'));

  zip.file('[Content_Types].xml', types);
  zip.file('xl/workbook.xml', workbook);
  zip.file('xl/_rels/workbook.xml.rels', workbookRels);
  writeFileSync(file, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
}

async function partsOf(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(bytes);
  const out = new Map<string, Buffer>();
  for (const [name, entry] of Object.entries(zip.files)) if (!entry.dir) out.set(name, await entry.async('nodebuffer'));
  return out;
}

/** Parts a save may rewrite: the sheets the batch changed, the lists of sheets, names, styles and content types. */
const REWRITTEN = /^(xl\/worksheets\/sheet\d+\.xml|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/styles\.xml|xl\/sharedStrings\.xml|\[Content_Types\]\.xml|xl\/metadata\.xml)$/;

/** The `<si>` items of a shared-strings part. */
const items = (xml: Buffer | undefined) => [...(xml?.toString() ?? '').matchAll(/<si>[\s\S]*?<\/si>/g)].map((m) => m[0]);

function expectKept(before: Map<string, Buffer>, after: Map<string, Buffer>, rewrittenSheets: readonly string[]): void {
  const missing = [...before.keys()].filter((p) => !after.has(p) && p !== 'xl/calcChain.xml');
  expect(missing).toEqual([]);
  expect(after.has('xl/calcChain.xml')).toBe(false);
  const changed = [...before.keys()].filter((p) => after.has(p) && !before.get(p)!.equals(after.get(p)!) && !(REWRITTEN.test(p) && (!p.startsWith('xl/worksheets/') || rewrittenSheets.includes(p))));
  expect(changed).toEqual([]);
  // Strings are only added: every string the kept sheets index is where it was.
  const strings = items(before.get('xl/sharedStrings.xml'));
  expect(items(after.get('xl/sharedStrings.xml')).slice(0, strings.length)).toEqual(strings);
  // The rewritten sheets keep their comment drawings; the calculation chain's relationship and type went with it.
  expect(after.get('xl/_rels/workbook.xml.rels')!.toString()).not.toContain('calcChain');
  expect(after.get('[Content_Types].xml')!.toString()).not.toContain('calcChain');
}

describe('parts another tool or Excel put in the workbook survive', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-parts-'));

  test('a workbook Tengen creates carries the add-in: webextension and task pane parts with the manifest id', async () => {
    const file = path.join(dir, 'new.xlsx');
    expect((await cli(['workbook', twoRounds(dir), '--out', file])).code).toBe(0);
    const parts = await partsOf(readFileSync(file));
    const manifest = readFileSync(path.resolve(__dirname, '..', '..', 'manifest.xml'), 'utf8');
    expect(manifest).toContain(`<Id>${ADDIN_ID}</Id>`);
    expect(manifest).toContain(`<Version>${ADDIN_VERSION}</Version>`);
    expect(parts.get(WEBEXTENSION_PART)!.toString()).toContain(`<we:reference id="${ADDIN_ID}" version="${ADDIN_VERSION}"`);
    expect(parts.get(WEBEXTENSION_PART)!.toString()).toContain('name="Office.AutoShowTaskpaneWithDocument" value="true"');
    expect(parts.get(TASKPANES_PART)!.toString()).toContain('r:id="rId1"');
    expect(parts.get('xl/webextensions/_rels/taskpanes.xml.rels')!.toString()).toContain('Target="webextension1.xml"');
    expect(parts.get('_rels/.rels')!.toString()).toContain('http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes');
    expect(parts.get('[Content_Types].xml')!.toString()).toContain('application/vnd.ms-office.webextensiontaskpanes+xml');
  }, 60_000);

  test('tengen pair … --out: the round is written, every other part kept byte for byte (calcChain dropped)', async () => {
    const file = path.join(dir, 'pair.xlsx');
    expect((await cli(['workbook', twoRounds(dir), '--out', file])).code).toBe(0);
    await withForeignParts(file);
    const before = await partsOf(readFileSync(file));
    const paired = await cli(['pair', file, '--round', '3', '--out', file]);
    expect(paired.err).toBe('');
    expect(paired.code).toBe(0);
    const after = await partsOf(readFileSync(file));
    const wb = await XlsxWorkbook.open(readFileSync(file));
    expect(await wb.sheetNames()).toContain('Notes');
    expect(await wb.readSheet('Notes')).toEqual([['Budget', 120], ['Hall', 80]]);
    expect(value(await readTournament(wb)).games.some((g) => g.round === 3)).toBe(true);
    // The sheets the pairing writes (Grid, caches, standings, Log, the new round's) are rewritten; the director's is not.
    const rewritten = [...after.keys()].filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p) && !before.get(p)?.equals(after.get(p)!));
    expect(rewritten).toContain('xl/worksheets/sheet1.xml');
    expect(rewritten).not.toContain('xl/worksheets/sheet90.xml');
    expectKept(before, after, rewritten);
    // The Grid, rewritten, still points at its comment.
    const grid = after.get('xl/worksheets/sheet1.xml')!.toString();
    expect(grid).toContain('<legacyDrawing r:id="rId1"/>');
    expect(after.get('xl/worksheets/_rels/sheet1.xml.rels')).toEqual(before.get('xl/worksheets/_rels/sheet1.xml.rels'));
    // ExcelJS's own reader still fails on openpyxl's comment paths (issue 27's crash); Tengen parses every sheet.
    await expect(new ExcelJS.Workbook().xlsx.load(readFileSync(file).buffer as ArrayBuffer)).rejects.toThrow(/reading 'comments'/);
    const whole = await XlsxWorkbook.load(readFileSync(file));
    expect(await whole.readSheet('Notes')).toEqual([['Budget', 120], ['Hall', 80]]);
  }, 120_000);

  test('the page: opened, a result written, saved: every other part kept byte for byte', async () => {
    const file = path.join(dir, 'page.xlsx');
    expect((await cli(['workbook', twoRounds(dir), '--out', file])).code).toBe(0);
    await withForeignParts(file);
    const bytes = readFileSync(file);
    const before = await partsOf(bytes);
    const wb = await XlsxWorkbook.open(bytes);
    const t = value(await readTournament(wb));
    const game = t.games.find((g) => g.round === 2)!;
    const { resultsBatch } = await import('../../src/workbook/session');
    await wb.apply(resultsBatch(t, 2, [{ table: game.table!, result: 'jigo' }], { confirmOverwrite: true, time: 'test' }));
    const saved = await wb.save();
    const after = await partsOf(saved);
    const rewritten = [...after.keys()].filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p) && !before.get(p)?.equals(after.get(p)!));
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten).not.toContain('xl/worksheets/sheet90.xml');
    expectKept(before, after, rewritten);
    expect(value(await readTournament(await XlsxWorkbook.open(saved))).games.find((g) => g.round === 2 && g.table === game.table)!.result).toBe('jigo');
  }, 120_000);
});
