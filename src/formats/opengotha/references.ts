/** How games, byes and team boards name a player, and how Tengen finds him (ExternalDocument's three lookups). */
import { displayName, type PlayerId } from '../../model/tournament';
import type { XmlElement } from '../xml';
import { forceToAscii, obsoleteCanonicalName, openGothaKey } from './keys';
import type { ParsedPlayer } from './players';
import type { Reader } from './reader';

export type Resolution = { player: ParsedPlayer } | { unreadable: true } | { unknown: string };
export type Resolve = (reference: string) => Resolution;

/**
 * ExternalDocument looks a reference up with getPlayerByKeyString (dataVersion > 200) or
 * getPlayerByObsoleteCanonicalName (dataVersion ≤ 200, the default when the attribute is absent), and then, if that
 * fails, by the obsolete name of forceToASCII(reference).toUpperCase(). Files OpenGotha 3.51 wrote without a
 * dataVersion use the new keys, so Tengen tries the three lookups in that order whatever the dataVersion.
 */
export function resolver(parsedPlayers: readonly ParsedPlayer[], unreadableKeys: ReadonlySet<string>): Resolve {
  const byKey = new Map(parsedPlayers.map((p) => [p.key, p]));
  // The players by their old-style key, made at the first reference the new keys do not find (issue 28: most files
  // name every player by his key, and folding a congress's names cost more than the rest of reading the players).
  let byObsoleteKeyMade: Map<string, ParsedPlayer[]> | undefined;
  const byObsoleteKey = () => {
    if (byObsoleteKeyMade) return byObsoleteKeyMade;
    byObsoleteKeyMade = new Map<string, ParsedPlayer[]>();
    for (const p of parsedPlayers) {
      const obsoleteKey = obsoleteCanonicalName(p.element.attributes.name, p.element.attributes.firstName);
      byObsoleteKeyMade.set(obsoleteKey, [...(byObsoleteKeyMade.get(obsoleteKey) ?? []), p]);
    }
    return byObsoleteKeyMade;
  };
  const example = parsedPlayers[0]?.key ?? 'NEMOANDRÉ';
  return (reference) => {
    const key = openGothaKey(reference);
    const direct = byKey.get(key);
    if (direct) return { player: direct };
    if (unreadableKeys.has(key)) return { unreadable: true };
    for (const candidate of [reference, forceToAscii(reference).toUpperCase()]) {
      const found = byObsoleteKey().get(candidate) ?? [];
      if (found.length === 1) return { player: found[0] };
      if (found.length > 1) {
        const whom = found.map((p) => `${displayName(p)} (line ${p.element.line})`).join(' and ');
        return { unknown: `"${reference}" is ambiguous: it is the old-style key of ${whom}` };
      }
    }
    return {
      unknown: `"${reference}" is not the key of any <Player>: OpenGotha names players by NAME+FIRSTNAME upper-cased without spaces, e.g. "${example}"`,
    };
  };
}

/** The ID of the player a reference names; reports an unknown one (an unreadable one is reported already). */
export function referencedId(
  reader: Reader,
  resolve: Resolve,
  idOf: ReadonlyMap<ParsedPlayer, PlayerId>,
  element: XmlElement,
  where: string,
  attribute: string,
): PlayerId | undefined {
  const reference = element.attributes[attribute];
  if (reference === undefined) {
    reader.error(element, where, `the ${attribute} attribute is missing (tournament.dtd: #REQUIRED)`);
    return undefined;
  }
  const found = resolve(reference);
  if ('player' in found) return idOf.get(found.player);
  if ('unknown' in found) reader.error(element, where, `${attribute}: ${found.unknown}`, reference);
  return undefined;
}
