/**
 * Pictures on a sheet of the `.xlsx` file (the `image` and `delete-images` ops): the sheet's drawing part
 * (SpreadsheetML DrawingML, ECMA-376 Part 1 §20.5) written by Tengen, one `xdr:oneCellAnchor` a picture — its
 * top-left corner in a cell, moved by an offset, its size fixed (`xdr:ext`) — each picture's PNG a media part.
 *
 * A sheet whose pictures a batch set has its drawing replaced: the `<drawing>` element and relationship of the sheet
 * as it was go, with the drawing part and its relationships, and the PNGs Tengen put there (`xl/media/tengen-qr-…`;
 * another picture's media part is left, it may be shared); then the new drawing, when the batch placed any picture.
 * Tengen does this only on its printout sheets, which it writes whole.
 *
 * Why not ExcelJS's `addImage`: the adapter writes through ExcelJS only the cells and layout of a sheet
 * (xlsxPackage.ts, `OWNED`) and keeps every other part of the file as it was; a drawing is one of those parts.
 */
import type { ZipParts } from './zipParts';
import type { ImageOp } from './adapter';
import { parseCell } from '../cells/address';
import { escapeXml, freshRelationshipId, parseRelationships, relationship, relationshipsPartOf, relationshipsXml, resolveTarget, splitDocument, joinDocument, withOverride, type XmlChild } from './xlsxXml';

const DRAWING_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing';
const IMAGE_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const DRAWING_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.drawing+xml';
const R_NAMESPACE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** English Metric Units a point (ECMA-376 Part 1, §20.1.2.1: 914 400 a inch, 72 points a inch). */
const EMU_PER_POINT = 12700;
/** Media parts Tengen writes, and may therefore delete. */
const OUR_MEDIA = /^xl\/media\/tengen-qr-\d+\.png$/;

function fresh(zip: ZipParts, make: (i: number) => string): string {
  for (let i = 1; ; i++) if (!zip.file(make(i))) return make(i);
}

function drawingXml(images: readonly ImageOp[], relIds: readonly string[]): string {
  const anchors = images.map((img, i) => {
    const at = parseCell(img.at)!;
    const emu = (points: number) => Math.round(points * EMU_PER_POINT);
    return (
      `<xdr:oneCellAnchor><xdr:from><xdr:col>${at.column - 1}</xdr:col><xdr:colOff>${emu(img.offset?.x ?? 0)}</xdr:colOff><xdr:row>${at.row - 1}</xdr:row><xdr:rowOff>${emu(img.offset?.y ?? 0)}</xdr:rowOff></xdr:from>` +
      `<xdr:ext cx="${emu(img.width)}" cy="${emu(img.height)}"/>` +
      `<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="${i + 2}" name="${escapeXml(`Tengen picture ${i + 1}`)}" descr="${escapeXml(img.name)}"/><xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr>` +
      `<xdr:blipFill><a:blip r:embed="${relIds[i]}"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill>` +
      `<xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(img.width)}" cy="${emu(img.height)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor>`
    );
  });
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${R_NAMESPACE}">${anchors.join('')}</xdr:wsDr>`
  );
}

/** CT_Worksheet's elements after `drawing` (ECMA-376 Part 1, §18.3.1.99): the new `<drawing>` goes before the first. */
const AFTER_DRAWING = new Set(['legacyDrawing', 'legacyDrawingHF', 'drawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst']);

/**
 * Removes the drawing parts of the sheet at `part` (and the PNGs Tengen wrote for them); returns the content types
 * without them. The sheet's relationships part still names them: the caller rewrites or removes it.
 */
export async function removeSheetDrawings(zip: ZipParts, types: string, part: string): Promise<string> {
  const rels = parseRelationships(await zip.file(relationshipsPartOf(part))?.async('string'));
  for (const old of rels.filter((r) => r.type === DRAWING_RELATIONSHIP && !r.external)) {
    const drawing = resolveTarget(part, old.target);
    const drawingRels = relationshipsPartOf(drawing);
    for (const media of parseRelationships(await zip.file(drawingRels)?.async('string'))) {
      const path = resolveTarget(drawing, media.target);
      if (!media.external && OUR_MEDIA.test(path)) zip.remove(path);
    }
    zip.remove(drawing);
    zip.remove(drawingRels);
    types = withOverride(types, drawing, undefined);
  }
  return types;
}

/**
 * Replaces the pictures of the sheet at `part` (its XML `sheetXml`, as about to be written) by `images` (none: the
 * sheet's drawing goes). Writes the drawing, media and relationship parts into `zip`; returns the sheet's XML and the
 * content types as they must now be.
 */
export async function replaceSheetDrawing(zip: ZipParts, types: string, part: string, sheetXml: string, images: readonly ImageOp[]): Promise<{ xml: string; types: string }> {
  const relsPart = relationshipsPartOf(part);
  types = await removeSheetDrawings(zip, types, part);
  let rels = parseRelationships(await zip.file(relsPart)?.async('string')).filter((r) => r.type !== DRAWING_RELATIONSHIP);
  const doc = splitDocument(sheetXml);
  const children: XmlChild[] = doc.children.filter((c) => c.local !== 'drawing');
  let rootStart = doc.rootStart;
  if (images.length > 0) {
    const drawing = fresh(zip, (i) => `xl/drawings/drawing${i}.xml`);
    const mediaRels = images.map((img, i) => {
      const media = fresh(zip, (k) => `xl/media/tengen-qr-${k}.png`);
      zip.file(media, img.png, { base64: true, createFolders: false });
      return relationship(`rId${i + 1}`, IMAGE_RELATIONSHIP, `../media/${media.slice('xl/media/'.length)}`);
    });
    zip.file(drawing, drawingXml(images, mediaRels.map((r) => r.id)), { createFolders: false });
    zip.file(relationshipsPartOf(drawing), relationshipsXml(mediaRels), { createFolders: false });
    types = withOverride(types, drawing, DRAWING_CONTENT_TYPE);
    if (!/<Default\b[^>]*Extension="png"/i.test(types)) types = types.replace('</Types>', '<Default Extension="png" ContentType="image/png"/></Types>');
    const id = freshRelationshipId(rels);
    rels = [...rels, relationship(id, DRAWING_RELATIONSHIP, `../drawings/${drawing.slice('xl/drawings/'.length)}`)];
    // The relationships namespace as the sheet's root declares it (ExcelJS: `r`), else declared as `r` there.
    let prefix = new RegExp(`xmlns:([\\w.-]+)="${R_NAMESPACE.replace(/[.]/g, '\\.')}"`).exec(rootStart)?.[1];
    if (prefix === undefined) {
      prefix = /\sxmlns:r=/.test(rootStart) ? 'tengenr' : 'r';
      rootStart = rootStart.replace(/\s*(\/?)>$/, ` xmlns:${prefix}="${R_NAMESPACE}"$1>`);
    }
    const element: XmlChild = { local: 'drawing', text: `<drawing ${prefix}:id="${id}"/>` };
    const at = children.findIndex((c) => AFTER_DRAWING.has(c.local));
    if (at < 0) children.push(element);
    else children.splice(at, 0, element);
  }
  if (rels.length > 0) zip.file(relsPart, relationshipsXml(rels));
  else zip.remove(relsPart);
  return { xml: joinDocument({ ...doc, rootStart }, children), types };
}
