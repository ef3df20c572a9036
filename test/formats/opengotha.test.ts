/**
 * OpenGotha XML import: inline files that always run, then every OpenGotha file of ../shared/corpus.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { InputError, Parsed } from '../../src/model/errors';
import type { GameResult, Player, Tournament } from '../../src/model/tournament';
import { openGothaKey, parseOpenGotha } from '../../src/formats/opengotha';
import { parseXml } from '../../src/formats/xml';
import { CORPUS_DIR, corpusPath, describeCorpus, HAS_REPRO, REPRO_DIR } from '../support/corpus';
import { seededRandom } from '../support/random';

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

interface PlayerSpec {
  name: string;
  firstName: string;
  rank: string;
  rating?: number;
  participating?: string;
  smmsCorrection?: number;
}

const PLAYERS: PlayerSpec[] = [
  { name: 'Nemo', firstName: 'André', rank: '2K', rating: 1853 },
  { name: 'Minieri', firstName: 'Davide', rank: '3D', rating: 2322 },
  { name: 'Daguenet', firstName: 'Mathieu', rank: '3D', rating: 2274, participating: '10000000000000000000' },
  { name: 'Sarocchi', firstName: 'Pierre-Luc', rank: '9K', rating: 1164 },
];

function playerLine(p: PlayerSpec): string {
  const rating = p.rating !== undefined ? ` rating="${p.rating}"` : '';
  const participating = p.participating ? ` participating="${p.participating}"` : '';
  const smms = p.smmsCorrection !== undefined ? ` smmsCorrection="${p.smmsCorrection}"` : '';
  return `<Player agaId="" club="75Ju" country="FR" egfPin="" ffgLicence="1800014" firstName="${p.firstName}" grade="${p.rank}" name="${p.name}"${participating} rank="${p.rank}"${rating} ratingOrigin="FFG" registeringStatus="FIN"${smms}/>`;
}

interface TournamentSpec {
  players?: PlayerSpec[];
  /** Raw <Game …/> and <ByePlayer …/> lines. */
  games?: string[];
  byes?: string[];
  rootAttributes?: string;
  general?: string;
  handicap?: string;
  criteria?: string[];
}

/** A small OpenGotha file, one element per line so tests can name lines. */
function tournamentXml(spec: TournamentSpec = {}): string {
  const criteria = spec.criteria ?? ['MMS', 'SOSM', 'SOSOSM', 'NULL', 'NULL', 'NULL'];
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    `<Tournament ${spec.rootAttributes ?? 'dataVersion="201"'}>`,
    '<Players>',
    ...(spec.players ?? PLAYERS).map(playerLine),
    '</Players>',
    '<Games>',
    ...(spec.games ?? []),
    '</Games>',
    '<ByePlayers>',
    ...(spec.byes ?? []),
    '</ByePlayers>',
    '<TournamentParameterSet>',
    `<GeneralParameterSet beginDate="2019-10-26" director="Brice" endDate="2019-10-28" genMMBar="4D" genMMFloor="20K" genMMS2ValueAbsent="1" genMMS2ValueBye="2" genMMZero="30K" genNBW2ValueAbsent="0" genNBW2ValueBye="2" genRoundDownNBWMMS="true" komi="7.5" location="Juvisy" name="Petit tournoi" numberOfRounds="4" shortName="petit" size="19" ${spec.general ?? ''}/>`,
    `<HandicapParameterSet ${spec.handicap ?? 'hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"'}/>`,
    '<PlacementParameterSet>',
    '<PlacementCriteria>',
    ...criteria.map((c, i) => `<PlacementCriterion name="${c}" number="${i + 1}"/>`),
    '</PlacementCriteria>',
    '</PlacementParameterSet>',
    '<PairingParameterSet paiBaAvoidDuplGame="500000000000000" paiMaSeedSystem1="SPLITANDRANDOM"/>',
    '</TournamentParameterSet>',
    '</Tournament>',
  ].join('\n');
}

function game(round: number, table: number, white: string, black: string, result = 'RESULT_WHITEWINS', options: { handicap?: number; knownColor?: boolean } = {}): string {
  return `<Game blackPlayer="${black}" handicap="${options.handicap ?? 0}" knownColor="${options.knownColor ?? true}" result="${result}" roundNumber="${round}" tableNumber="${table}" whitePlayer="${white}"/>`;
}

/** 1-based line of the first line containing `needle`. */
function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`"${needle}" is not in the text`);
  return index + 1;
}

function value(parsed: Parsed<Tournament>): Tournament {
  if (!parsed.ok) throw new Error(`expected a tournament, got:\n${parsed.errors.map((e) => JSON.stringify(e)).join('\n')}`);
  return parsed.value;
}

function errorsOf(parsed: Parsed<Tournament>): readonly InputError[] {
  expect(parsed.ok).toBe(false);
  expect('value' in parsed).toBe(false);
  return parsed.ok ? [] : parsed.errors;
}

function byName(t: Tournament, family: string): Player {
  const p = t.players.find((x) => x.family === family);
  if (!p) throw new Error(`no player ${family}`);
  return p;
}

// ---------------------------------------------------------------------------------------------------------------
// Inline files
// ---------------------------------------------------------------------------------------------------------------

describe('xml element tree', () => {
  it('records the line of each start tag, even when an attribute spans lines', () => {
    const r = parseXml('<a>\n<b x="1\n2"/>\n<c>text</c>\n</a>', 'f.xml');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.children.map((c) => [c.name, c.line])).toEqual([
      ['b', 2],
      ['c', 4],
    ]);
    // XML attribute-value normalisation: the newline is a space.
    expect(r.value.children[0].attributes.x).toBe('1 2');
    expect(r.value.children[1].text).toBe('text');
  });

  it('reports malformed XML with file and line, without throwing', () => {
    const r = parseXml('<a>\n<b>\n</a>\n', 'broken.xml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ file: 'broken.xml', line: 3 });
    expect(r.errors[0].message).toMatch(/malformed XML/);
    expect(r.errors[0].message).toMatch(/<b> opened on line 2/);
  });

  it('accepts a byte-order mark before the XML declaration', () => {
    expect(parseXml('\uFEFF<?xml version="1.0" encoding="UTF-8"?><a/>').ok).toBe(true);
  });
});

describe('OpenGotha key', () => {
  it('is NAME+FIRSTNAME upper-cased without spaces (Player.computeKeyString)', () => {
    expect(openGothaKey('Nemo' + 'André')).toBe('NEMOANDRÉ');
    expect(openGothaKey('Le Calvé' + 'Tanguy')).toBe('LECALVÉTANGUY');
    expect(openGothaKey('Sarocchi' + 'Pierre-Luc')).toBe('SAROCCHIPIERRE-LUC');
  });
});

describe('parseOpenGotha: a small tournament', () => {
  const games = [
    game(1, 1, 'MINIERIDAVIDE', 'DAGUENETMATHIEU'),
    game(1, 2, 'NEMOANDRÉ', 'SAROCCHIPIERRE-LUC', 'RESULT_BLACKWINS', { handicap: 7 }),
    game(2, 1, 'MINIERIDAVIDE', 'NEMOANDRÉ', 'RESULT_EQUAL', { knownColor: false }),
  ];
  const byes = ['<ByePlayer player="SAROCCHIPIERRE-LUC" roundNumber="2"/>'];
  const text = tournamentXml({ games, byes });
  const t = value(parseOpenGotha(text, 'petit.xml'));

  it('reads players: names with accents, rank, club, country, rating, absences, the rest in extra', () => {
    const nemo = byName(t, 'Nemo');
    expect(nemo).toMatchObject({ family: 'Nemo', given: 'André', rank: -2, club: '75Ju', country: 'FR', rating: 1853 });
    expect(nemo.egdPin).toBeUndefined();
    expect(nemo.extra).toEqual({ ffgLicence: '1800014', grade: '2K', ratingOrigin: 'FFG', registeringStatus: 'FIN' });
    expect(byName(t, 'Daguenet').absentRounds).toEqual([2, 3, 4]);
    expect(nemo.absentRounds).toBeUndefined();
  });

  it('numbers players 1..n by rank, then rating (Minieri 3D 2322 before Daguenet 3D 2274)', () => {
    expect(t.players.map((p) => [p.id, p.family])).toEqual([
      [1, 'Minieri'],
      [2, 'Daguenet'],
      [3, 'Nemo'],
      [4, 'Sarocchi'],
    ]);
  });

  it('resolves games and byes by OpenGotha key, accents and hyphens included', () => {
    expect(t.games).toEqual([
      { round: 1, table: 1, white: 1, black: 2, handicap: 0, colourKnown: true, result: 'white-wins' },
      { round: 1, table: 2, white: 3, black: 4, handicap: 7, colourKnown: true, result: 'black-wins' },
      { round: 2, table: 1, white: 1, black: 3, handicap: 0, colourKnown: false, result: 'jigo' },
    ]);
    expect(t.byes).toEqual([{ round: 2, player: 4 }]);
  });

  it('reads the settings: McMahon, bar, floor, MMS zero, free points, handicap, komi, tie-breakers', () => {
    expect(t).toMatchObject({ name: 'Petit tournoi', shortName: 'petit', location: 'Juvisy', director: 'Brice', beginDate: '2019-10-26', endDate: '2019-10-28' });
    expect(t.settings).toMatchObject({
      system: 'mcmahon',
      rounds: 4,
      ruleset: 'opengotha',
      bar: 3,
      floor: -20,
      mmsZero: -30,
      komi: 7.5,
      tiebreaks: ['mms', 'sos', 'sosos'],
      handicap: { policy: 'mms-difference-minus-1', ceiling: 9, evenAtOrAbove: 0 },
    });
    expect(t.settings.opengotha).toMatchObject({
      mmsHalvesAbsent: 1,
      mmsHalvesBye: 2,
      nbwHalvesAbsent: 0,
      nbwHalvesBye: 2,
      roundDown: true,
      placementCriteria: ['MMS', 'SOSM', 'SOSOSM'],
      generalParameters: { size: '19' },
    });
    expect(t.settings.opengotha?.pairingParameters).toEqual({
      paiBaAvoidDuplGame: '500000000000000',
      paiMaSeedSystem1: 'SPLITANDRANDOM',
      hdBasedOnMMS: 'true',
      hdCeiling: '9',
      hdCorrection: '1',
      hdNoHdRankThreshold: '1D',
    });
  });

  it('maps every OpenGotha result code', () => {
    const codes: [string, GameResult][] = [
      ['RESULT_UNKNOWN', 'unknown'],
      ['RESULT_WHITEWINS', 'white-wins'],
      ['RESULT_BLACKWINS', 'black-wins'],
      ['RESULT_EQUAL', 'jigo'],
      ['RESULT_BOTHLOSE', 'both-lose-by-default'],
      ['RESULT_BOTHWIN', 'both-win-by-default'],
      ['RESULT_WHITEWINS_BYDEF', 'white-wins-by-default'],
      ['RESULT_BLACKWINS_BYDEF', 'black-wins-by-default'],
      ['RESULT_EQUAL_BYDEF', 'jigo-by-default'],
      ['RESULT_BOTHLOSE_BYDEF', 'both-lose-by-default'],
      ['RESULT_BOTHWIN_BYDEF', 'both-win-by-default'],
    ];
    for (const [code, expected] of codes) {
      const r = value(parseOpenGotha(tournamentXml({ games: [game(1, 1, 'MINIERIDAVIDE', 'NEMOANDRÉ', code)] })));
      expect([code, r.games[0].result]).toEqual([code, expected]);
    }
  });

  it('applies the DTD defaults when attributes are left out', () => {
    const r = value(parseOpenGotha(tournamentXml({ games: ['<Game blackPlayer="NEMOANDRÉ" roundNumber="1" tableNumber="1" whitePlayer="MINIERIDAVIDE"/>'] })));
    expect(r.games[0]).toEqual({ round: 1, table: 1, white: 1, black: 3, handicap: 0, colourKnown: true, result: 'unknown' });
  });

  it('imports a file without dataVersion, and old-style keys without accents (dataVersion ≤ 200)', () => {
    const r = value(
      parseOpenGotha(
        tournamentXml({ rootAttributes: 'fullVersionNumber="3.51.02"', games: [game(1, 1, 'MINIERIDAVIDE', 'NEMOANDRE'), game(1, 2, 'DAGUENETMATHIEU', 'SAROCCHIPIERRELUC')] }),
      ),
    );
    expect(r.games.map((g) => [g.white, g.black])).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });

  it('gives a player with smmsCorrection the start MMS OpenGotha gives him', () => {
    const players = [{ name: 'Dai', firstName: 'Junfu', rank: '8D', rating: 2775, smmsCorrection: 1 }, ...PLAYERS];
    const r = value(parseOpenGotha(tournamentXml({ players })));
    // Player.smms: clamp(8d → bar 4d) − 30k + 1 = 3 + 30 + 1.
    expect(byName(r, 'Dai').initialMms).toBe(34);
    expect(byName(r, 'Nemo').initialMms).toBeUndefined();
  });

  it('is Swiss when NBW is the main criterion, and keeps criteria Tengen does not compute', () => {
    const r = value(
      parseOpenGotha(tournamentXml({ criteria: ['CAT', 'NBW', 'SOSW-1', 'SDC', 'EXT', 'Rating'], handicap: 'hdBasedOnMMS="false" hdCeiling="0" hdCorrection="0" hdNoHdRankThreshold="30K"' })),
    );
    expect(r.settings.system).toBe('swiss');
    expect(r.settings.tiebreaks).toEqual(['nbw', 'sos1', 'rating']);
    expect(r.settings.opengotha?.placementCriteria).toEqual(['CAT', 'NBW', 'SOSW-1', 'SDC', 'EXT', 'Rating']);
    expect(r.settings.handicap).toEqual({ policy: 'rank-difference', ceiling: 0, evenAtOrAbove: -30 });
  });

  it('reads hdBase (OpenGotha 3.52.04 and later) as well as hdBasedOnMMS', () => {
    const r = value(parseOpenGotha(tournamentXml({ handicap: 'hdBase="RANK" hdCeiling="9" hdCorrection="2" hdNoHdRankThreshold="1D"' })));
    expect(r.settings.handicap?.policy).toBe('rank-difference-minus-2');
  });

  it('gives the same IDs whatever the order of the <Player> elements', () => {
    const shuffled = [PLAYERS[3], PLAYERS[0], PLAYERS[2], PLAYERS[1]];
    const r = value(parseOpenGotha(tournamentXml({ players: shuffled, games, byes })));
    expect(r.players).toEqual(t.players);
    expect(r.games).toEqual(t.games);
    expect(r.byes).toEqual(t.byes);
  });

  it('refuses a MacMahon 3.9 file, saying so', () => {
    const e = errorsOf(parseOpenGotha('<?xml version="1.0"?>\n<TournamentData typeversion="3.9">\n</TournamentData>', 'mm.xml'));
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ file: 'mm.xml', line: 2 });
    expect(e[0].message).toMatch(/MacMahon 3\.9/);
  });
});

describe('parseOpenGotha: bad input', () => {
  it('malformed XML: the error names the file and the line', () => {
    const text = tournamentXml().replace('</Players>', '</Player>');
    const e = errorsOf(parseOpenGotha(text, 'bad.xml'));
    expect(e).toHaveLength(1);
    expect(e[0].file).toBe('bad.xml');
    expect(e[0].line).toBe(lineOf(text, '</Player>'));
    expect(e[0].message).toMatch(/malformed XML/);
  });

  it('unknown rank: names the file, the line and the player', () => {
    const players = PLAYERS.map((p) => (p.name === 'Nemo' ? { ...p, rank: '2X' } : p));
    const text = tournamentXml({ players });
    const e = errorsOf(parseOpenGotha(text, 'rank.xml'));
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ file: 'rank.xml', line: lineOf(text, 'name="Nemo"'), player: 'Nemo, André', where: '<Player name="Nemo" firstName="André">' });
    expect(e[0].message).toMatch(/unknown rank/);
    expect(e[0].message).toMatch(/"2X"/);
  });

  it('a player that cannot be read does not make his games errors too', () => {
    const players = PLAYERS.map((p) => (p.name === 'Nemo' ? { ...p, rank: '2X' } : p));
    const e = errorsOf(parseOpenGotha(tournamentXml({ players, games: [game(1, 1, 'MINIERIDAVIDE', 'NEMOANDRÉ')] }), 'rank.xml'));
    expect(e).toHaveLength(1);
  });

  it('a game naming an unknown player: names the file, the line and the key', () => {
    const text = tournamentXml({ games: [game(1, 1, 'MINIERIDAVIDE', 'NOBODYATALL')] });
    const e = errorsOf(parseOpenGotha(text, 'key.xml'));
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ file: 'key.xml', line: lineOf(text, 'NOBODYATALL'), player: 'NOBODYATALL', where: '<Game roundNumber="1" tableNumber="1">' });
    expect(e[0].message).toMatch(/"NOBODYATALL" is not the key of any <Player>/);
  });

  it('an unknown result code: names the line', () => {
    const text = tournamentXml({ games: [game(1, 1, 'MINIERIDAVIDE', 'NEMOANDRÉ', 'RESULT_WHITEWON')] });
    const e = errorsOf(parseOpenGotha(text, 'result.xml'));
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ file: 'result.xml', line: lineOf(text, 'RESULT_WHITEWON') });
    expect(e[0].message).toMatch(/unknown result code "RESULT_WHITEWON"/);
  });

  it('a duplicate player: names the file, the line and the player', () => {
    const players = [...PLAYERS, { name: 'NEMO', firstName: 'André ', rank: '1K' }];
    const text = tournamentXml({ players });
    const e = errorsOf(parseOpenGotha(text, 'dup.xml'));
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ file: 'dup.xml', line: lineOf(text, 'name="NEMO"'), player: 'NEMO, André' });
    expect(e[0].message).toMatch(/duplicate player/);
    expect(e[0].message).toMatch(new RegExp(`line ${lineOf(text, 'name="Nemo"')}`));
  });

  it('a player with two games in one round: names the file, the line and the player', () => {
    const text = tournamentXml({ games: [game(1, 1, 'MINIERIDAVIDE', 'NEMOANDRÉ'), game(1, 2, 'DAGUENETMATHIEU', 'NEMOANDRÉ')] });
    const e = errorsOf(parseOpenGotha(text, 'twice.xml'));
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ file: 'twice.xml', line: lineOf(text, 'tableNumber="2"'), player: '3 (Nemo, André)', where: '<Game roundNumber="1" tableNumber="2">' });
    expect(e[0].message).toMatch(/already has a game against 1 \(Minieri, Davide\)/);
  });

  it('a bye and a game in the same round', () => {
    const text = tournamentXml({ games: [game(1, 1, 'MINIERIDAVIDE', 'NEMOANDRÉ')], byes: ['<ByePlayer player="NEMOANDRÉ" roundNumber="1"/>'] });
    const e = errorsOf(parseOpenGotha(text, 'bye.xml'));
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ file: 'bye.xml', line: lineOf(text, '<ByePlayer player'), player: '3 (Nemo, André)' });
  });

  it('returns every error, not only the first', () => {
    const players = PLAYERS.map((p) => (p.name === 'Sarocchi' ? { ...p, rank: 'x' } : p));
    const text = tournamentXml({
      players: [...players, { name: 'Nemo', firstName: 'André', rank: '2K' }],
      games: [game(1, 1, 'MINIERIDAVIDE', 'GHOST'), game(2, 1, 'MINIERIDAVIDE', 'NEMOANDRÉ'), game(2, 2, 'MINIERIDAVIDE', 'DAGUENETMATHIEU', 'RESULT_BLACKWINS')],
    });
    const e = errorsOf(parseOpenGotha(text, 'many.xml'));
    expect(e.map((x) => x.message.split(':')[0])).toEqual(
      expect.arrayContaining(['unknown rank', 'duplicate player', 'blackPlayer']),
    );
    // Daguenet is absent in round 2 yet plays a game by play there, and Minieri plays twice in round 2.
    expect(e.some((x) => /marked absent/.test(x.message))).toBe(true);
    expect(e.some((x) => /already has a game/.test(x.message))).toBe(true);
    expect(e.every((x) => x.file === 'many.xml' && x.line !== undefined)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The corpus
// ---------------------------------------------------------------------------------------------------------------

function xmlFilesUnder(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((entry) => {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) return xmlFilesUnder(full);
      return entry.toLowerCase().endsWith('.xml') ? [full] : [];
    })
    .sort();
}

const MACMAHON = path.join('other-formats', 'macmahon39-sample-tournament.xml');

function load(...parts: string[]): Tournament {
  const file = corpusPath(...parts);
  return value(parseOpenGotha(readFileSync(file, 'utf8'), path.basename(file)));
}

/** A seeded shuffle, so a failure can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describeCorpus('parseOpenGotha: the corpus', () => {
  // ../shared/opengotha-repro's three hand-written files too (OpenGotha accepts them all).
  const files = [...xmlFilesUnder(CORPUS_DIR).filter((f) => path.relative(CORPUS_DIR, f) !== MACMAHON), ...(HAS_REPRO ? xmlFilesUnder(REPRO_DIR) : [])];

  it('finds the OpenGotha files', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [path.relative(CORPUS_DIR, f)]))('%s imports without error', (relative) => {
    const r = parseOpenGotha(readFileSync(path.join(CORPUS_DIR, relative), 'utf8'), relative);
    if (!r.ok) throw new Error(r.errors.map((e) => JSON.stringify(e)).join('\n'));
    expect(r.value.players.length).toBeGreaterThan(0);
  });

  it('refuses the MacMahon 3.9 file with a clear message', () => {
    const e = errorsOf(parseOpenGotha(readFileSync(corpusPath(MACMAHON), 'utf8'), 'macmahon39-sample-tournament.xml'));
    expect(e[0].message).toMatch(/MacMahon 3\.9/);
  });

  describe('Tournoi de Juvisy', () => {
    const t = load('opengotha-standings', 'Tournoi-de-Juvisy.xml');

    it('has 19 players and 36 games', () => {
      expect(t.players).toHaveLength(19);
      expect(t.games).toHaveLength(36);
      expect(t.settings.rounds).toBe(4);
    });

    it('keeps the accent of "Nemo, André"', () => {
      expect(t.players.some((p) => p.family === 'Nemo' && p.given === 'André')).toBe(true);
    });

    it('has Daguenet absent in rounds 2–4', () => {
      expect(byName(t, 'Daguenet').absentRounds).toEqual([2, 3, 4]);
    });

    it('gives ID 1 to Minieri (3D, highest rating)', () => {
      expect(byName(t, 'Minieri').id).toBe(1);
    });

    it('keeps the six teams, their boards for the tournament’s four rounds', () => {
      expect(t.teams).toHaveLength(6);
      for (const team of t.teams ?? []) {
        expect(team.boards).toHaveLength(12);
        expect(Math.max(...team.boards.map((b) => b.round))).toBe(4);
      }
    });

    it('gives the same players and games whatever the order of the <Player> elements', () => {
      const text = readFileSync(corpusPath('opengotha-standings', 'Tournoi-de-Juvisy.xml'), 'utf8');
      const lines = text.split(/\r?\n/);
      const first = lines.findIndex((l) => l.startsWith('<Player '));
      const last = lines.map((l) => l.startsWith('<Player ')).lastIndexOf(true);
      expect(last - first + 1).toBe(19);
      for (const seed of [1, 2, 3, 42, 2019]) {
        const reordered = [...lines.slice(0, first), ...shuffled(lines.slice(first, last + 1), seed), ...lines.slice(last + 1)].join('\n');
        const r = value(parseOpenGotha(reordered, 'shuffled.xml'));
        expect(r.players).toEqual(t.players);
        expect(r.games).toEqual(t.games);
        expect(r.teams).toEqual(t.teams);
      }
    });
  });

  it('malavasi: 985 players, 370 games (round 1 and 16 of round 2), two byes in round 1', () => {
    const t = load('opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
    expect(t.players).toHaveLength(985);
    expect(t.games).toHaveLength(370);
    expect(t.byes.map((b) => b.round)).toEqual([1, 1]);
    expect(t.settings.rounds).toBe(10);
  });

  it('TournoiChinois: Chinese names intact, a RESULT_BOTHWIN game', () => {
    const t = load('opengotha-standings', 'TournoiChinois.xml');
    expect(t.players.some((p) => p.family === '高' && p.given === '传德')).toBe(true);
    expect(t.games.filter((g) => g.result === 'both-win-by-default')).toHaveLength(1);
  });

  it('stage-ete-2021 (no dataVersion, hdBase="MMS") imports', () => {
    const t = load('opengotha-pairings', 'stage-ete-2021.xml');
    expect(t.players).toHaveLength(76);
    expect(t.settings.handicap?.policy).toBe('mms-difference-minus-1');
  });

  it('a Swiss file is Swiss', () => {
    const t = load('opengotha-pairings', 'pairings', 'simpleswiss.xml');
    expect(t.settings.system).toBe('swiss');
    expect(t.settings.tiebreaks).toEqual(['nbw', 'sos', 'sosos']);
  });
});
