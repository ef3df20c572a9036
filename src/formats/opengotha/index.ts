/**
 * OpenGotha XML import (OpenGotha 3.x tournament files, tournament.dtd; also the files Pairgoth exports).
 *
 * What OpenGotha does is quoted from its ExternalDocument.importTournamentFromXMLFile and the classes it fills
 * (Player, Game, GeneralParameterSet, HandicapParameterSet, PlacementParameterSet); where Tengen knowingly differs,
 * the comment says why. Nothing is thrown and nothing is logged: every problem is an InputError naming the file,
 * the line, the element and the player.
 */
import { failed, ok, type InputError, type Parsed } from '../../model/errors';
import { MAX_ROUNDS } from '../../model/limits';
import type { Settings, Tournament } from '../../model/tournament';
import { validateTournament } from '../../model/validate';
import { findTengenComment, restoreFromComment } from '../opengothaComment';
import { descendantsNamed, parseXml, startTag, type XmlElement } from '../xml';
import { heldByesOfRounds, OPENGOTHA_HELD_BYE, readByes, readGames } from './games';
import { readGeneral } from './general';
import { readHandicap } from './handicap';
import { openGothaKey } from './keys';
import { criteriaTengenLacks, PLACEMENT_CRITERIA, readPlacement } from './placement';
import { numberByStrength, readPlayers } from './players';
import { DTD, type Reader } from './reader';
import { resolver } from './references';
import { readTeamParameters, readTeams } from './teams';

export { openGothaKey } from './keys';

/**
 * Reads an OpenGotha tournament file (already decoded: OpenGotha writes UTF-8, ExternalDocument.DEFAULT_CHARSET).
 * Players get Tengen IDs 1..n, strongest first (Mays' paper ID numbers); the order of <Player> elements in the file
 * does not matter. Every problem found is returned, each naming the file, the line, the element and the player.
 */
/** The PairingParameterSet attributes that are weights (OpenGotha's PairingParameterSet, long fields). */
const OPENGOTHA_WEIGHTS = new Set([
  'paiBaAvoidDuplGame',
  'paiBaRandom',
  'paiBaBalanceWB',
  'paiMaAvoidMixingCategories',
  'paiMaMinimizeScoreDifference',
  'paiMaDUDDWeight',
  'paiMaMaximizeSeeding',
  'paiSeMinimizeHandicap',
  'paiSeAvoidSameGeo',
  'paiSePreferMMSDiffRatherThanSameCountry',
  'paiSePreferMMSDiffRatherThanSameClub',
]);

export function parseOpenGotha(text: string, file?: string): Parsed<Tournament> {
  const xml = parseXml(text, file);
  if (!xml.ok) return xml;
  const root = xml.value;
  if (root.name !== 'Tournament') return failed([notOpenGotha(root, file)]);

  const errors: InputError[] = [];
  const reader: Reader = { error: (element, where, message, player) => errors.push({ file, line: element.line, where, player, message }) };

  const general = readGeneral(root, reader);
  // The number of rounds first: each player's participation is read round by round.
  if (!(general.rounds >= 1 && general.rounds <= MAX_ROUNDS)) {
    const gps = descendantsNamed(root, 'GeneralParameterSet')[0] ?? root;
    return failed([
      {
        file,
        line: gps.line,
        where: '<GeneralParameterSet>',
        message: `numberOfRounds="${gps.attributes.numberOfRounds}": the number of rounds must be from 1 to at most ${MAX_ROUNDS} (what a sheet's 16,384 columns hold)`,
      },
    ]);
  }
  const placement = readPlacement(root);
  const lacking = criteriaTengenLacks(root);
  const known = Object.keys(PLACEMENT_CRITERIA).filter((n) => !/M\d$/.test(n)).join(', ');
  for (const c of lacking.unknown) reader.error(c, startTag(c, ['name']), `unknown placement criterion "${c.attributes.name}": expected one of OpenGotha's (${known}) or NULL`);
  const notes = lacking.uncomputed.map(
    (c) => `${file ?? 'OpenGotha'}:${c.line}: placement criterion ${c.attributes.name} is not one Tengen computes: the standings leave it out (it is kept, and written back by the OpenGotha export)`,
  );
  const hps = descendantsNamed(root, 'HandicapParameterSet')[0];
  const handicap = readHandicap(hps, reader);
  const pairingParameters: Record<string, string> = {};
  for (const set of [descendantsNamed(root, 'PairingParameterSet')[0], hps]) {
    if (set) Object.assign(pairingParameters, set.attributes);
  }
  // The pairing weights are kept as written (src/systems/opengotha/parameters.ts reads them when a round is paired
  // OpenGotha's way); one OpenGotha could not hold is refused here, where the file says it (issue 27): a weight is a
  // Java long from 0 up (its dialog offers none below 0), the concavity factor a number from 0 to 1.
  const pairingSet = descendantsNamed(root, 'PairingParameterSet')[0];
  if (pairingSet) {
    for (const [name, value] of Object.entries(pairingSet.attributes)) {
      if (!OPENGOTHA_WEIGHTS.has(name)) continue;
      const v = value.trim();
      if (!/^\d+$/.test(v) || !Number.isSafeInteger(Number(v))) {
        reader.error(pairingSet, '<PairingParameterSet>', `${name}="${value}" is not a weight: a whole number from 0 up to 9,007,199,254,740,991, as OpenGotha writes it; correct it in OpenGotha (Tournament › Pairing parameters) or in the file`);
      }
    }
    const nx1 = pairingSet.attributes.paiStandardNX1Factor;
    if (nx1 !== undefined && !(Number.isFinite(Number(nx1)) && nx1.trim() !== '' && Number(nx1) >= 0 && Number(nx1) <= 1)) {
      reader.error(pairingSet, '<PairingParameterSet>', `paiStandardNX1Factor="${nx1}" is not a factor from 0 to 1 (OpenGotha's default is 0.5); correct it in the file`);
    }
  }

  const { parsedPlayers, unreadableKeys } = readPlayers(root, reader, general);
  const numbered = numberByStrength(parsedPlayers);
  const resolve = resolver(parsedPlayers, unreadableKeys);
  const games = readGames(root, reader, resolve, numbered.idOf);
  const byes = readByes(root, reader, resolve, numbered.idOf);
  const teamParameters = readTeamParameters(root, reader);
  const teams = readTeams(root, reader, resolve, numbered.idOf, general.rounds, teamParameters);

  const settings: Settings = {
    system: placement.system,
    rounds: general.rounds,
    ruleset: 'opengotha',
    ...(general.bar !== undefined && { bar: general.bar }),
    ...(general.floor !== undefined && { floor: general.floor }),
    ...(general.mmsZero !== undefined && { mmsZero: general.mmsZero }),
    ...(handicap !== undefined && { handicap }),
    ...(general.komi !== undefined && { komi: general.komi }),
    ...(placement.tiebreaks.length > 0 && { tiebreaks: placement.tiebreaks }),
    opengotha: {
      ...general.scoring,
      placementCriteria: placement.placementCriteria,
      pairingParameters,
      ...(teamParameters.teamSize !== undefined && { teamSize: teamParameters.teamSize }),
      ...(teamParameters.placementCriteria !== undefined && { teamPlacementCriteria: teamParameters.placementCriteria }),
    },
  };
  const held = heldByesOfRounds(byes.items);
  const tournament: Tournament = {
    ...general.about,
    settings,
    players: held.size === 0 ? numbered.players : numbered.players.map((p) => (held.has(p.id) ? { ...p, extra: { ...p.extra, [OPENGOTHA_HELD_BYE]: held.get(p.id)!.join(',') } } : p)),
    games: games.items,
    byes: byes.items,
    ...(teams.length > 0 && { teams }),
  };

  const gps = descendantsNamed(root, 'GeneralParameterSet')[0];
  const semantic = validateTournament(
    tournament,
    {
      player: (i) => numbered.locations[i],
      game: (i) => games.locations[i],
      bye: (i) => byes.locations[i],
      // A player's field is on his <Player>, every other one on the <GeneralParameterSet> (or the root).
      field: (path) => {
        const m = /^\/players\/(\d+)\//.exec(path);
        if (m) return numbered.locations[Number(m[1])];
        if (/^\/(games|byes)\//.test(path)) return undefined;
        return gps ? { line: gps.line, where: `<GeneralParameterSet>: ${path.split('/').pop()}` } : { line: root.line, where: `<${root.name}>` };
      },
    },
    file,
  );
  const all = [...errors, ...semantic];
  if (all.length > 0) return failed(all);
  // A file Tengen exported: what OpenGotha's XML cannot hold is in Tengen's comment (./opengothaComment.ts).
  const comment = findTengenComment(text);
  if (comment) {
    const keys = new Map(tournament.players.map((p) => [p.id as number, openGothaKey(p.family + p.given)]));
    const restored = restoreFromComment(tournament, (id) => keys.get(id) ?? '', comment, file);
    if (!restored.ok) return restored;
    // The komi is in both: OpenGotha's own attribute (a director may edit it there, in OpenGotha or by hand) and the
    // comment's settings. When they disagree neither is taken silently (issue 27): both are named, and he says which.
    const komiText = gps?.attributes.komi;
    const commentKomi = restored.value.settings.komi;
    if ((komiText !== undefined || commentKomi !== undefined) && commentKomi !== tournament.settings.komi) {
      const here = komiText !== undefined ? `komi="${komiText}"` : `no komi (OpenGotha's default, ${DTD.komi})`;
      return failed([
        {
          file,
          line: gps?.line ?? root.line,
          where: '<GeneralParameterSet>',
          message: `${here} here, but Tengen's comment on line ${comment.line} says ${commentKomi === undefined ? 'no komi (Tengen\'s default)' : `komi ${commentKomi}`}: the file was changed after Tengen wrote it; make the two agree (the komi here, or "komi" in the comment's "settings"), or remove the comment to read the file as OpenGotha's own`,
        },
      ]);
    }
    return ok(restored.value, notes);
  }
  return ok(tournament, notes);
}

function notOpenGotha(root: XmlElement, file: string | undefined): InputError {
  if (root.name === 'TournamentData') {
    const version = root.attributes.typeversion ? ` ${root.attributes.typeversion}` : '';
    return {
      file,
      line: root.line,
      where: startTag(root, ['typeversion']),
      message: `this is a MacMahon${version} tournament file (root element <TournamentData>), not an OpenGotha one; Tengen reads OpenGotha XML, whose root element is <Tournament>`,
    };
  }
  return { file, line: root.line, where: `<${root.name}>`, message: `not an OpenGotha tournament file: the root element is <${root.name}>, expected <Tournament>` };
}
