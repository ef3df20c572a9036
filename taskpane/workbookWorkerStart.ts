/**
 * Starts the workbook's Web Worker (`workbookWorker.ts`), bundled by webpack as a file of its own (webpack 5's
 * `new Worker(new URL(…, import.meta.url))`); undefined when the browser refuses to start it.
 */
export function startWorkbookWorker(): Worker | undefined {
  try {
    return new Worker(new URL('./workbookWorker.ts', import.meta.url), { name: 'tengen-workbook' });
  } catch {
    return undefined;
  }
}
