/**
 * Which workbook the pane works on. Office.js reports the host it runs in (`Office.onReady` → `info.host`): Excel
 * means the open workbook (`OfficeWorkbook`); no Office.js, or another host (Office.js loaded in a plain browser
 * reports none), means the standalone page and its `.xlsx`.
 */
export type HostKind = 'excel' | 'standalone';

/** `officeHost`: `Office.onReady`'s `info.host` (e.g. `Office.HostType.Excel`, which is the string "Excel"), or null. */
export function chooseHost(officeHost: string | null | undefined): HostKind {
  return officeHost === 'Excel' ? 'excel' : 'standalone';
}
