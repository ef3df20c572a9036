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
import { initialMms } from '../scoring/scoreboard';
import { exported, type Exported } from './export';
import { openGothaKey } from './opengotha';
import { tengenComment } from './opengothaComment';

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

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function element(name: string, attributes: Readonly<Record<string, string>>): string {
  const attrs = Object.keys(attributes)
    .sort()
    .map((k) => ` ${k}="${escapeAttribute(attributes[k])}"`)
    .join('');
  return `<${name}${attrs}/>`;
}

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

/**
 * The <TeamTournamentParameterSet> (tournament.dtd: TeamGeneralParameterSet teamSize, default 4, and the
 * TeamPlacementParameterSet's criteria): teamSize is the tournament's boards (settings.teams), else the team size the
 * OpenGotha file had (settings.opengotha.teamSize), raised to the highest board a lineup uses so that OpenGotha (and
 * Tengen's import, which refuses a board beyond teamSize) can read every lineup. Written when there is a team size or
 * a team; nothing otherwise.
 */
function teamParameterSet(t: Tournament, notes: string[]): string[] {
  const og = t.settings.opengotha;
  const declared = t.settings.teams?.boards ?? og?.teamSize;
  const highest = Math.max(0, ...(t.teams ?? []).flatMap((team) => team.boards.map((b) => b.board)));
  if (declared === undefined && highest === 0) return [];
  const teamSize = Math.max(declared ?? 0, highest);
  if (declared !== undefined && highest > declared) {
    notes.push(`a team lists board ${highest} while the teams have ${declared} boards: OpenGotha's teamSize is written as ${highest}`);
  }
  const criteria = og?.teamPlacementCriteria;
  const placement =
    criteria === undefined
      ? []
      : [
          '<TeamPlacementParameterSet>',
          '<PlacementCriteria>',
          ...[...criteria, ...Array(Math.max(0, 6 - criteria.length)).fill('NULL')].map((name, i) => element('PlacementCriterion', { name, number: String(i + 1) })),
          '</PlacementCriteria>',
          '</TeamPlacementParameterSet>',
        ];
  return ['<TeamTournamentParameterSet>', element('TeamGeneralParameterSet', { teamSize: String(teamSize) }), ...placement, '</TeamTournamentParameterSet>'];
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
  if (errors.length > 0) return { ok: false, errors };
  if (t.settings.system === 'round-robin') notes.push('OpenGotha has no round-robin system: the tournament is written as a Swiss');
  if (t.settings.rounds > OPENGOTHA_ROUNDS) notes.push(`OpenGotha holds at most ${OPENGOTHA_ROUNDS} rounds; this tournament has ${t.settings.rounds}`);

  const zero = t.settings.mmsZero ?? (-30 as Rank);
  const tengenZero = t.settings.mmsZero ?? 0;
  if (t.settings.mmsZero === undefined && t.settings.system === 'mcmahon') {
    notes.push("McMahon scores are counted from 30k, OpenGotha's MMS zero (Tengen counted them from 1d): every score is 30 higher, the order is the same");
  }

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
    attributes.name = p.family;
    attributes.firstName = p.given;
    attributes.rank = upperRank(p.rank);
    attributes.participating = participating;
    if (p.club !== undefined) attributes.club = p.club;
    if (p.country !== undefined) attributes.country = p.country;
    if (p.rating !== undefined) attributes.rating = String(p.rating);
    if (p.egdPin !== undefined) attributes.egfPin = p.egdPin;
    // Player.smms: clamp(rank) − zero + smmsCorrection. A fixed initial MMS or a McMahon section's is written as the
    // correction that gives it (counted from OpenGotha's zero, like every other player's).
    if (t.settings.system === 'mcmahon' && (p.initialMms !== undefined || p.section !== undefined)) {
      const fromRank = clampRank(p.rank, t.settings.floor, t.settings.bar) - tengenZero;
      attributes.smmsCorrection = String(initialMms(t, p) - fromRank);
      if (p.section !== undefined) inSections++;
    }
    attributes.smmsCorrection ??= '0';
    return element('Player', attributes);
  });

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
  const byes = t.byes.map((b) =>
    element('ByePlayer', {
      roundNumber: String(b.round),
      player: keyOf.get(b.player)!,
    }),
  );

  const teams = (t.teams ?? []).map((team) =>
    [
      `<Team teamName="${escapeAttribute(team.name)}" teamNumber="${team.number}">`,
      ...team.boards.map((b) =>
        element('Board', {
          boardNumber: String(b.board),
          player: keyOf.get(b.player)!,
          roundNumber: String(b.round),
        }),
      ),
      '</Team>',
    ].join('\n'),
  );

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
  general.genMMBar = upperRank(t.settings.bar ?? (8 as Rank));
  general.genMMFloor = upperRank(t.settings.floor ?? (-30 as Rank));
  // Without OpenGotha's own scoring values, those of the EGF rules: a bye one point, an absence half a point (MMS).
  general.genMMS2ValueAbsent = String(og?.mmsHalvesAbsent ?? 1);
  general.genMMS2ValueBye = String(og?.mmsHalvesBye ?? 2);
  general.genNBW2ValueAbsent = String(og?.nbwHalvesAbsent ?? 0);
  general.genNBW2ValueBye = String(og?.nbwHalvesBye ?? 2);
  general.genRoundDownNBWMMS = String(og?.roundDown ?? true);
  if (og === undefined && t.settings.ruleset !== 'opengotha') {
    notes.push(`OpenGotha scores by its own rules; the tournament's ${t.settings.ruleset} ruleset is not written (its bye and absence values are)`);
  }

  const criteria: string[] = [...(og?.placementCriteria ?? [])];
  if (og?.placementCriteria === undefined) {
    // OpenGotha's system is its main criterion (PlacementParameterSet.mainCriterion): the first NBW or MMS. A
    // McMahon's tie-breaks may start with NBW in Tengen, which OpenGotha would read as a Swiss: the main score comes
    // first, and the other system's score (which OpenGotha refuses to mix) is left out.
    const main: Criterion = swiss ? 'nbw' : 'mms';
    const other: Criterion = swiss ? 'mms' : 'nbw';
    const order: readonly Criterion[] = t.settings.tiebreaks ?? (swiss ? ['nbw', 'sos', 'sosos'] : ['mms', 'sos', 'sosos']);
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

  const raw = og?.pairingParameters ?? {};
  const pairing = Object.fromEntries(Object.entries(raw).filter(([k]) => !k.startsWith('hd')));

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
    ...(Object.keys(pairing).length > 0 ? [element('PairingParameterSet', pairing)] : []),
    '</TournamentParameterSet>',
    ...teamSet,
    '</Tournament>',
    '',
  ];
  return exported(lines.join('\n'), notes);
}
