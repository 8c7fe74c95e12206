/** n choose k, 0 outside 0..n. */
export const choose = (n: number, k: number): number =>
  k < 0 || k > n ? 0 : Array.from({ length: k }, (_, i) => (n - i) / (i + 1)).reduce((a, b) => a * b, 1);
