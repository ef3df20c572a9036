'use strict';
/**
 * OpenGotha pairing benchmark: the `opengotha` system pairs round 6 of generated McMahon tournaments (OpenGotha 3.51
 * default parameters), and round 1 and 2 of the shared corpus's 985-player EGC 2024 file when ../shared is present.
 * Each draw weighs every pair with OpenGotha's nine terms and solves the exact maximum-weight matching. Prints
 * medians (never asserted). Uses the compiled engine in dist/.
 */
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { generateMcMahon } = require('./generate');
const { pairOpenGotha } = require('../dist/systems/opengotha/pair');
const { parseOpenGotha } = require('../dist/formats/opengotha');

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function bench(label, t, round, runs) {
  const before = { ...t, games: t.games.filter((g) => g.round < round), byes: t.byes.filter((b) => b.round < round) };
  const times = [];
  let result;
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    result = pairOpenGotha(before, round);
    if (i > 0) times.push(performance.now() - t0); // the first run warms up
  }
  const what = result.kind === 'pairing-error' ? `error: ${result.message}` : `${result.games.length} games`;
  console.log(`  ${label.padEnd(44)} median ${median(times).toFixed(0).padStart(5)} ms  (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, ${runs} runs; ${what})`);
}

// `node bench/opengotha.js --vs-opengotha`: only the side-by-side run against the real OpenGotha below.
const onlyAgainstOpenGotha = process.argv.includes('--vs-opengotha');
console.log('\nOpenGotha pairing (opengotha system: nine weight terms per pair + exact maximum-weight matching)');
for (const players of onlyAgainstOpenGotha ? [] : [100, 300]) {
  const t = generateMcMahon({ players, rounds: 10, seed: 2026 });
  bench(`generated McMahon, ${players} players, round 6`, t, 6, 5);
}
const egc = path.join(__dirname, '..', '..', 'shared', 'corpus', 'opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
if (onlyAgainstOpenGotha) {
  // the 985-player rounds are skipped too
} else if (fs.existsSync(egc)) {
  const parsed = parseOpenGotha(fs.readFileSync(egc, 'utf8').replace(/^\uFEFF/, ''), egc);
  if (parsed.ok) {
    bench('EGC 2024 (985 registered, 710 paired), round 1', parsed.value, 1, 3);
    bench('EGC 2024, round 2 (two groups: > 300 players)', parsed.value, 2, 3);
  }
} else {
  console.log(`  (EGC 2024 file skipped: ${egc} is absent)`);
}

// Big fields against the real OpenGotha 3.51.02 (../shared/tools/opengotha/og time, its Pair press timed in-process,
// medians) in the same run: the EGC 2024 field doubled (1,970 registered, 1,420 paired in round 1) and the same with
// everyone playing round 1 (as many as OpenGotha's rules let: finally registered). Skipped without java or ../shared.
const { execFileSync } = require('node:child_process');
const os = require('node:os');
const { exportOpenGotha } = require('../dist/formats/opengothaExport');
const og = path.join(__dirname, '..', '..', 'shared', 'tools', 'opengotha', 'og');
const hasJava = (process.env.PATH || '').split(path.delimiter).some((d) => d && fs.existsSync(path.join(d, 'java')));
if (!fs.existsSync(egc) || !fs.existsSync(og) || !hasJava) {
  console.log(`  (Tengen against OpenGotha on 1,420 and 1,970 players skipped: ${!hasJava ? 'java is not installed (scripts/system-deps.sh)' : `${fs.existsSync(og) ? egc : og} is absent`})`);
} else {
  const parsed = parseOpenGotha(fs.readFileSync(egc, 'utf8').replace(/^\uFEFF/, ''), egc);
  const t = parsed.value;
  const offset = Math.max(...t.players.map((p) => p.id));
  const doubled = (everyone) => {
    const players = [...t.players, ...t.players.map((p) => ({ ...p, id: p.id + offset, given: `${p.given} Bis` }))].map((p) => {
      const q = { ...p };
      delete q.egdPin;
      if (everyone) delete q.absentRounds;
      return q;
    });
    return { ...t, players, games: [], byes: [] };
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-bench-og-'));
  console.log(
    `\nTengen --system opengotha against the real OpenGotha 3.51.02 (og time --round 1 --warmup 3 --reps 5), same run — ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  for (const [label, everyone] of [['EGC 2024 doubled (1,970 registered)', false], ['EGC 2024 doubled, everyone in round 1', true]]) {
    const field = doubled(everyone);
    const file = path.join(dir, everyone ? 'egc2x-all.xml' : 'egc2x.xml');
    fs.writeFileSync(file, exportOpenGotha(field).text);
    const times = [];
    let result;
    for (let i = 0; i < 8; i++) {
      const t0 = performance.now();
      result = pairOpenGotha(field, 1);
      if (i >= 3) times.push(performance.now() - t0); // 3 warm-up runs, 5 timed, as og time
    }
    let ogLine;
    try {
      const out = execFileSync(og, ['time', file, '--round', '1', '--warmup', '3', '--reps', '5'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      const j = JSON.parse(out.slice(out.indexOf('{')));
      ogLine = `OpenGotha median ${j.pairMs.median.toFixed(0).padStart(5)} ms (${j.pairable} paired, chunks ${j.chunks.join('+')})`;
    } catch (e) {
      ogLine = `OpenGotha failed: ${String(e.message).split('\n')[0]}`;
    }
    const paired = result.games ? result.games.length * 2 : 0;
    console.log(`  ${label.padEnd(40)} Tengen median ${median(times).toFixed(0).padStart(5)} ms (${paired} paired) | ${ogLine} | load average ${os.loadavg()[0].toFixed(1)}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
