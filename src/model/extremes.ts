/**
 * The largest of many numbers. `Math.max(...values)` passes every value as an argument, and a call has a bounded
 * stack: with about 125,000 values (a standings table of 130,000 players, within the 524,280 players Tengen holds)
 * it throws "Maximum call stack size exceeded". A loop has no such bound.
 */
export function largestOf(values: Iterable<number>, atLeast = -Infinity): number {
  let largest = atLeast;
  for (const v of values) if (v > largest || Number.isNaN(v)) largest = v;
  return largest;
}
