/**
 * The pane's progress bar (taskpane/progress.ts, issue 28: "anything over 300 ms shows progress"): a wait made of
 * several short calls — the round's write, the read after it, the redraw — shows the bar as one wait.
 */
import { Progress, type ProgressTimers } from '../../taskpane/progress';

/** Timers driven by hand: `advance(ms)` runs what falls due. */
function fakeClock(): ProgressTimers & { advance(ms: number): void } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      const id = next++;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const [id, first] = [...due].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (first === undefined || first.at > until) break;
        due.delete(id as number);
        now = first.at;
        first.fn();
      }
      now = until;
    },
  };
}

function watched() {
  const clock = fakeClock();
  const shown: (string | null)[] = [];
  const progress = new Progress((what) => shown.push(what), 300, clock);
  return { clock, shown, progress };
}

describe('the progress bar', () => {
  it('stays hidden for a wait under 300 ms', () => {
    const { clock, shown, progress } = watched();
    const end = progress.begin('Reading the tournament…');
    clock.advance(250);
    end();
    clock.advance(1000);
    expect(shown).toEqual([]);
  });

  it('shows a call past 300 ms, saying what it is, and hides it when it ends', () => {
    const { clock, shown, progress } = watched();
    const end = progress.begin('Saving…');
    clock.advance(299);
    expect(shown).toEqual([]);
    clock.advance(1);
    expect(shown).toEqual(['Saving…']);
    end();
    expect(shown).toEqual(['Saving…', null]);
  });

  it('shows a write made of short calls as one wait: 200 + 200 ms inside the write are shown at 300 ms', () => {
    const { clock, shown, progress } = watched();
    const write = progress.begin('Pair round 2: writing to tournament.xlsx…');
    const apply = progress.begin('Writing…');
    clock.advance(200);
    apply();
    clock.advance(10); // the page's own work between the two calls
    const read = progress.begin('Reading the tournament…');
    expect(shown).toEqual([]);
    clock.advance(90);
    expect(shown).toEqual(['Reading the tournament…']);
    read();
    // The write goes on (the next step is drawn): the bar says so, and goes only when it ends.
    expect(shown).toEqual(['Reading the tournament…', 'Pair round 2: writing to tournament.xlsx…']);
    clock.advance(150);
    write();
    expect(shown.at(-1)).toBeNull();
    expect(shown.filter((s) => s === null)).toHaveLength(1);
  });

  it('starts counting afresh after a break: two separate 200 ms calls show nothing', () => {
    const { clock, shown, progress } = watched();
    const a = progress.begin('one');
    clock.advance(200);
    a();
    clock.advance(50);
    const b = progress.begin('two');
    clock.advance(200);
    b();
    clock.advance(1000);
    expect(shown).toEqual([]);
  });

  it('ends a task once, however often its end is called, and `during` ends it when the work throws', async () => {
    const { clock, shown, progress } = watched();
    const a = progress.begin('a');
    const b = progress.begin('b');
    a();
    a();
    clock.advance(300);
    expect(shown).toEqual(['b']);
    b();
    expect(shown).toEqual(['b', null]);
    await expect(progress.during('c', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    clock.advance(1000);
    expect(shown).toEqual(['b', null]);
  });
});
