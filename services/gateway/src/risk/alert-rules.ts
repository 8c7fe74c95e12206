import { formatPaise, type Paise, type RiskAlertKind } from '@exch/contracts';

/** The numbers the rules use (docs/risk.md). */
export const RULES = {
  /** A stake this many times the account's own average before the window. */
  stakeJumpFactor: 5,
  /** Earlier bets needed before an account's average means anything. */
  stakeHistoryMin: 5,
  /** Settled bets in the window, and before it, needed to compare win rates. */
  winRateWindowMin: 5,
  winRateHistoryMin: 10,
  /** Percentage points above the account's earlier win rate. */
  winRateJumpPoints: 40,
  /** This many bets by one account within burstSeconds. */
  burstCount: 10,
  burstSeconds: 10,
  /** A bet placed at most this long before its market was suspended. */
  beforeSuspensionSeconds: 10,
} as const;

/** A downline bet of the window, as the rules read it. */
export interface WindowBet {
  bet_id: string;
  user_id: string;
  username: string;
  stake: Paise;
  status: string;
  placed_at: Date;
}

/** An account's bets before the window: how many, their average stake, and the settled ones won. */
export interface History {
  bets: number;
  avgStake: number;
  settled: number;
  won: number;
}

export interface Raised {
  kind: RiskAlertKind;
  user_id: string | null;
  username: string | null;
  reason: string;
  betIds: string[];
}

const inr = (p: Paise) => `₹${formatPaise(Math.round(p))}`;

/** Every bet at or above the caller's big-bet threshold (none when it has not set one). */
export function bigBets(bets: readonly WindowBet[], threshold: Paise): Raised[] {
  if (threshold <= 0) return [];
  return bets
    .filter((b) => b.stake >= threshold)
    .map((b) => ({
      kind: 'big_bet',
      user_id: b.user_id,
      username: b.username,
      reason: `Stake ${inr(b.stake)} is at or above your big-bet threshold of ${inr(threshold)}`,
      betIds: [b.bet_id],
    }));
}

const byUser = (bets: readonly WindowBet[]) => {
  const out = new Map<string, WindowBet[]>();
  for (const b of bets) out.set(b.user_id, [...(out.get(b.user_id) ?? []), b]);
  return out;
};

/** An account staking far above its own average, and one winning far more often than it used to. */
export function jumps(bets: readonly WindowBet[], history: ReadonlyMap<string, History>): Raised[] {
  const out: Raised[] = [];
  for (const [userId, mine] of byUser(bets)) {
    const h = history.get(userId);
    if (!h) continue;
    const username = mine[0]!.username;
    if (h.bets >= RULES.stakeHistoryMin && h.avgStake > 0) {
      const big = mine.filter((b) => b.stake >= RULES.stakeJumpFactor * h.avgStake);
      if (big.length > 0) {
        const top = Math.max(...big.map((b) => b.stake));
        out.push({
          kind: 'stake_jump',
          user_id: userId,
          username,
          reason: `Stake up to ${inr(top)}, ${(top / h.avgStake).toFixed(1)}x their average of ${inr(h.avgStake)} over ${h.bets} earlier bets`,
          betIds: big.map((b) => b.bet_id),
        });
      }
    }
    const settled = mine.filter((b) => b.status === 'won' || b.status === 'lost');
    if (settled.length >= RULES.winRateWindowMin && h.settled >= RULES.winRateHistoryMin) {
      const won = settled.filter((b) => b.status === 'won').length;
      const now = (100 * won) / settled.length;
      const before = (100 * h.won) / h.settled;
      if (now - before >= RULES.winRateJumpPoints)
        out.push({
          kind: 'win_rate',
          user_id: userId,
          username,
          reason: `Won ${won} of ${settled.length} settled bets (${Math.round(now)}%) against ${Math.round(before)}% over ${h.settled} earlier`,
          betIds: settled.map((b) => b.bet_id),
        });
    }
  }
  return out;
}

/** An account placing burstCount bets or more within burstSeconds: the largest such run, once. */
export function bursts(bets: readonly WindowBet[]): Raised[] {
  const out: Raised[] = [];
  const span = RULES.burstSeconds * 1000;
  for (const [userId, mine] of byUser(bets)) {
    const sorted = [...mine].sort((a, b) => a.placed_at.getTime() - b.placed_at.getTime());
    let best: WindowBet[] = [];
    for (let i = 0, j = 0; j < sorted.length; j++) {
      while (sorted[j]!.placed_at.getTime() - sorted[i]!.placed_at.getTime() > span) i++;
      if (j - i + 1 > best.length) best = sorted.slice(i, j + 1);
    }
    if (best.length >= RULES.burstCount)
      out.push({
        kind: 'burst',
        user_id: userId,
        username: mine[0]!.username,
        reason: `${best.length} bets within ${RULES.burstSeconds} seconds`,
        betIds: best.map((b) => b.bet_id),
      });
  }
  return out;
}
