'use strict';
/**
 * `node bench/quality.js`:
 *  1. Handicaps: `optimal` against Mays' paper method over 60 generated club McMahon tournaments with broad sections
 *     (seeds 1100–1159, bench/generate.js's mulberry32), paired from the same state each round: total handicap
 *     stones, games of 5+ stones, and the rounds where optimal's total MMS difference is worse (must be 0). See
 *     src/check/handicapQuality.ts.
 *  2. The `optimal` system against every round OpenGotha recorded in ../shared/corpus/opengotha-pairings
 *     (pairings/*.xml and <name>/<name>.xml), tier by tier in priority order (see src/check/quality.ts).
 * Uses the compiled engine in dist/ (`npm run build:engine`).
 */
const fs = require('node:fs');
const path = require('node:path');
const { qualityTable, formatQualityTable } = require('../dist/check/quality');
const { handicapComparison, formatHandicapSummary } = require('../dist/check/handicapQuality');
const { mulberry32 } = require('./generate');

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
  console.log('hcp = handicap stones; hcp² = squared stones (no big handicap); cross = pairs across score groups; halves = pairs inside');
  console.log('one half of a group; geo = shared city/club/country levels; colour = colour clashes; seeding = distance from the slip');
  console.log('partner. OG automatic: checked against');
  console.log("OpenGotha's own pair weights where the corpus has them (no = OpenGotha's weights prefer another draw: changed by hand).");
}
