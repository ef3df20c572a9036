/**
 * JSZip, loaded the first time a zip is made or opened with it (issue 28): the adapter reads and writes a workbook's
 * package with its own zip code (`zipParts.ts`), and only a few paths (ExcelJS's scratch package of the sheets it must
 * parse, the tests' formula storage) still use JSZip, whose loading cost every workbook command some 50–60 ms of CPU.
 * `require` keeps the loading synchronous where the callers are (webpack bundles it the same way).
 */
import type JSZipModule from 'jszip';

// Declared here for the add-in's build too (its TypeScript configuration has no Node types); webpack bundles the call.
declare const require: (id: 'jszip') => typeof JSZipModule;

let loaded: typeof JSZipModule | undefined;

export function jsZip(): typeof JSZipModule {
  loaded ??= require('jszip');
  return loaded;
}
