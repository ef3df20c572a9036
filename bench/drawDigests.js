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
 * A draw is digested as its games (table, white, black, handicap), its bye, and its report lines.
 *
 * Usage: node bench/drawDigests.js [--fields N] [--big] [--out FILE]   (uses the compiled engine in dist/)
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { parseOpenGotha } = require('../dist/formats/opengotha');
const { parseTournamentJson } = require('../dist/formats/json');
const { pairOptimal } = require('../dist/systems/mcmahon/optimal');
const { pairOptimalSystem } = require('../dist/systems/egc/egcCongress');
const { applyPairing } = require('../dist/pairing/apply');
const { stateBefore } = require('../dist/check/measures');
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

function digestOf(result) {
  const h = crypto.createHash('sha256');
  if (result.kind === 'pairing-error') h.update(`error ${result.message}`);
  else {
    for (const g of result.games) h.update(`${g.table ?? ''} ${g.white} ${g.black} ${g.handicap}\n`);
    h.update(`bye ${result.bye ?? ''}\n`);
    for (const line of result.report ?? []) h.update(`${JSON.stringify(line)}\n`);
  }
  return h.digest('hex').slice(0, 16);
}

function record(label, result) {
  const d = digestOf(result);
  all.update(`${label} ${d}\n`);
  lines.push(`${label} ${d}`);
}

// 1. The corpus's OpenGotha files.
const corpus = path.resolve(__dirname, '..', '..', 'shared', 'corpus');
const files = [];
const walk = (dir) => {
  for (const name of fs.readdirSync(dir).sort()) {
    const f = path.join(dir, name);
    if (fs.statSync(f).isDirectory()) walk(f);
    else if (f.endsWith('.xml') && !name.startsWith('macmahon')) files.push(f);
  }
};
if (fs.existsSync(corpus)) walk(corpus);
else console.error(`corpus skipped: ${corpus} is absent`);
for (const file of files) {
  const parsed = parseOpenGotha(fs.readFileSync(file, 'utf8'), file);
  const label = path.relative(corpus, file);
  if (!parsed.ok) {
    lines.push(`${label} unreadable`);
    continue;
  }
  const t = parsed.value;
  const rounds = [...new Set(t.games.map((g) => g.round))].sort((a, b) => a - b);
  for (const round of rounds) {
    const seated = new Set([...t.games.filter((g) => g.round === round).flatMap((g) => [g.white, g.black]), ...t.byes.filter((b) => b.round === round).map((b) => b.player)]);
    const byes = t.byes.filter((b) => b.round === round).map((b) => b.player);
    const earlier = new Set(t.byes.filter((b) => b.round < round).map((b) => b.player));
    const absent = (p) => (p.absentRounds ?? []).includes(round);
    const before = stateBefore(t, round);
    const same = { ...before, players: before.players.map((p) => (seated.has(p.id) || absent(p) ? p : { ...p, absentRounds: [...(p.absentRounds ?? []), round] })) };
    const bye = byes.length === 1 && !earlier.has(byes[0]) ? byes[0] : undefined;
    let result;
    try {
      result = pairOptimalSystem(same, round, bye === undefined ? {} : { bye });
    } catch (e) {
      result = { kind: 'pairing-error', message: `threw ${e.message}` };
    }
    record(`corpus ${label} round ${round}`, result);
  }
}

// 2. The examples.
const examples = path.resolve(__dirname, '..', 'examples');
for (const name of fs.readdirSync(examples).filter((f) => f.endsWith('.json')).sort()) {
  const parsed = parseTournamentJson(fs.readFileSync(path.join(examples, name), 'utf8'), name);
  if (!parsed.ok) {
    lines.push(`example ${name} unreadable`);
    continue;
  }
  const t = parsed.value;
  for (let round = 1; round <= t.settings.rounds; round++) {
    let result;
    try {
      result = pairOptimal(stateBefore(t, round), round);
    } catch (e) {
      result = { kind: 'pairing-error', message: `threw ${e.message}` };
    }
    record(`example ${name} round ${round}`, result);
  }
}

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
    record(`egc2024 round ${round}`, result);
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
    record(`generated 2000 round ${round}`, result);
    if (result.kind === 'pairing-error') break;
    t = playRound(applyPairing(t, result), round, random);
  }
}

const text = `${lines.join('\n')}\nALL ${all.digest('hex')}\n`;
if (out) fs.writeFileSync(out, text);
process.stdout.write(`${lines.length} draws/fields digested; ALL ${text.trim().split('\n').pop().slice(4)}\n`);
