import { userStream, type MarketKind, type SetButtonValues, type SetMarketLock } from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { lockSetAbove, lockStep } from '../risk/lock-owner.js';
import { isAncestor, type EngineState, type MarketState } from '../state.js';

/** A lock on a whole match, a kind of market in it, or one market. */
export const lockKey = (matchId: string, kind: MarketKind | null, marketId: string | null): string =>
  `${matchId}|${kind ?? '*'}|${marketId ?? '*'}`;

/** Locked if the user or any upline above it holds a lock covering the market: locking an agent locks its downline. */
export function isMarketLocked(state: Readonly<EngineState>, userId: string, market: MarketState): boolean {
  // The keys are made only when someone on the chain holds a lock: most bets meet none.
  let covering: string[] | null = null;
  for (let u = state.users.get(userId); u; u = u.parentId ? state.users.get(u.parentId) : undefined) {
    const locks = state.marketLocks.get(u.userId);
    if (!locks) continue;
    covering ??= [
      lockKey(market.matchId, null, null),
      lockKey(market.matchId, market.kind, null),
      lockKey(market.matchId, market.kind, market.marketId),
    ];
    // A loop, not some() with a closure: the closure would hold `locks` in a context allocated on
    // every step up the chain, for every bet.
    for (const k of covering) if (Object.hasOwn(locks, k)) return true;
  }
  return false;
}

/**
 * An upline locks or unlocks betting for a downline user on a match, a market kind or a market (Bet
 * Lock, the risk desk's Block). The lock is the actor's: lifted by it or an account above it only.
 */
export function decideSetMarketLock(state: Readonly<EngineState>, c: SetMarketLock, actor: string | null): Decision {
  if (!state.users.get(c.userId)) return refuse('UNKNOWN_USER', 'User not found');
  if (actor === null || !isAncestor(state, actor, c.userId))
    return refuse('NOT_DOWNLINE', 'You can only lock users of your downline');
  if (!state.matches[c.matchId]) return refuse('MATCH_NOT_FOUND', 'Match not found');
  let kind = c.marketKind;
  if (c.marketId !== null) {
    const market = state.markets.get(c.marketId);
    if (!market || market.matchId !== c.matchId) return refuse('MARKET_NOT_FOUND', 'Market not found in this match');
    kind = market.kind;
  }
  const key = lockKey(c.matchId, kind, c.marketId);
  const locks = state.marketLocks.get(c.userId);
  const held = locks !== undefined && Object.hasOwn(locks, key);
  const step = lockStep(state, actor, held, held ? locks[key]! : null, c.locked);
  if (step === 'keep') return accept();
  if (step === 'set-above') return lockSetAbove();
  const lock = { userId: c.userId, matchId: c.matchId, marketKind: kind, marketId: c.marketId };
  return accept({
    type: 'MarketLockSet',
    streamId: userStream(c.userId),
    data: c.locked ? { ...lock, locked: true, setBy: actor } : { ...lock, locked: false },
  });
}

export function decideSetButtonValues(
  state: Readonly<EngineState>,
  c: SetButtonValues,
  actor: string | null,
): Decision {
  if (!actor || !state.users.get(actor)) return refuse('FORBIDDEN', 'Sign in to save your buttons');
  const valid = (list: { label: string; value: number }[]) =>
    list.length > 0 &&
    list.length <= 12 &&
    list.every((b) => b.label.length > 0 && Number.isSafeInteger(b.value) && b.value > 0);
  if (!valid(c.sportsButtons) || !valid(c.casinoButtons))
    return refuse('INVALID_BUTTONS', 'Buttons need a label and a whole positive value, 1 to 12 of each');
  return accept({
    type: 'ButtonValuesSet',
    streamId: userStream(actor),
    data: {
      userId: actor,
      sportsButtons: c.sportsButtons,
      casinoButtons: c.casinoButtons,
      ...(c.keepInPlay === undefined ? {} : { keepInPlay: c.keepInPlay }),
    },
  });
}
