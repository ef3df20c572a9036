'use strict';
/**
 * Two `.xlsx` files the page kept (`TENGEN_BENCH_PARTS=PREFIX node bench/pairPreviewBrowser.js` writes PREFIX.1.xlsx
 * after the round write and PREFIX.2.xlsx after the results), one build against another: every part compared byte for
 * byte, then every cell of every sheet (values and formulas, through the engine's `.xlsx` adapter) with the Log's
 * times masked — the Log stamps each write with the minute it was made (`logSheet.ts`), so two runs of the same build
 * differ there, in the shared strings, and in the sheets whose strings' indices follow them.
 *
 * Usage: node bench/compareXlsx.js A.xlsx B.xlsx   (uses the compiled engine in dist/)
 */
const fs = require('node:fs');
const crypto = require('node:crypto');
const JSZip = require('jszip');
const { XlsxWorkbook } = require('../dist/workbook/adapters/xlsx');

const sha1 = (b) => crypto.createHash('sha1').update(b).digest('hex');
const LOG_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d$/;

async function main() {
  const [fileA, fileB] = process.argv.slice(2);
  if (!fileA || !fileB) throw new Error('usage: node bench/compareXlsx.js A.xlsx B.xlsx');
  const [a, b] = [fileA, fileB].map((f) => fs.readFileSync(f));
  const [za, zb] = await Promise.all([JSZip.loadAsync(a), JSZip.loadAsync(b)]);
  const names = Object.keys(za.files).filter((n) => !za.files[n].dir).sort();
  const namesB = Object.keys(zb.files).filter((n) => !zb.files[n].dir).sort();
  if (JSON.stringify(names) !== JSON.stringify(namesB)) console.log(`  the parts differ: ${names.join(' ')} | ${namesB.join(' ')}`);
  const differing = [];
  for (const n of names) if (!zb.files[n] || sha1(await za.files[n].async('nodebuffer')) !== sha1(await zb.files[n].async('nodebuffer'))) differing.push(n);
  console.log(`  ${names.length} parts: ${names.length - differing.length} byte-identical; differing: ${differing.join(', ') || 'none'}`);
  const [wa, wb] = await Promise.all([XlsxWorkbook.open(new Uint8Array(a)), XlsxWorkbook.open(new Uint8Array(b))]);
  const sheets = await wa.sheetNames();
  if (JSON.stringify(sheets) !== JSON.stringify(await wb.sheetNames())) console.log('  the sheets differ');
  let cells = 0;
  let masked = 0;
  let differ = 0;
  for (const s of sheets) {
    const [va, vb, fa, fb] = [(await wa.readSheet(s)) ?? [], (await wb.readSheet(s)) ?? [], (await wa.readFormulas(s)) ?? [], (await wb.readFormulas(s)) ?? []];
    for (let r = 0; r < Math.max(va.length, vb.length); r++) {
      for (let c = 0; c < Math.max(va[r]?.length ?? 0, vb[r]?.length ?? 0); c++) {
        const [x, y] = [va[r]?.[c] ?? null, vb[r]?.[c] ?? null];
        cells++;
        if (s === 'Log' && c === 0 && LOG_TIME.test(String(x)) && LOG_TIME.test(String(y))) {
          masked++;
          continue;
        }
        if (x === y && (fa[r]?.[c] ?? null) === (fb[r]?.[c] ?? null)) continue;
        if (++differ <= 10) console.log(`  ${s} row ${r + 1} column ${c + 1}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
      }
    }
  }
  console.log(`  ${cells} cells (values and formulas) of ${sheets.length} sheets: ${differ} differing; ${masked} Log times masked`);
  if (differ > 0) process.exitCode = 1;
}

main().catch((e) => {
  console.error(`  compareXlsx: ${e.message}`);
  process.exitCode = 1;
});
