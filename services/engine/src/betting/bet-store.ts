import type { MarketKind, Paise, Persistence, RestoredBet, Side } from '@exch/contracts';
import { FillPool } from './fill-pool.js';

type Status = RestoredBet['status'];

/** What `put` reads of a bet: a RestoredBet, or a BetPlaced's data (open, its persistence LAPSE when absent). */
export type PutBet = Omit<RestoredBet, 'status' | 'persistence'> & { status?: Status; persistence?: Persistence };

const KINDS: readonly MarketKind[] = ['match_odds', 'bookmaker', 'fancy'];
const SIDES: readonly Side[] = ['back', 'lay'];
const STATUSES: readonly Status[] = ['open', 'settled', 'deleted'];
const PERSISTENCES: readonly Persistence[] = ['LAPSE', 'PERSIST'];

export const KIND_MATCH_ODDS = 0;
export const KIND_BOOKMAKER = 1;
export const KIND_FANCY = 2;
export const SIDE_BACK = 0;
export const STATUS_OPEN = 0;

/** A market kind as the store's `kind` column holds it. */
export const kindNumber = (kind: MarketKind): number =>
  kind === 'match_odds' ? KIND_MATCH_ODDS : kind === 'bookmaker' ? KIND_BOOKMAKER : KIND_FANCY;

/** What a fill of `size` at `price` adds to a bet's edge: profit per unit of stake × 100, times the size. */
export const edgeOf = (kind: number, price: number, size: Paise, volume: number): number =>
  kind === KIND_MATCH_ODDS ? (price - 100) * size : kind === KIND_BOOKMAKER ? price * size : volume * size;

const INITIAL = 1024;

function grown<T extends Float64Array | Uint8Array>(a: T, capacity: number): T {
  const b = new (a.constructor as new (n: number) => T)(capacity);
  b.set(a);
  return b;
}

/**
 * The engine's bets, in columns: a bet is a slot number, its fields typed arrays indexed by it, and
 * its fills pairs of numbers in one pool (fill-pool.ts). A bet placed costs a few numbers written
 * and no object of its own, so the collector has little to copy and a decision reads a counter bet
 * without copying it (docs/performance.md, "Bets in columns"). The hot path (placing, matching, the
 * fold of bet events) reads and writes the columns by slot; everything else reads a bet as the
 * plain `RestoredBet` that `get` builds, and a snapshot writes and reads that same JSON.
 *
 * Slots of bets that left the state (an archived market's) are used again; iteration follows the
 * order bets were put in, as the Map it replaced did.
 */
export class BetStore {
  /** betId -> slot, in the order the bets were put in. */
  private readonly index = new Map<string, number>();
  private free: number[] = [];
  private next = 0;
  ids: string[] = [];
  users: string[] = [];
  markets: string[] = [];
  /** The bets' fills, read by slot: `fills.countOf(s)`, `fills.priceAt(s, i)`, `fills.sizeAt(s, i)`. */
  readonly fills = new FillPool(INITIAL, () => this.index.values());
  kind = new Uint8Array(INITIAL);
  side = new Uint8Array(INITIAL);
  status = new Uint8Array(INITIAL);
  persistence = new Uint8Array(INITIAL);
  /** NaN for a fancy's bet, which names no selection. */
  selection = new Float64Array(INITIAL);
  odds = new Float64Array(INITIAL);
  /** NaN unless a fancy's. */
  volume = new Float64Array(INITIAL);
  stake = new Float64Array(INITIAL);
  unmatched = new Float64Array(INITIAL);
  seq = new Float64Array(INITIAL);
  /** The fills' edge summed (edgeOf), kept as fills arrive so a bet's P&L part is O(1). */
  edge = new Float64Array(INITIAL);
  /** The fills' sizes summed. */
  matched = new Float64Array(INITIAL);

  get size(): number {
    return this.index.size;
  }

  has(betId: string): boolean {
    return this.index.has(betId);
  }

  /** The bet's slot, or -1 when the state does not hold it. */
  slotOf(betId: string): number {
    return this.index.get(betId) ?? -1;
  }

  private take(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const s = this.next++;
    if (s === this.kind.length) {
      const n = 2 * s;
      this.kind = grown(this.kind, n);
      this.side = grown(this.side, n);
      this.status = grown(this.status, n);
      this.persistence = grown(this.persistence, n);
      this.selection = grown(this.selection, n);
      this.odds = grown(this.odds, n);
      this.volume = grown(this.volume, n);
      this.stake = grown(this.stake, n);
      this.unmatched = grown(this.unmatched, n);
      this.seq = grown(this.seq, n);
      this.edge = grown(this.edge, n);
      this.matched = grown(this.matched, n);
      this.fills.grow(n);
    }
    return s;
  }

  /**
   * A bet into the store (a bet it holds is replaced): a whole `RestoredBet`, or a BetPlaced event's
   * data, which is open and may carry no persistence. Nothing of it is kept but its strings: an
   * event's data stays the event's.
   */
  put(bet: PutBet): number {
    let s = this.index.get(bet.betId);
    if (s === undefined) {
      s = this.take();
      this.index.set(bet.betId, s);
    }
    this.ids[s] = bet.betId;
    this.users[s] = bet.userId;
    this.markets[s] = bet.marketId;
    this.kind[s] = kindNumber(bet.kind);
    this.side[s] = bet.side === 'back' ? SIDE_BACK : 1;
    this.status[s] = bet.status === undefined ? STATUS_OPEN : STATUSES.indexOf(bet.status);
    this.persistence[s] = bet.persistence === 'PERSIST' ? 1 : 0;
    this.selection[s] = bet.selectionId ?? Number.NaN;
    this.odds[s] = bet.odds;
    this.volume[s] = bet.volume ?? Number.NaN;
    this.stake[s] = bet.stake;
    this.unmatched[s] = bet.unmatched;
    this.seq[s] = bet.seq;
    this.setFills(s, bet.fills);
    return s;
  }

  /** The bet's fills replaced (a reduction factor's new prices), its edge and matched stake with them. */
  setFills(s: number, fills: readonly { price: number; size: Paise }[]): void {
    this.edge[s] = 0;
    this.matched[s] = 0;
    this.fills.clear(s);
    for (let i = 0; i < fills.length; i++) this.addFill(s, fills[i]!.price, fills[i]!.size);
  }

  addFill(s: number, price: number, size: Paise): void {
    this.fills.add(s, price, size);
    const volume = this.volume[s]!;
    this.edge[s] = this.edge[s]! + edgeOf(this.kind[s]!, price, size, Number.isNaN(volume) ? 0 : volume);
    this.matched[s] = this.matched[s]! + size;
  }

  setStatus(s: number, status: Status): void {
    this.status[s] = STATUSES.indexOf(status);
  }

  delete(betId: string): boolean {
    const s = this.index.get(betId);
    if (s === undefined) return false;
    this.index.delete(betId);
    // The strings and fills go with the bet; the slot waits for the next one.
    this.ids[s] = '';
    this.users[s] = '';
    this.markets[s] = '';
    this.fills.clear(s);
    this.free.push(s);
    return true;
  }

  clear(): void {
    for (const id of [...this.index.keys()]) this.delete(id);
  }

  marketOf(betId: string): string | undefined {
    const s = this.index.get(betId);
    return s === undefined ? undefined : this.markets[s];
  }

  /** The bet at a slot as a plain object: a copy, which changes nothing when written. */
  at(s: number): RestoredBet {
    const fills: { price: number; size: Paise }[] = [];
    for (let i = 0; i < this.fills.countOf(s); i++)
      fills.push({ price: this.fills.priceAt(s, i), size: this.fills.sizeAt(s, i) });
    const selection = this.selection[s]!;
    const volume = this.volume[s]!;
    return {
      betId: this.ids[s]!,
      userId: this.users[s]!,
      marketId: this.markets[s]!,
      kind: KINDS[this.kind[s]!]!,
      selectionId: Number.isNaN(selection) ? null : selection,
      side: SIDES[this.side[s]!]!,
      odds: this.odds[s]!,
      volume: Number.isNaN(volume) ? null : volume,
      stake: this.stake[s]!,
      fills,
      unmatched: this.unmatched[s]!,
      persistence: PERSISTENCES[this.persistence[s]!]!,
      seq: this.seq[s]!,
      status: STATUSES[this.status[s]!]!,
    };
  }

  /** The bet as a plain object (a copy: write through the store's own methods). */
  get(betId: string): RestoredBet | undefined {
    const s = this.index.get(betId);
    return s === undefined ? undefined : this.at(s);
  }

  keys(): IterableIterator<string> {
    return this.index.keys();
  }

  *values(): IterableIterator<RestoredBet> {
    for (const s of this.index.values()) yield this.at(s);
  }

  *entries(): IterableIterator<[string, RestoredBet]> {
    for (const [id, s] of this.index) yield [id, this.at(s)];
  }

  [Symbol.iterator](): IterableIterator<[string, RestoredBet]> {
    return this.entries();
  }

  /** As the Dict it replaced wrote itself: an object of bets by id. */
  toJSON(): Record<string, RestoredBet> {
    return Object.fromEntries(this.entries());
  }

  /** The bets of a snapshot's JSON (an object by id), or of a Map. */
  static from(held: Record<string, RestoredBet> | ReadonlyMap<string, RestoredBet> | undefined): BetStore {
    const store = new BetStore();
    if (!held) return store;
    for (const bet of held instanceof Map ? held.values() : Object.values(held)) store.put(bet);
    return store;
  }
}
