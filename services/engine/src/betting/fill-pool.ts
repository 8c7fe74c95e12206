import type { Paise } from '@exch/contracts';
import { whole, widened } from './typed-arrays.js';

// A fill is a record of three numbers: its price, its size, and the next record of its bet (-1: none).
const RECORD = 3;
const PRICE = 0;
const SIZE = 1;
const NEXT = 2;
const NONE = -1;

/**
 * Every held bet's fills in one Float64Array: a fill costs three numbers written and no object,
 * where an array per bet was most of what a bet left for the collector to copy
 * (docs/performance.md, "Bets in typed arrays"). A bet's fills are a chain of records in the order
 * they came; a fill added to a bet links from its last one, so nothing ever moves, and the records
 * of a bet that leaves the state go back on a free list in one step. The pool only grows, by
 * doubling, to the most fills ever held at once.
 */
export class FillPool {
  private pool: Float64Array;
  /** Records ever taken from the pool's end. */
  private used = 0;
  /** The first free record, its NEXT the one after. */
  private free = NONE;
  /** Per slot: its first record (NONE: it has no fills) and its last. */
  private first: Int32Array;
  private last: Int32Array;

  constructor(slots: number) {
    this.pool = new Float64Array(RECORD * slots);
    this.first = new Int32Array(slots).fill(NONE);
    this.last = new Int32Array(slots);
  }

  /** Room for this many slots, the new ones without fills. */
  grow(slots: number): void {
    const had = this.first.length;
    this.first = widened(this.first, slots).fill(NONE, had);
    this.last = widened(this.last, slots);
  }

  /** The slot's fills in order, as objects (the cold paths' copy of a bet). */
  fillsOf(s: number): { price: number; size: Paise }[] {
    const fills: { price: number; size: Paise }[] = [];
    for (let r = this.first[s]!; r !== NONE; r = this.pool[RECORD * r + NEXT]! | 0)
      fills.push({ price: whole(this.pool[RECORD * r + PRICE]!), size: whole(this.pool[RECORD * r + SIZE]!) });
    return fills;
  }

  /** The slot's fills dropped (its bet left, or its fills are replaced): its records are free again. */
  clear(s: number): void {
    if (this.first[s] === NONE) return;
    this.pool[RECORD * this.last[s]! + NEXT] = this.free;
    this.free = this.first[s]!;
    this.first[s] = NONE;
  }

  add(s: number, price: number, size: Paise): void {
    let r = this.free;
    // `| 0`: an index read from the Float64Array, kept a small integer (a double here boxed on every fill).
    if (r !== NONE) this.free = this.pool[RECORD * r + NEXT]! | 0;
    else {
      if (RECORD * (this.used + 1) > this.pool.length) this.pool = widened(this.pool, 2 * this.pool.length);
      r = this.used++;
    }
    this.pool[RECORD * r + PRICE] = price;
    this.pool[RECORD * r + SIZE] = size;
    this.pool[RECORD * r + NEXT] = NONE;
    if (this.first[s] === NONE) this.first[s] = r;
    else this.pool[RECORD * this.last[s]! + NEXT] = r;
    this.last[s] = r;
  }
}
