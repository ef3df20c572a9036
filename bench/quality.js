'use strict';
/**
 * `node bench/quality.js`:
 *  1. Handicaps: `optimal` against Mays' paper method over 60 generated club McMahon tournaments with broad sections
 *     (seeds 1100–1159, bench/generate.js's mulberry32), paired from the same state each round: total handicap
 *     stones, games of 5+ stones, and the rounds where optimal's total MMS difference is worse (must be 0). See
 *     src/check/handicapQuality.ts.
 *  2. The `optimal` system against every round OpenGotha recorded in ../shared/corpus/opengotha-pairings
 *     (pairings/*.xml and <name>/<name>.xml), tier by tier in priority order (see src/check/quality.ts).
 *  3. The cross-check at scale (issue 20): 5,000 generated tournaments (seeds 1–5000, src/check/crossCheck.ts: 6–40
 *     players, 3–6 rounds, every ruleset, Swiss one in five, absences) drawn by the default `optimal` draw and run
 *     through the checker of `tengen check`: hard-rule violations must be 0 (exit status 1 otherwise).
 *  4. Score gaps and colours against `mays` and `opengotha` from the same states: 100 generated EGF McMahon fields of
 *     40 even-game players (5d–15k, bar 3d), five rounds each; like for like (the same total MMS difference) apart
 *     from rounds where the other draw's total is larger, and each round where the other draw has fewer games 2+
 *     apart named with the exchange of gaps it made (src/check/gapExchanges).
 * `node bench/quality.js --cross-check-only` runs 3 and 4 alone; `--tournaments N` changes the 5,000.
 * Uses the compiled engine in dist/ (`npm run build:engine`).
 */
const fs = require('node:fs');
const path = require('node:path');
const { qualityTable, formatQualityTable } = require('../dist/check/quality');
const { handicapComparison, formatHandicapSummary } = require('../dist/check/handicapQuality');
const { mulberry32 } = require('./generate');

const { crossCheck, compareDraws, exchangeRoundWords } = require('../dist/check/crossCheck');

const args = process.argv.slice(2);
const only = args.includes('--cross-check-only');
const countAt = args.indexOf('--tournaments');
const TOURNAMENTS = countAt >= 0 ? Number(args[countAt + 1]) : 5000;

function crossCheckAtScale() {
  const t0 = Date.now();
  const s = crossCheck(TOURNAMENTS, 1, (done) => process.stderr.write(`  … ${done} tournaments checked\n`));
  const seconds = ((Date.now() - t0) / 1000).toFixed(0);
  console.log(`\nCross-check: ${s.tournaments} generated tournaments drawn by optimal, each through tengen check (${seconds} s, ${require('node:os').cpus().length} cores, load ${require('node:os').loadavg()[0].toFixed(1)})`);
  console.log(`  ${s.tournaments - s.notGenerated} drawn to the end (${s.notGenerated} tiny fields stopped where no complete pairing without a repeat was left), ${s.rounds} rounds, ${s.games} games`);
  console.log(`  hard-rule violations (repeated game, second bye, absent player paired, player paired twice): ${s.hardViolations}`);
  for (const e of s.examples) console.log(`    ${e}`);
  console.log(`  games with a gap of 2+: ${s.largeGaps}; players 3+ colours out of balance after a round: ${s.colourThreeOrMoreOut}`);
  const c = compareDraws(100, 1);
  console.log(`\nAgainst mays and opengotha from the same states (100 EGF McMahon fields, 40 players 5d–15k, even games; same bye): ${c.rounds} rounds`);
  console.log(`  games with a gap of 2+ in all: optimal ${c.largeGaps.optimal}, mays ${c.largeGaps.mays}, opengotha ${c.largeGaps.opengotha}`);
  const mg = c.moreLargeGaps;
  console.log(`  rounds with more gaps of 2+ than mays: ${mg.mays.sameTotal} at the same total MMS difference, ${mg.mays.largerTotal} where mays' total is larger (not like for like); than opengotha: ${mg.opengotha.sameTotal} at the same total, ${mg.opengotha.largerTotal} where its total is larger`);
  console.log(`  largest gap above both: ${c.largestGapAboveBoth.sameTotal} (another ${c.largestGapAboveBoth.largerTotal} where both others' totals are larger); optimal's total MMS difference larger: ${c.largerTotal}; the other's larger: mays ${c.otherLargerTotal.mays}, opengotha ${c.otherLargerTotal.opengotha}`);
  if (c.fewerLargeGapsByExchange.length > 0) console.log('  where the other draw has fewer gaps of 2+ at the same total, the exchange it made (optimal keeps the smaller leap; README, "The default draw\'s priorities"):');
  for (const r of c.fewerLargeGapsByExchange) console.log(`    ${exchangeRoundWords(r)}`);
  console.log(`  colours: players 3+ out of balance (player-rounds) optimal ${c.threeOutOptimal}, opengotha ${c.threeOutOpenGotha}; 2 out optimal ${c.twoOutOptimal}, opengotha ${c.twoOutOpenGotha}; rounds with more 2 out than opengotha: ${c.moreTwoOutThanOpenGotha}`);
  for (const e of c.examples) console.log(`    ${e}`);
  return s.hardViolations;
}

if (only) {
  process.exitCode = crossCheckAtScale() > 0 ? 1 : 0;
  return;
}

const HANDICAP_TOURNAMENTS = 60;
const FIRST_SEED = 1100;
const { summary } = handicapComparison(HANDICAP_TOURNAMENTS, FIRST_SEED, mulberry32);
console.log(formatHandicapSummary(summary, FIRST_SEED));
for (const r of summary.worseScoreDifference) console.log(`  worse MMS difference: ${r.tournament}, round ${r.round}`);
console.log('');

const corpus = path.resolve(__dirname, '..', '..', 'shared', 'corpus', 'opengotha-pairings');
if (!fs.existsSync(corpus)) {
  console.log(`quality: skipped, ${corpus} is absent (clone with ../shared beside the project)`);
} else {
  const rows = qualityTable(corpus);
  console.log(formatQualityTable(rows));
  const count = (b) => rows.filter((r) => r.better === b).length;
  console.log(
    `\n${rows.length} rounds: optimal better at the first differing priority in ${count('optimal')}, equal in ${count('equal')}, OpenGotha better in ${count('opengotha')}.`,
  );
  console.log('Tiers: repeats; ΣΔMMS½ = total |MMS difference| in half points (OpenGotha scoring); refloat = players drawn up/down again;');
  console.log('maxΔ = the largest gap (half points); Δ≥2 = games with a gap of 2 points or more; ΣΔ² = squared gaps;');
  console.log('hcp = handicap stones; hcp² = squared stones (no big handicap); cross = pairs across score groups; halves = pairs inside');
  console.log('one half of a group; geo = shared city/club/country levels; colour = colour clashes; seeding = distance from the slip');
  console.log('partner. OG automatic: checked against');
  console.log("OpenGotha's own pair weights where the corpus has them (no = OpenGotha's weights prefer another draw: changed by hand).");
}

process.exitCode = crossCheckAtScale() > 0 ? 1 : 0;
