/**
 * "How Excel stores it": Tengen's saved workbook against a workbook laid out as Excel writes one with a custom
 * function that spills. The fixture below is written for this test (no third-party file): its parts, relationships,
 * content types and attributes are those of the Excel-written workbooks in public code and issues —
 *  - `<f>_xldudf_NS_NAME(…)</f>` for a JavaScript custom function (OfficeDev/Excel-Custom-Functions#108;
 *    office-js#2568 shows the sheet XML, and the stray `[2]!` Excel once added before the prefix);
 *  - a spilled formula: `<c … cm="1"><f t="array" ref="…">`, the spill's other cells values only, and
 *    `xl/metadata.xml` (XLDAPR, `xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"`), listed in
 *    `[Content_Types].xml` and `xl/_rels/workbook.xml.rels` (XlsxWriter's `metadata.py` and its comparison tests
 *    against files Excel saved; MS-XLSX, the dynamicarray schema).
 * The comparison is structural: the same parts, relationship, content type, metadata elements and attributes, and
 * the same cell markup; not byte equality (ExcelJS orders and styles other parts its own way).
 */
import JSZip from 'jszip';
import {
  DYNAMIC_ARRAY_EXTENSION,
  DYNAMIC_ARRAY_NAMESPACE,
  fromExcelStorage,
  METADATA_CONTENT_TYPE,
  METADATA_RELATIONSHIP,
  shownFormula,
  storedFormula,
  toExcelStorage,
} from '../../src/workbook/adapters/excelFormulaStorage';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { openZip, part, sheetCells } from './sheetXml';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook as Excel saves one: Sheet1!A1 holds =GO.STANDINGS(TengenGrid) spilled over A1:B3. */
async function excelStyleFixture(prefix = ''): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
      `<Override PartName="/xl/metadata.xml" ContentType="${METADATA_CONTENT_TYPE}"/></Types>`,
  );
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Standings" sheetId="1" r:id="rId1"/><sheet name="Grid" sheetId="2" r:id="rId2"/></sheets>` +
      '<definedNames><definedName name="TengenGrid">Grid!$A$1:$B$2</definedName></definedNames><calcPr calcId="191029"/></workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/>` +
      `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId4" Type="${METADATA_RELATIONSHIP}" Target="metadata.xml"/></Relationships>`,
  );
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><dimension ref="A1:B3"/><sheetData>` +
      `<row r="1"><c r="A1" t="str" cm="1"><f t="array" ref="A1:B3">${prefix}_xldudf_GO_STANDINGS(TengenGrid,&quot;egf&quot;)</f><v>Place</v></c><c r="B1" t="s"><v>0</v></c></row>` +
      '<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>7</v></c></row><row r="3"><c r="A3"><v>2</v></c><c r="B3"><v>3</v></c></row>' +
      '</sheetData></worksheet>',
  );
  zip.file('xl/sharedStrings.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}" count="1" uniqueCount="1"><si><t>ID</t></si></sst>`);
  zip.file('xl/worksheets/sheet2.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1"><v>7</v></c><c r="B1"><v>3</v></c></row></sheetData></worksheet>`);
  zip.file(
    'xl/metadata.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<metadata xmlns="${MAIN}" xmlns:xda="${DYNAMIC_ARRAY_NAMESPACE}">` +
      '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>' +
      `<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="${DYNAMIC_ARRAY_EXTENSION}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>` +
      '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>',
  );
  return zip.generateAsync({ type: 'uint8array' });
}

/** The same content written by Tengen (the .xlsx adapter, saved). */
async function tengenWritten(): Promise<Uint8Array> {
  const wb = XlsxWorkbook.create();
  await wb.apply({
    label: 'fixture',
    ops: [
      { kind: 'ensure-sheet', sheet: 'Standings' },
      { kind: 'ensure-sheet', sheet: 'Grid' },
      { kind: 'write', sheet: 'Grid', at: 'A1', cells: [[7, 3]] },
      { kind: 'define-name', sheet: 'Grid', name: 'TengenGrid', range: 'A1:B2' },
      { kind: 'write', sheet: 'Standings', at: 'A1', cells: [[{ formula: '=GO.STANDINGS(TengenGrid,"egf")', value: 'Place', spill: { rows: 3, columns: 2 } }, 'ID'], [1, 7], [2, 3]] },
    ],
  });
  return wb.save();
}

/** Elements and their attributes, in document order: the structure of an XML part, free of formatting. */
function structure(xml: string): string[] {
  return [...xml.matchAll(/<([\w:]+)((?:\s+[\w:]+="[^"]*")*)\s*\/?>/g)]
    .filter((m) => !m[1].startsWith('?'))
    .map((m) => `${m[1]}${[...m[2].matchAll(/([\w:]+)="([^"]*)"/g)].map((a) => ` ${a[1]}=${a[2]}`).sort().join('')}`);
}

function relationships(xml: string): { type: string; target: string }[] {
  return [...xml.matchAll(/<Relationship ([^>]*)\/>/g)].map((m) => ({ type: /Type="([^"]*)"/.exec(m[1])![1], target: /Target="([^"]*)"/.exec(m[1])![1] }));
}

describe('formula text', () => {
  it.each([
    ['GO.STANDINGS(TengenGrid,,,,TengenSettings)', '_xldudf_GO_STANDINGS(TengenGrid,,,,TengenSettings)'],
    ['GO.PLACE(TengenGrid,$A$16:$A$95,,TengenSettings)', '_xldudf_GO_PLACE(TengenGrid,$A$16:$A$95,,TengenSettings)'],
    ['IF(GO.SOS(TengenGrid,A16)>2,GO.SOSM1(TengenGrid,A16),0)', 'IF(_xldudf_GO_SOS(TengenGrid,A16)>2,_xldudf_GO_SOSM1(TengenGrid,A16),0)'],
    ['SUM(A1:A3)', 'SUM(A1:A3)'],
  ])('%s is stored as %s, and read back', (shown, stored) => {
    expect(storedFormula(shown)).toBe(stored);
    expect(shownFormula(stored)).toBe(shown);
  });

  it('leaves text and quoted sheet names alone', () => {
    expect(storedFormula('"GO.SOS(x)"&\'GO.SOS(\'!A1&GO.NBW(G,A1)')).toBe('"GO.SOS(x)"&\'GO.SOS(\'!A1&_xldudf_GO_NBW(G,A1)');
    expect(storedFormula('XGO.SOS(A1)')).toBe('XGO.SOS(A1)');
  });

  it('reads the prefix after a stray external link (office-js#2568) as the function itself', () => {
    expect(shownFormula('[2]!_xldudf_GO_PLACE(TengenGrid,A16)')).toBe('GO.PLACE(TengenGrid,A16)');
  });
});

describe('Tengen stores a spilling custom function as Excel does', () => {
  it('the same parts, relationship, content type and metadata as the Excel-style fixture', async () => {
    const excel = await openZip(await excelStyleFixture());
    const ours = await openZip(await tengenWritten());
    // The metadata part: element for element, attribute for attribute.
    expect(structure(await part(ours, 'xl/metadata.xml'))).toEqual(structure(await part(excel, 'xl/metadata.xml')));
    // Listed as Excel lists it.
    const metadataRel = (rels: string) => relationships(rels).filter((r) => r.type === METADATA_RELATIONSHIP);
    expect(metadataRel(await part(ours, 'xl/_rels/workbook.xml.rels'))).toEqual(metadataRel(await part(excel, 'xl/_rels/workbook.xml.rels')));
    const override = (types: string) => /<Override PartName="\/xl\/metadata\.xml" ContentType="([^"]*)"\/>/.exec(types)?.[1];
    expect(override(await part(ours, '[Content_Types].xml'))).toBe(override(await part(excel, '[Content_Types].xml')));
    expect(override(await part(ours, '[Content_Types].xml'))).toBe(METADATA_CONTENT_TYPE);
    // The name.
    const names = (xml: string) => xml.match(/<definedName [^>]*>[^<]*<\/definedName>/g);
    expect(names(await part(ours, 'xl/workbook.xml'))).toEqual(names(await part(excel, 'xl/workbook.xml')));
  });

  it('the same cell markup: cm="1" and t="array" ref on the formula’s cell, values only in the spill', async () => {
    const excel = await sheetCells(await openZip(await excelStyleFixture()), 'Standings');
    const ours = await sheetCells(await openZip(await tengenWritten()), 'Standings');
    expect([...ours.keys()]).toEqual([...excel.keys()]);
    for (const [address, cell] of excel) {
      const mine = ours.get(address)!;
      expect([address, mine.attributes.cm, mine.attributes.t, mine.formula, mine.value]).toEqual([address, cell.attributes.cm, cell.attributes.t, cell.formula, cell.value]);
    }
    expect(ours.get('A1')!.formula).toEqual({ attributes: { t: 'array', ref: 'A1:B3' }, text: '_xldudf_GO_STANDINGS(TengenGrid,"egf")' });
  });

  it('a file stored the Excel way reads back with GO.… formulas and the cached values, even after a stray [2]!', async () => {
    for (const prefix of ['', '[2]!']) {
      const wb = await XlsxWorkbook.load(await excelStyleFixture(prefix));
      expect((await wb.readFormulas('Standings'))![0][0]).toBe('=GO.STANDINGS(TengenGrid,"egf")');
      expect(await wb.readSheet('Standings')).toEqual([['Place', 'ID'], [1, 7], [2, 3]]);
    }
  });

  it('read and saved again by Tengen, it keeps the Excel storage (ExcelJS alone would drop cm and metadata.xml)', async () => {
    const again = await openZip(await (await XlsxWorkbook.load(await excelStyleFixture())).save());
    const cells = await sheetCells(again, 'Standings');
    expect(cells.get('A1')!.attributes.cm).toBe('1');
    expect(cells.get('A1')!.formula).toEqual({ attributes: { t: 'array', ref: 'A1:B3' }, text: '_xldudf_GO_STANDINGS(TengenGrid,"egf")' });
    expect(again.file('xl/metadata.xml')).not.toBeNull();
  });

  it('a workbook without a spilling formula gets no metadata part, and the zip is otherwise ExcelJS’s', async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply({ label: 'plain', ops: [{ kind: 'ensure-sheet', sheet: 'S' }, { kind: 'write', sheet: 'S', at: 'A1', cells: [[{ formula: '=GO.SOS(G,A1)', value: 3 }]] }] });
    const zip = await openZip(await wb.save());
    expect(zip.file('xl/metadata.xml')).toBeNull();
    expect(await part(zip, '[Content_Types].xml')).not.toContain('metadata');
    const a1 = (await sheetCells(zip, 'S')).get('A1')!;
    expect(a1.attributes.cm).toBeUndefined();
    expect(a1.formula).toEqual({ attributes: {}, text: '_xldudf_GO_SOS(G,A1)' });
    // Storing twice changes nothing more.
    const twice = await openZip(await toExcelStorage(await fromExcelStorage(await toExcelStorage(await wb.excel.xlsx.writeBuffer().then((b) => new Uint8Array(b as ArrayBuffer))))));
    expect((await sheetCells(twice, 'S')).get('A1')!.formula!.text).toBe('_xldudf_GO_SOS(G,A1)');
  });
});
