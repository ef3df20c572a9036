/**
 * The standalone page's autosave helpers (taskpane/autosave.ts): the name "Save .xlsx" suggests, and the time of
 * the last save as the page shows it. The store itself runs in the browser: test/e2e/standaloneAutosave.test.ts.
 */
import { keptBytes, pushUndo, savedAtText, stepBytes, suggestedFileName, validHistory, type UndoStep } from '../../taskpane/autosave';

describe('the file name Save .xlsx suggests', () => {
  it.each([
    ['Québec Open', '2026-05-16', 'Quebec-Open-2026.xlsx'],
    ['Quebec Open 2026', '2026-05-16', 'Quebec-Open-2026.xlsx'],
    ['  Tengen   Open ', undefined, 'Tengen-Open.xlsx'],
    ['Coupe de Noël: 7e édition!', '2025-12-20', 'Coupe-de-Noel-7e-edition-2025.xlsx'],
    ['../../etc/passwd', undefined, 'etc-passwd.xlsx'],
    ['', undefined, 'tournament.xlsx'],
    [undefined, undefined, 'tournament.xlsx'],
  ])('%s (%s) → %s', (name, date, expected) => {
    expect(suggestedFileName(name, date)).toBe(expected);
  });

  it('falls back on the name of the file opened, and never yields a path', () => {
    expect(suggestedFileName('***', undefined, 'my-file')).toBe('my-file.xlsx');
    expect(suggestedFileName('a/b\\c', undefined)).not.toMatch(/[/\\]/);
    expect(suggestedFileName('x'.repeat(300)).length).toBeLessThanOrEqual(105);
  });
});

describe('the time of the last save', () => {
  const now = new Date(2026, 4, 16, 18, 0, 0);
  it('today: hours, minutes, seconds; another day: the date and the time', () => {
    expect(savedAtText(new Date(2026, 4, 16, 9, 5, 7).toISOString(), now)).toBe('09:05:07');
    expect(savedAtText(new Date(2026, 4, 15, 21, 30, 0).toISOString(), now)).toBe('2026-05-15 21:30');
    expect(savedAtText('not a time', now)).toBe('not a time');
  });
});

describe('the undo history kept with the autosave', () => {
  const step = (label: string, size: number): UndoStep => ({ label, bytes: new Uint8Array(size), before: null, after: label, at: '2026-05-16T09:00:00Z' });
  it('keeps the last writes on top, the oldest dropped beyond the count or the bytes', () => {
    let h: UndoStep[] = [];
    for (let i = 1; i <= 12; i++) h = pushUndo(h, step(`w${i}`, 10));
    expect(h.map((s) => s.label)).toEqual(['w3', 'w4', 'w5', 'w6', 'w7', 'w8', 'w9', 'w10', 'w11', 'w12']);
    expect(pushUndo([step('a', 60), step('b', 30)], step('c', 30), 10, 100).map((s) => s.label)).toEqual(['b', 'c']);
    // One write larger than the limit is still undoable (the last one always is).
    expect(pushUndo([step('a', 10)], step('big', 500), 10, 100).map((s) => s.label)).toEqual(['big']);
  });
  it('reads back only well-formed steps (an older page kept none)', () => {
    expect(validHistory(undefined)).toEqual([]);
    expect(validHistory([step('a', 1), { label: 'x' }, null]).map((s) => s.label)).toEqual(['a']);
  });
  it('keeps a step as a Blob (stored by reference), counted by its size, opened as the same bytes; steps kept as bytes before still read', async () => {
    const bytes = new Uint8Array([80, 75, 3, 4, 1, 2, 3]);
    const kept = keptBytes(bytes);
    expect(kept).toBeInstanceOf(Blob);
    const blobStep: UndoStep = { ...step('blob', 0), bytes: kept };
    expect(await stepBytes(blobStep)).toEqual(bytes);
    expect(await stepBytes(step('old', 3))).toEqual(new Uint8Array(3));
    expect(validHistory([blobStep, step('old', 3)]).map((s) => s.label)).toEqual(['blob', 'old']);
    expect(pushUndo([{ ...step('a', 0), bytes: new Blob([new Uint8Array(60)]) }, step('b', 30)], { ...step('c', 0), bytes: new Blob([new Uint8Array(30)]) }, 10, 100).map((s) => s.label)).toEqual(['b', 'c']);
  });
});
