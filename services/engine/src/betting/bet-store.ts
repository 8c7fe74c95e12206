import { fillEdge, type MarketKind, type Paise, type Persistence, type RestoredBet } from '@exch/contracts';
import { FillPool } from './fill-pool.js';
import { whole, widened } from './typed-arrays.js';

type Status = RestoredBet['status'];

/** What `put` reads of a bet: a RestoredBet, or a BetPlaced's data (open, its persistence LAPSE when absent). */
export type PutBet = Omit<RestoredBet, 'status' | 'persistence'> & { status?: Status; persistence?: Persistence };

const KINDS: readonly MarketKind[] = ['match_odds', 'bookmaker', 'fancy'];
const STATUSES: readonly Status[] = ['open', 'settled', 'deleted'];

export const KIND_MATCH_ODDS = 0;
export const KIND_BOOKMAKER = 1;
export const KIND_FANCY = 2;

/** A market kind as the store holds it. */
const kindNumber = (kind: MarketKind): number =>
  kind === 'match_odds' ? KIND_MATCH_ODDS : kind === 'bookmaker' ? KIND_BOOKMAKER : KIND_FANCY;

// A bet's row: its numbers side by side, so reading a bet touches one or two cache lines, not one per field.
const ROW = 8;
/** kind (bits 0-1), lay (bit 2), status (bits 3-4), PERSIST (bit 5). */
const FLAGS = 0;
/** NaN for a fancy's bet, which names no selection. */
const SELECTION = 1;
const ODDS = 2;
const UNMATCHED = 3;
/** The fills' edge summed (contracts' fillEdge), kept as fills arrive so a bet's P&L part is O(1). */
const EDGE = 4;
/** The fills' sizes summed. */
const MATCHED = 5;
const STAKE = 6;
const SEQ = 7;

const LAY = 4;
const STATUS_SHIFT = 3;
const PERSIST = 32;

// A bet's strings: its id, its user's, its market's.
const REFS = 3;

const INITIAL = 1024;

/**
 * The engine's bets in typed arrays: a bet is a slot number, its numbers a row of a Float64Array
 * (`ROW` numbers a slot), its strings three entries of one array, its fills a chain of records in
 * one pool (fill-pool.ts). A bet placed costs a few numbers written and no object of its own, so the
 * collector has little to copy, and a decision reads a counter bet without copying it
 * (docs/performance.md, "Bets in typed arrays"). The hot path (placing, matching, the fold of bet
 * events) reads and writes by slot; everything else reads a bet as the plain `RestoredBet` that
 * `get` builds, and a snapshot writes and reads that same JSON.
 *
 * Slots of bets that left the state (an archived market's) are used again; iteration follows the
 * order bets were put in, as the Map it replaced did.
 */
export class BetStore {
  /** betId -> slot, in the order the bets were put in. */
  private readonly index = new Map<string, number>();
  private free: number[] = [];
  private next = 0;
  private capacity = INITIAL;
  private rows = new Float64Array(INITIAL * ROW);
  /** NaN unless a fancy's: read to fill and to copy a bet out, never on the bet path. */
  private volumes = new Float64Array(INITIAL);
  private refs: string[] = [];
  /** The bets' fills, by slot. */
  private readonly fills = new FillPool(INITIAL);

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

  idAt(s: number): string {
    return this.refs[REFS * s]!;
  }

  userAt(s: number): string {
    return this.refs[REFS * s + 1]!;
  }

  marketAt(s: number): string {
    return this.refs[REFS * s + 2]!;
  }

  kindAt(s: number): number {
    return this.rows[ROW * s + FLAGS]! & 3;
  }

  backAt(s: number): boolean {
    return (this.rows[ROW * s + FLAGS]! & LAY) === 0;
  }

  openAt(s: number): boolean {
    return ((this.rows[ROW * s + FLAGS]! >> STATUS_SHIFT) & 3) === 0;
  }

  /** NaN for a fancy's bet. */
  selectionAt(s: number): number {
    return whole(this.rows[ROW * s + SELECTION]!);
  }

  oddsAt(s: number): number {
    return whole(this.rows[ROW * s + ODDS]!);
  }

  unmatchedAt(s: number): Paise {
    return whole(this.rows[ROW * s + UNMATCHED]!);
  }

  edgeAt(s: number): number {
    return whole(this.rows[ROW * s + EDGE]!);
  }

  matchedAt(s: number): Paise {
    return whole(this.rows[ROW * s + MATCHED]!);
  }

  setUnmatched(s: number, unmatched: Paise): void {
    this.rows[ROW * s + UNMATCHED] = unmatched;
  }

  setStatus(s: number, status: Status): void {
    const flags = this.rows[ROW * s + FLAGS]!;
    this.rows[ROW * s + FLAGS] = (flags & ~(3 << STATUS_SHIFT)) | (STATUSES.indexOf(status) << STATUS_SHIFT);
  }

  private take(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const s = this.next++;
    if (s === this.capacity) {
      this.capacity *= 2;
      this.rows = widened(this.rows, this.capacity * ROW);
      this.volumes = widened(this.volumes, this.capacity);
      this.fills.grow(this.capacity);
    }
    return s;
  }

  /**
   * A bet into the store (a bet it holds is replaced): a whole `RestoredBet`, or a BetPlaced event's
   * data, which is open and may carry no persistence. Nothing of it is kept but its strings: an
   * event's data stays the event's.
   */
  put(bet: PutBet): number {
    const s = this.index.get(bet.betId);
    return s === undefined ? this.add(bet) : this.write(s, bet);
  }

  /**
   * A bet the store does not hold: a BetPlaced's (decide refuses an id it holds), without the
   * lookup `put` makes first, one of the few left on the bet path.
   */
  add(bet: PutBet): number {
    const s = this.take();
    const held = this.index.size;
    this.index.set(bet.betId, s);
    // A second BetPlaced for one id is a log the engine cannot trust, as a fill for a bet it lacks.
    if (this.index.size === held) throw new Error(`bet ${bet.betId} is already in the state`);
    return this.write(s, bet);
  }

  private write(s: number, bet: PutBet): number {
    this.refs[REFS * s] = bet.betId;
    this.refs[REFS * s + 1] = bet.userId;
    this.refs[REFS * s + 2] = bet.marketId;
    const row = ROW * s;
    const status = bet.status === undefined ? 0 : STATUSES.indexOf(bet.status);
    this.rows[row + FLAGS] =
      kindNumber(bet.kind) |
      (bet.side === 'back' ? 0 : LAY) |
      (status << STATUS_SHIFT) |
      (bet.persistence === 'PERSIST' ? PERSIST : 0);
    this.rows[row + SELECTION] = bet.selectionId ?? Number.NaN;
    this.rows[row + ODDS] = bet.odds;
    this.rows[row + UNMATCHED] = bet.unmatched;
    this.rows[row + STAKE] = bet.stake;
    this.rows[row + SEQ] = bet.seq;
    this.volumes[s] = bet.volume ?? Number.NaN;
    this.setFills(s, bet.fills);
    return s;
  }

  /** The bet's fills replaced (a reduction factor's new prices), its edge and matched stake with them. */
  setFills(s: number, fills: readonly { price: number; size: Paise }[]): void {
    this.rows[ROW * s + EDGE] = 0;
    this.rows[ROW * s + MATCHED] = 0;
    this.fills.clear(s);
    for (let i = 0; i < fills.length; i++) this.addFill(s, fills[i]!.price, fills[i]!.size);
  }

  addFill(s: number, price: number, size: Paise): void {
    this.fills.add(s, price, size);
    const row = ROW * s;
    const volume = this.volumes[s]!;
    this.rows[row + EDGE] =
      this.rows[row + EDGE]! + fillEdge(KINDS[this.kindAt(s)]!, price, size, Number.isNaN(volume) ? null : volume);
    this.rows[row + MATCHED] = this.rows[row + MATCHED]! + size;
  }

  delete(betId: string): boolean {
    const s = this.index.get(betId);
    if (s === undefined) return false;
    this.index.delete(betId);
    // The strings and fills go with the bet; the slot waits for the next one.
    this.refs[REFS * s] = '';
    this.refs[REFS * s + 1] = '';
    this.refs[REFS * s + 2] = '';
    this.fills.clear(s);
    this.free.push(s);
    return true;
  }

  marketOf(betId: string): string | undefined {
    const s = this.index.get(betId);
    return s === undefined ? undefined : this.marketAt(s);
  }

  /** The bet at a slot as a plain object: a copy, which changes nothing when written. */
  at(s: number): RestoredBet {
    const fills = this.fills.fillsOf(s);
    const row = ROW * s;
    const flags = this.rows[row + FLAGS]!;
    const selection = this.rows[row + SELECTION]!;
    const volume = this.volumes[s]!;
    return {
      betId: this.idAt(s),
      userId: this.userAt(s),
      marketId: this.marketAt(s),
      kind: KINDS[flags & 3]!,
      selectionId: Number.isNaN(selection) ? null : whole(selection),
      side: flags & LAY ? 'lay' : 'back',
      odds: whole(this.rows[row + ODDS]!),
      volume: Number.isNaN(volume) ? null : whole(volume),
      stake: whole(this.rows[row + STAKE]!),
      fills,
      unmatched: whole(this.rows[row + UNMATCHED]!),
      persistence: flags & PERSIST ? 'PERSIST' : 'LAPSE',
      seq: whole(this.rows[row + SEQ]!),
      status: STATUSES[(flags >> STATUS_SHIFT) & 3]!,
    };
  }

  /**
   * The open ones among these bets (on one selection when given), as copies: read from the rows
   * first, so a market's settled bets, or a player's on other runners, are never copied out.
   */
  openOf(betIds: readonly string[], selectionId?: number): RestoredBet[] {
    const open: RestoredBet[] = [];
    for (const id of betIds) {
      const s = this.index.get(id);
      if (s === undefined || !this.openAt(s)) continue;
      if (selectionId === undefined || this.selectionAt(s) === selectionId) open.push(this.at(s));
    }
    return open;
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
