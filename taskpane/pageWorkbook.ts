/**
 * The workbook the standalone page holds: an `.xlsx` in memory (ExcelJS's browser build), new or opened — in a Web
 * Worker (`workerWorkbook.ts`, issue 28: opening, writing and saving a congress workbook never blocks the page), or
 * on the page itself in a browser without workers.
 */
import type { PageWorkbookFactory } from './standalone';
import { Progress } from './progress';
import { workerWorkbooks } from './workerWorkbook';
import { startWorkbookWorker } from './workbookWorkerStart';

export function pageWorkbooks(progress: Progress = new Progress(() => undefined)): PageWorkbookFactory {
  const worker = typeof Worker === 'function' ? startWorkbookWorker() : undefined;
  if (worker) return workerWorkbooks(worker, progress);
  const xlsx = import('../src/workbook/adapters/xlsx');
  return {
    create: async () => (await xlsx).XlsxWorkbook.create(),
    load: async (bytes) => (await xlsx).XlsxWorkbook.open(bytes),
  };
}
