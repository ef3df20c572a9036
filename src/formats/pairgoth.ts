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

/**
 * Pairgoth's other criteria (its Criterion enum): known to the format, not computed by Tengen. A file naming one is
 * read, and a note says the standings leave it out; a name outside the enum is refused.
 */
const UNCOMPUTED_CRITERIA = new Set(['NONE', 'CATEGORY', 'RANK', 'STS', 'SCORE', 'SCOREX', 'SOSTS', 'EXT', 'EXR', 'SDC']);

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
  const notes: string[] = [];
  const at = (pointer: string, message: string, player?: string) => errors.push({ file, line: lines.get(pointer), where: pointer, player, message });
  const lineOf = (pointer: string) => `${file ?? 'Pairgoth'}:${lines.get(pointer) ?? '?'}`;
  // No silent defaults (issue 27): a field that is there must have its type; a wrong one is refused, naming it.
  const wholeAt = (pointer: string, v: unknown, what: string, player?: string): number | undefined => {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    at(pointer, `${JSON.stringify(v)} is not ${what}: expected a whole number${typeof v === 'string' ? ' (a number, not a string)' : ''}`, player);
    return undefined;
  };
  const rankAt = (pointer: string, v: unknown, what: string): Rank | undefined => {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && isRank(v)) return v;
    at(pointer, `${JSON.stringify(v)} is not ${what}: expected a rank on Pairgoth's scale, a whole number from −30 (30k) through 0 (1d) to 8 (9d)`);
    return undefined;
  };
  if (doc.type !== undefined && doc.type !== 'INDIVIDUAL') at('/type', `a ${String(doc.type)} tournament: Tengen reads Pairgoth's individual tournaments`);

  if (doc.pairing !== undefined && !isObject(doc.pairing)) at('/pairing', 'the pairing must be an object with a type (MAC_MAHON or SWISS)');
  const pairing = isObject(doc.pairing) ? doc.pairing : {};
  // Pairgoth's Pairing.fromJson reads the type without a default: it must be there.
  if (pairing.type !== 'SWISS' && pairing.type !== 'MAC_MAHON') {
    at(isObject(doc.pairing) && pairing.type !== undefined ? '/pairing/type' : '/pairing', `${pairing.type === undefined ? 'no pairing type' : `pairing type ${JSON.stringify(pairing.type)}`}: expected "MAC_MAHON" or "SWISS" (Tengen reads Pairgoth's McMahon and Swiss tournaments)`);
  }
  const system = pairing.type === 'SWISS' ? 'swiss' : 'mcmahon';
  // Pairgoth writes the bar and the floor of every McMahon tournament; a file without them is not guessed at.
  const bar = rankAt('/pairing/mmBar', pairing.mmBar, 'a McMahon bar') ?? (8 as Rank);
  const floor = rankAt('/pairing/mmFloor', pairing.mmFloor, 'a McMahon floor') ?? (-30 as Rank);
  if (system === 'mcmahon' && pairing.type !== undefined) {
    for (const key of ['mmBar', 'mmFloor'] as const) {
      if (pairing[key] === undefined) at('/pairing', `no ${key}: a McMahon tournament needs its ${key === 'mmBar' ? 'bar' : 'floor'} (a rank from −30 = 30k to 8 = 9d)`);
    }
  }
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
    if (p.skip !== undefined && !(Array.isArray(p.skip) && p.skip.every((r) => typeof r === 'number' && Number.isInteger(r)))) {
      return at(`${where}/skip`, `skip ${JSON.stringify(p.skip)}: expected an array of round numbers (the rounds he does not play)`, who);
    }
    const skip = Array.isArray(p.skip) ? [...(p.skip as number[])].sort((a, b) => a - b) : [];
    const correction = wholeAt(`${where}/mmsCorrection`, p.mmsCorrection, 'a McMahon score correction', who) ?? 0;
    const rating = wholeAt(`${where}/rating`, p.rating, 'a rating', who);
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
        ...(rating !== undefined && { rating }),
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
      // Every game names its White and its Black (0 for the bye's missing opponent): a missing or non-whole one is refused,
      // never read as a bye (a string "1" made the player vanish from the standings).
      const w = wholeAt(`${where}/w`, g.w, 'a player id (White)');
      const b = wholeAt(`${where}/b`, g.b, 'a player id (Black)');
      const h = wholeAt(`${where}/h`, g.h, 'a handicap');
      const t = wholeAt(`${where}/t`, g.t, 'a table number');
      if (w === undefined || b === undefined) {
        if (g.w === undefined || g.b === undefined) at(where, `the game has no ${g.w === undefined ? 'w (White)' : 'b (Black)'}: expected both player ids`);
        return;
      }
      if ((g.h !== undefined && h === undefined) || (g.t !== undefined && t === undefined)) return;
      if (w === 0 || b === 0) {
        const player = idOf.get(w || b);
        if (player === undefined) return at(where, `bye of unknown player ${w || b}`);
        byes.push({ round: r + 1, player });
        return;
      }
      const white = idOf.get(w);
      const black = idOf.get(b);
      if (white === undefined || black === undefined) return at(where, `game between unknown players ${w} and ${b}`);
      games.push({ round: r + 1, ...(t !== undefined && { table: t }), white, black, handicap: h ?? 0, result });
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
  if (pairing.placement !== undefined && !Array.isArray(pairing.placement)) at('/pairing/placement', 'placement must be an array of criteria such as ["MMS", "SOSM", "SOSOSM"]');
  (Array.isArray(pairing.placement) ? pairing.placement : []).forEach((name: unknown, i: number) => {
    const upper = String(name).toUpperCase();
    const c = CRITERIA[upper];
    if (c) {
      if (!tiebreaks.includes(c)) tiebreaks.push(c);
    } else if (UNCOMPUTED_CRITERIA.has(upper)) {
      if (upper !== 'NONE') notes.push(`${lineOf(`/pairing/placement/${i}`)}: placement criterion ${upper} is not one Tengen computes: the standings leave it out`);
    } else {
      at(`/pairing/placement/${i}`, `unknown placement criterion ${JSON.stringify(name)}: expected one of Pairgoth's (${[...Object.keys(CRITERIA), ...UNCOMPUTED_CRITERIA].join(', ')})`);
    }
  });
  const hd = isObject(pairing.handicap) ? pairing.handicap : {};
  const correctionRead = wholeAt('/pairing/handicap/correction', hd.correction, 'a handicap correction');
  // Tengen's handicap policies lower the difference by 0, 1 or 2 stones (model/tournament.ts HandicapPolicy).
  if (correctionRead !== undefined && (correctionRead < 0 || correctionRead > 2)) at('/pairing/handicap/correction', `correction ${correctionRead}: Tengen lowers handicaps by 0, 1 or 2 stones`);
  const correction = correctionRead !== undefined && correctionRead >= 0 && correctionRead <= 2 ? correctionRead : 0;
  const ceiling = wholeAt('/pairing/handicap/ceiling', hd.ceiling, 'a handicap ceiling') ?? 9;
  const threshold = rankAt('/pairing/handicap/threshold', hd.threshold, 'a no-handicap threshold');
  if (doc.komi !== undefined && typeof doc.komi !== 'number') at('/komi', `komi ${JSON.stringify(doc.komi)}: expected a number such as 7.5`);
  const roundsRead = wholeAt('/rounds', doc.rounds, 'a number of rounds');
  if (doc.rounds === undefined) notes.push(`${file ?? 'Pairgoth'}: no "rounds": the tournament is read with the ${Math.max(1, doc.games.length)} round(s) its games hold`);
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
      rounds: roundsRead ?? Math.max(1, doc.games.length),
      ruleset: 'opengotha',
      ...(system === 'mcmahon' && { bar, floor, mmsZero: zero }),
      handicap: { policy, ceiling, ...(threshold !== undefined && { evenAtOrAbove: threshold }) },
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
  return errors.length > 0 ? failed(errors) : ok(tournament, notes);
}
