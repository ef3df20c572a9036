/**
 * Large typed arrays lent for the length of one call and then given back, so that the next call (the next round's
 * draw) writes into memory already mapped instead of a fresh, zeroed allocation: a congress round's first stage holds
 * a few arrays of a quarter of a million entries (the allowed pairs, a tier's costs, the stage's weights; two million
 * at 2,000 players), and allocating them again each round cost more than filling them (page faults, zeroing, the
 * collector's work on external memory; issue 28, "profile first").
 *
 * A lent array's entries are whatever the last borrower left: a borrower writes every entry it reads (each use in
 * ./lexicographic and the systems fills its whole length before reading it). A loan ends with `release()`; the caller
 * must hold no view of a released array (the arrays stay inside the call that borrowed them). Nested or concurrent
 * borrowers are safe: an array lent is out of the pool until released, so nobody else is lent it meanwhile.
 */

/** Arrays shorter than this are simply allocated (cheap, and not worth keeping). */
const LEND_FROM = 4096;
/** Arrays kept in each pool at most (the largest kept: a round needs a handful). */
const KEPT = 6;

const INT32_POOL: Int32Array[] = [];
const FLOAT64_POOL: Float64Array[] = [];

/** The first array of the pool long enough, taken out of it; null if none. */
function take<T extends Int32Array | Float64Array>(pool: T[], length: number): T | null {
  for (let k = 0; k < pool.length; k++) {
    if (pool[k].length >= length) {
      const a = pool[k];
      pool.splice(k, 1);
      return a;
    }
  }
  return null;
}

/** Puts `a` back, dropping the shortest when the pool is full. */
function giveBack<T extends Int32Array | Float64Array>(pool: T[], a: T): void {
  pool.push(a);
  if (pool.length > KEPT) {
    let shortest = 0;
    for (let k = 1; k < pool.length; k++) if (pool[k].length < pool[shortest].length) shortest = k;
    pool.splice(shortest, 1);
  }
}

/** The arrays one call borrowed (see the module comment). */
export class Loans {
  private readonly ints: Int32Array[] = [];
  private readonly floats: Float64Array[] = [];

  /** An array of exactly `length` entries, contents unspecified (fresh and zeroed when short). */
  int32(length: number): Int32Array {
    if (length < LEND_FROM) return new Int32Array(length);
    const a = take(INT32_POOL, length) ?? new Int32Array(length);
    this.ints.push(a);
    return a.length === length ? a : a.subarray(0, length);
  }

  /** An array of exactly `length` entries, contents unspecified (fresh and zeroed when short). */
  float64(length: number): Float64Array {
    if (length < LEND_FROM) return new Float64Array(length);
    const a = take(FLOAT64_POOL, length) ?? new Float64Array(length);
    this.floats.push(a);
    return a.length === length ? a : a.subarray(0, length);
  }

  /** Gives every array back; views of them must no longer be used. */
  release(): void {
    for (const a of this.ints) giveBack(INT32_POOL, a);
    for (const a of this.floats) giveBack(FLOAT64_POOL, a);
    this.ints.length = 0;
    this.floats.length = 0;
  }
}
