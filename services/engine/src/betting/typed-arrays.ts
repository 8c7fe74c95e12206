/**
 * A whole number as a small integer where it fits. A number read from a Float64Array is a double
 * to V8, and one stored in a P&L book's array turns the array to doubles, and every exposure taken
 * from it after into a boxed number (docs/performance.md, "No -0 in the books"); small integers stay
 * unboxed. `x | 0` is x itself for the whole numbers that fit in 32 bits (and makes -0 +0).
 */
export const whole = (x: number): number => (x === (x | 0) ? x | 0 : x);

/** A copy of `a` with room for `length` entries, the new ones zero. */
export function widened<T extends Float64Array | Int32Array>(a: T, length: number): T {
  const b = new (a.constructor as new (length: number) => T)(length);
  b.set(a);
  return b;
}
