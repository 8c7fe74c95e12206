import { MINT_ACCOUNT, type StoredEvent } from '@exch/contracts';

// What a money event must post and to which accounts, read from the event itself.

export const WALLET_PREFIX = 'wallet:';
export const HOLD_PREFIX = 'hold:';
// Listed here rather than imported: a check that shared the engine's definitions would share its bugs.
const MONEY_TYPES = new Set([
  'ChipsMinted',
  'ChipsTransferred',
  'MarketSettled',
  'ResultRevoked',
  'WithdrawalRequested',
  'DepositApproved',
  'WithdrawalApproved',
  'WithdrawalRejected',
  'ProviderDebited',
  'ProviderCredited',
  'ProviderRolledBack',
  'CasinoRoundSettled',
]);
/** The house's P&L is the counterparty of every bet: it may be negative when players win. */
export const HOUSE_PNL = 'house:pnl';
/** The same for the house's own casino tables (docs/casino.md). */
export const HOUSE_CASINO = 'house:casino';
/** A third-party casino provider's account (one per provider) is the counterparty of its games' stakes and wins: negative when players won. */
export const THIRD_PARTY_PREFIX = 'house:third-party:';
/**
 * A revoked result takes back winnings that may already be withdrawn: the only event after which a
 * wallet may be left below zero (the player then owes the house, as on a real exchange).
 */
export const MAY_OVERDRAW = new Set(['ResultRevoked']);

/** The postings of an event when it is a money event: null when it is not, a string when they are malformed. */
export function postingsOf(e: StoredEvent): { account: string; amount: number }[] | null | string {
  const data = e.data as { postings?: unknown } | null;
  const raw = data && typeof data === 'object' ? data.postings : undefined;
  if (raw === undefined && !MONEY_TYPES.has(e.type)) return null;
  if (!Array.isArray(raw)) return `${e.type} has no postings array`;
  for (const [i, p] of raw.entries()) {
    const ok =
      p &&
      typeof p === 'object' &&
      typeof p.account === 'string' &&
      p.account.length > 0 &&
      Number.isSafeInteger(p.amount);
    if (!ok) return `${e.type} posting ${i} is not {account, amount in whole paise}: ${JSON.stringify(p)}`;
  }
  return raw as { account: string; amount: number }[];
}

/** Casino bets placed and not yet settled or voided: who placed them and what they staked. */
export type OpenCasinoBets = Map<string, { userId: string; stake: number }>;

/**
 * Folds a casino event into the open bets; for a settlement, what it must post from the bets it
 * names (each bettor's net against house:casino), or a message when a bet is unknown or lost more
 * than its stake.
 */
export function casinoPostings(e: StoredEvent, open: OpenCasinoBets): Map<string, number> | string | null {
  const d = e.data as {
    betId?: string;
    userId?: string;
    stake?: number;
    betIds?: string[];
    bets?: { betId: string; pnl: number }[];
  };
  if (e.type === 'CasinoBetPlaced') open.set(String(d.betId), { userId: String(d.userId), stake: Number(d.stake) });
  if (e.type === 'CasinoRoundVoided') for (const id of d.betIds ?? []) open.delete(id);
  if (e.type !== 'CasinoRoundSettled') return null;
  const legs = new Map<string, number>();
  for (const b of d.bets ?? []) {
    const bet = open.get(b.betId);
    open.delete(b.betId);
    if (!bet) return `settles bet ${b.betId}, which was never placed or is already settled`;
    if (!Number.isSafeInteger(b.pnl) || b.pnl < -bet.stake)
      return `bet ${b.betId} loses ${-b.pnl}, more than its stake of ${bet.stake}`;
    legs.set(`${WALLET_PREFIX}${bet.userId}`, (legs.get(`${WALLET_PREFIX}${bet.userId}`) ?? 0) + b.pnl);
    legs.set(HOUSE_CASINO, (legs.get(HOUSE_CASINO) ?? 0) - b.pnl);
  }
  return legs;
}

/** What a chip, payment or third-party casino movement must post, from its own fields (from, to); null for other types. */
export function impliedPostings(e: StoredEvent): Map<string, number> | null {
  const d = e.data as Record<string, unknown>;
  const wallet = (key: string) => `${WALLET_PREFIX}${String(d[key])}`;
  const hold = `${HOLD_PREFIX}${String(d.userId)}`;
  const thirdParty = `${THIRD_PARTY_PREFIX}${String(d.provider)}`;
  const moves: Record<string, [string, string]> = {
    ChipsMinted: [MINT_ACCOUNT, wallet('userId')],
    ChipsTransferred: [wallet('fromUserId'), wallet('toUserId')],
    WithdrawalRequested: [wallet('userId'), hold],
    DepositApproved: [wallet('walletUserId'), wallet('userId')],
    WithdrawalApproved: [hold, wallet('walletUserId')],
    WithdrawalRejected: [hold, wallet('userId')],
    ProviderDebited: [wallet('userId'), thirdParty],
    ProviderCredited: [thirdParty, wallet('userId')],
    ProviderRolledBack: [thirdParty, wallet('userId')],
  };
  const move = moves[e.type];
  if (!move) return null;
  const amount = Number(d.amount);
  const legs = new Map<string, number>([[move[0], -amount]]);
  legs.set(move[1], (legs.get(move[1]) ?? 0) + amount);
  return legs;
}
