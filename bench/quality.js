'use strict';
/**
 * `node bench/quality.js`: the `optimal` system against every round OpenGotha recorded in
 * ../shared/corpus/opengotha-pairings (pairings/*.xml and <name>/<name>.xml), tier by tier in priority order
 * (see src/pairing/quality.ts). Uses the compiled engine in dist/ (`npm run build:engine`).
 */
const fs = require('node:fs');
const path = require('node:path');
const { qualityTable, formatQualityTable } = require('../dist/pairing/quality');

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
  console.log('cross = pairs across score groups; halves = pairs inside one half of a group; geo = shared city/club/country levels;');
  console.log('colour = colour clashes; hcp = handicap stones; seeding = distance from the slip partner. OG automatic: checked against');
  console.log("OpenGotha's own pair weights where the corpus has them (no = OpenGotha's weights prefer another draw: changed by hand).");
}
