/**
 * Who is a European for the European Go Championship (seeds/egc-championship-rules.txt, "Definition of
 * "European""): "A player is a European if at least one of these conditions is fulfilled and, if necessary, he can
 * prove this: The player is
 *  • a citizen of a country of that a Go association is a member of the EGF,
 *  • a citizen of a country that is entirely or partially situated in Europe,
 *  • a citizen of a country that is a member of the European Union,
 *  • a citizen of the European Union,
 *  • a citizen of Iceland or an island associated with a European country and in the Atlantic farther north than the
 *    British Isles,
 *  • not a citizen of any country but has had his main place of residence in the aforementioned countries or
 *    territorial units for at least 5 years,
 *  • any other person having had his main place of residence in the aforementioned countries or territorial units
 *    for at least 10 years."
 *
 * A tournament file knows a player's country (the country he plays for), not his citizenship nor his residence: the
 * player's own `european` flag decides when the director sets it; absent, Tengen reads the country code (ISO 3166
 * alpha-2, as EGD, OpenGotha and h9 write it) against the countries of the first five conditions. The residence
 * conditions cannot be read from a file: the director sets `european: true` for such a player (and `false` for a
 * player whose country code says European but who is not, e.g. a foreign citizen playing for a European club).
 */
import type { Player } from './tournament';

/**
 * Countries "entirely or partially situated in Europe" (the Council of Europe's and the UN geoscheme's Europe, with
 * the transcontinental Russia, Turkey, Kazakhstan, Azerbaijan, Georgia, Armenia), the European Union's members
 * (Cyprus), the EGF's members outside those (Israel), Iceland and the North Atlantic islands associated with a
 * European country (Faroe Islands, Greenland, Svalbard and Jan Mayen), and the European territories with codes of
 * their own (Åland, Gibraltar, Guernsey, Jersey, Isle of Man). `UK` is accepted beside `GB`.
 */
export const EUROPEAN_COUNTRIES: ReadonlySet<string> = new Set([
  'AD', 'AL', 'AM', 'AT', 'AX', 'AZ', 'BA', 'BE', 'BG', 'BY', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FO',
  'FR', 'GB', 'GE', 'GG', 'GI', 'GL', 'GR', 'HR', 'HU', 'IE', 'IL', 'IM', 'IS', 'IT', 'JE', 'KZ', 'LI', 'LT', 'LU',
  'LV', 'MC', 'MD', 'ME', 'MK', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'RS', 'RU', 'SE', 'SI', 'SJ', 'SK', 'SM', 'TR',
  'UA', 'UK', 'VA', 'XK',
]);

/** The player's own `european` flag, else whether his country code is one of `EUROPEAN_COUNTRIES`. */
export function isEuropean(p: Pick<Player, 'european' | 'country'>): boolean {
  if (p.european !== undefined) return p.european;
  return p.country !== undefined && EUROPEAN_COUNTRIES.has(p.country.trim().toUpperCase());
}
