'use strict';
/**
 * Builds examples/egc-congress-r8.json and examples/egc-congress-final.json: a synthetic European Go Congress McMahon
 * (settings.egc) of 160 players — 24 of them in the PKOs, paired as seeds/egc-championship-rules.txt prints PKO I–III
 * — whose rounds are drawn by Tengen's own congress draw (dist/pairing/egcCongress) and whose results are drawn from a
 * seeded random source (the higher rating more likely to win). The first file stops after round 8 (for `tengen pair
 * … --round 9`), the second after round 10 (for `tengen standings`, the European Open Champion and the qualification
 * order). Run after `npm run build:engine`: node scripts/egc-congress-example.js
 */
const fs = require('node:fs');
const path = require('node:path');
const { pairEgcCongress } = require('../dist/systems/egc/egcCongress');
const { isPairingError } = require('../dist/pairing/types');
const { applyPairing } = require('../dist/pairing/apply');
const { writeTournamentJson } = require('../dist/formats/json');
const { mulberry32 } = require('../bench/generate');

const random = mulberry32(2024);
const EUROPE = ['FR', 'DE', 'GB', 'NL', 'PL', 'CZ', 'UA', 'RO', 'HU', 'IT', 'ES', 'FI', 'AT', 'RS', 'HR'];
const ELSEWHERE = ['KR', 'CN', 'JP', 'US', 'CA', 'TW'];
const N = 160;
const players = [];
for (let i = 0; i < N; i++) {
  const rating = Math.round(2750 - i * 9 - random() * 30);
  const rank = Math.max(-12, Math.min(7, Math.floor((rating - 2050) / 100)));
  const european = random() < 0.75;
  const country = european ? EUROPE[Math.floor(random() * EUROPE.length)] : ELSEWHERE[Math.floor(random() * ELSEWHERE.length)];
  players.push({ id: i + 1, family: `Player${String(i + 1).padStart(3, '0')}`, given: country, rank, rating, country });
}
// The PKO: the 24 highest-rated Europeans, numbered by rating ("The participants are the 24 eligible players with the
// highest rating. In order of their rating … they receive the numbers 1 to 24").
const pkoNumbers = players.filter((p) => EUROPE.includes(p.country)).slice(0, 24).map((p) => p.id);
for (const id of pkoNumbers) players[id - 1].pko = true;
// Two late entries (absent in round 1), one of them strong.
players[5].absentRounds = [1];
players[90].absentRounds = [1, 2];

const RANK = (r) => (r < 0 ? `${-r}k` : r <= 8 ? `${r + 1}d` : `${r - 8}p`);
let t = {
  name: 'European Go Congress McMahon (synthetic example)',
  settings: { system: 'mcmahon', rounds: 10, ruleset: 'egf', egc: true, lotterySeed: 2024 },
  players: players.map((p) => ({ ...p, rank: p.rank })),
  games: [],
  byes: [],
};

const winnerOf = (a, b) => {
  const ra = players[a - 1].rating;
  const rb = players[b - 1].rating;
  const pA = 1 / (1 + Math.exp((rb - ra) / 110));
  return random() < pA ? a : b;
};
const result = (g) => (winnerOf(g.white, g.black) === g.white ? 'white-wins' : 'black-wins');

// PKO I–III round 1 as printed: A) 1-24, B) 12-13, C) 6-19, D) 7-18; E) 2-23, F) 11-14, G) 5-20, H) 8-17;
// I) 3-22, J) 10-15, K) 4-21, L) 9-16. Round 2: A–B, C–D, …; round 3: the winners of each PKO.
const PKO = [
  [[1, 24], [12, 13], [6, 19], [7, 18]],
  [[2, 23], [11, 14], [5, 20], [8, 17]],
  [[3, 22], [10, 15], [4, 21], [9, 16]],
];
const byNumber = (n) => pkoNumbers[n - 1];
let pkoWinners = PKO.map((games) => games.map(([a, b]) => [byNumber(a), byNumber(b)]));
const pkoChampions = [];

for (let round = 1; round <= 10; round++) {
  if (round <= 3) {
    const next = [];
    let table = 0;
    for (const bracket of pkoWinners) {
      const winners = bracket.map(([a, b]) => {
        // The PKO games at the top tables; the McMahon's own tables take the numbers after them.
        const g = { round, table: ++table, white: a, black: b, handicap: 0, result: 'unknown' };
        g.result = result(g);
        t.games.push(g);
        return g.result === 'white-wins' ? a : b;
      });
      next.push(winners.length === 1 ? winners : [[winners[0], winners[1]], ...(winners.length > 2 ? [[winners[2], winners[3]]] : [])]);
    }
    pkoWinners = next;
    if (round === 3) {
      for (const w of next) pkoChampions.push(w[0]);
      // The PKO winners go to the league: absent from the McMahon from round 4 on.
      t.players = t.players.map((p) => (pkoChampions.includes(p.id) ? { ...p, absentRounds: [4, 5, 6, 7, 8, 9, 10] } : p));
    }
  }
  if (round === 9) fs.writeFileSync(path.join(__dirname, '..', 'examples', 'egc-congress-r8.json'), writeTournamentJson(t));
  const pairing = pairEgcCongress(t, round);
  if (isPairingError(pairing)) throw new Error(`round ${round}: ${pairing.message}`);
  t = applyPairing(t, pairing);
  t = { ...t, games: t.games.map((g) => (g.round === round && g.result === 'unknown' ? { ...g, result: result(g) } : g)) };
  console.log(`round ${round}: ${pairing.games.length} games drawn, bye ${pairing.bye}`);
}
fs.writeFileSync(path.join(__dirname, '..', 'examples', 'egc-congress-final.json'), writeTournamentJson(t));
console.log(`PKO winners (to the league): ${pkoChampions.join(', ')}; late entries: 6, 91; ranks ${RANK(players[0].rank)}–${RANK(players[N - 1].rank)}`);
