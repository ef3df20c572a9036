/**
 * OpenGotha XML export (tournament.dtd), so that a tournament can move to OpenGotha mid-event: players with their
 * participation, games, byes, teams, and the general, handicap, placement and pairing parameters.
 *
 * The file carries `dataVersion="201"`: OpenGotha 3.51 reads a file without it as an old format
 * (ExternalDocument: dataVersion ≤ 200), shifting every rating by 2050 and looking players up by their obsolete
 * canonical name, which loses the games of players whose names hold a hyphen or an apostrophe.
 *
 * What the import (./opengotha.ts) kept of a file — attributes with no place in Tengen's model, the placement
 * criteria as written, the pairing and handicap parameters — is written back as it was, so that an OpenGotha file
 * read by Tengen and exported again re-imports identically.
 */
import type { InputError } from '../model/errors';
import { clampRank, formatRank, type Rank } from '../model/rank';
import { displayName, type Criterion, type GameResult, type HandicapSettings, type Player, type Tournament } from '../model/tournament';
import { egcCongressStart } from '../scoring/egcCongressStart';
import { rulesetOf } from '../scoring/rulesets';
import { initialMms } from '../scoring/scoreboard';
import { exported, type Exported } from './export';
import { openGothaKey } from './opengotha';
import { OPENGOTHA_HELD_BYE } from './opengotha/games';
import { tengenComment } from './opengothaComment';
import { OPENGOTHA_351_DEFAULTS } from './opengothaDefaults';
import { element } from './opengothaXmlWrite';
import { teamElements, teamParameterSet } from './opengothaTeamsExport';

/** Game.RESULT_* for each Tengen result (OpenGotha has no "both win by play": a both-win is by default). */
const RESULT_CODES: Readonly<Record<GameResult, string>> = {
  unknown: 'RESULT_UNKNOWN',
  'white-wins': 'RESULT_WHITEWINS',
  'black-wins': 'RESULT_BLACKWINS',
  jigo: 'RESULT_EQUAL',
  'white-wins-by-default': 'RESULT_WHITEWINS_BYDEF',
  'black-wins-by-default': 'RESULT_BLACKWINS_BYDEF',
  'jigo-by-default': 'RESULT_EQUAL_BYDEF',
  'both-lose-by-default': 'RESULT_BOTHLOSE_BYDEF',
  'both-win-by-default': 'RESULT_BOTHWIN_BYDEF',
};

/** OpenGotha's long criterion names (PlacementParameterSet), Swiss and McMahon variants. */
function criterionName(c: Criterion, swiss: boolean): string | undefined {
  const suffix = swiss ? 'W' : 'M';
  switch (c) {
    case 'mms':
      return 'MMS';
    case 'nbw':
      return 'NBW';
    case 'sos':
      return `SOS${suffix}`;
    case 'sos1':
      return `SOS${suffix}-1`;
    case 'sos2':
      return `SOS${suffix}-2`;
    case 'sodos':
      return `SODOS${suffix}`;
    case 'sosos':
      return `SOSOS${suffix}`;
    case 'cuss':
      return `CUSS${suffix}`;
    case 'rating':
      return 'RATING';
    case 'dc':
      return 'DC';
    default:
      return undefined;
  }
}

/** OpenGotha's MAX_NUMBER_OF_ROUNDS: the participation string holds one character per possible round. */
const OPENGOTHA_ROUNDS = 20;

const upperRank = (r: Rank): string => formatRank(r).toUpperCase();

/** The HandicapParameterSet a handicap policy is written as. */
function handicapAttributes(h: HandicapSettings | undefined): Record<string, string> {
  const policy = h?.policy ?? 'none';
  const basedOnMms = policy.startsWith('mms');
  const correction = /-minus-(\d)$/.exec(policy)?.[1] ?? '0';
  // "none": OpenGotha has no switch for even games; a ceiling of 0 gives every game even.
  const ceiling = policy === 'none' ? 0 : (h?.ceiling ?? 9);
  return {
    hdBasedOnMMS: String(basedOnMms),
    hdCeiling: String(ceiling),
    hdCorrection: correction,
    hdNoHdRankThreshold: upperRank(h?.evenAtOrAbove ?? (17 as Rank)),
  };
}

/**
 * The handicap attributes: those the file was read from when they still say what the tournament's handicap says
 * (so a round trip changes nothing), otherwise the tournament's.
 */
function handicapSet(t: Tournament, raw: Readonly<Record<string, string>>): Record<string, string> {
  const rawHd = Object.fromEntries(Object.entries(raw).filter(([k]) => k.startsWith('hd')));
  const derived = handicapAttributes(t.settings.handicap);
  if (Object.keys(rawHd).length === 0) return derived;
  const same = (a: string | undefined, b: string) => a !== undefined && a.trim().toUpperCase() === b.toUpperCase();
  const rawBasedOnMms = rawHd.hdBase !== undefined ? String(rawHd.hdBase.trim().toUpperCase() === 'MMS') : rawHd.hdBasedOnMMS;
  const agrees =
    same(rawBasedOnMms, derived.hdBasedOnMMS) &&
    same(rawHd.hdCorrection, derived.hdCorrection) &&
    same(rawHd.hdCeiling, derived.hdCeiling) &&
    same(rawHd.hdNoHdRankThreshold, derived.hdNoHdRankThreshold);
  return agrees ? rawHd : derived;
}

export function exportOpenGotha(t: Tournament): Exported {
  const notes: string[] = [];
  const swiss = t.settings.system !== 'mcmahon';
  const og = t.settings.opengotha;

  // Players are named by their key in games, byes and teams: two players with one key cannot be told apart.
  const keyOf = new Map<number, string>();
  const byKey = new Map<string, Player>();
  const errors: InputError[] = [];
  for (const p of t.players) {
    const key = openGothaKey(p.family + p.given);
    const other = byKey.get(key);
    if (other) {
      errors.push({
        player: `${p.id} (${displayName(p)})`,
        message: `OpenGotha names a player by name and first name without spaces, upper-cased ("${key}"), which is also ${other.id} (${displayName(other)}); rename one of them before exporting`,
      });
    }
    byKey.set(key, p);
    keyOf.set(p.id, key);
  }
  // OpenGotha's McMahon start is whole (Player.smmsCorrection, an int; its reader refuses "2.5"): a start of half a
  // point cannot be written — the XML would be refused on reading (issue 27, found by the fuzz sweep).
  if (t.settings.system === 'mcmahon') {
    for (const p of t.players) {
      const start = initialMms(t, p);
      if (!Number.isInteger(start)) {
        errors.push({
          player: `${p.id} (${displayName(p)})`,
          message: `starts at ${start} McMahon points${p.section !== undefined ? ` (section ${p.section})` : ''}; OpenGotha holds whole starting scores only (its smmsCorrection): give the section or player a whole start before exporting to OpenGotha, or export to another format`,
        });
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  if (t.settings.system !== 'mcmahon' && t.settings.system !== 'swiss') {
    notes.push(`OpenGotha has no ${t.settings.system} system: the tournament is written as a Swiss (its games, byes and players as they are)`);
  }
  if (t.settings.rounds > OPENGOTHA_ROUNDS) notes.push(`OpenGotha holds at most ${OPENGOTHA_ROUNDS} rounds; this tournament has ${t.settings.rounds}`);

  const zero = t.settings.mmsZero ?? (-30 as Rank);
  const tengenZero = t.settings.mmsZero ?? 0;
  if (t.settings.mmsZero === undefined && t.settings.system === 'mcmahon') {
    notes.push("McMahon scores are counted from 30k, OpenGotha's MMS zero (Tengen counted them from 1d): every score is 30 higher, the order is the same");
  }
  // The bar OpenGotha clamps ranks at (genMMBar): the tournament's, else for the European Go Congress the bar its rule
  // gives (seeds/egc-championship-rules.txt, "Top Bar and Supergroup"; scoring/egcCongressStart.ts), else none (9d).
  const egc = t.settings.system === 'mcmahon' && t.settings.egc === true ? egcCongressStart(t) : undefined;
  const bar: Rank = egc?.usedBar ?? t.settings.bar ?? (8 as Rank);
  const floor: Rank = t.settings.floor ?? (-30 as Rank);
  if (egc && egc.supergroup.length > 0 && egc.supergroupPoints > 0) {
    notes.push(
      `OpenGotha has no supergroup: the ${egc.supergroup.length} player${egc.supergroup.length === 1 ? '' : 's'} of the congress's supergroup start ${egc.supergroupPoints} point above the bar (${formatRank(bar)}) through smmsCorrection`,
    );
  }
  const clubs = new Set<string>();

  let inSections = 0;
  // By ID, so that a re-imported tournament (whose players come back in ID order) is written alike.
  const players = [...t.players].sort((a, b) => a.id - b.id).map((p) => {
    const extra = p.extra ?? {};
    const absent = new Set(p.absentRounds ?? []);
    let participating = '';
    for (let r = 1; r <= OPENGOTHA_ROUNDS; r++) participating += absent.has(r) ? '0' : '1';
    // Attributes kept from an OpenGotha file are written back; a Tengen tournament's extra fields are not
    // OpenGotha's attributes and travel in Tengen's comment instead.
    const attributes: Record<string, string> = {
      registeringStatus: 'FIN',
      ...(og !== undefined ? extra : {}),
    };
    // Tengen's record of which of a round's several byes OpenGotha holds is no attribute of OpenGotha's: the
    // <ByePlayer> order below says it (the held one written last).
    delete attributes[OPENGOTHA_HELD_BYE];
    attributes.name = p.family;
    attributes.firstName = p.given;
    attributes.rank = upperRank(p.rank);
    attributes.participating = participating;
    if (p.club !== undefined) attributes.club = p.club;
    if (p.country !== undefined) attributes.country = p.country;
    if (p.rating !== undefined) attributes.rating = String(p.rating);
    if (p.egdPin !== undefined) attributes.egfPin = p.egdPin;
    // Player.smms: clamp(rank, genMMFloor, genMMBar) − genMMZero + smmsCorrection. Every player's Tengen start (a
    // fixed initial MMS, a McMahon section's, the congress supergroup's) is written as the correction that gives it,
    // counted from OpenGotha's zero like every other player's.
    if (t.settings.system === 'mcmahon') {
      const fromRank = clampRank(p.rank, floor, bar) - tengenZero;
      attributes.smmsCorrection = String(initialMms(t, p) - fromRank);
      if (p.section !== undefined) inSections++;
    }
    // OpenGotha's Player keeps 4 characters of a club (Player.setClub cuts it on import).
    if (p.club !== undefined && p.club.length > 4) clubs.add(p.club);
    attributes.smmsCorrection ??= '0';
    return element('Player', attributes);
  });

  if (clubs.size > 0) {
    notes.push(`OpenGotha keeps 4 characters of a club: ${[...clubs].sort().map((c) => `${c} → ${c.slice(0, 4)}`).join(', ')}`);
  }
  if (inSections > 0) {
    notes.push(`OpenGotha has no McMahon sections: each of the ${inSections} player${inSections === 1 ? '' : 's'} in a section starts from his section's score through smmsCorrection`);
  }

  const tables = new Map<number, number>();
  // In the tournament's own order (the order the file they came from had them in).
  for (const g of t.games) if (g.table !== undefined) tables.set(g.round, Math.max(tables.get(g.round) ?? 0, g.table));
  const games = t.games.map((g) => {
    // tournament.dtd: tableNumber is #REQUIRED; a game without one gets the next free number of its round.
    const table = g.table ?? (tables.get(g.round) ?? 0) + 1;
    tables.set(g.round, Math.max(tables.get(g.round) ?? 0, table));
    return element('Game', {
      roundNumber: String(g.round),
      tableNumber: String(table),
      whitePlayer: keyOf.get(g.white)!,
      blackPlayer: keyOf.get(g.black)!,
      handicap: String(g.handicap),
      knownColor: String(g.colourKnown !== false),
      result: RESULT_CODES[g.result],
    });
  });
  if (t.byes.some((b, i) => t.byes.findIndex((c) => c.round === b.round) !== i)) {
    notes.push('OpenGotha keeps one bye a round: it will read only the last bye of a round with several');
  }
  // The bye OpenGotha is to hold (the reader's record, OPENGOTHA_HELD_BYE) written last of the byes.
  const held = (b: Tournament['byes'][number]) => (t.players.find((p) => p.id === b.player)?.extra?.[OPENGOTHA_HELD_BYE] ?? '').split(',').includes(String(b.round));
  const byes = [...t.byes].sort((a, b) => Number(held(a)) - Number(held(b))).map((b) =>
    element('ByePlayer', {
      roundNumber: String(b.round),
      player: keyOf.get(b.player)!,
    }),
  );

  const teams = teamElements(t, keyOf);

  const teamSet = teamParameterSet(t, notes);

  const general: Record<string, string> = { ...(og?.generalParameters ?? {}) };
  general.name = t.name;
  if (t.shortName !== undefined) general.shortName = t.shortName;
  else general.shortName ??= t.name;
  for (const k of ['location', 'director', 'beginDate', 'endDate'] as const) {
    const v = t[k];
    if (v !== undefined) general[k] = v;
  }
  general.numberOfRounds = String(t.settings.rounds);
  if (t.settings.komi !== undefined) general.komi = String(t.settings.komi);
  general.genMMZero = upperRank(zero);
  general.genMMBar = upperRank(bar);
  general.genMMFloor = upperRank(floor);
  // The free points and their rounding: those OpenGotha's file had, else the tournament's ruleset's (bye and absence
  // in half points; rulesets.ts quotes each rule), so that OpenGotha scores byes and absent rounds as Tengen does.
  const ruleset = rulesetOf(t);
  general.genMMS2ValueAbsent = String(og?.mmsHalvesAbsent ?? ruleset.absentHalves('mms', t));
  general.genMMS2ValueBye = String(og?.mmsHalvesBye ?? ruleset.byeHalves('mms', t));
  general.genNBW2ValueAbsent = String(og?.nbwHalvesAbsent ?? ruleset.absentHalves('nbw', t));
  general.genNBW2ValueBye = String(og?.nbwHalvesBye ?? ruleset.byeHalves('nbw', t));
  general.genRoundDownNBWMMS = String(og?.roundDown ?? ruleset.roundsDownFreePoints(t));
  if (og === undefined && t.settings.ruleset !== 'opengotha') {
    notes.push(
      `OpenGotha scores by its own rules: the ${t.settings.ruleset} ruleset's bye and absence values and rounding are written, its tie-break rules are not (docs/exchange-formats.md says where the standings may differ)`,
    );
  }

  const criteria: string[] = [...(og?.placementCriteria ?? [])];
  if (og?.placementCriteria === undefined) {
    // OpenGotha's system is its main criterion (PlacementParameterSet.mainCriterion): the first NBW or MMS. A
    // McMahon's tie-breaks may start with NBW in Tengen, which OpenGotha would read as a Swiss: the main score comes
    // first, and the other system's score (which OpenGotha refuses to mix) is left out.
    const main: Criterion = swiss ? 'nbw' : 'mms';
    const other: Criterion = swiss ? 'mms' : 'nbw';
    const order: readonly Criterion[] = t.settings.tiebreaks ?? rulesetOf(t).defaultTiebreaks(t.settings.system);
    if (order.includes(other)) notes.push(`placement criterion ${other} is left out: OpenGotha does not mix Swiss and McMahon criteria`);
    for (const c of [main, ...order.filter((x) => x !== main && x !== other)]) {
      const name = criterionName(c, swiss);
      if (name) criteria.push(name);
      else notes.push(`placement criterion ${c} has no OpenGotha counterpart and is left out`);
    }
  }
  const placement = [...criteria, ...Array(Math.max(0, 6 - criteria.length)).fill('NULL')].map((name, i) =>
    element('PlacementCriterion', { name, number: String(i + 1) }),
  );

  // OpenGotha's import reads <PairingParameterSet> without checking it is there: it is always written — what the file
  // it came from had, else OpenGotha's defaults, which are what Tengen's `--system opengotha` pairs with.
  const raw = og?.pairingParameters ?? {};
  const fromFile = Object.fromEntries(Object.entries(raw).filter(([k]) => !k.startsWith('hd')));
  const pairing =
    og === undefined ? Object.fromEntries(Object.entries(OPENGOTHA_351_DEFAULTS).filter(([k]) => k.startsWith('pai'))) : fromFile;
  if (og === undefined && t.settings.pairingTiebreaks !== undefined && t.settings.pairingTiebreaks.length > 0) {
    notes.push(`the draw's order inside a score group (${t.settings.pairingTiebreaks.join(', ')}) is not written: OpenGotha orders score groups by its placement criteria`);
  }

  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<Tournament dataVersion="201" fullVersionNumber="3.51.02" runningMode="SAL">',
    tengenComment(t, keyOf),
    '<Players>',
    ...players,
    '</Players>',
    '<Games>',
    ...games,
    '</Games>',
    ...(byes.length > 0 ? ['<ByePlayers>', ...byes, '</ByePlayers>'] : []),
    ...(teams.length > 0 ? ['<Teams>', ...teams, '</Teams>'] : []),
    '<TournamentParameterSet>',
    element('GeneralParameterSet', general),
    element('HandicapParameterSet', handicapSet(t, raw)),
    '<PlacementParameterSet>',
    '<PlacementCriteria>',
    ...placement,
    '</PlacementCriteria>',
    '</PlacementParameterSet>',
    element('PairingParameterSet', pairing),
    '</TournamentParameterSet>',
    ...teamSet,
    '</Tournament>',
    '',
  ];
  return exported(lines.join('\n'), notes);
}
