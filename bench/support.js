/**
 * What several benches share: the median of samples, the EGC 2024 field as it stood in round 1 (the players of
 * round 1, their round-1 games and byes, nobody absent afterwards), read from the corpus through dist/, and seeded
 * results for a round just paired.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const EGC = path.resolve(ROOT, '..', 'shared', 'corpus', 'opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The EGC 2024 tournament cut to round 1: its players of round 1 (none absent later), games and byes. */
function egcRound1Field(file = EGC) {
  const { parseOpenGotha } = require('../dist/formats/opengotha');
  const parsed = parseOpenGotha(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), file);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
  const t = parsed.value;
  const games = t.games.filter((g) => g.round === 1);
  const byes = t.byes.filter((b) => b.round === 1);
  const inRound1 = new Set([...games.flatMap((g) => [g.white, g.black]), ...byes.map((b) => b.player)]);
  return { ...t, players: t.players.filter((p) => inRound1.has(p.id)).map((p) => ({ ...p, absentRounds: [] })), games, byes };
}

/** The EGC 2024 round-1 field before any game, for ten rounds drawn by the benches themselves. */
function egcTenRoundStart(file = EGC) {
  const f = egcRound1Field(file);
  return { ...f, games: [], byes: [], settings: { ...f.settings, rounds: 10 } };
}

/** Results of `round` drawn from `random`: the stronger (by rank and handicap) more likely to win; a few jigo. */
function playRound(t, round, random) {
  const rank = new Map(t.players.map((p) => [p.id, p.rank]));
  return {
    ...t,
    games: t.games.map((g) => {
      if (g.round !== round) return g;
      const edge = (rank.get(g.white) - rank.get(g.black) - g.handicap) * 0.08;
      const x = random();
      return { ...g, result: x < 0.01 ? 'jigo' : random() < 0.5 + edge ? 'white-wins' : 'black-wins' };
    }),
  };
}

module.exports = { EGC, egcRound1Field, egcTenRoundStart, median, playRound };
