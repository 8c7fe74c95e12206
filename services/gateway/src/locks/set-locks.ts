import type { FastifyRequest } from 'fastify';
import type { MarketKind } from '@exch/contracts';
import { send, type Commands } from '../http/commands.js';
import { HttpError } from '../http/errors.js';

/** What the engine refuses when a lock was set above the caller (services/engine/src/risk/lock-owner.ts). */
const LOCK_SET_ABOVE = 'LOCK_SET_ABOVE';

export interface LockTarget {
  matchId: string;
  kind: MarketKind | null;
  marketId: string | null;
}

/**
 * Locks (or unlocks) betting on a target for each account, one command each. A lock set above the
 * caller is not the caller's to lift (docs/risk.md "Locks have an owner"): the engine refuses it, and
 * the others go ahead; the answer counts those it could not lift.
 */
export async function setMarketLocks(
  commands: Commands,
  req: FastifyRequest,
  userIds: readonly string[],
  t: LockTarget,
  locked: boolean,
): Promise<{ notLifted: number }> {
  let notLifted = 0;
  for (const [i, userId] of userIds.entries()) {
    const command = {
      type: 'SetMarketLock' as const,
      userId,
      matchId: t.matchId,
      marketKind: t.kind,
      marketId: t.marketId,
      locked,
    };
    try {
      await send(commands, req, command, `:${i}`);
    } catch (err) {
      if (!(err instanceof HttpError && err.code === LOCK_SET_ABOVE)) throw err;
      notLifted++;
    }
  }
  return { notLifted };
}

/** "1 account" / "3 accounts". */
export const accounts = (n: number): string => (n === 1 ? '1 account' : `${n} accounts`);

/** The end of an unlock's message when some locks were set above the caller. */
export const keptAbove = (notLifted: number): string =>
  notLifted === 0 ? '' : `; ${accounts(notLifted)} keep${notLifted === 1 ? 's' : ''} a lock set above you`;
