'use strict';
/**
 * CPU profiles of a page and its Web Workers in Chromium, through the DevTools protocol (Profiler domain), for the
 * standalone page's bench (`pairPreviewBrowser.js --profile`): where a round write or a result spends its time, on the
 * page's thread and in the workbook's worker, as the functions with the most self time.
 *
 * The page is profiled through its own CDP session; each worker through the browser's session, attached to the
 * worker's target without flattening (Playwright routes no flattened child sessions), the protocol's messages sent
 * and received as `Target.sendMessageToTarget` / `Target.receivedMessageFromTarget`.
 */

/** A profiler of `page` and of every worker it runs; `start()` then `stop()` gives the profiles taken meanwhile. */
async function browserProfiler(browser, page) {
  const pageSession = await page.context().newCDPSession(page);
  await pageSession.send('Profiler.enable');
  await pageSession.send('Profiler.setSamplingInterval', { interval: 200 });
  const bs = await browser.newBrowserCDPSession();
  let nextId = 1;
  const waiting = new Map();
  bs.on('Target.receivedMessageFromTarget', ({ message }) => {
    const m = JSON.parse(message);
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(new Error(m.error.message));
    else w.resolve(m.result);
  });
  const sendTo = (sessionId, method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      bs.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
    });
  let workers = [];
  return {
    async start() {
      const { targetInfos } = await bs.send('Target.getTargets');
      workers = [];
      for (const t of targetInfos.filter((t) => t.type === 'worker')) {
        const { sessionId } = await bs.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
        await sendTo(sessionId, 'Profiler.enable');
        await sendTo(sessionId, 'Profiler.setSamplingInterval', { interval: 200 });
        await sendTo(sessionId, 'Profiler.start');
        workers.push({ sessionId, url: t.url });
      }
      await pageSession.send('Profiler.start');
    },
    async stop() {
      const out = [{ thread: 'page', profile: (await pageSession.send('Profiler.stop')).profile }];
      for (const w of workers) {
        const { profile } = await sendTo(w.sessionId, 'Profiler.stop');
        out.push({ thread: `worker ${w.url.split('/').pop()}`, profile });
        await bs.send('Target.detachFromTarget', { sessionId: w.sessionId }).catch(() => undefined);
      }
      return out;
    },
  };
}

/**
 * The bundle's positions mapped back to the sources (the production build is minified; its `.js.map` files sit beside
 * it in `dir`): "name src/file.ts:line", else the position in the bundle.
 */
function sourceMapper(dir) {
  const fs = require('node:fs');
  const path = require('node:path');
  const { SourceMapConsumer } = require('source-map');
  const maps = new Map();
  return (url, line, column) => {
    const file = url.split('/').pop().split('?')[0];
    if (!maps.has(file)) {
      const at = path.join(dir, `${file}.map`);
      maps.set(file, fs.existsSync(at) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(at, 'utf8'))) : null);
    }
    const map = maps.get(file);
    const p = map?.originalPositionFor({ line: line + 1, column });
    if (!p?.source) return null;
    return `${p.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '')}:${p.line}${p.name ? ` (${p.name})` : ''}`;
  };
}

/** The functions of `profile` with the most self time (ms), idle and the program's own bookkeeping left out. */
function topSelf(profile, count = 12, mapper) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const f = byNode.get(id).callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') return;
    const where = f.url ? mapper?.(f.url, f.lineNumber, f.columnNumber) ?? `${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return { total, top: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count) };
}

/** The profiles, printed: per thread its busy time and top functions by self time. */
function printProfiles(title, profiles, count = 12, mapper) {
  console.log(`  profile, ${title}:`);
  for (const { thread, profile } of profiles) {
    const { total, top } = topSelf(profile, count, mapper);
    console.log(`    ${thread}: ${total.toFixed(0)} ms busy; top self time:`);
    for (const [name, ms] of top) console.log(`      ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
}

module.exports = { browserProfiler, sourceMapper, topSelf, printProfiles };
