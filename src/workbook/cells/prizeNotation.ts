/**
 * The prizes as a director types them in one cell of the Settings sheet, like the grid's Sections cell
 * (`A=0; B=-2`): one prize a part, parts separated by ";" — the section's name (none: the whole field), the place,
 * ":", then what it is: a sum with its unit (`150 €`, `$150`, `20 points` — divisible, shared by equal players), a
 * thing (`Trophy` — indivisible), or both joined by "+".
 *
 *   A 1: Trophy + 100 €; A 2: 50 €; B 1: Trophy; 1: Go board
 */
import type { Prize } from '../../model/tournament';

/** `100 €`, `$100`, `33.33 €`: a currency sign alone goes before the sum, any other unit after it. */
export function formatAmount(amount: number, unit: string | undefined): string {
  const sum = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  if (!unit) return sum;
  return /^[$£¥]$/.test(unit) ? `${unit}${sum}` : `${sum} ${unit}`;
}

export function formatPrize(p: Prize): string {
  const what = [p.item, p.amount === undefined ? undefined : formatAmount(p.amount, p.unit)].filter((x) => x !== undefined).join(' + ');
  return `${p.section === undefined ? '' : `${p.section} `}${p.place}: ${what}`;
}

export function formatPrizes(prizes: readonly Prize[]): string {
  return prizes.map(formatPrize).join('; ');
}

const MONEY = /^([$£¥€])?\s*(\d+(?:[.,]\d+)?)\s*(\S.*)?$/;

/** The prizes of a Prizes cell, or what is wrong with the first part that cannot be read. */
export function readPrizes(text: string): { ok: true; prizes: Prize[] } | { ok: false; message: string } {
  const prizes: Prize[] = [];
  for (const raw of text.split(';').map((x) => x.trim()).filter(Boolean)) {
    const m = /^(.*?)\s*(\d+)\s*:\s*(.+)$/.exec(raw);
    const example = 'expected a section, a place, ":" and the prize, e.g. "A 1: Trophy + 100 €"';
    if (!m) return { ok: false, message: `"${raw}" is not a prize; ${example}` };
    const place = Number(m[2]);
    if (place < 1) return { ok: false, message: `"${raw}": places start at 1` };
    let amount: number | undefined;
    let unit: string | undefined;
    let item: string | undefined;
    for (const part of m[3].split('+').map((x) => x.trim()).filter(Boolean)) {
      const money = MONEY.exec(part);
      if (money && amount === undefined) {
        amount = Number(money[2].replace(',', '.'));
        unit = money[1] ?? money[3]?.trim();
      } else if (item === undefined) {
        item = part;
      } else {
        return { ok: false, message: `"${raw}": one thing and one sum a prize at most; ${example}` };
      }
    }
    if (amount === undefined && item === undefined) return { ok: false, message: `"${raw}": no prize after ":"; ${example}` };
    const section = m[1].trim();
    prizes.push({
      ...(section ? { section } : {}),
      place,
      ...(amount !== undefined ? { amount } : {}),
      ...(unit ? { unit } : {}),
      ...(item !== undefined ? { item } : {}),
    });
  }
  return { ok: true, prizes };
}
