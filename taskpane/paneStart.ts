/// <reference lib="dom" />
/// <reference types="office-js" />
/**
 * When the wizard starts in Excel: when the task pane is SHOWN, not when the page loads.
 *
 * In the shared runtime (manifest.xml, `<Runtime lifetime="long">`) `taskpane.html` is loaded for the custom functions
 * too — whenever a `=GO.…` formula needs calculating, with no pane on screen (Microsoft Learn, "Configure your Office
 * Add-in to use a shared runtime": the functions run in the task pane page's runtime, which Excel starts for them). The wizard reads the whole
 * workbook and registers change handlers; it must not do that in a hidden runtime (issue 21, R5). So it waits for the
 * first of:
 *  - the page being visible already (`document.visibilityState`, Page Visibility API — what the pane opened from the
 *    ribbon reports; a hidden runtime's webview is not on screen);
 *  - `Office.addin.onVisibilityModeChanged` telling `Taskpane` (SharedRuntime 1.1; Microsoft Learn,
 *    "Office.VisibilityMode": "taskpane — displayed as a task pane"; "Show or hide the task pane of your Office
 *    Add-in");
 *  - the page becoming visible (`visibilitychange`);
 *  - the director pressing "Open Tengen" — shown meanwhile, so a pane on screen whose webview said neither still starts.
 */

/** What decides that the pane is shown; a test gives stand-ins. */
export interface PaneSignals {
  /** The page is on screen now. */
  visible(): boolean;
  /** Calls `shown` once the page comes on screen (visibility change, Office's visibility mode). */
  onShown(shown: () => void): void;
}

/** The real signals: the Page Visibility API and `Office.addin.onVisibilityModeChanged` where the host has it. */
export function officePaneSignals(doc: Document): PaneSignals {
  return {
    visible: () => doc.visibilityState === 'visible',
    onShown(shown) {
      doc.addEventListener('visibilitychange', () => {
        if (doc.visibilityState === 'visible') shown();
      });
      const addin = typeof Office !== 'undefined' ? Office.addin : undefined;
      if (addin && typeof addin.onVisibilityModeChanged === 'function') {
        // The promise only says the handler was registered; a host that refuses leaves the other signals.
        addin
          .onVisibilityModeChanged((args) => {
            if (args.visibilityMode === Office.VisibilityMode.taskpane) shown();
          })
          .catch(() => undefined);
      }
    },
  };
}

/**
 * Resolves once the pane is shown (see the file's comment). Meanwhile `app` holds an "Open Tengen" button, for a pane
 * on screen whose webview gave no signal.
 */
export function whenPaneShown(app: HTMLElement, signals: PaneSignals): Promise<void> {
  if (signals.visible()) return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      resolve();
    };
    signals.onShown(once);
    const doc = app.ownerDocument;
    const open = doc.createElement('button');
    open.type = 'button';
    open.textContent = 'Open Tengen';
    open.addEventListener('click', once);
    app.append(open);
  });
}
