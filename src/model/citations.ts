/**
 * Text for people: the engine's rule references name the project's copy of a rule text (`seeds/…txt, "Heading"`, for
 * maintainers); a director reads the document's author, title and page instead — "Mays, How to Organize and Direct
 * a Swiss-McMahon Tournament, p. 24" — never a file path.
 *
 * The pages are those of the manual's own table of contents (Mays, Montreal, October 2013).
 */

/** The manual's table of contents: heading → page. */
const MAYS_PAGES: readonly (readonly [string, number])[] = [
  ['Registration', 14],
  ['When to Close Registration', 16],
  ['Grouping the Players into McMahon Sections', 18],
  ['McMahon Scores: Initial, Current, and Final', 20],
  ['Ordering the Players by Strength and Numbering Them', 22],
  ['Assigning Byes', 23],
  ['Who Should Get a Bye?', 23],
  ['Summary of the Pairing Process', 26],
  ['Can the Rank of a Player Be Changed?', 26],
  ['Why Is Handicap – 1 Used When Pairing Players of Different Ranks?', 27],
  ['What about Nigiri?', 28],
  ['Alternate Method of Pairing', 28],
  ['Transcribing the Pairings onto the Pairing Sheets', 28],
  ['The Welcome Speech', 29],
  ['Doing the Paperwork', 30],
  ['Two Useful Aids When Game Results Are Reported', 32],
  ['Key Rounds in Which the Pairings Are Done a Little Differently', 32],
  ['Pairings for Round 2', 32],
  ['Pairings for Round 6', 34],
  ['Determining the Winners', 35],
  ['Tied Players and Tie-Break Calculations', 35],
  ['Example of the Need to Make Adjustments in a Tie-Break Calculation', 36],
  ['Glossary', 40],
  ['Appendix B', 48],
  ['Appendix D', 60],
  ['Appendix F', 62],
  // The considerations are numbered inside "Doing the Pairings", which begins on p. 24.
  ['Consideration No.', 24],
  ['Doing the Pairings', 24],
  // The Three Cardinal Rules are Appendix D.
  ['Cardinal Rule', 60],
];

const MAYS = 'Mays, How to Organize and Direct a Swiss-McMahon Tournament';

/** The other rule texts, by title (web pages and rule books without page numbers: cited by title and section). */
const TITLES: Readonly<Record<string, string>> = {
  'bga-mcmahon-system.txt': 'British Go Association, The McMahon System',
  'egf-general-tournament-rules-excerpt.txt': 'EGF General Tournament Rules',
  'egc-championship-rules.txt': 'European Go Championship Tournament Rules',
  'czech-round-robin-and-series-rules.en.md': 'Czech Go Association, Round-Robin and Series Rules',
};

/** The page of the first heading of the Mays manual named in `text` (the earliest in the text), if any. */
export function maysPage(text: string): number | undefined {
  let best: { at: number; page: number } | undefined;
  for (const [heading, page] of MAYS_PAGES) {
    const at = text.toLowerCase().indexOf(heading.toLowerCase());
    if (at >= 0 && (!best || at < best.at)) best = { at, page };
  }
  return best?.page;
}

/**
 * A rule reference as a director reads it: every `seeds/<file>` becomes the document's title, and for the Mays
 * manual its page ("p. 24") from the heading the reference names. Text without a file path is returned as it is.
 */
export function citationForPeople(rule: string): string {
  // One reference ends where the next begins (several are joined by "; ").
  return rule
    .split(/(?=seeds\/)/)
    .map((part) => {
      const m = /^seeds\/([\w.-]+)[,:]?\s*/.exec(part);
      if (!m) return part;
      const rest = part.slice(m[0].length);
      if (m[1] === 'mays-swiss-mcmahon-manual.txt') {
        // The heading named in this reference: up to the next one, or the end of its line (a whole printout may follow).
        const page = maysPage(rest.split(/[;\n]/)[0]);
        return joined(`${MAYS}${page !== undefined ? `, p. ${page}` : ''}`, rest);
      }
      const title = TITLES[m[1]] ?? 'the rules';
      return joined(title, rest);
    })
    .join('');
}

/** A document's title and what the reference says of it ("title: section"); a reference that ends there is the title. */
function joined(title: string, rest: string): string {
  return /^[^\s)\];,.]/.test(rest) ? `${title}: ${rest}` : `${title}${rest}`;
}
