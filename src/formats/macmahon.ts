/**
 * MacMahon 3.9 tournament files (Gerlach's MacMahon program; root <TournamentData typeversion="3.9">), the layout
 * Pairgoth imports (its MacMahon39, ported from OpenGothaCustom):
 *  - <Tournament>: Name, NumberOfRounds, the bar (UpperMacMahonBar + …Level) and floor (LowerMacMahonBar + …Level),
 *    the handicap (HandicapUsed, HandicapByLevel, HandicapBelow + …Level, HandicapAdjustment + …Value,
 *    HandicapLimit + …Value);
 *  - <Walllist>: the placement criteria by ShortName (Score = MMS, Points = wins, SOS, SOSOS, SODOS);
 *  - <Playerlist>: each <Player> has its Id, PreliminaryRegistration, SuperBarMember (starts one point above the
 *    bar), NotPlayingInRound (one element per round), and a <GoPlayer> (FirstName, Surname, Club, Country, GoLevel,
 *    Rating, EgdPin);
 *  - <Roundlist>: per <Round> its RoundNumber and <Pairing>s: BoardNumber, White and Black (player Ids), Handicap,
 *    Result written black first ("1-0": Black wins, "0-1": White wins, "½-½", "0-0", "1-1"; "!" or
 *    ResultByReferee: by default), PairingWithBye (the player in Black has the bye).
 */
import { failed, ok, type InputError, type Parsed } from '../model/errors';
import { clampRank, parseRank, type Rank } from '../model/rank';
import type { Bye, Criterion, Game, GameResult, HandicapPolicy, Player, PlayerId, Tournament } from '../model/tournament';
import { validateTournament } from '../model/validate';
import { childrenNamed, descendantsNamed, parseXml, type XmlElement } from './xml';

/** The text of the first descendant named `name`, trimmed; undefined when absent or empty. */
function valueOf(element: XmlElement | undefined, name: string): string | undefined {
  const found = element ? descendantsNamed(element, name)[0] : undefined;
  const t = found?.text.trim();
  return t ? t : undefined;
}

const yes = (v: string | undefined, fallback: boolean) => (v === undefined ? fallback : v.toLowerCase() === 'true');

/** Black-first results (Pairgoth's MacMahon39.parseResult). */
function resultOf(code: string, byReferee: boolean): GameResult | undefined {
  const byDefault = byReferee || code.endsWith('!');
  switch (code.replace(/!$/, '')) {
    case '1-0':
      return byDefault ? 'black-wins-by-default' : 'black-wins';
    case '0-1':
      return byDefault ? 'white-wins-by-default' : 'white-wins';
    case '½-½':
    case '0.5-0.5':
      return byDefault ? 'jigo-by-default' : 'jigo';
    case '0-0':
      return 'both-lose-by-default';
    case '1-1':
      return 'both-win-by-default';
    case '?-?':
    case '':
      return 'unknown';
    default:
      return undefined;
  }
}

const BREAKERS: Readonly<Record<string, Criterion>> = { Points: 'nbw', Score: 'mms', ScoreX: 'mms', SOS: 'sos', SOSOS: 'sosos', SODOS: 'sodos' };

export function parseMacMahon(text: string, file?: string): Parsed<Tournament> {
  const xml = parseXml(text, file);
  if (!xml.ok) return xml;
  const root = xml.value;
  if (root.name !== 'TournamentData') {
    return failed([{ file, line: root.line, where: `<${root.name}>`, message: 'not a MacMahon tournament file: the root element should be <TournamentData>' }]);
  }
  const errors: InputError[] = [];
  const err = (e: XmlElement, where: string, message: string, player?: string) => errors.push({ file, line: e.line, where, player, message });
  const info = childrenNamed(root, 'Tournament')[0];
  const rank = (element: XmlElement | undefined, name: string, fallback: string): Rank => {
    const v = valueOf(element, name) ?? fallback;
    const r = parseRank(v);
    if (r.ok) return r.rank;
    if (element) err(element, `<${name}>`, r.message);
    return parseRank(fallback).ok ? (parseRank(fallback) as { rank: Rank }).rank : (0 as Rank);
  };
  const notes: string[] = [];
  /**
   * A whole number the file writes in element `name` under `parent`: undefined when the element is absent or empty;
   * anything else than a whole number is refused naming its line (issue 27: "three" read as 5 rounds, "abc" as 0).
   */
  const wholeIn = (parent: XmlElement | undefined, name: string, what: string, player?: string): number | undefined => {
    const found = parent ? descendantsNamed(parent, name)[0] : undefined;
    const t = found?.text.trim();
    if (!found || !t) return undefined;
    if (/^[+-]?\d+$/.test(t)) return Number(t);
    err(found, `<${name}>`, `"${t}" is not ${what}: expected a whole number`, player);
    return undefined;
  };
  const roundsRead = wholeIn(info, 'NumberOfRounds', 'a number of rounds');
  if (roundsRead === undefined && !valueOf(info, 'NumberOfRounds')) notes.push(`${file ?? 'MacMahon'}: no <NumberOfRounds>: the tournament is read with 5 rounds, MacMahon's default`);
  const rounds = roundsRead ?? 5;
  const bar = yes(valueOf(info, 'UpperMacMahonBar'), true) ? rank(info, 'UpperMacMahonBarLevel', '1d') : undefined;
  const floor = yes(valueOf(info, 'LowerMacMahonBar'), true) ? rank(info, 'LowerMacMahonBarLevel', '30k') : undefined;

  const wall = childrenNamed(root, 'Walllist')[0];
  const breakers = wall ? descendantsNamed(wall, 'ShortName') : [];
  const tiebreaks: Criterion[] = wall ? [] : ['mms', 'sos', 'sosos'];
  for (const e of breakers) {
    const c = BREAKERS[e.text.trim()];
    if (c && !tiebreaks.includes(c)) tiebreaks.push(c);
    // A criterion Tengen does not compute is said, never dropped without a word (issue 27).
    if (!c) notes.push(`${file ?? 'MacMahon'}:${e.line}: <ShortName>${e.text.trim()}</ShortName>: a criterion Tengen does not compute (it computes ${Object.keys(BREAKERS).join(', ')}); the standings leave it out`);
  }
  const system = tiebreaks[0] === 'nbw' ? 'swiss' : 'mcmahon';

  // Players: Tengen IDs by strength; MacMahon's Ids resolve the pairings.
  const read: { mmId: string; element: XmlElement; player: Omit<Player, 'id'> }[] = [];
  for (const element of descendantsNamed(root, 'Player')) {
    const go = childrenNamed(element, 'GoPlayer')[0];
    const mmId = valueOf(element, 'Id');
    const family = valueOf(go, 'Surname') ?? '';
    const given = valueOf(go, 'FirstName') ?? '';
    const who = [family, given].filter(Boolean).join(', ');
    if (!go || mmId === undefined) {
      err(element, '<Player>', 'a <Player> needs an <Id> and a <GoPlayer>', who);
      continue;
    }
    const level = parseRank(valueOf(go, 'GoLevel') ?? '');
    if (!level.ok) {
      err(go, '<GoLevel>', `unknown rank: ${level.message}`, who);
      continue;
    }
    const rating = wholeIn(go, 'Rating', 'a rating', who);
    const country = valueOf(go, 'Country')?.toUpperCase();
    const pin = valueOf(go, 'EgdPin');
    const absent: number[] = [];
    for (const e of childrenNamed(element, 'NotPlayingInRound')) {
      const t = e.text.trim();
      if (/^\d+$/.test(t) && Number(t) >= 1) absent.push(Number(t));
      else err(e, '<NotPlayingInRound>', `"${t}" is not a round number: expected a whole number from 1`, who);
    }
    absent.sort((a, b) => a - b);
    const superBar = yes(valueOf(element, 'SuperBarMember'), false);
    const extra: Record<string, string> = {};
    if (yes(valueOf(element, 'PreliminaryRegistration'), false)) extra.registeringStatus = 'PRE';
    read.push({
      mmId,
      element,
      player: {
        family,
        given,
        rank: level.rank,
        ...(valueOf(go, 'Club') !== undefined && { club: valueOf(go, 'Club') }),
        // The EGD writes Great Britain as UK.
        ...(country !== undefined && { country: country === 'GB' ? 'UK' : country }),
        ...(rating !== undefined && { rating }),
        ...(pin !== undefined && { egdPin: pin }),
        ...(superBar && system === 'mcmahon' && { initialMms: clampRank(level.rank, floor, bar) + 1 }),
        ...(absent.length > 0 && { absentRounds: absent }),
        ...(Object.keys(extra).length > 0 && { extra }),
      },
    });
  }
  const ordered = [...read].sort(
    (a, b) => b.player.rank - a.player.rank || (b.player.rating ?? -Infinity) - (a.player.rating ?? -Infinity) || a.element.line - b.element.line,
  );
  const idOf = new Map<string, PlayerId>(ordered.map((p, i) => [p.mmId, (i + 1) as PlayerId]));
  const players: Player[] = ordered.map((p) => ({ id: idOf.get(p.mmId)!, ...p.player }));

  const games: Game[] = [];
  const byes: Bye[] = [];
  for (const roundElement of descendantsNamed(root, 'Round')) {
    const round = Number(valueOf(roundElement, 'RoundNumber'));
    if (!Number.isInteger(round) || round < 1) {
      err(roundElement, '<Round>', 'a <Round> needs a <RoundNumber> of 1 or more');
      continue;
    }
    for (const p of childrenNamed(roundElement, 'Pairing')) {
      const where = `<Pairing> of round ${round}`;
      const black = idOf.get(valueOf(p, 'Black') ?? '');
      if (yes(valueOf(p, 'PairingWithBye'), false)) {
        if (black === undefined) err(p, where, `the bye names player ${valueOf(p, 'Black') ?? '(none)'}, who is not in the <Playerlist>`);
        else byes.push({ round, player: black });
        continue;
      }
      const white = idOf.get(valueOf(p, 'White') ?? '');
      if (white === undefined || black === undefined) {
        err(p, where, `White ${valueOf(p, 'White') ?? '(none)'} and Black ${valueOf(p, 'Black') ?? '(none)'} must both be player Ids of the <Playerlist>`);
        continue;
      }
      const code = valueOf(p, 'Result') ?? '?-?';
      const result = resultOf(code, yes(valueOf(p, 'ResultByReferee'), false));
      if (!result) {
        err(p, where, `unknown result "${code}": expected 1-0 (Black wins), 0-1 (White wins), ½-½, 0-0, 1-1 or ?-?, with "!" for a result by default`);
        continue;
      }
      const board = wholeIn(p, 'BoardNumber', 'a board number');
      const handicap = wholeIn(p, 'Handicap', 'a number of handicap stones');
      if ((valueOf(p, 'BoardNumber') !== undefined && board === undefined) || (valueOf(p, 'Handicap') !== undefined && handicap === undefined)) continue;
      games.push({
        round,
        ...(board !== undefined && board > 0 && { table: board }),
        white,
        black,
        handicap: handicap ?? 0,
        result,
      });
    }
  }

  const handicapUsed = yes(valueOf(info, 'HandicapUsed'), false);
  // MacMahon writes the adjustment as a negative number of stones (−1: one stone less); Tengen lowers by 0–2.
  const adjustment = yes(valueOf(info, 'HandicapAdjustment'), true) ? wholeIn(info, 'HandicapAdjustmentValue', 'a handicap adjustment') ?? 0 : 0;
  if (Math.abs(adjustment) > 2) {
    const e = descendantsNamed(info!, 'HandicapAdjustmentValue')[0];
    err(e, '<HandicapAdjustmentValue>', `${adjustment}: Tengen lowers handicaps by 0, 1 or 2 stones`);
  }
  const correction = Math.min(2, Math.abs(adjustment));
  const kind = yes(valueOf(info, 'HandicapByLevel'), false) ? 'rank-difference' : 'mms-difference';
  const policy = (handicapUsed ? (correction === 0 ? kind : `${kind}-minus-${correction}`) : 'none') as HandicapPolicy;
  const ceiling = yes(valueOf(info, 'HandicapLimit'), true) ? wholeIn(info, 'HandicapLimitValue', 'a handicap limit') ?? 9 : 9;
  const below = yes(valueOf(info, 'HandicapBelow'), true) ? rank(info, 'HandicapBelowLevel', '30k') : undefined;

  const tournament: Tournament = {
    name: valueOf(info, 'Name') ?? 'MacMahon tournament',
    settings: {
      system,
      rounds,
      ruleset: 'egf',
      ...(system === 'mcmahon' && bar !== undefined && { bar }),
      ...(system === 'mcmahon' && floor !== undefined && { floor }),
      handicap: { policy, ceiling, ...(below !== undefined && { evenAtOrAbove: below }) },
      ...(tiebreaks.length > 0 && { tiebreaks }),
    },
    players,
    games,
    byes,
  };
  errors.push(...validateTournament(tournament, {}, file));
  return errors.length > 0 ? failed(errors) : ok(tournament, notes);
}
