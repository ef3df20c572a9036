/**
 * A damaged workbook refused in a director's words: what is wrong, where, and what to do (issue 27: "a corrupt .xlsx
 * is told 'no Grid sheet: start a new tournament first'"; JSZip's and ExcelJS's own messages are not for a director).
 * Kept apart from the adapter so the CLI's loader says it without loading JSZip and ExcelJS.
 */
import { TengenInputError } from '../../model/errors';

export const DAMAGED_WORKBOOK_ADVICE =
  'open a saved copy of the workbook, or open this file in Excel or LibreOffice, let it repair the file, and save it again as .xlsx';

export function damagedWorkbook(part: string, what: string, sheet?: string): TengenInputError {
  return new TengenInputError([{ where: sheet ?? part, message: `the workbook is damaged: ${sheet ? `the sheet's part ${part}` : `its part ${part}`}: ${what}; ${DAMAGED_WORKBOOK_ADVICE}` }]);
}
