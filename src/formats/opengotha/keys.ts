/** OpenGotha's player keys: how its games, byes and team boards name a player. */

/**
 * OpenGotha's key of a player, the only way its games, byes and team boards name him.
 * Player.computeKeyString: `(name + firstName).replaceAll(" ", "").toUpperCase()`; Tournament.getPlayerByKeyString
 * applies the same function to the reference it is given, so "GuneyMete" finds GÜNEY… only if spelt alike.
 */
export function openGothaKey(nameAndFirstName: string): string {
  return nameAndFirstName.replace(/ /g, '').toUpperCase();
}

const LATIN_UPPER_FOLDS: readonly [RegExp, string][] = [
  [/[ÀÁÂÃÄÅ]/g, 'A'],
  [/Ç/g, 'C'],
  [/[ÈÉÊË]/g, 'E'],
  [/[ÌÍÎÏ]/g, 'I'],
  [/Ñ/g, 'N'],
  [/[ÒÓÔÕÖØ]/g, 'O'],
  [/[ÙÚÛÜ]/g, 'U'],
  [/Ý/g, 'Y'],
];
const LATIN_LOWER_AND_TURKISH_FOLDS: readonly [RegExp, string][] = [
  [/[àáâãäå]/g, 'a'],
  [/ç/g, 'c'],
  [/[èéêë]/g, 'e'],
  [/[ìíîï]/g, 'i'],
  [/ñ/g, 'n'],
  [/[òóôõöø]/g, 'o'],
  [/[ùúûü]/g, 'u'],
  [/ý/g, 'y'],
  [/ı/g, 'i'],
  [/ğ/g, 'g'],
  [/ş/g, 's'],
  [/Ğ/g, 'G'],
  [/Ş/g, 'S'],
  [/İ/g, 'I'],
];

function fold(s: string, folds: readonly [RegExp, string][]): string {
  return folds.reduce((acc, [re, to]) => acc.replace(re, to), s);
}

/**
 * The key files with dataVersion ≤ 200 used (Tournament.getPlayerByObsoleteCanonicalName): name and first name
 * upper-cased, spaces removed, Latin-1 accents folded, then every character outside A–Z dropped.
 */
export function obsoleteCanonicalName(name: string, firstName: string): string {
  const s = (name.toUpperCase() + firstName.toUpperCase()).replace(/ /g, '');
  return fold(s, LATIN_UPPER_FOLDS).replace(/[^A-Z]/g, '');
}

/** Gotha.forceToASCII: fold Latin-9 and Turkish letters, then every other non-ASCII character becomes "?". */
export function forceToAscii(s: string): string {
  return Array.from(fold(fold(s, LATIN_UPPER_FOLDS), LATIN_LOWER_AND_TURKISH_FOLDS))
    .map((c) => (c.charCodeAt(0) > 127 ? '?' : c))
    .join('');
}
