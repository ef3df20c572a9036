'use strict';
/**
 * A Chromium trace (DevTools protocol, Tracing domain) of the standalone page's renderer, for its bench
 * (`pairPreviewBrowser.js --trace`): what the page's main thread does between a click and the page ready again —
 * script, style, layout, paint, garbage collection — which a CPU profile does not show (it sees script only).
 *
 * `summary(events, from)`: the main thread's (CrRendererMain) work as its longest slices in time order, and its time by
 * kind; `from`: the click, on the page's clock (performance.timeOrigin + now, ms).
 */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', '__metadata'].join(',');

async function browserTracer(page) {
  const session = await page.context().newCDPSession(page);
  return {
    async start() {
      await session.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
    },
    async stop() {
      const done = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
      await session.send('Tracing.end');
      const { stream } = await done;
      let text = '';
      for (;;) {
        const chunk = await session.send('IO.read', { handle: stream });
        text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
        if (chunk.eof) break;
      }
      await session.send('IO.close', { handle: stream });
      const parsed = JSON.parse(text);
      return Array.isArray(parsed) ? parsed : parsed.traceEvents;
    },
  };
}

/** The threads' names, by "pid:tid". */
function threadNames(events) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  return names;
}

/**
 * The page's main thread between `from` and `to` (ms on the page's clock; the trace's clock is aligned on the user
 * timing mark `markName`, set by the page at `from`): its top-level tasks (RunTask) over `min` ms in time order, with
 * what in them took longest, and its busy time by kind; with `ready` (ms after the click), the CPU time of the main
 * thread and the workers until then.
 */
function summary(events, markName, to, min = 3, ready = undefined) {
  const names = threadNames(events);
  const mark = events.find((e) => e.name === markName && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b'));
  if (!mark) return [`  (no mark ${markName} in the trace)`];
  const main = `${mark.pid}:${mark.tid}`;
  const t0 = mark.ts;
  const end = t0 + to * 1000;
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.ts + (e.dur ?? 0) >= t0 && e.ts <= end);
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
  const lines = [`  the page's main thread (${names.get(main)}) from the click to ${to.toFixed(0)} ms: tasks over ${min} ms (start, length, longest parts inside)`];
  const kinds = new Map();
  let busy = 0;
  for (const task of tasks) {
    const dur = (task.dur ?? 0) / 1000;
    busy += dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e.name !== 'RunTask');
    for (const e of inside) {
      if (!['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'ParseHTML', 'HitTest', 'Commit', 'v8.deserializeMessage', 'RunMicrotasks', 'V8.GCScavenger', 'BlinkGC.AtomicPhase'].includes(e.name)) continue;
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    if (dur < min) continue;
    const parts = inside
      .filter((e) => (e.dur ?? 0) / 1000 >= 1)
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 6)
      .map((e) => `${e.name}${e.args?.data?.type ? `(${e.args.data.type})` : e.args?.data?.functionName ? `(${e.args.data.functionName})` : ''} ${(e.dur / 1000).toFixed(1)}`);
    lines.push(`    ${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms +${dur.toFixed(1).padStart(6)} ms  ${parts.join(', ')}`);
    for (const e of inside.filter((x) => x.name === 'Layout' && x.dur >= 5000)) {
      const b = e.args?.beginData ?? {};
      lines.push(`             layout ${(e.dur / 1000).toFixed(1)} ms: ${b.dirtyObjects ?? '?'} of ${b.totalObjects ?? '?'} objects dirty${b.partialLayout ? ' (partial)' : ''}${b.stackTrace?.[0] ? `, forced by ${b.stackTrace[0].functionName}` : ''}`);
    }
  }
  lines.push(`    busy ${busy.toFixed(0)} ms in all; by kind (nested kinds counted in each): ${[...kinds.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
  // CPU time (the trace's thread time: what a thread ran, not how long it waited for a core — on a loaded machine the
  // wall times above are mostly waiting) of the page's main thread and of the workers, from the click to `ready` (ms).
  if (ready !== undefined) {
    const until = t0 + ready * 1000;
    const cpu = new Map();
    for (const e of events) {
      if (e.ph !== 'X' || !(e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') || e.ts < t0 || e.ts > until) continue;
      const name = names.get(`${e.pid}:${e.tid}`) ?? '?';
      if (`${e.pid}:${e.tid}` !== main && !/Worker/.test(name)) continue;
      const key = `${e.pid}:${e.tid}`;
      cpu.set(key, (cpu.get(key) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
    }
    const parts = [...cpu.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k === main ? "the page's main thread" : names.get(k)} ${v.toFixed(0)} ms`);
    lines.push(`    CPU (thread time) from the click to ready (${ready.toFixed(0)} ms): ${parts.join(', ') || 'none traced'}`);
  }
  return lines;
}

/**
 * CPU time (thread time) from the click (the user timing mark `markName`) to `ready` ms after it: of the page's main
 * thread, and of its workers together.
 */
function cpuUntil(events, markName, ready) {
  const names = threadNames(events);
  const mark = events.find((e) => e.name === markName && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b'));
  if (!mark) return null;
  const main = `${mark.pid}:${mark.tid}`;
  const until = mark.ts + ready * 1000;
  let page = 0;
  let workers = 0;
  for (const e of events) {
    if (e.ph !== 'X' || !(e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') || e.ts < mark.ts || e.ts > until) continue;
    const key = `${e.pid}:${e.tid}`;
    const ms = (e.tdur ?? e.dur ?? 0) / 1000;
    if (key === main) page += ms;
    else if (/Worker/.test(names.get(key) ?? '')) workers += ms;
  }
  return { page, workers };
}

module.exports = { browserTracer, cpuUntil, summary };
