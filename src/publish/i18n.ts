/**
 * The published site's words, in English and French: every text a player reads on it comes from here.
 */
import type { SiteLanguage } from './options';

export interface SiteWords {
  readonly lang: SiteLanguage;
  readonly decimal: string;
  readonly home: string;
  readonly players: string;
  readonly pairings: string;
  readonly pairingsByName: string;
  readonly standings: string;
  readonly grid: string;
  readonly print: string;
  readonly round: (n: number) => string;
  readonly roundHeader: string;
  readonly roundOf: (n: number, of: number) => string;
  readonly currentRound: (n: number) => string;
  readonly noRoundYet: string;
  readonly afterRound: (n: number) => string;
  readonly standingsBeforeAnyResult: string;
  readonly page: (n: number, of: number) => string;
  readonly place: string;
  readonly name: string;
  readonly rank: string;
  readonly club: string;
  readonly rating: string;
  readonly pin: string;
  readonly table: string;
  readonly white: string;
  readonly black: string;
  readonly colour: string;
  readonly nigiri: string;
  readonly handicap: string;
  readonly even: string;
  readonly noKomi: string;
  readonly opponent: string;
  readonly result: string;
  readonly score: string;
  readonly points: string;
  readonly bye: string;
  readonly outcome: Readonly<Record<'win' | 'jigo' | 'loss' | 'default-win' | 'default-jigo' | 'default-loss' | 'bye' | 'absent' | 'pending', string>>;
  readonly games: string;
  readonly next: string;
  /** Its pieces are HTML already (links); its own words hold no character HTML gives a meaning to. */
  readonly nextGame: (round: number, table: string, colour: string, opponent: string) => string;
  readonly nextBye: (round: number) => string;
  readonly notPlaying: (round: number) => string;
  readonly whyPlace: string;
  readonly notInStandings: string;
  readonly placeAndScore: (place: string, score: string) => string;
  readonly ordinal: (n: number) => string;
  readonly registered: (n: number) => string;
  readonly dates: string;
  readonly location: string;
  readonly director: string;
  readonly slips: string;
  readonly cards: string;
  readonly wall: string;
  readonly scanForPage: string;
  readonly scanForPairings: string;
  readonly scanForSite: string;
  readonly noQr: string;
  readonly tick: string;
  readonly won: string;
  readonly signatures: string;
  readonly madeWith: string;
  readonly detailOf: (criterion: string) => string;
  readonly skip: string;
}

const EN: SiteWords = {
  lang: 'en',
  decimal: '.',
  home: 'Home',
  players: 'Players',
  pairings: 'Pairings',
  pairingsByName: 'Pairings by name',
  standings: 'Standings',
  grid: 'Grid',
  print: 'Print',
  round: (n) => `Round ${n}`,
  roundHeader: 'Round',
  roundOf: (n, of) => `Round ${n} of ${of}`,
  currentRound: (n) => `Current round: ${n}`,
  noRoundYet: 'No round is paired yet: here are the players registered.',
  afterRound: (n) => `after round ${n}`,
  standingsBeforeAnyResult: 'No result yet: the players in their starting order.',
  page: (n, of) => `page ${n} of ${of}`,
  place: 'Place',
  name: 'Name',
  rank: 'Rank',
  club: 'Club',
  rating: 'Rating',
  pin: 'EGD PIN',
  table: 'Table',
  white: 'White',
  black: 'Black',
  colour: 'Colour',
  nigiri: 'nigiri',
  handicap: 'Handicap',
  even: 'even',
  noKomi: 'no komi',
  opponent: 'Opponent',
  result: 'Result',
  score: 'Score',
  points: 'Points',
  bye: 'Bye',
  outcome: { win: 'won', jigo: 'jigo', loss: 'lost', 'default-win': 'won by default', 'default-jigo': 'jigo by default', 'default-loss': 'lost by default', bye: 'bye', absent: 'not playing', pending: 'playing' },
  games: 'Games',
  next: 'Next game',
  nextGame: (round, table, colour, opponent) => `Round ${round}: table ${table}, ${colour}, against ${opponent}`,
  nextBye: (round) => `Round ${round}: bye`,
  notPlaying: (round) => `Round ${round}: not paired`,
  whyPlace: 'Why this place',
  notInStandings: 'Not in the standings yet.',
  placeAndScore: (place, score) => `${place} — ${score}`,
  ordinal: (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`,
  registered: (n) => `${n} player${n === 1 ? '' : 's'}`,
  dates: 'Dates',
  location: 'Place',
  director: 'Director',
  slips: 'Result slips',
  cards: 'Table cards',
  wall: 'Wall chart',
  scanForPage: 'Your page',
  scanForPairings: 'Pairings of this round',
  scanForSite: 'Pairings, standings and your own page:',
  noQr: 'No QR code: the address of the site is not set (--base-url, or the Settings row "Site address").',
  tick: 'Tick the winner',
  won: 'won',
  signatures: 'Signatures',
  madeWith: 'Published with Tengen',
  detailOf: (criterion) => `${criterion}, opponent by opponent`,
  skip: 'Skip to the content',
};

const FR: SiteWords = {
  lang: 'fr',
  decimal: ',',
  home: 'Accueil',
  players: 'Joueurs',
  pairings: 'Appariements',
  pairingsByName: 'Appariements par nom',
  standings: 'Classement',
  grid: 'Grille',
  print: 'Impression',
  round: (n) => `Ronde ${n}`,
  roundHeader: 'Ronde',
  roundOf: (n, of) => `Ronde ${n} sur ${of}`,
  currentRound: (n) => `Ronde en cours : ${n}`,
  noRoundYet: 'Aucune ronde n’est encore appariée : voici les joueurs inscrits.',
  afterRound: (n) => `après la ronde ${n}`,
  standingsBeforeAnyResult: 'Aucun résultat encore : les joueurs dans leur ordre de départ.',
  page: (n, of) => `page ${n} sur ${of}`,
  place: 'Place',
  name: 'Nom',
  rank: 'Niveau',
  club: 'Club',
  rating: 'Cote',
  pin: 'PIN EGD',
  table: 'Table',
  white: 'Blanc',
  black: 'Noir',
  colour: 'Couleur',
  nigiri: 'nigiri',
  handicap: 'Handicap',
  even: 'partie égale',
  noKomi: 'sans komi',
  opponent: 'Adversaire',
  result: 'Résultat',
  score: 'Score',
  points: 'Points',
  bye: 'Exempt',
  outcome: { win: 'gagné', jigo: 'jigo', loss: 'perdu', 'default-win': 'gagné par forfait', 'default-jigo': 'jigo par forfait', 'default-loss': 'perdu par forfait', bye: 'exempt', absent: 'ne joue pas', pending: 'en cours' },
  games: 'Parties',
  next: 'Prochaine partie',
  nextGame: (round, table, colour, opponent) => `Ronde ${round} : table ${table}, ${colour}, contre ${opponent}`,
  nextBye: (round) => `Ronde ${round} : exempt`,
  notPlaying: (round) => `Ronde ${round} : pas apparié`,
  whyPlace: 'Pourquoi cette place',
  notInStandings: 'Pas encore au classement.',
  placeAndScore: (place, score) => `${place} — ${score}`,
  ordinal: (n) => (n === 1 ? '1er' : `${n}e`),
  registered: (n) => `${n} joueur${n === 1 ? '' : 's'}`,
  dates: 'Dates',
  location: 'Lieu',
  director: 'Arbitre',
  slips: 'Feuilles de résultat',
  cards: 'Cartes de table',
  wall: 'Affiche',
  scanForPage: 'Votre page',
  scanForPairings: 'Appariements de la ronde',
  scanForSite: 'Appariements, classement et votre propre page :',
  noQr: 'Pas de code QR : l’adresse du site n’est pas donnée (--base-url, ou la ligne « Site address » de Settings).',
  tick: 'Cocher le gagnant',
  won: 'gagne',
  signatures: 'Signatures',
  madeWith: 'Publié avec Tengen',
  detailOf: (criterion) => `${criterion}, adversaire par adversaire`,
  skip: 'Aller au contenu',
};

export function wordsOf(language: SiteLanguage): SiteWords {
  return language === 'fr' ? FR : EN;
}
