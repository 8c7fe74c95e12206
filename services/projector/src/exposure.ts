import type { StoredEvent, UserExposure } from '@exch/contracts';
import { walletsTouched } from './wallets.js';

const ONE_BETTOR = new Set([
  'BetPlaced',
  'BetMatched',
  'BetCancelled',
  'BetDeleted',
  'BetVoided',
  'BetOddsReduced',
  'CasinoBetPlaced',
]);
const MANY_BETTORS = new Set([
  'MarketSettled',
  'MarketVoided',
  'ResultRevoked',
  'CasinoRoundSettled',
  'CasinoRoundVoided',
]);

/** Each bettor's total exposure after a betting event, as the engine decided it (empty for other events). */
export function exposuresOf(e: StoredEvent): UserExposure[] {
  if (ONE_BETTOR.has(e.type)) {
    const d = e.data as UserExposure;
    return [{ userId: d.userId, totalExposure: d.totalExposure }];
  }
  return MANY_BETTORS.has(e.type) ? (e.data as { exposures: UserExposure[] }).exposures : [];
}

/** Users whose balance or exposure a batch changed: their sockets get a balance push. */
export const balancesTouched = (events: StoredEvent[]): string[] => [
  ...new Set([...walletsTouched(events), ...events.flatMap((e) => exposuresOf(e).map((x) => x.userId))]),
];
