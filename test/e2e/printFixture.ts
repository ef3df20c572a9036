/**
 * A tournament to print, as a director would have one: the generated McMahon field (deterministic, seeded) given
 * real-looking names — some long — and clubs — one longer than the grid's club column can grow — Mays' McMahon
 * sections by rank (A 0, B −2, C −4, D −6), the AQJG ruleset (places within sections, most victories first), and
 * prizes: a trophy and a sum for first place in each section, a sum for second, a go board for the champion.
 */
import type { Player, Prize, Tournament } from '../../src/model/tournament';
import { generated } from '../workbook/fixtures';

const FAMILIES = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Ouellet', 'Pelletier', 'Bélanger', 'Lévesque', 'Bergeron', 'Leblanc', 'Paquette', 'Girard', 'Simard', 'Boucher', 'Caron', 'Beaulieu', 'Cloutier', 'Dubé', 'Poirier', 'Fournier', 'Lapointe', 'Leclerc', 'Lefebvre', 'Poulin', 'Thibault', 'St-Pierre', 'Nadeau', 'Martin', 'Landry', 'Martel', 'Bédard', 'Grenier', 'Lessard', 'Bernier'];
const GIVEN = ['Gabriel', 'Émilie', 'Louis', 'Léa', 'Nathan', 'Chloé', 'Samuel', 'Florence', 'William', 'Alice', 'Jacob', 'Rosalie', 'Thomas', 'Juliette', 'Félix'];
const CLUBS = ['Montréal', 'Québec', 'Sherbrooke', 'Club de go de l’Université de Montréal (CGUM)', 'Gatineau', 'Trois-Rivières', 'Laval', 'Ottawa'];
/** Rank at or above which a player is in each section (Mays: sections of a few consecutive ranks). */
const SECTIONS = [
  { name: 'A', initialMms: 0, from: 1 },
  { name: 'B', initialMms: -2, from: -3 },
  { name: 'C', initialMms: -4, from: -7 },
  { name: 'D', initialMms: -6, from: -100 },
] as const;

export const PRIZES: readonly Prize[] = [
  ...SECTIONS.flatMap((s): Prize[] => [
    { section: s.name, place: 1, item: 'Trophy', amount: 100, unit: '€' },
    { section: s.name, place: 2, amount: 50, unit: '€' },
  ]),
  { place: 1, item: 'Go board' },
];

export function printedTournament(players: number, rounds: number, seed = 7): Tournament {
  const t = generated(players, rounds, seed);
  const named: Player[] = t.players.map((p, i) => {
    const long = i % 13 === 5;
    const section = SECTIONS.find((s) => p.rank >= s.from)!.name;
    return {
      ...p,
      family: long ? `${FAMILIES[i % FAMILIES.length]}-${FAMILIES[(i * 7 + 3) % FAMILIES.length]}` : FAMILIES[i % FAMILIES.length],
      given: long ? `${GIVEN[i % GIVEN.length]}-${GIVEN[(i + 4) % GIVEN.length]}` : GIVEN[i % GIVEN.length],
      club: CLUBS[(i * 5) % CLUBS.length],
      section,
    };
  });
  return {
    ...t,
    name: `Quebec Open ${players} (printing test)`,
    settings: {
      ...t.settings,
      ruleset: 'aqjg',
      tiebreaks: ['nbw', 'sos', 'sodos'],
      bar: undefined,
      floor: undefined,
      sections: SECTIONS.map(({ name, initialMms }) => ({ name, initialMms })),
      prizes: PRIZES,
    },
    players: named,
  };
}
