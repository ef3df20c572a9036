'use strict';
/**
 * Digests of every draw the default system makes on a fixed set of inputs, to show that a change of the matcher's
 * speed leaves every draw byte-identical (issues 20 and 28: "keep every draw byte-identical"). Run it before and
 * after a change and compare the printed lines (or `--out FILE` and diff the files).
 *
 * Inputs:
 *  - every OpenGotha file of ../shared/corpus (the MacMahon sample left out): each recorded round re-drawn from the
 *    state before it, on the same players, with the recorded lawful bye (as `tengen check` re-draws it);
 *  - examples/*.json: every round 1…rounds that the default draw can make from the file's state before it;
 *  - generated fields (src/check/generate.ts, fixed seeds): the cross-check's shapes (seeds 1…N, sizes 6–40, every
 *    ruleset, Swiss one in five), each round drawn by `optimal`, and a few larger McMahon fields with handicaps;
 *  - the EGC 2024 round-1 field, ten rounds with seeded results (as bench/pairing.js).
 * A draw is digested as its games (table, white, black, handicap), its bye, and its report lines; the corpus files and
 * the examples also give their standings (src/check/digests).
 *
 * Usage: node bench/drawDigests.js [--fields N] [--big] [--out FILE]   (uses the compiled engine in dist/)
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { pairOptimal } = require('../dist/systems/mcmahon/optimal');
const { applyPairing } = require('../dist/pairing/apply');
const { corpusDigests, drawDigest, exampleDigests } = require('../dist/check/digests');
const { generateTournament, mulberry32, GenerationError } = require('../dist/check/generate');
const { egcTenRoundStart, playRound } = require('./support');
const { crossCheckOptions } = require('../dist/check/crossCheck');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const fieldCount = Number(option('fields', 200));
const out = option('out', undefined);
const lines = [];
const all = crypto.createHash('sha256');

function record(label, digest) {
  all.update(`${label} ${digest}\n`);
  lines.push(`${label} ${digest}`);
}

// 1–2. The corpus's OpenGotha files and the examples: each draw and each standings table (src/check/digests, also
// test/conformance/digests.test.ts against test/fixtures/digests.txt).
const corpus = path.resolve(__dirname, '..', '..', 'shared', 'corpus');
if (fs.existsSync(corpus)) for (const d of corpusDigests(corpus)) record(d.label, d.digest);
else console.error(`corpus skipped: ${corpus} is absent`);
for (const d of exampleDigests(path.resolve(__dirname, '..', 'examples'))) record(d.label, d.digest);

// 3. Generated fields: the draws are the generated games themselves.
const drawsOf = (t) => {
  const h = crypto.createHash('sha256');
  for (const g of t.games) h.update(`${g.round} ${g.table ?? ''} ${g.white} ${g.black} ${g.handicap}\n`);
  for (const b of t.byes) h.update(`bye ${b.round} ${b.player}\n`);
  return h.digest('hex').slice(0, 16);
};
const generated = (label, options) => {
  let t;
  try {
    t = generateTournament(options);
  } catch (e) {
    if (!(e instanceof GenerationError)) throw e;
    lines.push(`${label} not generated: ${e.message}`);
    all.update(`${label} not generated: ${e.message}\n`);
    return;
  }
  const d = drawsOf(t);
  all.update(`${label} ${d}\n`);
  lines.push(`${label} ${d}`);
};
for (let seed = 1; seed <= fieldCount; seed++) generated(`generated seed ${seed}`, crossCheckOptions(seed));
for (let k = 0; k < 6; k++) {
  generated(`generated large ${k}`, {
    seed: 9000 + k,
    players: 120 + 40 * k,
    rounds: 5,
    ...(k % 2 === 0 ? { handicap: { policy: 'rank-difference-minus-1' } } : {}),
    ruleset: k % 3 === 0 ? 'aqjg' : 'egf',
  });
}

// 4. The EGC 2024 field, ten rounds (bench/pairing.js's sequence).
const egc = path.join(corpus, 'opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
if (fs.existsSync(egc)) {
  let t = egcTenRoundStart(egc);
  const random = mulberry32(2024);
  for (let round = 1; round <= 10; round++) {
    const result = pairOptimal(t, round);
    record(`egc2024 round ${round}`, drawDigest(result));
    if (result.kind === 'pairing-error') break;
    t = playRound(applyPairing(t, result), round, random);
  }
}

// 5. With --big: the 2,000-player generated field of bench/pairing.js, ten rounds with seeded results.
if (args.includes('--big')) {
  const { generateMcMahon } = require('../dist/check/generate');
  const g = generateMcMahon({ players: 2000, rounds: 1, seed: 7 });
  let t = { ...g, games: [], byes: [], players: g.players.map((p) => ({ ...p, absentRounds: undefined })), settings: { ...g.settings, rounds: 10 } };
  const random = mulberry32(7);
  for (let round = 1; round <= 10; round++) {
    const result = pairOptimal(t, round);
    record(`generated 2000 round ${round}`, drawDigest(result));
    if (result.kind === 'pairing-error') break;
    t = playRound(applyPairing(t, result), round, random);
  }
}

const text = `${lines.join('\n')}\nALL ${all.digest('hex')}\n`;
if (out) fs.writeFileSync(out, text);
process.stdout.write(`${lines.length} draws/fields digested; ALL ${text.trim().split('\n').pop().slice(4)}\n`);
