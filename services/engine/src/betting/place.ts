import {
  fillEdge,
  isLadderPrice,
  betStream,
  walletAccount,
  type BetFill,
  type BetPlaced,
  type CommandEnvelope,
  type DomainEvent,
  type ExchangeRunnerUpdate,
  type Paise,
  type PlaceBet,
  type Runner,
} from '@exch/contracts';
import { acceptAll, refuse, type Decision } from '../decision.js';
import { bettorOf, exposureRefusal, stakeRefusal } from '../bet-checks.js';
import { balanceOf, bookKey, type EngineState, type MarketState } from '../state.js';
import { betDelaySecOf, feedStatusRefusal } from './feed-market.js';
import { isMarketLocked } from './locks.js';
import { takeOpposite } from './matching.js';
import { exposureOfTrials, type Trial } from './positions.js';
import type { QuoteView } from './quotes.js';

const STATUS_REFUSAL: Record<string, [string, string]> = {
  SUSPENDED: ['MARKET_SUSPENDED', 'Market is suspended'],
  'Ball Running': ['BALL_RUNNING', 'Ball Running: bets are not accepted right now'],
};

/** Time a bet or a cash out must wait before it is decided: in play only, and once. */
export function betDelayMs(state: Readonly<EngineState>, c: { marketId: string; delayed?: boolean }): number {
  const market = state.markets.get(c.marketId);
  if (!market || c.delayed) return 0;
  return state.matches[market.matchId]?.inPlay ? betDelaySecOf(market) * 1000 : 0;
}

function priceCheck(
  quotes: QuoteView,
  market: MarketState,
  runner: Runner | undefined,
  exchange: ExchangeRunnerUpdate | undefined,
  c: PlaceBet,
): { code: string; message: string } | null {
  if (market.kind === 'fancy') {
    if (c.selectionId !== null) return { code: 'INVALID_SELECTION', message: 'A fancy has no selection to choose' };
    const q = quotes.fancy(market.marketId);
    if (!q) return { code: 'NO_PRICE', message: 'Prices are not available yet, please try again' };
    if (q.status !== 'ACTIVE') return { code: STATUS_REFUSAL[q.status]![0], message: STATUS_REFUSAL[q.status]![1] };
    const offer = c.side === 'back' ? q.yes : q.no;
    if (c.odds !== offer.line || c.volume !== offer.rate)
      return { code: 'ODDS_CHANGED', message: 'Odds changed, please place the bet again' };
    return null;
  }
  if (!runner) return { code: 'INVALID_SELECTION', message: 'Selection not found in this market' };
  if (market.kind === 'bookmaker') {
    const q = quotes.bookmaker(market.marketId, runner.selectionId);
    if (!q) return { code: 'NO_PRICE', message: 'Prices are not available yet, please try again' };
    if (q.status !== 'ACTIVE') return { code: STATUS_REFUSAL[q.status]![0], message: STATUS_REFUSAL[q.status]![1] };
    const rate = c.side === 'back' ? q.back : q.lay;
    if (rate <= 0) return { code: 'NO_PRICE', message: 'No rate is offered on this side' };
    if (c.odds !== rate) return { code: 'ODDS_CHANGED', message: 'Odds changed, please place the bet again' };
    return null;
  }
  const q = exchange;
  if (!q) return { code: 'NO_PRICE', message: 'Prices are not available yet, please try again' };
  if (q.status !== 'ACTIVE') return { code: STATUS_REFUSAL[q.status]![0], message: STATUS_REFUSAL[q.status]![1] };
  if (!isLadderPrice(c.odds))
    return { code: 'INVALID_ODDS', message: 'Odds must be a valid exchange price between 1.01 and 1000' };
  return null;
}

/** The market's runner with this selection id; a loop, as it runs for every bet. */
function runnerOf(market: MarketState, selectionId: number | null): Runner | undefined {
  for (const r of market.runners) if (r.selectionId === selectionId) return r;
  return undefined;
}

/**
 * The event with its cash out in place, before the exposures, as the JSON has always had it. Not
 * a spread in the middle of decidePlaceBet's literal: that makes every bet's event slow to build.
 */
function withCashOut(data: BetPlaced, cashOut: NonNullable<BetPlaced['cashOut']>): BetPlaced {
  const { marketExposure, totalExposure, balance, referenceId, seq, ...head } = data;
  return { ...head, cashOut, marketExposure, totalExposure, balance, referenceId, seq };
}

/** A counter bet a bet meets: its trial, and the fills it takes from this bet (its BetMatched's). */
interface Counter extends Trial {
  betId: string;
  fills: BetFill[];
}

/** No offers, no resting orders, no counter bets: shared, never written. */
const NONE: readonly never[] = [];
const NO_COUNTERS: Counter[] = [];

/** A resting bet of the state as a counter bet, with the first fill this decision gives it (not yet in its numbers). */
function counterOf(state: Readonly<EngineState>, betId: string, first: BetFill): Counter {
  const bets = state.bets;
  const s = bets.slotOf(betId);
  return {
    betId,
    userId: bets.userAt(s),
    marketId: bets.marketAt(s),
    slot: s,
    open: true,
    back: bets.backAt(s),
    selectionId: bets.selectionAt(s),
    odds: bets.oddsAt(s),
    edge: bets.edgeAt(s),
    matched: bets.matchedAt(s),
    unmatched: bets.unmatchedAt(s),
    fills: [first],
  };
}

/**
 * Place a bet (SPEC.md sections 4, 5 and 9; docs/exchange.md): checks in the order a player
 * would want to hear them, matching on match odds, then the exposure the bet adds against the
 * available balance and the exposure limit.
 */
export function decidePlaceBet(
  state: Readonly<EngineState>,
  quotes: QuoteView,
  c: PlaceBet,
  envelope: CommandEnvelope,
  /** A cash out's hedge (cash-out.ts): any stake down to a paisa, filled whole or refused. */
  cashOut?: { percent: number; value: Paise; auto?: true },
): Decision {
  const user = bettorOf(state, envelope.actor);
  if ('ok' in user) return user;
  const userId = user.userId;
  if (state.bets.has(c.betId)) return refuse('DUPLICATE_BET', 'This bet was already placed');
  const market = state.markets.get(c.marketId);
  if (!market) return refuse('MARKET_NOT_FOUND', 'Market not found');
  if (isMarketLocked(state, userId, market))
    return refuse('MARKET_LOCKED', 'Betting on this market is locked for your account. Please contact your upline.');
  if (market.status === 'SUSPENDED') return refuse('MARKET_SUSPENDED', 'Market is suspended');
  if (market.status !== 'ACTIVE') return refuse('MARKET_CLOSED', 'Market is closed for betting');
  const byFeed = feedStatusRefusal(market);
  if (byFeed) return byFeed;
  if (c.side !== 'back' && c.side !== 'lay') return refuse('INVALID_SIDE', 'Choose back or lay');
  const badStake = stakeRefusal(c.stake, cashOut ? 1 : market.minStake, market.maxStake);
  if (badStake) return badStake;
  if (!Number.isSafeInteger(c.odds) || c.odds <= 0) return refuse('INVALID_ODDS', 'Odds must be a positive number');
  // The runner and its feed quote are looked up once: the price check, matching and the event share them.
  const runner = market.kind === 'fancy' ? undefined : runnerOf(market, c.selectionId);
  const exchange =
    market.kind === 'match_odds' && runner ? quotes.exchange(market.marketId, runner.selectionId) : undefined;
  const priceRefusal = priceCheck(quotes, market, runner, exchange, c);
  if (priceRefusal) return refuse(priceRefusal.code, priceRefusal.message);

  const seq = state.seq + 1;
  let fills: BetFill[];
  let unmatched: Paise;
  if (market.kind === 'match_odds') {
    const book = state.books.get(bookKey(c.marketId, c.selectionId!));
    // A backer takes the feed's back offers and players' resting lays; a layer the mirror.
    const result = takeOpposite(
      c.side === 'back' ? (exchange?.back ?? NONE) : (exchange?.lay ?? NONE),
      c.side === 'back' ? (book?.lays ?? NONE) : (book?.backs ?? NONE),
      c.side,
      c.odds,
      c.stake,
      userId,
    );
    fills = result.fills;
    unmatched = result.remaining;
  } else {
    fills = [{ price: c.odds, size: c.stake, counterBetId: null }];
    unmatched = 0;
  }
  if (cashOut && unmatched > 0)
    return refuse(
      'CASHOUT_NOT_FILLED',
      'Not enough in the market to match the whole cash out at that price: nothing was placed. Cash out a smaller share, or try again when more is offered.',
    );
  // The bet and the counter bets it meets (players matched against each other) as trials: their
  // numbers once this bet stands, read from the state's columns, nothing copied. A counter bet
  // gets one BetMatched, in the order first filled, with the fills it took.
  const volume = market.kind === 'fancy' ? c.volume : null;
  const bet: Trial = {
    userId,
    marketId: market.marketId,
    slot: -1,
    open: true,
    back: c.side === 'back',
    selectionId: c.selectionId,
    odds: c.odds,
    edge: 0,
    matched: 0,
    unmatched,
  };
  // Made at the first counter bet: most bets meet none, or one.
  let counters: Counter[] = NO_COUNTERS;
  for (const f of fills) {
    const size = f.size;
    const edge = fillEdge(market.kind, f.price, size, volume);
    bet.edge += edge;
    bet.matched += size;
    if (f.counterBetId === null) continue;
    const theirs = { price: f.price, size, counterBetId: c.betId };
    let k = 0;
    while (k < counters.length && counters[k]!.betId !== f.counterBetId) k++;
    if (k === counters.length) {
      const counter = counterOf(state, f.counterBetId, theirs);
      if (counters === NO_COUNTERS) counters = [counter];
      else counters.push(counter);
    } else counters[k]!.fills.push(theirs);
    const other = counters[k]!;
    other.edge += edge;
    other.matched += size;
    other.unmatched -= size;
  }

  const mine = exposureOfTrials(state, market, userId, bet, counters);
  const balance = balanceOf(state, walletAccount(userId));
  const overdrawn = exposureRefusal(user, balance, state.exposure.get(userId) ?? 0, mine.totalExposure);
  if (overdrawn) return overdrawn;

  const placed: BetPlaced = {
    betId: c.betId,
    userId,
    marketId: market.marketId,
    matchId: market.matchId,
    kind: market.kind,
    selectionId: c.selectionId,
    selectionName: runner ? runner.name : market.name,
    side: c.side,
    odds: c.odds,
    volume,
    stake: c.stake,
    // The event's fills are the state's too once folded (evolve copies their numbers), and a fill's
    // counterBetId is nothing to the P&L it feeds.
    fills,
    unmatched,
    persistence: market.kind === 'match_odds' ? (c.persistence ?? 'LAPSE') : 'LAPSE',
    marketExposure: mine.marketExposure,
    totalExposure: mine.totalExposure,
    balance,
    referenceId: c.referenceId,
    seq,
  };
  const events: DomainEvent[] = [
    { type: 'BetPlaced', streamId: betStream(c.betId), data: cashOut ? withCashOut(placed, cashOut) : placed },
  ];
  for (const other of counters) {
    const theirs = exposureOfTrials(state, market, other.userId, bet, counters);
    events.push({
      type: 'BetMatched',
      streamId: betStream(other.betId),
      data: {
        betId: other.betId,
        userId: other.userId,
        marketId: market.marketId,
        fills: other.fills,
        unmatched: other.unmatched,
        marketExposure: theirs.marketExposure,
        totalExposure: theirs.totalExposure,
      },
    });
  }
  return acceptAll(events);
}
