/**
 * Registering players: the pasted list, and players added before or after round 1.
 */
import { failed, ok, type InputError, type Parsed } from '../../model/errors';
import { parseRank } from '../../model/rank';
import { displayName, playerLabel, type Player, type PlayerId, type Tournament } from '../../model/tournament';
import { validateTournament } from '../../model/validate';
import { admitLatecomer, numberByStrength } from '../../pairing/numbering';
import { sectionForRank } from '../../systems/mcmahon/sections';
import type { WorkbookBatch } from '../adapters/adapter';
import { pairedRounds } from '../sheets/grid';
import { type LogLine } from '../sheets/logSheet';
import { tournamentBatch } from './batchSupport';
import { contextOf, type SessionOptions, SessionRefusal } from './context';
import { overwrites, refuseOverwrites } from './overwrites';

/** A player to register; the ID is given by the workbook (by strength before round 1, the next free one after). */
export type NewPlayer = Omit<Player, 'id'>;

/**
 * Registers players. Before any round is paired everyone is numbered again by strength (Mays, "Ordering the Players
 * by Strength and Numbering Them"); afterwards each newcomer is a latecomer with the next free ID, absent from the
 * rounds already paired, in the section of his rank (Mays, "Can Latecomers and Partial Players Register?").
 */
export function registerPlayersBatch(
  t: Tournament,
  players: readonly NewPlayer[],
  options: SessionOptions & {
    /** The director confirmed that players whose name is taken already are other people (two Kims): registered. */
    readonly confirmSameNames?: boolean;
  } = {},
): WorkbookBatch {
  const ctx = contextOf(t, options);
  const known = new Set(t.players.map((p) => `${p.family.toLowerCase()}|${p.given.toLowerCase()}`));
  for (const p of players) {
    if (!options.confirmSameNames && known.has(`${p.family.toLowerCase()}|${p.given.toLowerCase()}`)) throw new SessionRefusal('invalid', `${displayName(p)} is already registered`);
    known.add(`${p.family.toLowerCase()}|${p.given.toLowerCase()}`);
  }
  const paired = pairedRounds(t);
  let after: Tournament;
  const lines: LogLine[] = [];
  if (paired === 0) {
    const next = t.players.reduce((m, p) => Math.max(m, p.id), 0);
    const all: Tournament = { ...t, players: [...t.players, ...players.map((p, i) => ({ ...p, id: (next + i + 1) as PlayerId }))] };
    after = numberByStrength(all).tournament;
    for (const p of players) {
      const id = after.players.find((x) => x.family === p.family && x.given === p.given)!.id;
      lines.push({ what: `Registered ${playerLabel(after, id)}` });
    }
  } else {
    after = t;
    for (const p of players) {
      const section = p.section ?? (after.settings.sections ? sectionForRank(after, p.rank) : undefined);
      const admitted = admitLatecomer(after, section === undefined ? p : { ...p, section }, paired + 1);
      after = admitted.tournament;
      lines.push({ round: paired + 1, what: `Registered latecomer ${playerLabel(after, admitted.id)}, from round ${paired + 1}` });
    }
  }
  const invalid = validateTournament(after);
  if (invalid.length > 0) throw new SessionRefusal('invalid', invalid.map((e) => [e.player, e.message].filter(Boolean).join(': ')).join('\n'));
  if (!options.confirmOverwrite) refuseOverwrites(overwrites(t, after, ctx.language, new Set(), paired === 0), 'Registering these players');
  return tournamentBatch(t, after, `Register ${players.length} player${players.length === 1 ? '' : 's'}`, lines, ctx, { confirmOverwrite: options.confirmOverwrite });
}

/**
 * A pasted list of players, one a line: `Family, Given<TAB or ;>rank<TAB or ;>club<…>city<…>country<…>rating`.
 * Blank lines and lines starting with `#` are skipped, and so is a first line that is a header (`Name; Rank …`).
 */
export function parsePlayerList(text: string): Parsed<NewPlayer[]> {
  const errors: InputError[] = [];
  const players: NewPlayer[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || raw.trim().startsWith('#')) return;
    const fields = raw.split(/\t|;/).map((f) => f.trim());
    if (players.length === 0 && errors.length === 0 && /^(name|nom)$/i.test(fields[0]) && /^(rank|cote|rang)$/i.test(fields[1] ?? '')) return;
    const [name, rankText = '', club, city, country, rating] = fields;
    const comma = name.indexOf(',');
    const family = (comma >= 0 ? name.slice(0, comma) : name).trim();
    const given = comma >= 0 ? name.slice(comma + 1).trim() : '';
    if (!family) {
      errors.push({ line, message: 'no name; expected "Family, Given", then the rank, separated by a tab or ";"' });
      return;
    }
    const rank = parseRank(rankText);
    if (!rank.ok) {
      errors.push({ line, player: name, message: rankText ? rank.message : 'no rank after the name; expected "Family, Given<TAB or ;>rank<TAB or ;>club"' });
      return;
    }
    let ratingValue: number | undefined;
    if (rating) {
      ratingValue = Number(rating);
      if (!Number.isFinite(ratingValue)) {
        errors.push({ line, player: name, message: `"${rating}" is not a rating; expected a number` });
        return;
      }
    }
    players.push({
      family,
      given,
      rank: rank.rank,
      ...(club ? { club } : {}),
      ...(city ? { city } : {}),
      ...(country ? { country } : {}),
      ...(ratingValue !== undefined ? { rating: ratingValue } : {}),
    });
  });
  return errors.length > 0 ? failed(errors) : ok(players);
}
