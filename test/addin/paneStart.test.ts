/**
 * Issue 21, R5: in the shared runtime the page also loads for the custom functions alone; the wizard (which reads the
 * whole workbook and registers handlers) starts only once the pane is shown.
 */
import { whenPaneShown, type PaneSignals } from '../../taskpane/paneStart';

/** The little of the DOM whenPaneShown touches: an element that takes a button. */
function fakeApp() {
  const children: { textContent: string; click: () => void }[] = [];
  const app = {
    ownerDocument: {
      createElement: () => {
        const listeners: (() => void)[] = [];
        const el = { type: '', textContent: '', addEventListener: (_: string, f: () => void) => listeners.push(f), click: () => listeners.forEach((f) => f()) };
        return el;
      },
    },
    append: (el: { textContent: string; click: () => void }) => children.push(el),
  };
  return { app: app as unknown as Parameters<typeof whenPaneShown>[0], children };
}

function signals(visible: boolean): PaneSignals & { show(): void } {
  let shown: (() => void) | undefined;
  return { visible: () => visible, onShown: (f) => (shown = f), show: () => shown?.() };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

test('a pane on screen starts at once, without a button', async () => {
  const { app, children } = fakeApp();
  expect(await settled(whenPaneShown(app, signals(true)))).toBe(true);
  expect(children).toEqual([]);
});

test('a hidden runtime (functions only) waits until Office says the pane is shown', async () => {
  const { app } = fakeApp();
  const s = signals(false);
  const started = whenPaneShown(app, s);
  expect(await settled(started)).toBe(false);
  s.show();
  expect(await settled(started)).toBe(true);
});

test('a pane on screen that gave no signal starts from its "Open Tengen" button', async () => {
  const { app, children } = fakeApp();
  const started = whenPaneShown(app, signals(false));
  expect(children.map((c) => c.textContent)).toEqual(['Open Tengen']);
  expect(await settled(started)).toBe(false);
  children[0].click();
  expect(await settled(started)).toBe(true);
});
