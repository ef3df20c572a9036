// scratch (not committed): the worker's phases of a round write and a result, in Node, same V8
const fs = require('node:fs');
const { egcRound1Field } = require('./support');
const s = require('../dist/workbook/session');
const { XlsxWorkbook } = require('../dist/workbook/adapters/xlsx');
const sys = require('../dist/systems/registry');
const inspector = require('node:inspector');
const ses = new inspector.Session(); ses.connect();
const post = (m, p = {}) => new Promise((res, rej) => ses.post(m, p, (e, r) => (e ? rej(e) : res(r))));
const { topSelf } = require('./browserProfile');
async function profiled(label, fn) {
  await post('Profiler.enable'); await post('Profiler.setSamplingInterval', { interval: 200 }); await post('Profiler.start');
  const r = await fn();
  const { profile } = await post('Profiler.stop');
  const { total, top } = topSelf(profile, 12);
  console.log(`  PROFILE ${label}: ${total.toFixed(0)} ms`);
  for (const [n, ms] of top) console.log(`     ${ms.toFixed(1).padStart(7)} ${n.replace(/.*\/work\/h28pg\//, '')}`);
  return r;
}
(async () => {
  const field = egcRound1Field();
  const w0 = XlsxWorkbook.create();
  await w0.apply(s.importBatch(field));
  const bytes = await w0.save();
  const t = (label, t0) => console.log(label.padEnd(28), (performance.now() - t0).toFixed(0), 'ms');
  let t0 = performance.now();
  const wb = await XlsxWorkbook.open(bytes);
  t('open', t0);
  const read = async (label) => { const t0 = performance.now(); const r = await s.readSession(wb); t(label, t0); if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0,3))); return r.value; };
  let r = await read('read');
  await read('read again (cached?)');
  const opt = Object.keys(sys).join(',');
  t0 = performance.now();
  const { pairOptimal } = require('../dist/systems/mcmahon/optimal');
  const prev = s.previewPairing(r.tournament, 2, (b, rd, c) => pairOptimal(b, rd, c));
  t('preview', t0);
  t0 = performance.now();
  const b = await profiled('prepare round', () => s.pairRoundBatch(r.tournament, prev.pairing, { expectedFingerprint: prev.fingerprint, currentFingerprint: r.fingerprint }));
  t('prepare pairRoundBatch', t0);
  if (!b.ok && b.errors) throw new Error(JSON.stringify(b.errors));
  const batch = b.batch ?? b;
  t0 = performance.now(); await profiled('apply round', () => wb.apply(batch)); t('apply round', t0);
  r = await profiled('read after round write', () => read('read after round write'));
  t0 = performance.now(); const v = await wb.readSheet('Grid'); t('readSheet Grid (view)', t0);
  t0 = performance.now(); await wb.save(); t('save after round', t0);
  r = await read('read after save');
  for (let i = 0; i < 3; i++) {
    const g = r.tournament.games.filter((x) => x.round === 2)[i];
    t0 = performance.now();
    const rb = s.resultsBatch(r.tournament, 2, [{ player: g.white, result: 'white' }]);
    t('prepare result', t0);
    t0 = performance.now(); await wb.apply(rb.batch ?? rb); t('apply result', t0);
    r = await profiled('read after result', () => read('read after result'));
    t0 = performance.now(); await wb.readSheet('Grid'); t('readSheet Grid (view)', t0);
    t0 = performance.now(); await wb.save(); t('save after result', t0);
  }
})().catch((e) => { console.error(e); process.exit(1); });
