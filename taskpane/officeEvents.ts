/// <reference types="office-js" />
/**
 * Edits seen in the workbook, not made by this add-in: `Worksheet.onChanged` handlers for the pane's stale marker.
 */
import type { ExcelHost } from './officeHost';
import { RUN_OPTIONS } from './officeReads';

/** An edit seen in the workbook (not one this add-in made): the pane marks itself stale. */
export interface WorkbookChange {
  readonly sheet: string;
  /** A1 address of the changed cells. */
  readonly address: string;
  /** Made by another person co-authoring the workbook. */
  readonly remote: boolean;
}

/**
 * Calls `onChange` for every edit of these sheets not made by this add-in (the director typing, another person
 * co-authoring), so the pane can mark itself stale. Worksheet.onChanged ("Work with events using the Excel
 * JavaScript API", https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events; ExcelApi 1.7);
 * `triggerSource` "ThisLocalAddin" marks this add-in's own writes (Excel.EventTriggerSource, ExcelApi 1.14), and
 * events during `apply` are ignored too where that is missing. Resolves to a function that removes the handlers.
 */
export async function watchSheets(host: ExcelHost, applying: () => boolean, sheets: readonly string[], onChange: (change: WorkbookChange) => void): Promise<() => Promise<void>> {
  return host.run(RUN_OPTIONS, async (context) => {
    const worksheets = context.workbook.worksheets;
    worksheets.load('items/name,items/position');
    await context.sync();
    const present = worksheets.items.filter((w) => sheets.some((s) => s.toLowerCase() === w.name.toLowerCase()));
    const handlers = present.map((w) =>
      worksheets.getItem(w.name).onChanged.add(async (e: Excel.WorksheetChangedEventArgs) => {
        if (e.triggerSource === 'ThisLocalAddin' || (applying() && e.source !== 'Remote')) return;
        onChange({ sheet: w.name, address: e.address, remote: e.source === 'Remote' });
      }),
    );
    await context.sync();
    return async () => {
      if (handlers.length === 0) return;
      // Handlers are removed through the context they were added in, inside Excel.run on that context
      // (OfficeExtension.EventHandlerResult.remove; "Work with events using the Excel JavaScript API", "Remove an
      // event handler": `await Excel.run(eventResult.context, async (context) => { eventResult.remove(); await
      // context.sync(); })`; issue 21, R11).
      await host.runWith(handlers[0].context as Excel.RequestContext, async (own) => {
        for (const h of handlers) h.remove();
        await own.sync();
      });
    };
  });
}
