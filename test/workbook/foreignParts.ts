/**
 * A workbook as other tools leave it (issue 27, "data loss"): a director's own sheet with a comment, a chart, an image
 * and a table written as openpyxl writes them, a comment on a Tengen sheet, and Excel's own parts. Shared by
 * `xlsxParts.test.ts` (Tengen keeps them) and `test/e2e/libreofficeParts.test.ts` (the same after LibreOffice saved it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import JSZip from 'jszip';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { WEBEXTENSION_PART } from '../../src/workbook/adapters/webExtension';
import { value } from './fixtures';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'quebec-open-mini.json');
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The quebec example with its first two rounds only: round 3 is the next to pair. */
export function twoRounds(dir: string): string {
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
export async function withForeignParts(file: string, options: { pivot?: boolean } = {}): Promise<void> {
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

  // A pivot table on the director's sheet (Excel's parts): its cache hangs off the workbook (`<pivotCaches>`, which a
  // save that rewrites xl/workbook.xml must keep), the table off the sheet's relationships.
  if (options.pivot) {
    const CACHE = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    zip.file('xl/pivotCache/pivotCacheDefinition1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<pivotCacheDefinition xmlns="${CACHE}" xmlns:r="${R}" r:id="rId1" recordCount="2"><cacheSource type="worksheet"><worksheetSource ref="A1:B2" sheet="Notes"/></cacheSource><cacheFields count="2"><cacheField name="Item" numFmtId="0"><sharedItems/></cacheField><cacheField name="Amount" numFmtId="0"><sharedItems containsNumber="1" containsInteger="1" minValue="80" maxValue="120"/></cacheField></cacheFields></pivotCacheDefinition>`);
    zip.file('xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels', rels([['rId1', `${R}/pivotCacheRecords`, '/xl/pivotCache/pivotCacheRecords1.xml']]));
    zip.file('xl/pivotCache/pivotCacheRecords1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<pivotCacheRecords xmlns="${CACHE}" count="2"><r><s v="Budget"/><n v="120"/></r><r><s v="Hall"/><n v="80"/></r></pivotCacheRecords>`);
    zip.file('xl/pivotTables/pivotTable1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<pivotTableDefinition xmlns="${CACHE}" name="Budget pivot" cacheId="1" dataCaption="Values"><location ref="D10:E12" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/><pivotFields count="2"><pivotField showAll="0"/><pivotField dataField="1" showAll="0"/></pivotFields><dataFields count="1"><dataField name="Sum of Amount" fld="1" baseField="0" baseItem="0"/></dataFields></pivotTableDefinition>`);
    zip.file('xl/pivotTables/_rels/pivotTable1.xml.rels', rels([['rId1', `${R}/pivotCacheDefinition`, '/xl/pivotCache/pivotCacheDefinition1.xml']]));
    const notesRels = await zip.file('xl/worksheets/_rels/sheet90.xml.rels')!.async('string');
    zip.file('xl/worksheets/_rels/sheet90.xml.rels', notesRels.replace('</Relationships>', `<Relationship Id="rId5" Type="${R}/pivotTable" Target="/xl/pivotTables/pivotTable1.xml"/></Relationships>`));
    override('xl/pivotCache/pivotCacheDefinition1.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml');
    override('xl/pivotCache/pivotCacheRecords1.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheRecords+xml');
    override('xl/pivotTables/pivotTable1.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.pivotTable+xml');
    addWorkbookRel('rId902', `${R}/pivotCacheDefinition`, 'pivotCache/pivotCacheDefinition1.xml');
    // CT_Workbook's order: … definedNames, calcPr, oleSize, customWorkbookViews, pivotCaches … (ECMA-376 Part 1 §18.2.27).
    workbook = workbook.replace(/(<calcPr[^>]*\/>|<calcPr[^>]*>[\s\S]*?<\/calcPr>)/, '$1<pivotCaches><pivotCache cacheId="1" r:id="rId902"/></pivotCaches>');
    if (!workbook.includes('<pivotCaches>')) throw new Error('the test workbook has no calcPr to put the pivot caches after');
  }

  zip.file('[Content_Types].xml', types);
  zip.file('xl/workbook.xml', workbook);
  zip.file('xl/_rels/workbook.xml.rels', workbookRels);
  writeFileSync(file, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
}

export async function partsOf(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(bytes);
  const out = new Map<string, Buffer>();
  for (const [name, entry] of Object.entries(zip.files)) if (!entry.dir) out.set(name, await entry.async('nodebuffer'));
  return out;
}

