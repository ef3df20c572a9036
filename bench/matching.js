'use strict';
/**
 * Matching benchmark: one McMahon-like round as a maximum-weight perfect matching of the complete graph, solved by
 * `maxWeightPerfectMatching` (sparse candidates + certification over all pairs). Uses the compiled engine in dist/
 * (`npx tsc -p tsconfig.build.json`). Prints medians; targets: ≤ 250 ms for 710 players, ≤ 1.5 s for 2,000.
 *
 * Weights, in strictly ordered tiers (never floats):
 *   BIG − 10^9·(score difference)² − 10^5·(seeding: distance from a split pairing inside the score group)
 *       − 10^3·(colour balance clash) − (random 0…99 lottery noise)
 * and about 1 % of all pairs forbidden as "already played" (drawn among players of similar score, as in a real
 * round 6–8, so they bite). Scores spread over 12 McMahon groups, bell-shaped.
 *
 * Each size runs twice: with no caller candidates (the solver's own nearest partners only) and with the candidates
 * a McMahon system would offer (all pairs at most one score group apart).
 *
 * Usage: node bench/matching.js [--runs N] [--sizes 710,2000] [--reference]
 *   --reference also solves the 710-vertex complete graph with the plain blossom solver once, to compare weights.
 */
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const { mulberry32 } = require('./generate');
const { maxWeightPerfectMatching, maxWeightMatching } = require('../dist/pairing/matching');

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A McMahon-like round: scores, seeding positions, colour balance, previous opponents. */
function makeRound(n, seed) {
  const random = mulberry32(seed);
  const groups = 12;
  const score = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    // Sum of uniforms: a bell over 0…groups−1.
    const x = (random() + random() + random()) / 3;
    score[i] = Math.min(groups - 1, Math.floor(x * groups));
  }
  // Seeding position inside the score group (by a random rating), and group sizes.
  const rating = Array.from({ length: n }, () => random());
  const order = [...Array(n).keys()].sort((a, b) => score[b] - score[a] || rating[b] - rating[a]);
  const position = new Int32Array(n);
  const groupSize = new Int32Array(groups);
  const rankInOrder = new Int32Array(n);
  order.forEach((player, index) => {
    rankInOrder[player] = index;
    position[player] = groupSize[score[player]]++;
  });
  const colour = Int8Array.from({ length: n }, () => Math.floor(random() * 5) - 2);
  // ~1 % of all pairs forbidden: previous opponents of similar score.
  const played = new Set();
  const target = Math.round((n * (n - 1)) / 2 / 100);
  while (played.size < target) {
    const i = Math.floor(random() * n);
    const j = order[Math.min(n - 1, Math.max(0, rankInOrder[i] + Math.floor((random() - 0.5) * 60)))];
    if (i !== j) played.add(i < j ? i * n + j : j * n + i);
  }
  const noise = new Uint8Array(n * n);
  for (let a = 0; a < n * n; a++) noise[a] = Math.floor(random() * 100);
  const BIG = 2 ** 49;
  const weight = (i, j) => {
    if (played.has(i * n + j)) return null;
    const d = score[i] - score[j];
    let seeding;
    if (d === 0) {
      const half = Math.floor(groupSize[score[i]] / 2);
      seeding = Math.abs(Math.abs(position[i] - position[j]) - half);
    } else {
      seeding = position[i] + position[j];
    }
    const clash = colour[i] * colour[j] > 0 ? Math.abs(colour[i] + colour[j]) : 0;
    return BIG - 1e9 * d * d - 1e5 * seeding - 1e3 * clash - noise[i * n + j];
  };
  // What a McMahon system would offer as candidates: every pair at most one score group apart.
  const candidates = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) if (Math.abs(score[i] - score[j]) <= 1) candidates.push({ u: i, v: j });
  }
  return { weight, score, candidates };
}

function bench(n, runs, withCandidates) {
  const round = makeRound(n, 2024 + n);
  const candidates = withCandidates ? round.candidates : undefined;
  const times = [];
  let result;
  maxWeightPerfectMatching(n, round.weight, candidates); // warm-up
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    result = maxWeightPerfectMatching(n, round.weight, candidates);
    times.push(performance.now() - t0);
  }
  if (result.status !== 'optimal') throw new Error(`no perfect matching: ${result.message}`);
  const target = n <= 710 ? 250 : 1500;
  const label = withCandidates ? `+${round.candidates.length} caller candidates` : 'no caller candidates';
  console.log(
    `  n=${String(n).padStart(5)} ${label.padEnd(28)} median ${median(times).toFixed(1)} ms ` +
      `(min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}, ${runs} runs; target ≤ ${target} ms)  ` +
      `passes ${result.passes}  edges ${result.edgesUsed}  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
  return { round, result };
}

function reference(n, round, result) {
  const edges = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const w = round.weight(i, j);
      if (w !== null) edges.push({ u: i, v: j, weight: w });
    }
  }
  const t0 = performance.now();
  const plain = maxWeightMatching(n, edges, { maxCardinality: true });
  const ms = performance.now() - t0;
  const same = plain.weight === result.weight ? 'same weight' : `DIFFERENT weight ${plain.weight} vs ${result.weight}`;
  console.log(`  reference: plain blossom on all ${edges.length} pairs, one run ${ms.toFixed(0)} ms: ${same}`);
}

function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const runs = Number(option('--runs', '7'));
  const sizes = option('--sizes', '710,2000').split(',').map(Number);
  console.log(`\nMatching: maximum-weight perfect matching of a McMahon-like round (certified over all pairs)`);
  console.log(`  node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'})`);
  for (const n of sizes) {
    const { round, result } = bench(n, runs, false);
    bench(n, runs, true);
    if (args.includes('--reference') && n <= 1000) reference(n, round, result);
  }
}

main();
