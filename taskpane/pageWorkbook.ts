/**
 * The workbook the standalone page holds. Interim: in memory, without `.xlsx` (until the workbook layer's
 * `XlsxWorkbook` is merged, which replaces it here).
 */
import { MemoryWorkbook } from '../src/workbook/memory';
import type { PageWorkbook, PageWorkbookFactory } from './standalone';

class UnsavedWorkbook extends MemoryWorkbook implements PageWorkbook {
  async save(): Promise<Uint8Array> {
    throw new Error('saving as .xlsx is not available in this build');
  }
}

export function pageWorkbooks(): PageWorkbookFactory {
  return {
    create: () => new UnsavedWorkbook(),
    load: () => {
      throw new Error('opening .xlsx is not available in this build');
    },
  };
}
