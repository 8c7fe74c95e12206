import {
  declaredWinnersProblem,
  winnersOf,
  winnersResult,
  HOUSE_COMMISSION_ACCOUNT,
  HOUSE_PNL_ACCOUNT,
  marketStream,
  walletAccount,
  type MarketResult,
  type DomainEvent,
  type Paise,
  type Posting,
  type RevokeResult,
  type SettleMarket,
  type UserExposure,
  type VoidMarket,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import type { BetState, EngineState, MarketState } from '../state.js';
import { isMarketAdmin } from './catalogue.js';
import { matchedOutcome } from './positions.js';
import { exposureIn } from './positions.js';

/** Does a bet win under this result? Back wins on its runner (fancy: Yes when runs reach the line); lay is the mirror. */
function wins(bet: BetState, result: MarketResult): boolean {
  const backWins =
    bet.kind === 'fancy'
      ? (result.runs ?? -1) >= bet.odds
      : bet.selectionId !== null && winnersOf(result).includes(bet.selectionId);
  return bet.side === 'back' ? backWins : !backWins;
}

/** Each bettor's total exposure once this market's is released. */
function released(state: Readonly<EngineState>, market: MarketState, userIds: Iterable<string>): UserExposure[] {
  return [...new Set(userIds)].map((userId) => ({
    userId,
    totalExposure: (state.exposure.get(userId) ?? 0) - (market.positions.get(userId)?.exposure ?? 0),
  }));
}

function settleable(state: Readonly<EngineState>, marketId: string, actor: string | null): MarketState | string {
  if (!isMarketAdmin(state, actor)) return 'Only admin and super admin declare results';
  const market = state.markets.get(marketId);
  if (!market) return 'Market not found';
  if (market.status === 'SETTLED' || market.status === 'VOID') return 'The result of this market is already declared';
  return market;
}

/** An admin declares the result (see `settlement`). */
export function decideSettleMarket(
  state: Readonly<EngineState>,
  c: SettleMarket,
  actor: string | null,
  settlementId: string,
  settledAt: string,
): Decision {
  const market = settleable(state, c.marketId, actor);
  if (typeof market === 'string') return refuse(market.startsWith('Only') ? 'FORBIDDEN' : 'INVALID_RESULT', market);
  let result: MarketResult;
  if (market.kind === 'fancy') {
    if (!Number.isInteger(c.runs) || c.runs! < 0 || c.runs! > 10_000)
      return refuse('INVALID_RESULT', 'Enter the runs: a whole number, 0 or more');
    result = { runs: c.runs! };
  } else {
    const runnerIds = market.runners.map((r) => r.selectionId);
    const chosen = c.selectionIds ?? (c.selectionId === null ? [] : [c.selectionId]);
    const problem = declaredWinnersProblem(runnerIds, market.feed?.numberOfWinners ?? 1, chosen);
    if (problem) return refuse('INVALID_RESULT', problem);
    // In the market's own order, so a result reads the same whichever order the admin picked them in.
    result = winnersResult(runnerIds.filter((id) => chosen.includes(id)));
  }
  return accept(settlement(state, market, result, settlementId, settledAt));
}

/**
 * The settlement of a market on a result: every open bet settles on its matched stake (the
 * unmatched rest lapses), each user's net P&L moves between wallet and house, and net winnings pay
 * commission at the market's rate, rounded down for the house. A declared result and a feed's
 * confirmed one both come here.
 */
export function settlement(
  state: Readonly<EngineState>,
  market: MarketState,
  result: MarketResult,
  settlementId: string,
  settledAt: string,
): DomainEvent {
  const bets = state.bets.openOf(market.betIds).map((bet) => {
    const matched = bet.fills.reduce((s, f) => s + f.size, 0);
    const o = matchedOutcome(bet);
    const won = wins(bet, result);
    const outcome: 'won' | 'lost' | 'void' = matched === 0 ? 'void' : won ? 'won' : 'lost';
    return {
      betId: bet.betId,
      userId: bet.userId,
      outcome,
      pnl: matched === 0 ? 0 : won ? o.win : -o.lose,
      lapsed: bet.unmatched,
    };
  });
  const net = new Map<string, Paise>();
  for (const b of bets) net.set(b.userId, (net.get(b.userId) ?? 0) + b.pnl);
  const users = [...net].map(([userId, pnl]) => ({
    userId,
    pnl,
    commission: pnl > 0 ? Math.floor((pnl * market.commissionBp) / 10_000) : 0,
  }));
  const postings: Posting[] = users
    .filter((u) => u.pnl !== 0)
    .map((u) => ({ account: walletAccount(u.userId), amount: u.pnl - u.commission }));
  const house = -users.reduce((s, u) => s + u.pnl, 0);
  const commission = users.reduce((s, u) => s + u.commission, 0);
  if (house !== 0) postings.push({ account: HOUSE_PNL_ACCOUNT, amount: house });
  if (commission !== 0) postings.push({ account: HOUSE_COMMISSION_ACCOUNT, amount: commission });
  return {
    type: 'MarketSettled',
    streamId: marketStream(market.marketId),
    data: {
      marketId: market.marketId,
      matchId: market.matchId,
      settlementId,
      result,
      bets,
      users,
      postings,
      exposures: released(state, market, net.keys()),
      settledAt,
    },
  };
}

/** Void / abandon: every open bet is void, no money moves, exposure is released. */
export function decideVoidMarket(
  state: Readonly<EngineState>,
  c: VoidMarket,
  actor: string | null,
  settlementId: string,
  settledAt: string,
): Decision {
  const market = settleable(state, c.marketId, actor);
  if (typeof market === 'string') return refuse(market.startsWith('Only') ? 'FORBIDDEN' : 'INVALID_RESULT', market);
  const bets = state.bets.openOf(market.betIds);
  return accept({
    type: 'MarketVoided',
    streamId: marketStream(market.marketId),
    data: {
      marketId: market.marketId,
      matchId: market.matchId,
      settlementId,
      betIds: bets.map((b) => b.betId),
      exposures: released(
        state,
        market,
        bets.map((b) => b.userId),
      ),
      settledAt,
    },
  });
}

/** Undo a declared result by compensation: the reverse postings, and the settled bets open again on their matched stake. */
export function decideRevokeResult(state: Readonly<EngineState>, c: RevokeResult, actor: string | null): Decision {
  if (!isMarketAdmin(state, actor)) return refuse('FORBIDDEN', 'Only admin and super admin revoke results');
  const market = state.markets.get(c.marketId);
  if (!market) return refuse('MARKET_NOT_FOUND', 'Market not found');
  const s = market.settlement;
  if (!s || (market.status !== 'SETTLED' && market.status !== 'VOID'))
    return refuse('NOT_SETTLED', 'This market has no declared result to revoke');
  // The loop reads an archived market's bets back from the log first; reaching here archived means it could not.
  if (market.archived) return refuse('ARCHIVED', 'This market could not be read back from the log, please try again');
  const reopened = s.betIds
    .map((id) => ({ ...state.bets.get(id)!, status: 'open' as const, unmatched: 0 }))
    .filter((b) => b.fills.length > 0);
  const byUser = new Map<string, BetState[]>();
  for (const b of reopened) byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), b]);
  const exposures = [...byUser].map(([userId, bets]) => ({
    userId,
    totalExposure: (state.exposure.get(userId) ?? 0) + exposureIn(market, bets),
  }));
  return accept({
    type: 'ResultRevoked',
    streamId: marketStream(market.marketId),
    data: {
      marketId: market.marketId,
      matchId: market.matchId,
      settlementId: s.settlementId,
      postings: s.postings.map((p) => ({ account: p.account, amount: -p.amount })),
      betIds: reopened.map((b) => b.betId),
      exposures,
    },
  });
}
