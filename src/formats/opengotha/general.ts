/** The GeneralParameterSet: the tournament's name, dates, rounds, McMahon bar, floor and zero, komi and scoring. */
import { parseRank, type Rank } from '../../model/rank';
import type { OpenGothaScoring, Tournament } from '../../model/tournament';
import { descendantsNamed, type XmlElement } from '../xml';
import { DTD, nonEmpty, parseWhole, type Reader } from './reader';

/** GeneralParameterSet attributes that have a place in the model; the others go to `generalParameters`. */
export const MAPPED_GENERAL_ATTRIBUTES = new Set([
  'name',
  'shortName',
  'location',
  'director',
  'beginDate',
  'endDate',
  'komi',
  'numberOfRounds',
  'genMMFloor',
  'genMMBar',
  'genMMZero',
  'genNBW2ValueAbsent',
  'genNBW2ValueBye',
  'genMMS2ValueAbsent',
  'genMMS2ValueBye',
  'genRoundDownNBWMMS',
]);


export interface General {
  readonly about: Pick<Tournament, 'name' | 'shortName' | 'location' | 'director' | 'beginDate' | 'endDate'>;
  readonly rounds: number;
  readonly bar?: Rank;
  readonly floor?: Rank;
  readonly mmsZero?: Rank;
  readonly komi?: number;
  readonly scoring: OpenGothaScoring;
}

export function readGeneral(root: XmlElement, reader: Reader): General {
  // ExternalDocument: the first GeneralParameterSet of the document.
  const gps = descendantsNamed(root, 'GeneralParameterSet')[0];
  const where = '<GeneralParameterSet>';
  const attribute = (name: string): string | undefined => gps?.attributes[name];
  const rank = (name: keyof typeof DTD): Rank | undefined => {
    const parsed = parseRank(attribute(name) ?? DTD[name]);
    if (parsed.ok) return parsed.rank;
    if (gps) reader.error(gps, where, `${name}: ${parsed.message}`);
    return undefined;
  };
  const whole = (name: keyof typeof DTD): number => {
    const value = attribute(name) ?? DTD[name];
    const n = parseWhole(value);
    if (n === undefined && gps) reader.error(gps, where, `${name}="${value}" is not a whole number`);
    return n ?? Number(DTD[name]);
  };

  const komiText = attribute('komi') ?? DTD.komi;
  const komiNormalised = komiText.trim().replace(',', '.');
  const komi = /^[+-]?\d+(?:\.\d+)?$/.test(komiNormalised) ? Number(komiNormalised) : undefined;
  if (komi === undefined && gps) reader.error(gps, where, `komi="${komiText}" is not a number such as 6.5 or 7.5`);

  const generalParameters: Record<string, string> = {};
  for (const [k, v] of Object.entries(gps?.attributes ?? {})) {
    if (!MAPPED_GENERAL_ATTRIBUTES.has(k)) generalParameters[k] = v;
  }
  const text = (name: string) => nonEmpty(attribute(name));
  return {
    about: {
      name: attribute('name') ?? DTD.name,
      ...(text('shortName') !== undefined && { shortName: text('shortName') }),
      ...(text('location') !== undefined && { location: text('location') }),
      ...(text('director') !== undefined && { director: text('director') }),
      ...(text('beginDate') !== undefined && { beginDate: text('beginDate') }),
      ...(text('endDate') !== undefined && { endDate: text('endDate') }),
    },
    rounds: whole('numberOfRounds'),
    bar: rank('genMMBar'),
    floor: rank('genMMFloor'),
    mmsZero: rank('genMMZero'),
    komi,
    scoring: {
      mmsHalvesAbsent: whole('genMMS2ValueAbsent'),
      mmsHalvesBye: whole('genMMS2ValueBye'),
      nbwHalvesAbsent: whole('genNBW2ValueAbsent'),
      nbwHalvesBye: whole('genNBW2ValueBye'),
      // Boolean.valueOf: only "true" (any case) is true.
      roundDown: (attribute('genRoundDownNBWMMS') ?? DTD.genRoundDownNBWMMS).trim().toLowerCase() === 'true',
      generalParameters,
    },
  };
}
