/**
 * The standalone page's autosave helpers (taskpane/autosave.ts): the name "Save .xlsx" suggests, and the time of
 * the last save as the page shows it. The store itself runs in the browser: test/e2e/standaloneAutosave.test.ts.
 */
import { savedAtText, suggestedFileName } from '../../taskpane/autosave';

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
