import {
  cashOutQuote,
  formatPaise,
  isLevel,
  runnerPosition,
  type CashOut,
  type CashOutKind,
  type CashOutQuote,
  type CommandEnvelope,
  type Paise,
} from '@exch/contracts';
import { bettorOf } from '../bet-checks.js';
import { refuse, type Decision } from '../decision.js';
import { bookKey, type EngineState, type MarketState } from '../state.js';
import { takeOpposite } from './matching.js';
import { decidePlaceBet } from './place.js';
import type { QuoteView } from './quotes.js';

/**
 * The best price a back or a lay on the runner would get now: on match odds from `userId`'s view of
 * the book (never its own orders), on a bookmaker market the house's rate on each side it quotes.
 */
export function bestPrices(
  state: Readonly<EngineState>,
  quotes: QuoteView,
  market: Pick<MarketState, 'marketId' | 'kind'>,
  selectionId: number,
  userId: string,
): { back: number | null; lay: number | null } {
  const { marketId } = market;
  if (market.kind === 'bookmaker') {
    const house = quotes.bookmaker(marketId, selectionId);
    if (house?.status !== 'ACTIVE') return { back: null, lay: null };
    return { back: house.back > 0 ? house.back : null, lay: house.lay > 0 ? house.lay : null };
  }
  const feed = quotes.exchange(marketId, selectionId);
  const book = state.books.get(bookKey(marketId, selectionId));
  const first = (side: 'back' | 'lay') =>
    takeOpposite(
      side === 'back' ? (feed?.back ?? []) : (feed?.lay ?? []),
      side === 'back' ? (book?.lays ?? []) : (book?.backs ?? []),
      side,
      side === 'back' ? 101 : 100_000,
      1,
      userId,
    ).fills[0]?.price ?? null;
  return { back: first('back'), lay: first('lay') };
}

/** Cash out is for runner markets with a price on both sides: the exchange's match odds, the house's bookmaker. */
export const cashesOut = (market: MarketState): market is MarketState & { kind: CashOutKind } =>
  market.kind === 'match_odds' || market.kind === 'bookmaker';

export const CASHOUT_KINDS = 'Cash out is offered on match odds and bookmaker markets only';

/** A player's open bets on one runner: its position there, read from its own bets on the market only. */
export const openBetsOn = (state: Readonly<EngineState>, userId: string, marketId: string, selectionId: number) =>
  state.bets.openOf(state.markets.get(marketId)?.positions.get(userId)?.betIds ?? [], selectionId);

/**
 * Cash out (docs/exchange.md): the player's matched position on the runner, hedged at the best
 * price now by one bet placed as any bet is (delay, suspension, locks, exposure), filled whole at
 * that price or refused. The value the player was shown must still be the value, else the refusal
 * names the new one and nothing is placed.
 */
export function decideCashOut(
  state: Readonly<EngineState>,
  quotes: QuoteView,
  c: CashOut,
  envelope: CommandEnvelope,
): Decision {
  const user = bettorOf(state, envelope.actor);
  if ('ok' in user) return user;
  const market = state.markets.get(c.marketId);
  if (!market) return refuse('MARKET_NOT_FOUND', 'Market not found');
  if (!cashesOut(market)) return refuse('CASHOUT_UNAVAILABLE', CASHOUT_KINDS);
  if (!Number.isInteger(c.percent) || c.percent < 1 || c.percent > 100)
    return refuse('INVALID_CASHOUT', 'Cash out a share from 1 to 100 percent');
  const { userId } = user;
  const mine = openBetsOn(state, userId, c.marketId, c.selectionId);
  const position = runnerPosition(mine, market.kind);
  if (mine.every((b) => b.fills.length === 0))
    return refuse('NO_POSITION', 'You have no matched bet on this runner to cash out');
  if (isLevel(position))
    return refuse(
      'NOTHING_TO_CASH_OUT',
      'This position pays the same whichever way the runner goes: nothing to cash out',
    );
  const quote = cashOutQuote(
    position,
    bestPrices(state, quotes, market, c.selectionId, userId),
    c.percent,
    market.kind,
  );
  if (!quote) return refuse('CASHOUT_UNAVAILABLE', 'No price to cash out at right now');
  if (quote.value !== c.value)
    return refuse(
      'CASHOUT_VALUE_CHANGED',
      `The cash out value is now ${quote.value < 0 ? '-' : ''}₹${formatPaise(Math.abs(quote.value))}: nothing was placed. Cash out again at the new value.`,
    );
  if (quote.stake === 0) return refuse('INVALID_CASHOUT', 'That share of the position is too small to cash out');
  return decideHedge(state, quotes, { ...c, quote }, envelope, { percent: c.percent, value: quote.value });
}

/** A cash out's hedge placed as any bet is (this file and auto-cash-out.ts): at the quote's price and stake. */
export function decideHedge(
  state: Readonly<EngineState>,
  quotes: QuoteView,
  h: {
    betId: string;
    marketId: string;
    selectionId: number;
    referenceId: string;
    delayed?: boolean;
    quote: CashOutQuote;
  },
  envelope: CommandEnvelope,
  cashOut: { percent: number; value: Paise; auto?: true },
): Decision {
  return decidePlaceBet(
    state,
    quotes,
    {
      type: 'PlaceBet',
      betId: h.betId,
      marketId: h.marketId,
      selectionId: h.selectionId,
      side: h.quote.side,
      odds: h.quote.price,
      volume: null,
      stake: h.quote.stake,
      referenceId: h.referenceId,
      ...(h.delayed ? { delayed: true } : {}),
    },
    envelope,
    cashOut,
  );
}
