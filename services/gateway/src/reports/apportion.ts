/**
 * Rounding of partnership shares without drift (docs/reports.md, "The split"): a level's carried
 * figure for a period is rounded once from the exact sum, never posting by posting, and the pieces
 * a screen shows (categories, children) are apportioned from that one figure by largest remainder.
 * Exact in integers: numerators are paise x basis points as bigint.
 */

/** Floor division and the remainder in [0, scale). */
function floorDiv(x: bigint, scale: bigint): { q: bigint; r: bigint } {
  let q = x / scale;
  if (x % scale < 0n) q -= 1n;
  return { q, r: x - q * scale };
}

/** x / scale to the nearest integer, a half away from zero (the same either sign, so no side gains). */
export function roundHalfAway(x: bigint, scale: bigint): bigint {
  const q = x / scale;
  const r = x % scale;
  if (2n * (r < 0n ? -r : r) < scale) return q;
  return x < 0n ? q - 1n : q + 1n;
}

/**
 * Integers that add up to `target` (by default the exact total rounded), each the floor of its
 * numerator / scale plus one paisa for the pieces with the largest remainders (ties: the earlier
 * piece). With a target within a paisa of the exact total, each piece is within a paisa of its own.
 */
export function apportion(numerators: readonly bigint[], scale: bigint, target?: bigint): bigint[] {
  const total =
    target ??
    roundHalfAway(
      numerators.reduce((s, n) => s + n, 0n),
      scale,
    );
  const parts = numerators.map((n) => floorDiv(n, scale));
  let left = total - parts.reduce((s, p) => s + p.q, 0n);
  if (left < 0n || left > BigInt(parts.length))
    throw new Error(`apportion: target ${total} is not within a unit of the exact total`);
  const out = parts.map((p) => p.q);
  const byRemainder = parts.map((p, i) => ({ r: p.r, i })).sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    out[i]! += 1n;
    left -= 1n;
  }
  return out;
}
