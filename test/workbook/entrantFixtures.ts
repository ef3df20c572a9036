/**
 * Pair go and rengo tournaments for the workbook tests (seeds/egf-general-tournament-rules-excerpt.txt: "In case of
 * pairgo or rengo, 'player' denotes a pair or team"): each player an entrant with members, its rank the one they give
 * by settings.entrants.rank, two rounds drawn by Mays' method and played.
 */
import { entrantRank, type EntrantSettings, type Member } from '../../src/model/entrants';
import { parseRank, type Rank } from '../../src/model/rank';
import type { Game, Player, PlayerId, Tournament } from '../../src/model/tournament';
import { applyPairing } from '../../src/pairing/apply';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { isPairingError } from '../../src/pairing/types';

function rank(text: string): Rank {
  const r = parseRank(text);
  if (!r.ok) throw new Error(r.message);
  return r.rank;
}

function member(family: string, given: string, r: string): Member {
  return { family, given, rank: rank(r) };
}

function entrant(id: number, name: string, members: Member[], rule: EntrantSettings['rank'], more: Partial<Player> = {}): Player {
  return { id: id as PlayerId, family: name, given: '', rank: entrantRank(members.map((m) => m.rank), rule), members, ...more };
}

/** `rounds` rounds drawn by Mays and played: White wins at odd tables, Black at even ones. */
function played(t: Tournament, rounds: number): Tournament {
  let out = t;
  for (let round = 1; round <= rounds; round++) {
    const pairing = pairMays(out, round);
    if (isPairingError(pairing)) throw new Error(`round ${round}: ${pairing.message}`);
    out = applyPairing(out, pairing);
    out = { ...out, games: out.games.map((g): Game => (g.round === round ? { ...g, result: g.table! % 2 === 1 ? 'white-wins' : 'black-wins' } : g)) };
  }
  return out;
}

/** 8 pairs (a man and a woman each, EGF pair go), McMahon over 4 rounds, ranked by the members' mean rounded down; 2 rounds played. */
export function pairGoTournament(): Tournament {
  const rule = 'average-down';
  const pairs: [string, Member[], Partial<Player>?][] = [
    ['Kim & Lee', [member('Kim', 'Jiwon', '3d'), member('Lee', 'Minho', '1k')], { club: 'Seoul', country: 'KR' }],
    ['Abe & Baba', [member('Abe', 'Aki', '3d'), member('Baba', 'Rin', '2k')], { country: 'JP' }],
    ['Chiba & Doi', [member('Chiba', 'Kai', '1d'), member('Doi', 'Mio', '2k')]],
    ['Müller & Schmidt', [member('Müller', 'Anna', '2k'), member('Schmidt', 'Jonas', '4k')], { city: 'Berlin', country: 'DE', rating: 1950 }],
    ['Dupont & Martin', [member('Dupont', 'Claire', '5k'), member('Martin', 'Paul', '3k')], { country: 'FR' }],
    // A family name holding a comma, kept as it is.
    ['Smith & Jones', [member('Smith, Jr.', 'John', '6k'), member('Jones', 'Mary', '8k')], { country: 'GB' }],
    ['Novák & Dvořák', [member('Novák', 'Petr', '7k'), member('Dvořák', 'Eva', '10k')], { country: 'CZ' }],
    ['Rossi & Bianchi', [member('Rossi', 'Luca', '12k'), member('Bianchi', '', '9k')], { country: 'IT' }],
  ];
  const t: Tournament = {
    name: 'Pair Go Cup',
    location: 'Prague',
    beginDate: '2026-09-12',
    endDate: '2026-09-12',
    settings: { system: 'mcmahon', rounds: 4, ruleset: 'egf', bar: rank('1d'), entrants: { kind: 'pair-go', rank: rule } },
    players: pairs.map(([name, members, more], i) => entrant(i + 1, name, members, rule, more)),
    games: [],
    byes: [],
  };
  return played(t, 2);
}

/** 6 rengo teams of three, Swiss over 3 rounds, ranked by the strongest member; 1 round played. */
export function rengoTournament(): Tournament {
  const rule = 'strongest';
  const teams: [string, Member[]][] = [
    ['Kumo', [member('Sato', 'Ken', '2d'), member('Ito', 'Yui', '1k'), member('Kato', 'Ren', '5k')]],
    ['Hoshi', [member('Mori', 'Sho', '1d'), member('Ueda', 'Nao', '3k'), member('Ono', 'Emi', '4k')]],
    ['Tsuki', [member('Endo', 'Rio', '2k'), member('Goto', 'Aya', '2k'), member('Hara', 'Jun', '6k')]],
    ['Kaze', [member('Ikeda', 'Tomo', '3k'), member('Kudo', 'Mai', '8k'), member('Noda', 'Yu', '9k')]],
    ['Yuki', [member('Oda', 'Sora', '5k'), member('Saito', 'Hina', '6k'), member('Taki', 'Ryo', '7k')]],
    ['Hana', [member('Wada', 'Kou', '8k'), member('Yagi', 'Rei', '11k'), member('Zama', 'Io', '15k')]],
  ];
  const t: Tournament = {
    name: 'Rengo Night',
    settings: { system: 'swiss', rounds: 3, ruleset: 'egf', entrants: { kind: 'rengo', rank: rule } },
    players: teams.map(([name, members], i) => entrant(i + 1, `Team ${name}`, members, rule)),
    games: [],
    byes: [],
  };
  return played(t, 1);
}
