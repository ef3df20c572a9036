/**
 * Pairgoth's tournament file (".tour", JSON), as Pairgoth saves it (its Tournament.toJson): the event (name,
 * shortName, startDate, endDate, location, komi, rounds), `pairing` (type MAC_MAHON or SWISS, `placement`
 * criteria, `mmFloor`/`mmBar` on Tengen's own rank ladder — 0 = 1d, −1 = 1k — and `handicap`), `players` (id, name,
 * firstname, rank, rating, country, club, `skip`: rounds not played, `mmsCorrection`, `egf`: the EGD PIN) and
 * `games`, one array per round of `{ t: table, w, b, h: handicap, r: result }` with r one of w b = ? # (both win)
 * 0 (both lose) X (cancelled); a bye is a game against player 0.
 *
 * Pairgoth scores as OpenGotha does (its MMS zero is 30k; an absence gives `main.mmsValueAbsent`, ½ by default,
 * rounded down with `main.roundDownScore`; a bye a whole point), so the tournament gets the `opengotha` ruleset with
 * those values. A cancelled game (X) is kept as a round without a game for both players.
 */
import { failed, ok, type InputError, type Parsed } from '../model/errors';
import { clampRank, isRank, type Rank } from '../model/rank';
import type { Bye, Criterion, Game, GameResult, HandicapPolicy, Player, PlayerId, Tournament } from '../model/tournament';
import { validateTournament } from '../model/validate';
import { parseJsonWithLines } from './json';

/** Pairgoth's criterion names (its Criterion enum), by Tengen criterion. */
const CRITERIA: Readonly<Record<string, Criterion>> = {
  NBW: 'nbw',
  MMS: 'mms',
  SOSW: 'sos',
  SOSWM1: 'sos1',
  SOSWM2: 'sos2',
  SODOSW: 'sodos',
  SOSOSW: 'sosos',
  CUSSW: 'cuss',
  SOSM: 'sos',
  SOSMM1: 'sos1',
  SOSMM2: 'sos2',
  SODOSM: 'sodos',
  SOSOSM: 'sosos',
  CUSSM: 'cuss',
  RATING: 'rating',
  DC: 'dc',
};

const RESULTS: Readonly<Record<string, GameResult>> = {
  w: 'white-wins',
  b: 'black-wins',
  '=': 'jigo',
  '?': 'unknown',
  '#': 'both-win-by-default',
  '0': 'both-lose-by-default',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const whole = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

export function parsePairgoth(source: string, file?: string): Parsed<Tournament> {
  let doc: unknown;
  let lines: Map<string, number>;
  try {
    ({ value: doc, lines } = parseJsonWithLines(source));
  } catch (e) {
    const err = e as { message: string; line?: number };
    return failed([{ file, line: err.line, message: `not valid JSON: ${err.message}` }]);
  }
  if (!isObject(doc) || !Array.isArray(doc.players) || !Array.isArray(doc.games)) {
    return failed([{ file, message: 'not a Pairgoth tournament: expected a JSON object with "players" and "games" arrays' }]);
  }
  const errors: InputError[] = [];
  const at = (pointer: string, message: string, player?: string) => errors.push({ file, line: lines.get(pointer), where: pointer, player, message });
  if (doc.type !== undefined && doc.type !== 'INDIVIDUAL') at('/type', `a ${String(doc.type)} tournament: Tengen reads Pairgoth's individual tournaments`);

  const pairing = isObject(doc.pairing) ? doc.pairing : {};
  const system = pairing.type === 'SWISS' ? 'swiss' : 'mcmahon';
  const rankOr = (v: unknown, fallback: number): Rank => (typeof v === 'number' && isRank(v) ? v : (fallback as Rank));
  const bar = rankOr(pairing.mmBar, 8);
  const floor = rankOr(pairing.mmFloor, -30);
  const zero = -30 as Rank;
  const main = isObject(pairing.main) ? pairing.main : {};
  const absentValue = typeof main.mmsValueAbsent === 'number' ? main.mmsValueAbsent : 0.5;

  // Players: Tengen IDs 1..n by strength (rank, then rating), the file's ids kept to resolve games.
  const read: { pid: number; player: Omit<Player, 'id'> }[] = [];
  doc.players.forEach((p: unknown, i: number) => {
    const where = `/players/${i}`;
    if (!isObject(p)) return at(where, 'a player must be an object');
    const pid = whole(p.id);
    const family = text(p.name) ?? '';
    const given = text(p.firstname) ?? '';
    const who = [family, given].filter(Boolean).join(', ');
    if (pid === undefined) return at(`${where}/id`, 'the player id must be a whole number', who);
    if (typeof p.rank !== 'number' || !isRank(p.rank))
      return at(`${where}/rank`, `rank ${String(p.rank)} is not a rank on Pairgoth's scale (−30 = 30k … 0 = 1d … 8 = 9d)`, who);
    const rank = p.rank;
    const skip = Array.isArray(p.skip) ? p.skip.filter((r): r is number => typeof r === 'number').sort((a, b) => a - b) : [];
    const correction = whole(p.mmsCorrection) ?? 0;
    const pin = text(p.egf);
    const extra: Record<string, string> = {};
    if (p.final === false) extra.registeringStatus = 'PRE';
    if (text(p.ffg)) extra.ffgLicence = text(p.ffg)!;
    if (text(p.aga)) extra.agaId = text(p.aga)!;
    read.push({
      pid,
      player: {
        family,
        given,
        rank,
        ...(text(p.club) !== undefined && { club: text(p.club) }),
        ...(text(p.country) !== undefined && { country: text(p.country)!.toUpperCase() }),
        ...(whole(p.rating) !== undefined && { rating: whole(p.rating) }),
        ...(pin !== undefined && { egdPin: pin }),
        ...(correction !== 0 && system === 'mcmahon' && { initialMms: clampRank(rank, floor, bar) - zero + correction }),
        ...(skip.length > 0 && { absentRounds: skip }),
        ...(Object.keys(extra).length > 0 && { extra }),
      },
    });
  });
  const ordered = [...read].sort((a, b) => b.player.rank - a.player.rank || (b.player.rating ?? -Infinity) - (a.player.rating ?? -Infinity) || a.pid - b.pid);
  const idOf = new Map<number, PlayerId>(ordered.map((p, i) => [p.pid, (i + 1) as PlayerId]));
  const players: Player[] = ordered.map((p) => ({ id: idOf.get(p.pid)!, ...p.player }));

  const games: Game[] = [];
  const byes: Bye[] = [];
  doc.games.forEach((round: unknown, r: number) => {
    if (!Array.isArray(round)) return at(`/games/${r}`, 'each round must be an array of games');
    round.forEach((g: unknown, k: number) => {
      const where = `/games/${r}/${k}`;
      if (!isObject(g)) return at(where, 'a game must be an object');
      const code = String(g.r ?? '?');
      if (code === 'X') return; // cancelled: no game
      const result = RESULTS[code];
      if (!result) return at(`${where}/r`, `unknown result "${code}": expected one of w, b, =, ?, #, 0, X`);
      const w = whole(g.w) ?? 0;
      const b = whole(g.b) ?? 0;
      if (w === 0 || b === 0) {
        const player = idOf.get(w || b);
        if (player === undefined) return at(where, `bye of unknown player ${w || b}`);
        byes.push({ round: r + 1, player });
        return;
      }
      const white = idOf.get(w);
      const black = idOf.get(b);
      if (white === undefined || black === undefined) return at(where, `game between unknown players ${w} and ${b}`);
      games.push({ round: r + 1, ...(whole(g.t) !== undefined && { table: whole(g.t) }), white, black, handicap: whole(g.h) ?? 0, result });
    });
  });

  // Pairgoth pairs every player present in a round (an odd one out gets the bye) and records the others in `skip`:
  // a player with neither a game nor a bye in a round that was paired was not there (a `skip` the file did not keep,
  // or a player registered after that round). Read as absent, as OpenGotha's file of the same tournament has him
  // (participation off), not as OpenGotha's NOT_ASSIGNED, which scores nothing (docs/opengotha-rules.md).
  const pairedRounds = new Set([...games.map((g) => g.round), ...byes.map((b) => b.round)]);
  const inRound = new Set([...games.flatMap((g) => [`${g.round}:${g.white}`, `${g.round}:${g.black}`]), ...byes.map((b) => `${b.round}:${b.player}`)]);
  for (let i = 0; i < players.length; i++) {
    const p = players[i];
    const missed = [...pairedRounds].filter((r) => !inRound.has(`${r}:${p.id}`));
    if (missed.length === 0) continue;
    const absentRounds = [...new Set([...(p.absentRounds ?? []), ...missed])].sort((a, b) => a - b);
    players[i] = { ...p, absentRounds };
  }

  const tiebreaks: Criterion[] = [];
  for (const name of Array.isArray(pairing.placement) ? pairing.placement : []) {
    const c = CRITERIA[String(name).toUpperCase()];
    if (c && !tiebreaks.includes(c)) tiebreaks.push(c);
  }
  const hd = isObject(pairing.handicap) ? pairing.handicap : {};
  const correction = Math.min(2, Math.max(0, whole(hd.correction) ?? 0));
  const ceiling = whole(hd.ceiling) ?? 9;
  const kind = hd.useMMS === false ? 'rank-difference' : 'mms-difference';
  const policy: HandicapPolicy = ceiling === 0 ? 'none' : ((correction === 0 ? kind : `${kind}-minus-${correction}`) as HandicapPolicy);

  const tournament: Tournament = {
    name: text(doc.name) ?? 'Pairgoth tournament',
    ...(text(doc.shortName) !== undefined && { shortName: text(doc.shortName) }),
    ...(text(doc.location) !== undefined && { location: text(doc.location) }),
    ...(text(doc.director) !== undefined && { director: text(doc.director) }),
    ...(text(doc.startDate) !== undefined && { beginDate: text(doc.startDate) }),
    ...(text(doc.endDate) !== undefined && { endDate: text(doc.endDate) }),
    settings: {
      system,
      rounds: whole(doc.rounds) ?? Math.max(1, doc.games.length),
      ruleset: 'opengotha',
      ...(system === 'mcmahon' && { bar, floor, mmsZero: zero }),
      handicap: { policy, ceiling, ...(typeof hd.threshold === 'number' && isRank(hd.threshold) && { evenAtOrAbove: hd.threshold }) },
      ...(typeof doc.komi === 'number' && { komi: doc.komi }),
      ...(tiebreaks.length > 0 && { tiebreaks }),
      opengotha: {
        mmsHalvesAbsent: Math.round(absentValue * 2),
        mmsHalvesBye: 2,
        nbwHalvesAbsent: 0,
        nbwHalvesBye: 2,
        roundDown: main.roundDownScore !== false,
      },
    },
    players,
    games,
    byes,
  };
  errors.push(...validateTournament(tournament, {}, file));
  return errors.length > 0 ? failed(errors) : ok(tournament);
}
