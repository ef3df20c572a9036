/**
 * The parts that make a workbook bring the add-in with it: Microsoft Learn, "Automatically open a task pane with a
 * document" (Office Add-ins, Excel/Word), and [MS-OWEXML] (Office Web Extensibility Extensions to Office Open XML):
 *
 *  - `xl/webextensions/webextension1.xml` (`we:webextension`, content type `application/vnd.ms-office.webextension+xml`):
 *    the add-in reference — `we:reference` with the manifest's `<Id>`, its version, and where Office finds the
 *    manifest (`store`, `storeType`: see docs/excel-compatibility.md, "Workbooks that bring the add-in", for the
 *    values of each way of deploying) — and the property `Office.AutoShowTaskpaneWithDocument` = `true`;
 *  - `xl/webextensions/taskpanes.xml` (`wetp:taskpanes`, `application/vnd.ms-office.webextensiontaskpanes+xml`),
 *    pointing at it through `xl/webextensions/_rels/taskpanes.xml.rels` (relationship type
 *    `http://schemas.microsoft.com/office/2011/relationships/webextension`);
 *  - the package relationship (`_rels/.rels`) to the task panes part, of type
 *    `http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes`.
 *
 * `visibility="0"` as the Learn page's example: the first time the file is opened the director inserts the add-in
 * from the ribbon (Home › Add-ins) if Office does not have it yet; from then on the pane opens with the file.
 * A workbook that already carries these parts (saved by Excel with the add-in) keeps its own: they are only written
 * into a workbook Tengen creates.
 */
import { escapeXml, freshRelationshipId, parseRelationships, relationship, relationshipsXml, withOverride } from './xlsxXml';

/** manifest.xml `<Id>` and `<Version>` (test/workbook/webExtension.test.ts checks they match the manifest). */
export const ADDIN_ID = '6f1d2c9e-4a7b-4d3e-9c55-2b8f0e7a1d64';
export const ADDIN_VERSION = '0.1.0.0';

/**
 * Where Office looks for the manifest. Centralized Deployment (Microsoft 365 admin center, Integrated apps) is
 * `EXCatalog`/`EXCatalog`; the other ways are in docs/excel-compatibility.md.
 */
export const ADDIN_STORE = { storeType: 'EXCatalog', store: 'EXCatalog' } as const;

export const WEBEXTENSION_PART = 'xl/webextensions/webextension1.xml';
export const TASKPANES_PART = 'xl/webextensions/taskpanes.xml';
export const WEBEXTENSION_CONTENT_TYPE = 'application/vnd.ms-office.webextension+xml';
export const TASKPANES_CONTENT_TYPE = 'application/vnd.ms-office.webextensiontaskpanes+xml';
export const WEBEXTENSION_RELATIONSHIP = 'http://schemas.microsoft.com/office/2011/relationships/webextension';
export const TASKPANES_RELATIONSHIP = 'http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes';

const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function webExtensionXml(store: { storeType: string; store: string } = ADDIN_STORE): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" id="{${ADDIN_ID.toUpperCase()}}">` +
    `<we:reference id="${ADDIN_ID}" version="${ADDIN_VERSION}" store="${escapeXml(store.store)}" storeType="${escapeXml(store.storeType)}"/>` +
    '<we:alternateReferences/>' +
    '<we:properties><we:property name="Office.AutoShowTaskpaneWithDocument" value="true"/></we:properties>' +
    '<we:bindings/>' +
    `<we:snapshot xmlns:r="${R}"/>` +
    '</we:webextension>'
  );
}

export function taskPanesXml(): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<wetp:taskpanes xmlns:wetp="http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11">' +
    `<wetp:taskpane dockstate="right" visibility="0" width="350" row="4"><wetp:webextensionref xmlns:r="${R}" r:id="rId1"/></wetp:taskpane>` +
    '</wetp:taskpanes>'
  );
}

/** Adds the parts to a package that has none (a workbook Tengen creates). */
/** What adding the add-in's parts needs of a zip: JSZip's and `ZipParts`' common calls. */
interface PartsZip {
  file(path: string): { async(type: 'string'): Promise<string> } | null;
  file(path: string, data: string): unknown;
}

export async function webExtensionParts(zip: PartsZip): Promise<void> {
  const root = parseRelationships(await zip.file('_rels/.rels')?.async('string'));
  if (root.some((r) => r.type === TASKPANES_RELATIONSHIP)) return;
  zip.file(WEBEXTENSION_PART, webExtensionXml());
  zip.file(TASKPANES_PART, taskPanesXml());
  zip.file('xl/webextensions/_rels/taskpanes.xml.rels', relationshipsXml([relationship('rId1', WEBEXTENSION_RELATIONSHIP, 'webextension1.xml')]));
  zip.file('_rels/.rels', relationshipsXml([...root, relationship(freshRelationshipId(root), TASKPANES_RELATIONSHIP, TASKPANES_PART)]));
  let types = (await zip.file('[Content_Types].xml')?.async('string')) ?? '';
  types = withOverride(types, WEBEXTENSION_PART, WEBEXTENSION_CONTENT_TYPE);
  types = withOverride(types, TASKPANES_PART, TASKPANES_CONTENT_TYPE);
  zip.file('[Content_Types].xml', types);
}
