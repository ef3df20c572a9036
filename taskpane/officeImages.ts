/// <reference types="office-js" />
/**
 * Pictures in Excel (the `image` and `delete-images` ops: the QR codes of the printed slips and table list), queued
 * after the batch's cells and layout are written — a picture is placed where its cell IS then, once the rows and
 * columns have the heights and widths the batch gave them.
 *
 * Office.js, as Microsoft documents it ("Work with shapes using the Excel JavaScript API",
 * https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-shapes; `Excel.ShapeCollection`,
 * https://learn.microsoft.com/javascript/api/excel/excel.shapecollection, ExcelApi 1.9):
 *  - `worksheet.shapes.addImage(base64ImageString)` "creates an image from a Base64-encoded string" (JPEG or PNG) and
 *    returns its `Shape`, at the sheet's top-left at the picture's own size; its `left`, `top`, `width`, `height`
 *    (points), `name` and `altTextDescription` are then set;
 *  - `Range.left` and `Range.top` (ExcelApi 1.3): the distance in points from the sheet's top-left corner to the
 *    range's, read (load + sync) after the batch's row heights and column widths were sent;
 *  - `ShapeCollection.load('items/type')` then `Shape.delete()` for every shape of type `Image` of a sheet whose
 *    pictures the batch deletes (the sheet is Tengen's printout, written whole).
 * Assumption (docs/excel-compatibility.md, "Pictures"): tested against the fake Excel of test/addin/fakeExcel.ts,
 * which enforces load-before-read on `Range.left/top` and `shapes.items`; real Excel was not available.
 */
import type { ImageOp } from '../src/workbook/adapters/adapter';
import type { Step } from './officePlan';
import { REQUEST_LIMIT } from './officeWrites';

/** Whether a step is a picture's, queued by `placeImages` rather than with the cells. */
export function isImageStep(step: Step): boolean {
  return step.op.kind === 'image' || step.op.kind === 'delete-images';
}

/** What `readImagePlaces` queued: the shape lists of the sheets whose pictures go, the places of the new ones' cells. */
export interface ImageReads {
  readonly shapeLists: readonly Excel.ShapeCollection[];
  readonly anchors: readonly Excel.Range[];
  readonly images: readonly ImageOp[];
}

/**
 * Queues the reads the pictures need — the shapes of the sheets whose pictures go, each new picture's cell's place —
 * to go with the batch's LAST write request: Excel runs a request's commands in order, so the places read there are
 * those of the cells as the batch left them, and no sync is added for them. Undefined when the plan has no picture op.
 */
export function readImagePlaces(worksheets: Excel.WorksheetCollection, plan: readonly Step[]): ImageReads | undefined {
  const deletions = [...new Set(plan.filter((s) => s.op.kind === 'delete-images').map((s) => s.op.sheet))];
  const images = plan.map((s) => s.op).filter((op): op is ImageOp => op.kind === 'image');
  if (deletions.length === 0 && images.length === 0) return undefined;
  const shapeLists = deletions.map((sheet) => {
    const shapes = worksheets.getItem(sheet).shapes;
    shapes.load('items/type');
    return shapes;
  });
  const anchors = images.map((op) => {
    const range = worksheets.getItem(op.sheet).getRange(op.at);
    range.load('left,top');
    return range;
  });
  return { shapeLists, anchors, images };
}

/**
 * After the sync that answered `readImagePlaces`: deletes the pictures found, then places the new ones at their
 * cells' places and offsets, a request of at most `REQUEST_LIMIT` bytes of PNG a sync. Resolves to the syncs made
 * (none when there was nothing to delete or place).
 */
export async function placeImages(context: Excel.RequestContext, worksheets: Excel.WorksheetCollection, reads: ImageReads | undefined): Promise<number> {
  if (!reads) return 0;
  let queued = false;
  for (const shapes of reads.shapeLists) {
    for (const shape of shapes.items) {
      if (shape.type !== 'Image') continue;
      shape.delete();
      queued = true;
    }
  }
  let syncs = 0;
  let bytes = 0;
  for (const [i, op] of reads.images.entries()) {
    if (bytes > 0 && bytes + op.png.length > REQUEST_LIMIT) {
      // One sync a request: each stays under Excel on the web's limit (./officeWrites.ts).
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
      syncs++;
      bytes = 0;
    }
    const shape = worksheets.getItem(op.sheet).shapes.addImage(op.png);
    shape.name = `Tengen QR ${i + 1}`;
    shape.altTextDescription = op.name;
    shape.lockAspectRatio = false;
    shape.left = reads.anchors[i].left + (op.offset?.x ?? 0);
    shape.top = reads.anchors[i].top + (op.offset?.y ?? 0);
    shape.width = op.width;
    shape.height = op.height;
    bytes += op.png.length + 256;
    queued = true;
  }
  if (queued) {
    await context.sync();
    syncs++;
  }
  return syncs;
}
