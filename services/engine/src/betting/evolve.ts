import { updateKey, type BettingEventData, type Paise, type Posting } from '@exch/contracts';
import { Dict } from '../dict.js';
import { bookKey, positionIn, type EngineState, type MarketState, type Position } from '../state.js';
import { archiveMarket, restoreMarket } from './archive.js';
import { forgetMarket, forgetMatch, rememberMarket, rememberMatch } from './forget.js';
import { restOrder, unrestOrder } from './matching.js';
import { lockKey } from './locks.js';
import { addSlot, emptyBook } from './pnl-book.js';

type BettingEvent = { [K in keyof BettingEventData]: { type: K; data: BettingEventData[K] } }[keyof BettingEventData];

function setExposure(
  state: EngineState,
  userId: string,
  position: Position,
  marketExposure: Paise,
  totalExposure: Paise,
): void {
  position.exposure = marketExposure;
  state.exposure.set(userId, totalExposure);
}

/** Takes the resting order of the bet at slot `s` off its runner's book, or shrinks it to what is still unmatched. */
function restingSize(state: EngineState, s: number, size: Paise): void {
  const bets = state.bets;
  const selectionId = bets.selectionAt(s);
  if (Number.isNaN(selectionId)) return;
  const book = state.books.get(bookKey(bets.marketAt(s), selectionId));
  if (!book) return;
  const levels = bets.backAt(s) ? book.backs : book.lays;
  const odds = bets.oddsAt(s);
  let i = 0;
  while (i < levels.length && levels[i]!.price !== odds) i++;
  const level = levels[i];
  if (!level) return;
  const betId = bets.idAt(s);
  let k = 0;
  while (k < level.orders.length && level.orders[k]!.betId !== betId) k++;
  if (k === level.orders.length) return;
  level.orders[k]!.size = size;
  if (size === 0) unrestOrder(level, k);
  if (level.orders.length === 0) levels.splice(i, 1);
}

/** The slot of a bet the log says the state holds. */
function slotOf(state: EngineState, betId: string): number {
  const s = state.bets.slotOf(betId);
  if (s < 0) throw new Error(`bet ${betId} is not in the state`);
  return s;
}

/** The bet's market and its user's position there. */
function placeOf(state: EngineState, s: number): { market: MarketState; position: Position } {
  const market = state.markets.get(state.bets.marketAt(s))!;
  return { market, position: positionIn(market, state.bets.userAt(s)) };
}

/**
 * Takes a bet's part out of its position's P&L book before the bet changes; the book stays, empty
 * or not, for bookIn to put the new part in (a book dropped and made again for every fill of a
 * user's only bet was a new book each time).
 */
function bookOut(state: EngineState, position: Position, s: number): void {
  if (position.book) addSlot(position.book, state.bets, s, -1);
}

/** Puts a bet's part (none once it is no longer open) in its position's P&L book; a book without open bets goes. */
function bookIn(state: EngineState, market: MarketState, position: Position, s: number): void {
  position.book ??= emptyBook(market);
  addSlot(position.book, state.bets, s, 1);
  if (position.book.open === 0) position.book = null;
}

const post = (state: EngineState, postings: Posting[]) => {
  for (const p of postings) state.balances.set(p.account, (state.balances.get(p.account) ?? 0) + p.amount);
};

/** The betting half of evolve: folds in place, like the accounts half. */
export function evolveBetting(state: EngineState, e: BettingEvent): void {
  switch (e.type) {
    case 'MatchListed': {
      const { matchId, sportId, name, seriesName, inPlay } = e.data;
      state.matches[matchId] = { matchId, sportId, name, seriesName, inPlay };
      break;
    }
    case 'MatchRenamed':
      Object.assign(state.matches[e.data.matchId]!, { name: e.data.name, seriesName: e.data.seriesName });
      break;
    case 'MarketRenamed':
      Object.assign(state.markets.get(e.data.marketId)!, { name: e.data.name, runners: e.data.runners });
      break;
    case 'MatchInPlaySet':
      state.matches[e.data.matchId]!.inPlay = e.data.inPlay;
      break;
    case 'MarketListed': {
      const { sportId: _s, source: _source, ...m } = e.data;
      state.markets.set(m.marketId, {
        ...m,
        status: 'ACTIVE',
        settlement: null,
        settledAt: null,
        archived: false,
        betIds: [],
        positions: new Dict(),
      });
      break;
    }
    case 'MarketSettingsSet':
      Object.assign(state.markets.get(e.data.marketId)!, {
        minStake: e.data.minStake,
        maxStake: e.data.maxStake,
        betDelaySec: e.data.betDelaySec,
        commissionBp: e.data.commissionBp,
      });
      break;
    case 'MarketStatusSet':
      state.markets.get(e.data.marketId)!.status = e.data.status;
      break;
    case 'BetPlaced': {
      const d = e.data;
      const s = state.bets.add(d);
      const market = state.markets.get(d.marketId)!;
      market.betIds.push(d.betId);
      const position = positionIn(market, d.userId);
      position.betIds.push(d.betId);
      bookIn(state, market, position, s);
      if (d.seq > state.seq) state.seq = d.seq;
      if (d.unmatched > 0 && d.selectionId !== null) {
        const runner = bookKey(d.marketId, d.selectionId);
        let held = state.books.get(runner);
        if (!held) state.books.set(runner, (held = { backs: [], lays: [] }));
        restOrder(d.side === 'back' ? held.backs : held.lays, d.side, d.odds, {
          betId: d.betId,
          userId: d.userId,
          size: d.unmatched,
          seq: d.seq,
        });
      }
      setExposure(state, d.userId, position, d.marketExposure, d.totalExposure);
      break;
    }
    case 'BetMatched': {
      // A bet's part in its P&L book is taken out before it changes and put back after.
      const s = slotOf(state, e.data.betId);
      const bets = state.bets;
      const userId = bets.userAt(s);
      // Inline, not placeOf: this runs for every counter bet a fill meets.
      const market = state.markets.get(bets.marketAt(s))!;
      const position = positionIn(market, userId);
      bookOut(state, position, s);
      const fills = e.data.fills;
      for (let i = 0; i < fills.length; i++) bets.addFill(s, fills[i]!.price, fills[i]!.size);
      bets.setUnmatched(s, e.data.unmatched);
      bookIn(state, market, position, s);
      restingSize(state, s, e.data.unmatched);
      setExposure(state, userId, position, e.data.marketExposure, e.data.totalExposure);
      break;
    }
    case 'BetCancelled': {
      const s = slotOf(state, e.data.betId);
      restingSize(state, s, 0);
      const { market, position } = placeOf(state, s);
      bookOut(state, position, s);
      state.bets.setUnmatched(s, 0);
      bookIn(state, market, position, s);
      setExposure(state, state.bets.userAt(s), position, e.data.marketExposure, e.data.totalExposure);
      break;
    }
    // Deleted by an upline, or void on a non-runner: out of the book whole, as if never placed.
    case 'BetDeleted':
    case 'BetVoided': {
      const s = slotOf(state, e.data.betId);
      restingSize(state, s, 0);
      const { market, position } = placeOf(state, s);
      bookOut(state, position, s);
      state.bets.setUnmatched(s, 0);
      state.bets.setStatus(s, e.type === 'BetDeleted' ? 'deleted' : 'settled');
      bookIn(state, market, position, s);
      setExposure(state, state.bets.userAt(s), position, e.data.marketExposure, e.data.totalExposure);
      break;
    }
    case 'MarketSettled':
    case 'MarketVoided': {
      const market = state.markets.get(e.data.marketId)!;
      const betIds = e.type === 'MarketSettled' ? e.data.bets.map((b) => b.betId) : e.data.betIds;
      for (const id of betIds) {
        const s = slotOf(state, id);
        restingSize(state, s, 0);
        state.bets.setUnmatched(s, 0);
        state.bets.setStatus(s, 'settled');
        // Every open bet of the market is settled at once: the market's books go with them.
        positionIn(market, state.bets.userAt(s)).book = null;
      }
      for (const x of e.data.exposures) setExposure(state, x.userId, positionIn(market, x.userId), 0, x.totalExposure);
      const postings = e.type === 'MarketSettled' ? e.data.postings : [];
      post(state, postings);
      market.status = e.type === 'MarketSettled' ? 'SETTLED' : 'VOID';
      market.settlement = { settlementId: e.data.settlementId, void: e.type === 'MarketVoided', postings, betIds };
      market.settledAt = e.data.settledAt ?? null;
      state.unarchived[market.marketId] = market.settledAt;
      delete state.proposals[market.marketId];
      // A declared market has no position left to cash out: its rules go.
      for (const r of market.runners) delete state.autoCashOut[bookKey(market.marketId, r.selectionId)];
      break;
    }
    case 'ResultRevoked': {
      const market = state.markets.get(e.data.marketId)!;
      post(state, e.data.postings);
      for (const id of e.data.betIds) {
        const s = slotOf(state, id);
        state.bets.setStatus(s, 'open');
        bookIn(state, market, positionIn(market, state.bets.userAt(s)), s);
      }
      for (const x of e.data.exposures)
        setExposure(
          state,
          x.userId,
          positionIn(market, x.userId),
          x.totalExposure - (state.exposure.get(x.userId) ?? 0),
          x.totalExposure,
        );
      market.status = 'CLOSED';
      market.settlement = null;
      market.settledAt = null;
      delete state.unarchived[market.marketId];
      break;
    }
    case 'MarketArchived':
      archiveMarket(state, e.data);
      break;
    case 'AutoCashOutSet': {
      const key = bookKey(e.data.marketId, e.data.selectionId);
      state.autoCashOut[key] = {
        ...state.autoCashOut[key],
        [e.data.userId]: { profitTarget: e.data.profitTarget, lossLimit: e.data.lossLimit },
      };
      break;
    }
    case 'AutoCashOutCleared': {
      const key = bookKey(e.data.marketId, e.data.selectionId);
      const rules = state.autoCashOut[key];
      if (rules) delete rules[e.data.userId];
      if (rules && Object.keys(rules).length === 0) delete state.autoCashOut[key];
      break;
    }
    case 'MarketRestored':
      restoreMarket(state, e.data);
      break;
    case 'MarketForgotten':
      forgetMarket(state, e.data);
      break;
    case 'MarketRemembered':
      rememberMarket(state, e.data);
      break;
    case 'MatchForgotten':
      forgetMatch(state, e.data);
      break;
    case 'MatchRemembered':
      rememberMatch(state, e.data);
      break;
    case 'FeedMarketStateSet': {
      const market = state.markets.get(e.data.marketId)!;
      market.feed = e.data;
      break;
    }
    case 'RunnerRemoved': {
      // The market's P&L books are rebuilt without the runner; the bet events that follow then
      // take each changed bet's old part out and put its new part in, as for any fill.
      const market = state.markets.get(e.data.marketId)!;
      market.runners = market.runners.filter((r) => r.selectionId !== e.data.selectionId);
      for (const position of market.positions.values()) position.book = null;
      for (const id of market.betIds) {
        const s = slotOf(state, id);
        bookIn(state, market, positionIn(market, state.bets.userAt(s)), s);
      }
      break;
    }
    case 'BetOddsReduced': {
      const s = slotOf(state, e.data.betId);
      const { market, position } = placeOf(state, s);
      bookOut(state, position, s);
      state.bets.setFills(s, e.data.fills);
      bookIn(state, market, position, s);
      setExposure(state, state.bets.userAt(s), position, e.data.marketExposure, e.data.totalExposure);
      break;
    }
    case 'ResultProposed':
      state.markets.get(e.data.marketId)!.proposed = e.data.selectionIds;
      state.proposals[e.data.marketId] = e.data.proposedAt ?? null;
      break;
    case 'MarketLockSet': {
      const key = lockKey(e.data.matchId, e.data.marketKind, e.data.marketId);
      // Replaced, never changed in place: a snapshot being saved may still have to write the old one (Table).
      const { [key]: _lifted, ...kept } = state.marketLocks.get(e.data.userId) ?? {};
      const locks = e.data.locked ? { ...kept, [key]: e.data.setBy ?? null } : kept;
      if (Object.keys(locks).length > 0) state.marketLocks.set(e.data.userId, locks);
      else state.marketLocks.delete(e.data.userId);
      break;
    }
    case 'HousePriceSet':
      state.markets.get(e.data.marketId)!.manual = true;
      state.housePrices[updateKey(e.data.price)] = e.data.price;
      break;
    case 'HousePriceCleared': {
      state.markets.get(e.data.marketId)!.manual = false;
      for (const [key, price] of Object.entries(state.housePrices))
        if (price.marketId === e.data.marketId) delete state.housePrices[key];
      break;
    }
    case 'ButtonValuesSet':
    case 'NewsMessageSet':
      break;
  }
}
