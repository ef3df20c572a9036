'use strict';
/**
 * Deterministic generator of realistic McMahon tournaments for benchmarks: ranks from 20k to 7d, a bar at 4d, each
 * round players sorted by current MMS and paired with the nearest unplayed neighbour, results drawn from a seeded
 * random source with the stronger player more likely to win, a few absences and a bye when the field is odd.
 */

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateMcMahon({ players: n = 1000, rounds = 10, seed = 1 } = {}) {
  const random = mulberry32(seed);
  const players = [];
  for (let i = 0; i < n; i++) {
    const rank = Math.max(-20, Math.min(6, Math.round(-6 + (random() + random() + random() - 1.5) * 12)));
    players.push({ id: 0, family: `Player${String(i).padStart(4, '0')}`, given: 'Gen', rank, rating: 2100 + rank * 100 + Math.floor(random() * 100), club: `C${Math.floor(random() * 80)}`, country: 'XX' });
  }
  players.sort((a, b) => b.rank - a.rank || b.rating - a.rating);
  players.forEach((p, i) => (p.id = i + 1));
  const bar = 3;
  const floor = -20;
  const score = players.map((p) => Math.min(Math.max(p.rank, floor), bar) * 2);
  const absent = players.map(() => []);
  const met = players.map(() => new Set());
  const games = [];
  const byes = [];
  const hadBye = new Set();
  for (let r = 1; r <= rounds; r++) {
    const present = [];
    for (let i = 0; i < n; i++) {
      if (random() < 0.02) {
        absent[i].push(r);
        score[i] += 1;
      } else present.push(i);
    }
    present.sort((a, b) => score[b] - score[a] || a - b);
    if (present.length % 2) {
      let k = present.length - 1;
      while (k > 0 && hadBye.has(present[k])) k--;
      const [bye] = present.splice(k, 1);
      hadBye.add(bye);
      byes.push({ round: r, player: players[bye].id });
      score[bye] += 2;
    }
    const unpaired = new Set(present);
    let table = 1;
    for (const a of present) {
      if (!unpaired.has(a)) continue;
      unpaired.delete(a);
      let b;
      for (const c of unpaired) {
        if (!met[a].has(c)) {
          b = c;
          break;
        }
      }
      if (b === undefined) b = unpaired.values().next().value;
      unpaired.delete(b);
      met[a].add(b);
      met[b].add(a);
      const [white, black] = players[a].rank >= players[b].rank ? [a, b] : [b, a];
      const handicap = Math.max(0, Math.min(9, Math.round((score[white] - score[black]) / 2) - 1));
      const pWhite = 0.5 + (players[white].rank - players[black].rank - handicap) * 0.08;
      const x = random();
      let result;
      if (x < 0.01) result = 'white-wins-by-default';
      else if (x < 0.015) result = 'jigo';
      else result = random() < pWhite ? 'white-wins' : 'black-wins';
      if (result === 'white-wins' || result === 'white-wins-by-default') score[white] += 2;
      else if (result === 'black-wins') score[black] += 2;
      else {
        score[white] += 1;
        score[black] += 1;
      }
      games.push({ round: r, table: table++, white: players[white].id, black: players[black].id, handicap, result });
    }
  }
  players.forEach((p, i) => {
    if (absent[i].length) p.absentRounds = absent[i];
  });
  return {
    name: `Generated McMahon ${n}×${rounds}`,
    settings: { system: 'mcmahon', rounds, ruleset: 'egf', bar, floor, tiebreaks: ['mms', 'sos', 'sosos', 'sodos', 'cuss'] },
    players,
    games,
    byes,
  };
}

module.exports = { generateMcMahon, mulberry32 };
