/** The workbook the standalone page holds: an `.xlsx` in memory (ExcelJS's browser build), new or opened. */
import { XlsxWorkbook } from '../src/workbook/adapters/xlsx';
import type { PageWorkbookFactory } from './standalone';

export function pageWorkbooks(): PageWorkbookFactory {
  return {
    create: () => XlsxWorkbook.create(),
    load: (bytes) => XlsxWorkbook.open(bytes),
  };
}
