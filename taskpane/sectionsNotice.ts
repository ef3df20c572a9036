/**
 * A notice a director needs before round 1 and on the standings: under a ruleset that places players inside their
 * McMahon section (AQJG, Mays: "A McMahon section is a group of players who share the same initial McMahon score.
 * The players inside each McMahon section are in competition with each other for the prizes available in their
 * section" — seeds/mays-swiss-mcmahon-manual.txt, "What is a McMahon section?"), a tournament whose Sections step
 * was skipped has no named sections, so every initial score is a section of its own: a small event then shows
 * nearly everyone in 1st place. The notice says so; it never blocks.
 *
 * Pure (no DOM): the wizard shows the text with a button to the Sections step.
 */
import type { Tournament } from '../src/model/tournament';
import { rulesetOf } from '../src/scoring/rulesets';
import { initialMms } from '../src/scoring/scoreboard';

/** The notice's text, or null when places are not given by section, or the sections are set, or all start alike. */
export function unsectionedPlacesNotice(t: Tournament): string | null {
  if (t.settings.system !== 'mcmahon' || t.players.length === 0) return null;
  if ((t.settings.sections ?? []).length > 0) return null;
  const ruleset = rulesetOf(t);
  if (!ruleset.placesWithinSection) return null;
  const groups = new Set(t.players.map((p) => initialMms(t, p))).size;
  if (groups <= 1) return null;
  return (
    `Under ${ruleset.name.toUpperCase()} rules places are given inside each McMahon section, and no sections are set: ` +
    `each initial score is a section of its own — ${groups} sections for ${t.players.length} players, each with its own 1st place. ` +
    'Set the sections (Mays, How to Organize and Direct a Swiss-McMahon Tournament, p. 18: about the same number of players in each) unless that is what you want.'
  );
}
