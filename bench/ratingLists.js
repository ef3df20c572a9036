'use strict';
/**
 * Rating-list benchmark (`npm run bench`, or `node bench/ratingLists.js` after `npm run build:engine`): a generated
 * list of 100,000 lines in each format — the FFG échelle in Latin-1 with accented names, the AGA TDList
 * (tab-separated), the EGD allworld file (fixed width, UTF-8) — with a few odd lines among them, read from its bytes
 * (decoding, format detection, every line). Target (issue 15): a 100,000-line list loads in under a second (median).
 * Also the first name search (it prepares every name's words once) and a search after it, as a type-ahead makes.
 */
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const { readRatingList, findInRatingList } = require('../dist/formats/ratingLists');

const LINES = 100000;
const RUNS = 9;
const FAMILIES = ['MARTIN', 'BERNARD', 'THOMAS', 'PETIT', 'ROBERT', 'RICHARD', 'DURAND', 'DUBOIS', 'MOREAU', 'LAURENT', 'SIMON', 'MICHEL', 'LEFÈVRE', 'GARCÍA', 'MÜLLER', 'NOWAK'];
const GIVENS = ['Jérôme', 'François', 'Hélène', 'Zoé', 'Maël', 'Anaïs', 'Lukas', 'Jan', 'Marie-Cécile', 'Noël', 'Björn', 'Ilya'];

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A deterministic person for line i (a family name made unique by its number). */
function person(i) {
  return { family: `${FAMILIES[i % FAMILIES.length]}${i}`, given: GIVENS[(i * 7) % GIVENS.length], rating: -3000 + ((i * 37) % 3500), id: String(1000000 + i) };
}

/** `LINES` lines, one in 10,000 of them odd. */
function generate(format) {
  const lines = [];
  if (format === 'ffg') lines.push('#Echelle au 11/01/2021 07:09:39');
  if (format === 'egf') lines.push('       Pin  Name                                  Co  Club   Grd  Prop    GoR   Tnm  Last');
  for (let i = lines.length; i < LINES; i++) {
    if (i % 10000 === 5000) {
      lines.push(`an odd line ${i}`);
      continue;
    }
    const p = person(i);
    if (format === 'ffg') lines.push(`${`${p.family} ${p.given}`.padEnd(37)}${String(p.rating).padStart(6)} - ${p.id} 75Pa FR`);
    else if (format === 'aga') lines.push(`${p.family}, ${p.given}\t${p.id}\tFull\t${(p.rating / 100).toFixed(5)}\t1/1/2030\tNYGC\tNY\t0.50000\t1/1/2020`);
    else lines.push(`  ${String(10000000 + i)}  ${`${p.family} ${p.given}`.padEnd(38)}FR  Par   ${'10k'.padStart(4)}    --  ${String(p.rating + 2050).padStart(5)}     3  T240101A`);
  }
  const text = lines.join('\r\n') + '\r\n';
  return format === 'ffg' ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf8');
}

console.log(`\nRating lists: ${LINES.toLocaleString('en')} lines read from bytes (decode, detect, every line); target: median < 1000 ms; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
for (const format of ['ffg', 'aga', 'egf']) {
  const bytes = generate(format);
  let list;
  readRatingList(bytes, 'bench.txt'); // warm-up
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = readRatingList(bytes, 'bench.txt');
    times.push(performance.now() - t0);
    if (!r.ok) throw new Error(`${format}: ${r.errors[0].message}`);
    list = r.value;
  }
  const t0 = performance.now();
  const first = findInRatingList(list, 'jero mart', 20);
  const firstMs = performance.now() - t0;
  const typed = [];
  for (const q of ['jerome martin1', 'francois', 'mull', 'zoe petit99']) {
    const t1 = performance.now();
    findInRatingList(list, q, 20);
    typed.push(performance.now() - t1);
  }
  console.log(
    `  ${format} (${list.encoding}, ${(bytes.length / 1e6).toFixed(1)} MB): load median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, ${RUNS} runs); ` +
      `${list.entries.length} entries, ${list.skipped.length} odd lines skipped; first search ${firstMs.toFixed(0)} ms (${first.total} matches), later searches median ${median(typed).toFixed(0)} ms`,
  );
}
