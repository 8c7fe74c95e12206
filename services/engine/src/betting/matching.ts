import type { BetFill, Paise, PriceSize } from '@exch/contracts';

/** Liquidity resting at one price: feed volume or a player's unmatched order, in arrival order. */
export interface RestingOrder {
  /** A player's bet id, or null for the feed's volume at this price. */
  betId: string | null;
  userId: string | null;
  size: Paise;
  /** Arrival sequence: time priority within a price. */
  seq: number;
}

export interface Level {
  price: number;
  orders: RestingOrder[];
}

/**
 * Players' orders at a level by user, kept beside the state (not in it: a snapshot stays the plain
 * levels) for the levels where a bettor met his own orders: he skips them (no one matches himself),
 * and with these counts stops at the last of anyone else's instead of walking a market maker's
 * thousands. Built on first need by one walk of the level; restOrder and unrestOrder keep it after.
 */
const usersAt = new WeakMap<Level, Map<string, number>>();

function countsOf(level: Level): Map<string, number> {
  let counts = usersAt.get(level);
  if (!counts) {
    counts = new Map();
    for (const o of level.orders) if (o.userId !== null) counts.set(o.userId, (counts.get(o.userId) ?? 0) + 1);
    usersAt.set(level, counts);
  }
  return counts;
}

export interface Fill {
  price: number;
  size: Paise;
  betId: string | null;
  userId: string | null;
}

/**
 * Matches an incoming order against the opposite side of one runner's book, best price first,
 * then time. A back at odds X takes liquidity offered at X or higher; a lay at X takes liquidity at
 * X or lower. `opposite` is sorted best first (backs' opposite: descending; lays': ascending) and is
 * consumed in place; the unmatched remainder is returned for the caller to rest at X.
 */
export function matchOrder(
  opposite: Level[],
  side: 'back' | 'lay',
  price: number,
  size: Paise,
): { fills: Fill[]; remaining: Paise } {
  const fills: Fill[] = [];
  let remaining = size;
  const acceptable = (levelPrice: number) => (side === 'back' ? levelPrice >= price : levelPrice <= price);
  while (remaining > 0 && opposite.length > 0 && acceptable(opposite[0]!.price)) {
    const level = opposite[0]!;
    while (remaining > 0 && level.orders.length > 0) {
      const order = level.orders[0]!;
      const take = Math.min(order.size, remaining);
      fills.push({ price: level.price, size: take, betId: order.betId, userId: order.userId });
      order.size -= take;
      remaining -= take;
      if (order.size === 0) unrestOrder(level, 0);
    }
    if (level.orders.length === 0) opposite.shift();
  }
  return { fills, remaining };
}

const hasSize = (f: PriceSize): boolean => f.size > 0;
const highestFirst = (a: PriceSize, b: PriceSize): number => b.price - a.price;
const lowestFirst = (a: PriceSize, b: PriceSize): number => a.price - b.price;

/** Offers in the order the sort below would leave them: each no better for the taker than the one before. */
function bestFirst(offers: readonly PriceSize[], sign: number): boolean {
  for (let k = 1; k < offers.length; k++) if (sign * (offers[k]!.price - offers[k - 1]!.price) < 0) return false;
  return true;
}

/**
 * Matches an incoming order against one runner's opposite side without copying or changing it: the
 * feed's offers and other players' resting orders (`players`, already best first), best price first
 * and, within a price, the feed before players, then time. Only the levels and orders the order
 * reaches are read, so a runner with thousands of resting orders costs what the order takes. The
 * fills are the event's own (the counter bet, null for the feed's volume): no copy per bet.
 */
export function takeOpposite(
  feed: readonly PriceSize[],
  players: readonly Level[],
  side: 'back' | 'lay',
  price: number,
  size: Paise,
  userId: string,
): { fills: BetFill[]; remaining: Paise } {
  // A backer wants the highest prices first (and any at or above its own), a layer the lowest.
  const sign = side === 'back' ? -1 : 1;
  // The feed sends its offers best first: only a feed that does not is copied and sorted.
  const offers = bestFirst(feed, sign) ? feed : feed.filter(hasSize).sort(side === 'back' ? highestFirst : lowestFirst);
  const fills: BetFill[] = [];
  let remaining = size;
  let i = 0;
  let j = 0;
  while (remaining > 0) {
    while (i < offers.length && !hasSize(offers[i]!)) i++;
    const offer = offers[i];
    const level = players[j];
    const at = offer && (!level || sign * (offer.price - level.price) <= 0) ? offer.price : level?.price;
    if (at === undefined || sign * (at - price) > 0) break;
    if (offer?.price === at) {
      const take = Math.min(offer.size, remaining);
      fills.push({ price: at, size: take, counterBetId: null });
      remaining -= take;
      i++;
    }
    if (level?.price === at) {
      // Anyone else's orders still ahead at this level: known once the bettor meets one of his own.
      let others = Number.POSITIVE_INFINITY;
      let seen = 0;
      for (const order of level.orders) {
        if (remaining === 0 || others === 0) break;
        if (order.userId === userId) {
          if (others === Number.POSITIVE_INFINITY) others = level.orders.length - countsOf(level).get(userId)! - seen;
          continue;
        }
        seen++;
        others--;
        const take = Math.min(order.size, remaining);
        fills.push({ price: at, size: take, counterBetId: order.betId });
        remaining -= take;
      }
      j++;
    }
  }
  return { fills, remaining };
}

/**
 * Rests an order at its price on its own side, sorted best first for whoever would match it, then
 * by time. Resting backs are taken by layers, who want the lowest odds: ascending. Resting lays are
 * taken by backers, who want the highest: descending. (The feed's "back" prices sit with the lays.)
 */
export function restOrder(own: Level[], side: 'back' | 'lay', price: number, order: RestingOrder): void {
  // A loop, not a closure: this runs for every resting bet folded.
  const ascending = side === 'back';
  let i = 0;
  while (i < own.length && (ascending ? own[i]!.price < price : own[i]!.price > price)) i++;
  const level = own[i];
  if (level?.price !== price) {
    own.splice(i, 0, { price, orders: [order] });
    return;
  }
  level.orders.push(order);
  const counts = usersAt.get(level);
  if (counts && order.userId !== null) counts.set(order.userId, (counts.get(order.userId) ?? 0) + 1);
}

/** Takes a player's order off its level (the caller drops the level once it is empty). */
export function unrestOrder(level: Level, index: number): void {
  const [order] = level.orders.splice(index, 1);
  const counts = usersAt.get(level);
  if (!counts || !order?.userId) return;
  const left = counts.get(order.userId)! - 1;
  if (left > 0) counts.set(order.userId, left);
  else counts.delete(order.userId);
}
