import {
  cashedOutShare,
  cashOutOnLadder,
  formatInr,
  isLevel,
  largestShare,
  runnerPosition,
  type BetPlaced,
  type CashOut,
  type CashOutKind,
  type CashOutQuote,
  type CommandEnvelope,
  type HedgeLadder,
  type LadderQuote,
  type Paise,
  type PriceSize,
} from '@exch/contracts';
import { bettorOf } from '../bet-checks.js';
import { refuse, type Decision } from '../decision.js';
import { bookKey, type EngineState, type MarketState } from '../state.js';
import { takeOpposite } from './matching.js';
import { decidePlaceBet } from './place.js';
import type { QuoteView } from './quotes.js';

/** A bookmaker rate has no depth: the house takes any stake at it. */
const HOUSE_DEPTH = Number.MAX_SAFE_INTEGER;

/**
 * What a back or a lay on the runner can take now, best first, up to `upTo` paise a side: on match
 * odds the book as the engine matches it from `userId`'s view (the feed's offers and other players'
 * orders, never its own), on a bookmaker market the house's rate on each side it quotes.
 */
export function hedgeLadder(
  state: Readonly<EngineState>,
  quotes: QuoteView,
  market: Pick<MarketState, 'marketId' | 'kind'>,
  selectionId: number,
  userId: string,
  upTo: Paise,
): HedgeLadder {
  const { marketId } = market;
  if (market.kind === 'bookmaker') {
    const house = quotes.bookmaker(marketId, selectionId);
    if (house?.status !== 'ACTIVE') return { back: [], lay: [] };
    const at = (rate: number) => (rate > 0 ? [{ price: rate, size: HOUSE_DEPTH }] : []);
    return { back: at(house.back), lay: at(house.lay) };
  }
  const feed = quotes.exchange(marketId, selectionId);
  const book = state.books.get(bookKey(marketId, selectionId));
  const side = (s: 'back' | 'lay'): PriceSize[] => {
    const { fills } = takeOpposite(
      s === 'back' ? (feed?.back ?? []) : (feed?.lay ?? []),
      s === 'back' ? (book?.lays ?? []) : (book?.backs ?? []),
      s,
      s === 'back' ? 101 : 100_000,
      upTo,
      userId,
    );
    const levels: PriceSize[] = [];
    for (const f of fills) {
      const last = levels[levels.length - 1];
      if (last?.price === f.price) last.size += f.size;
      else levels.push({ price: f.price, size: f.size });
    }
    return levels;
  };
  return { back: side('back'), lay: side('lay') };
}

/** Cash out is for runner markets with a price on both sides: the exchange's match odds, the house's bookmaker. */
export const cashesOut = (market: MarketState): market is MarketState & { kind: CashOutKind } =>
  market.kind === 'match_odds' || market.kind === 'bookmaker';

export const CASHOUT_KINDS = 'Cash out is offered on match odds and bookmaker markets only';

/** A player's open bets on one runner: its position there, read from its own bets on the market only. */
export const openBetsOn = (state: Readonly<EngineState>, userId: string, marketId: string, selectionId: number) =>
  state.bets.openOf(state.markets.get(marketId)?.positions.get(userId)?.betIds ?? [], selectionId);

/** The price as the market shows it: decimal odds, or the house's rate. */
const priceText = (kind: CashOutKind, price: number): string =>
  kind === 'match_odds' ? (price / 100).toFixed(2) : String(price);

/** Why the ladder cannot take the hedge, and what the player can do instead. */
function depthRefusal(
  quote: LadderQuote,
  ladder: HedgeLadder,
  position: { ifWins: Paise; ifLoses: Paise },
  kind: CashOutKind,
  runner: string,
): Decision {
  const levels = ladder[quote.side];
  const depth = levels.reduce((sum, l) => sum + l.size, 0);
  const [best, worst] = [levels[0]!.price, levels[levels.length - 1]!.price].map((p) => priceText(kind, p));
  const most = largestShare(position, ladder, kind);
  return refuse(
    'CASHOUT_NO_DEPTH',
    `Not enough in the market to cash out this share: the hedge needs ${formatInr(quote.stake)} ${quote.side === 'lay' ? 'laid' : 'backed'} on ${runner}, and only ${formatInr(depth)} is offered now (${best === worst ? `at ${best}` : `${best} to ${worst}`}). Nothing was placed. ${most > 0 ? `Cash out ${most}% or less, or try again` : 'Try again'} when more is offered.`,
  );
}

/**
 * Cash out (docs/exchange.md): the player's matched position on the runner, hedged on the ladder now
 * by one bet placed as any bet is (delay, suspension, locks, exposure), filled whole or refused. The
 * value the player was shown is a floor: a value at least as good (less its tolerance) fills, a
 * worse one is refused naming the new value.
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
  const tolerance = c.tolerance ?? 0;
  if (!Number.isSafeInteger(tolerance) || tolerance < 0)
    return refuse('INVALID_CASHOUT', 'The value accepted below the one shown must be zero or more');
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
  const gap = Math.abs(position.ifWins - position.ifLoses);
  const ladder = hedgeLadder(state, quotes, market, c.selectionId, userId, gap);
  const quote = cashOutOnLadder(position, ladder, c.percent, market.kind);
  if (!quote) return refuse('CASHOUT_UNAVAILABLE', 'No price to cash out at right now');
  const runner = market.runners.find((r) => r.selectionId === c.selectionId)?.name ?? 'this runner';
  if (quote.short > 0) return depthRefusal(quote, ladder, position, market.kind, runner);
  if (quote.value < c.value - tolerance)
    return refuse(
      'CASHOUT_VALUE_CHANGED',
      `The cash out value is now ${formatInr(quote.value)}, below the ${formatInr(c.value - tolerance)} you accepted: nothing was placed. Cash out again at the new value if it suits you.`,
    );
  if (quote.stake === 0) return refuse('INVALID_CASHOUT', 'That share of the position is too small to cash out');
  const decision = decideHedge(state, quotes, { ...c, quote }, envelope, { percent: c.percent, value: quote.value });
  if (!decision.ok) return decision;
  // What the share taken pays, from the hedge's own fills: the player's answer names it.
  const placed = decision.events[0]!.data as BetPlaced;
  placed.cashOut = { ...placed.cashOut!, taken: cashedOutShare(position, c.percent, placed, market.kind) };
  return decision;
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
