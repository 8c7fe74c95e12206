import type { Paise } from '@exch/contracts';

/**
 * Every held bet's fills in one Float64Array of [price, size] pairs, a bet's fills side by side:
 * a fill costs two numbers written and no object, where an array per bet was most of what a bet
 * left for the collector to copy (docs/performance.md, "Bets in columns").
 *
 * A bet filled again after others were written is moved to the end; the space it leaves, and a
 * dropped bet's, is dead until the pool is full with as much dead as live, when the live fills are
 * packed again in slot order: O(live fills), once per as many fills moved or dropped.
 */
export class FillPool {
  private pool: Float64Array;
  /** Numbers written, dead included. */
  private used = 0;
  private dead = 0;
  /** Per slot: where its fills start in the pool, and how many it has. */
  private at: Int32Array;
  private count: Int32Array;

  constructor(
    slots: number,
    /** The slots holding a bet, for packing. */
    private readonly live: () => Iterable<number>,
  ) {
    this.pool = new Float64Array(2 * slots);
    this.at = new Int32Array(slots);
    this.count = new Int32Array(slots);
  }

  /** Room for this many slots. */
  grow(slots: number): void {
    const at = new Int32Array(slots);
    at.set(this.at);
    this.at = at;
    const count = new Int32Array(slots);
    count.set(this.count);
    this.count = count;
  }

  countOf(s: number): number {
    return this.count[s]!;
  }

  priceAt(s: number, i: number): number {
    return this.pool[this.at[s]! + 2 * i]!;
  }

  sizeAt(s: number, i: number): Paise {
    return this.pool[this.at[s]! + 2 * i + 1]!;
  }

  /** The slot's fills dropped (its bet left, or its fills are replaced). */
  clear(s: number): void {
    this.dead += 2 * this.count[s]!;
    this.count[s] = 0;
  }

  add(s: number, price: number, size: Paise): void {
    const n = this.count[s]!;
    // Its fills are moved to the end unless they are there: room for them and the new one (packing may move them).
    this.room(2 * n + 2);
    if (n === 0) this.at[s] = this.used;
    else if (this.at[s]! + 2 * n !== this.used) {
      const from = this.at[s]!;
      this.pool.copyWithin(this.used, from, from + 2 * n);
      this.dead += 2 * n;
      this.at[s] = this.used;
      this.used += 2 * n;
    }
    this.pool[this.used] = price;
    this.pool[this.used + 1] = size;
    this.used += 2;
    this.count[s] = n + 1;
  }

  /** At least `extra` numbers free at the end: the live fills packed when half is dead, else a pool twice the size. */
  private room(extra: number): void {
    if (this.used + extra <= this.pool.length) return;
    const live = this.used - this.dead;
    const packing = this.dead >= live;
    const next = new Float64Array(Math.max(this.pool.length * (packing ? 1 : 2), 2 * (live + extra)));
    if (!packing) next.set(this.pool.subarray(0, this.used));
    else {
      let w = 0;
      for (const s of this.live()) {
        const n = 2 * this.count[s]!;
        if (n === 0) continue;
        next.set(this.pool.subarray(this.at[s]!, this.at[s]! + n), w);
        this.at[s] = w;
        w += n;
      }
      this.used = w;
      this.dead = 0;
    }
    this.pool = next;
  }
}
