/**
 * ExcelJS, loaded the first time a sheet needs it (issue 28): a workbook Tengen creates, and the sheets a batch adds,
 * are written without it (`xlsxFreshSheet.ts`, `xlsxSheetWriter.ts`), and loading it costs a command some 0.3–0.6 s of
 * CPU. `require` keeps the loading synchronous where the adapter's code is (webpack bundles it the same way).
 */
import type ExcelJSModule from 'exceljs';

// Declared here for the add-in's build too (its TypeScript configuration has no Node types); webpack bundles the call.
declare const require: (id: 'exceljs') => typeof ExcelJSModule;

let loaded: typeof ExcelJSModule | undefined;

export function excelJs(): typeof ExcelJSModule {
  loaded ??= require('exceljs');
  return loaded;
}
