import {
  cashOutOnLadder,
  isLevel,
  marketStream,
  runnerPosition,
  type CheckAutoCashOut,
  type CommandEnvelope,
  type SetAutoCashOut,
} from '@exch/contracts';
import { bettorOf } from '../bet-checks.js';
import { accept, refuse, type Decision } from '../decision.js';
import { bookKey, type EngineState } from '../state.js';
import { CASHOUT_KINDS, cashesOut, decideHedge, hedgeLadder, openBetsOn } from './cash-out.js';
import type { QuoteView } from './quotes.js';

/** A player's auto cash-out rule on a runner it holds a position on; both limits null clears it. */
export function decideSetAutoCashOut(
  state: Readonly<EngineState>,
  c: SetAutoCashOut,
  envelope: CommandEnvelope,
): Decision {
  const user = bettorOf(state, envelope.actor);
  if ('ok' in user) return user;
  const market = state.markets.get(c.marketId);
  if (!market) return refuse('MARKET_NOT_FOUND', 'Market not found');
  if (!cashesOut(market)) return refuse('CASHOUT_UNAVAILABLE', CASHOUT_KINDS);
  if (market.status !== 'ACTIVE' && market.status !== 'SUSPENDED')
    return refuse('MARKET_CLOSED', 'Market is closed for betting');
  const has = state.autoCashOut[bookKey(c.marketId, c.selectionId)]?.[user.userId] !== undefined;
  const cleared = {
    type: 'AutoCashOutCleared' as const,
    streamId: marketStream(c.marketId),
    data: {
      userId: user.userId,
      marketId: c.marketId,
      selectionId: c.selectionId,
      reason: 'player' as const,
      betId: null,
    },
  };
  if (c.profitTarget === null && c.lossLimit === null)
    return has ? accept(cleared) : refuse('NO_RULE', 'There is no auto cash out on this runner to clear');
  for (const limit of [c.profitTarget, c.lossLimit])
    if (limit !== null && (!Number.isSafeInteger(limit) || limit <= 0))
      return refuse('INVALID_CASHOUT', 'A profit target or loss limit is an amount above zero');
  if (openBetsOn(state, user.userId, c.marketId, c.selectionId).every((b) => b.fills.length === 0))
    return refuse('NO_POSITION', 'You have no matched bet on this runner to cash out');
  return accept({
    type: 'AutoCashOutSet',
    streamId: marketStream(c.marketId),
    data: {
      userId: user.userId,
      marketId: c.marketId,
      matchId: market.matchId,
      selectionId: c.selectionId,
      profitTarget: c.profitTarget,
      lossLimit: c.lossLimit,
    },
  });
}

/**
 * After a runner's price moved: the first rule there whose position's cash-out value now reaches its
 * profit target or its loss limit is cashed out whole, valued and hedged on the ladder's depth as a
 * player's cash out is, and the rule goes (it fires once). A ladder too thin for the whole hedge, a
 * suspended runner or no price leaves the rule for the next move. No bet delay: the engine decides on the price it has, as an exchange's own cash out does.
 */
export function decideCheckAutoCashOut(
  state: Readonly<EngineState>,
  quotes: QuoteView,
  c: CheckAutoCashOut,
  envelope: CommandEnvelope,
): Decision {
  if (envelope.actor !== null) return refuse('FORBIDDEN', 'Auto cash out is decided by the system');
  const market = state.markets.get(c.marketId);
  if (!market || !cashesOut(market)) return accept();
  const rules = state.autoCashOut[bookKey(c.marketId, c.selectionId)] ?? {};
  for (const [userId, rule] of Object.entries(rules)) {
    const position = runnerPosition(openBetsOn(state, userId, c.marketId, c.selectionId), market.kind);
    if (isLevel(position)) continue;
    // Priced as a player's cash out is: at the worst level the whole hedge reaches.
    const gap = Math.abs(position.ifWins - position.ifLoses);
    const quote = cashOutOnLadder(
      position,
      hedgeLadder(state, quotes, market, c.selectionId, userId, gap),
      100,
      market.kind,
    );
    if (!quote || quote.short > 0) continue;
    const crossed =
      (rule.profitTarget !== null && quote.value >= rule.profitTarget) ||
      (rule.lossLimit !== null && quote.value <= -rule.lossLimit);
    if (!crossed) continue;
    const hedge = decideHedge(
      state,
      quotes,
      { ...c, referenceId: c.betId, quote },
      { ...envelope, actor: userId },
      { percent: 100, value: quote.value, auto: true },
    );
    if (!hedge.ok) continue;
    return accept(...hedge.events, {
      type: 'AutoCashOutCleared',
      streamId: marketStream(c.marketId),
      data: { userId, marketId: c.marketId, selectionId: c.selectionId, reason: 'fired', betId: c.betId },
    });
  }
  return accept();
}
