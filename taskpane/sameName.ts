/**
 * Two entries with the same name: the same person entered twice, or two people who share a name (a father and son, two
 * Kims). The pane warns at once and lets the director say which; it never refuses the second one by itself.
 * Names compare without case, accents or extra spaces ("Lévesque, Anne" is "LEVESQUE,  anne").
 */
import { displayName, type Player } from '../src/model/tournament';

type Named = Pick<Player, 'family' | 'given'>;

/** The name as compared: no accents, lower case, single spaces. */
export function nameKey(p: Named): string {
  const norm = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  return `${norm(p.family)}|${norm(p.given)}`;
}

/** Who already carries this name: registered players ("7 (Doe, John)") and entries earlier in the list. */
export function sameNameAs(candidate: Named, registered: readonly Player[], earlierInList: readonly Named[]): string[] {
  const key = nameKey(candidate);
  return [
    ...registered.filter((p) => nameKey(p) === key).map((p) => `player ${p.id} (${displayName(p)}), registered`),
    ...earlierInList.filter((p) => nameKey(p) === key).map((p) => `${displayName(p)}, already in the list`),
  ];
}

/** The warning shown at once when a name is added twice. */
export function sameNameWarning(candidate: Named, matches: readonly string[]): string {
  return `${displayName(candidate)}: same name as ${matches.join(' and ')}. The same person entered twice? Remove this entry. Two different people? Tick "Another person" to register both.`;
}
