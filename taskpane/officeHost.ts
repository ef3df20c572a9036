/// <reference types="office-js" />
/**
 * What the Office.js adapter needs of Office.js — `Excel.run` and the requirement-set checks — in one interface, so
 * that tests pass a fake Excel (test/addin/fakeExcel.ts) and the adapter's parts depend on this file, not on each
 * other.
 */

/** What the adapter needs from Office.js; tests pass a mock. */
export interface ExcelHost {
  run<T>(options: Excel.RunOptions, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  /** `Excel.run(context, batch)`: a run on the context of an earlier one (removing event handlers). */
  runWith<T>(context: Excel.RequestContext, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  /** Whether `Excel.run` accepts `mergeUndoGroup` (ExcelApi 1.20). */
  supportsMergeUndoGroup(): boolean;
  /** Whether formulas spill (dynamic arrays). */
  supportsDynamicArrays(): boolean;
  /** Whether pictures can be placed (`Worksheet.shapes.addImage`, ExcelApi 1.9); a host that does not say can. */
  supportsPictures?(): boolean;
}

/** The real host: `Excel.run` and the requirement-set check of Office.js. */
export function officeHost(): ExcelHost {
  return {
    run: (options, batch) => Excel.run(options, batch),
    // Excel.run(context, batch): "Executes a batch script … using the RequestContext of a previously created API
    // object" (Excel.run reference); how "Work with events using the Excel JavaScript API" removes a handler.
    runWith: (context, batch) => Excel.run(context, batch),
    // "Determines whether the batch requests should be merged to one undo group … [Api set: ExcelApi 1.20]"
    // (Excel.RunOptions reference): asked only where the requirement set is there.
    supportsMergeUndoGroup: () => Office.context.requirements.isSetSupported('ExcelApi', '1.20'),
    // Dynamic arrays: asked as ExcelApi 1.12, the set of Range.getSpillingToRange and getSpillParent ("Work with
    // dynamic arrays and range spilling using the Excel JavaScript API"), which no host without spilling has. A host
    // that spills but lacks 1.12 gets the values fallback too: never wrong, only not live (issue 21, R6).
    supportsDynamicArrays: () => Office.context.requirements.isSetSupported('ExcelApi', '1.12'),
    // "ShapeCollection.addImage … [Api set: ExcelApi 1.9]" (Excel.ShapeCollection reference): a host without it gets
    // the printouts without their QR codes, said once, rather than a write failing after its cells were sent.
    supportsPictures: () => Office.context.requirements.isSetSupported('ExcelApi', '1.9'),
  };
}
