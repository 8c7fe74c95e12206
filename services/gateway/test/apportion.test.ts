import t from 'tap';
import { apportion, roundHalfAway } from '../src/reports/apportion.js';

const BP = 10_000n;
const floorOf = (x: bigint) => (x - (((x % BP) + BP) % BP)) / BP;

/** A deterministic stream of postings (house side, paise) with the share (bp) in force at each. */
function postings(n: number): { amount: bigint; shareBp: bigint }[] {
  let seed = 23;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: n }, (_, i) => ({
    amount: BigInt((next() % 200_001) - 100_000),
    // The share changes mid-stream, as a PartnershipSet does.
    shareBp: i < n / 2 ? 6_000n : 3_750n,
  }));
}

t.test('rounding a half away from zero, either sign', async (t) => {
  t.same(
    [15n, 14n, -15n, -14n, 16n].map((x) => roundHalfAway(x, 10n)),
    [2n, 1n, -2n, -1n, 2n],
  );
});

t.test('pieces add up to the rounded total and each is within a paisa of its own share', async (t) => {
  const nums = [66_000n, 6_000n, 6_000n, -3n, 9_999n];
  const parts = apportion(nums, BP);
  t.equal(
    parts.reduce((s, p) => s + p, 0n),
    roundHalfAway(
      nums.reduce((s, n) => s + n, 0n),
      BP,
    ),
  );
  nums.forEach((n, i) => t.ok(parts[i]! * BP - n < BP && n - parts[i]! * BP < BP, `piece ${i}`));
  t.same(apportion([5_000n, 5_000n], BP), [1n, 0n], 'a tie goes to the earlier piece');
  t.throws(() => apportion([1n], BP, 5n), /not within a unit/);
});

t.test('over 10,000 postings and any period, the carried figure stays within half a paisa', async (t) => {
  const all = postings(10_000);
  for (const [from, to] of [
    [0, 236],
    [0, 10_000],
    [1_234, 5_678],
    [4_999, 5_001],
    [9_000, 10_000],
  ] as const) {
    const period = all.slice(from, to);
    const exact = period.reduce((s, p) => s + p.amount * p.shareBp, 0n);
    // Three categories, as the report splits them: every third posting to each.
    const byCategory = [0, 1, 2].map((c) =>
      period.filter((_, i) => i % 3 === c).reduce((s, p) => s + p.amount * p.shareBp, 0n),
    );
    const carried = apportion(byCategory, BP).reduce((s, p) => s + p, 0n);
    const error = carried * BP - exact;
    t.ok(2n * (error < 0n ? -error : error) <= BP, `postings ${from} to ${to}: ${error} of ${BP}`);
  }
  // The old rule, each posting's share floored, for contrast: over the same postings it moves rupees.
  const floored = all.reduce((s, p) => s + floorOf(p.amount * p.shareBp), 0n);
  const exact = all.reduce((s, p) => s + p.amount * p.shareBp, 0n);
  t.ok(exact - floored * BP > 1_000n * BP, 'flooring each posting drifts by more than ₹10');
});
