/**
 * The pane's progress bar (issue 28: "anything over 300 ms shows progress"): work that may be long — a call on the
 * page's workbook worker, or a whole confirmed write with the read and redraw after it — begins a task here and ends
 * it when done. The bar appears once some task has run for 300 ms without a break and stays until the last one ends,
 * so a write made of several short steps (apply, read again, draw the next step) shows it as one wait, as the
 * director sees it. It says what the most recent running task is.
 */

/** Shows what is running (`null`: nothing, hide the bar). */
export type BusyReport = (what: string | null) => void;

/** The timers used (the tests give fake ones). */
export interface ProgressTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: ProgressTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class Progress {
  private readonly running: { readonly what: string }[] = [];
  private timer: unknown;
  private shown = false;

  constructor(
    private readonly report: BusyReport,
    private readonly delayMs = 300,
    private readonly timers: ProgressTimers = realTimers,
  ) {}

  /** A task begins; the returned function ends it (calling it again does nothing). */
  begin(what: string): () => void {
    const task = { what };
    this.running.push(task);
    if (this.shown) this.report(what);
    else if (this.timer === undefined) {
      this.timer = this.timers.setTimeout(() => {
        this.timer = undefined;
        if (this.running.length === 0) return;
        this.shown = true;
        this.report(this.running[this.running.length - 1].what);
      }, this.delayMs);
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.running.splice(this.running.indexOf(task), 1);
      if (this.running.length > 0) {
        if (this.shown) this.report(this.running[this.running.length - 1].what);
        return;
      }
      if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
      this.timer = undefined;
      if (this.shown) {
        this.shown = false;
        this.report(null);
      }
    };
  }

  /** Runs `work` as one task. */
  async during<T>(what: string, work: () => Promise<T>): Promise<T> {
    const end = this.begin(what);
    try {
      return await work();
    } finally {
      end();
    }
  }
}

/** The bar itself: a small fixed box at the top right of the page, with a `<progress>` and what is running. */
export function progressBar(doc: Document = document): BusyReport {
  const bar = doc.createElement('div');
  bar.className = 'busy';
  bar.setAttribute('role', 'status');
  bar.setAttribute('data-testid', 'busy');
  bar.hidden = true;
  Object.assign(bar.style, { position: 'fixed', top: '0.5em', right: '0.5em', background: '#fff', border: '1px solid #888', padding: '0.3em 0.6em', zIndex: '10' });
  const text = doc.createElement('span');
  bar.append(doc.createElement('progress'), ' ', text);
  doc.body.append(bar);
  return (what) => {
    bar.hidden = what === null;
    text.textContent = what ?? '';
  };
}
