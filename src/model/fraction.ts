/**
 * Exact rational numbers for tie-break values.
 *
 * Scores are half points, and Mays' normalised SOS multiplies by rounds/opponents (−26.5 × 6/5 = −31.8), so every
 * value the engine compares is kept as an exact fraction of two safe integers — never a float that drifts.
 */
export interface Fraction {
  readonly num: number;
  readonly den: number; // always > 0, and gcd(num, den) = 1
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x === 0 ? 1 : x;
}

export function fraction(num: number, den = 1): Fraction {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den === 0) {
    throw new RangeError(`fraction(${num}, ${den}) is not an exact rational`);
  }
  const sign = den < 0 ? -1 : 1;
  const g = gcd(num, den);
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export const ZERO: Fraction = { num: 0, den: 1 };

/** A value given in half points (the engine's unit for scores). */
export function fromHalves(halves: number): Fraction {
  return fraction(halves, 2);
}

export function add(a: Fraction, b: Fraction): Fraction {
  if (a.den === b.den) return fraction(a.num + b.num, a.den);
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Fraction, b: Fraction): Fraction {
  return add(a, { num: -b.num, den: b.den });
}

export function mul(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.num, a.den * b.den);
}

export function sum(values: Iterable<Fraction>): Fraction {
  let total = ZERO;
  for (const v of values) total = add(total, v);
  return total;
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compare(a: Fraction, b: Fraction): number {
  return a.num * b.den - b.num * a.den;
}

export function equals(a: Fraction, b: Fraction): boolean {
  return a.num === b.num && a.den === b.den;
}

export function toNumber(f: Fraction): number {
  return f.num / f.den;
}

/** Largest integer ≤ f (EGF: accumulated values are rounded down). */
export function floor(f: Fraction): Fraction {
  return fraction(Math.floor(f.num / f.den));
}

/**
 * A director-readable decimal: exact when the fraction has a finite decimal expansion of at most `digits` places
 * (½ → "0.5", −159/5 → "-31.8"), otherwise rounded to `digits` places.
 */
export function formatFraction(f: Fraction, digits = 2): string {
  if (f.den === 1) return String(f.num);
  const value = f.num / f.den;
  const fixed = value.toFixed(digits);
  return fixed.replace(/\.?0+$/, '');
}
