/**
 * The package of a workbook Tengen creates, before its sheets are added (issue 28: made here rather than by ExcelJS,
 * which a new workbook no longer loads). ECMA-376 Part 1, §12.2 (package structure) and §12.3: a SpreadsheetML package
 * holds its content types (Part 2, §10.1.2), the package relationships to the workbook part (§12.3.23) and to the
 * core and extended file properties (§15.2.12.1, §15.2.12.3), and the workbook part with its styles (§12.3.20) and
 * theme (§14.2.7: the theme's colours and fonts, which the default font's `color theme="1"` and `scheme="minor"`
 * name). The sheets, shared strings and defined names are added on saving (`xlsxPackage.ts` `assemble`), and the
 * add-in's parts that open the task pane with the workbook (`webExtension.ts`).
 */
import { ZipParts } from './zipParts';
import { relationship, relationshipsXml } from './xlsxXml';
import { RELATIONSHIP_TYPES } from './xlsxPackage';
import { StyleTable } from './xlsxSheetWriter';
import { webExtensionParts } from './webExtension';

const THEME_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme';
const CORE_RELATIONSHIP = 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties';
const APP_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function contentTypes(): string {
  const override = (part: string, type: string) => `<Override PartName="/${part}" ContentType="${type}"/>`;
  return (
    `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    override('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml') +
    override('xl/styles.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml') +
    override('xl/theme/theme1.xml', 'application/vnd.openxmlformats-officedocument.theme+xml') +
    override('docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml') +
    override('docProps/app.xml', 'application/vnd.openxmlformats-officedocument.extended-properties+xml') +
    '</Types>'
  );
}

/**
 * The theme (DrawingML, ECMA-376 Part 1, §20.1.6.9 theme): its colour scheme (the twelve colours §20.1.6.2 requires,
 * with Office's values), its font scheme (Calibri for body text, Calibri Light for headings) and the format scheme's
 * three required entries of each list (§20.1.4.1.14 fmtScheme), the simplest each allows.
 */
function themeXml(): string {
  const colour = (name: string, rgb: string) => `<a:${name}><a:srgbClr val="${rgb}"/></a:${name}>`;
  const solid = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
  const three = (item: string) => item + item + item;
  return (
    `${DECLARATION}<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Office Theme"><a:themeElements>` +
    '<a:clrScheme name="Office"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1>' +
    colour('dk2', '44546A') + colour('lt2', 'E7E6E6') + colour('accent1', '4472C4') + colour('accent2', 'ED7D31') + colour('accent3', 'A5A5A5') +
    colour('accent4', 'FFC000') + colour('accent5', '5B9BD5') + colour('accent6', '70AD47') + colour('hlink', '0563C1') + colour('folHlink', '954F72') +
    '</a:clrScheme>' +
    '<a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>' +
    '<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme>' +
    `<a:fmtScheme name="Office"><a:fillStyleLst>${three(solid)}</a:fillStyleLst><a:lnStyleLst>${three(`<a:ln w="6350">${solid}</a:ln>`)}</a:lnStyleLst>` +
    `<a:effectStyleLst>${three('<a:effectStyle><a:effectLst/></a:effectStyle>')}</a:effectStyleLst><a:bgFillStyleLst>${three(solid)}</a:bgFillStyleLst></a:fmtScheme>` +
    '</a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>'
  );
}

/** A new workbook's package (no sheet yet), to which saving adds the sheets. */
export async function newPackage(): Promise<ZipParts> {
  const zip = ZipParts.empty();
  zip.file('[Content_Types].xml', contentTypes());
  zip.file(
    '_rels/.rels',
    relationshipsXml([relationship('rId1', RELATIONSHIP_TYPES.officeDocument, 'xl/workbook.xml'), relationship('rId2', CORE_RELATIONSHIP, 'docProps/core.xml'), relationship('rId3', APP_RELATIONSHIP, 'docProps/app.xml')]),
  );
  zip.file(
    'docProps/core.xml',
    `${DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Tengen</dc:creator></cp:coreProperties>`,
  );
  zip.file('docProps/app.xml', `${DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Tengen</Application></Properties>`);
  zip.file(
    'xl/workbook.xml',
    `${DECLARATION}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
      '<workbookPr/><bookViews><workbookView xWindow="0" yWindow="0" windowWidth="12000" windowHeight="24000"/></bookViews><sheets/><calcPr calcId="171027"/></workbook>',
  );
  zip.file('xl/_rels/workbook.xml.rels', relationshipsXml([relationship('rId1', RELATIONSHIP_TYPES.styles, 'styles.xml'), relationship('rId2', THEME_RELATIONSHIP, 'theme/theme1.xml')]));
  zip.file('xl/styles.xml', new StyleTable().xml());
  zip.file('xl/theme/theme1.xml', themeXml());
  await webExtensionParts(zip);
  return zip;
}
