import {
  isPaise,
  MAX_AMOUNT_PAISE,
  userStream,
  type DomainEvent,
  type SetAccountLock,
  type SetBetLock,
  type SetCreditReference,
  type SetExposureLimit,
  type SetPermissions,
  type UpdateUserDetails,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { lockSetAbove, lockStep } from '../risk/lock-owner.js';
import { isAncestor, type EngineState, type UserState } from '../state.js';

/** The target exists and the actor is above it: an upline acts on its whole downline and on nothing else. */
export function managed(state: EngineState, actor: string | null, userId: string): UserState | Decision {
  const target = state.users.get(userId);
  if (!target) return refuse('UNKNOWN_USER', 'User not found');
  if (!isAncestor(state, actor, userId)) return refuse('FORBIDDEN', 'You can only manage accounts in your downline');
  return target;
}

export const isDecision = (x: UserState | Decision): x is Decision => 'ok' in x;
const validLimit = (n: unknown): boolean => isPaise(n) && n >= 0 && n <= MAX_AMOUNT_PAISE;

export function decideUpdateUserDetails(state: EngineState, c: UpdateUserDetails, actor: string | null): Decision {
  const target = managed(state, actor, c.userId);
  if (isDecision(target)) return target;
  const fullName = c.fullName.trim();
  if (fullName.length < 1 || fullName.length > 100)
    return refuse('INVALID_NAME', 'Full name must be 1 to 100 characters');
  return accept({ type: 'UserDetailsUpdated', streamId: userStream(c.userId), data: { userId: c.userId, fullName } });
}

export function decideSetCreditReference(state: EngineState, c: SetCreditReference, actor: string | null): Decision {
  const target = managed(state, actor, c.userId);
  if (isDecision(target)) return target;
  if (!validLimit(c.creditReference))
    return refuse('INVALID_AMOUNT', 'Credit reference must be zero or more, in whole paise');
  if (target.creditReference === c.creditReference) return accept();
  return accept({
    type: 'CreditReferenceSet',
    streamId: userStream(c.userId),
    data: { userId: c.userId, creditReference: c.creditReference },
  });
}

export function decideSetExposureLimit(state: EngineState, c: SetExposureLimit, actor: string | null): Decision {
  const target = managed(state, actor, c.userId);
  if (isDecision(target)) return target;
  if (!validLimit(c.exposureLimit))
    return refuse('INVALID_AMOUNT', 'Exposure limit must be zero or more, in whole paise');
  if (target.exposureLimit === c.exposureLimit) return accept();
  return accept({
    type: 'ExposureLimitSet',
    streamId: userStream(c.userId),
    data: { userId: c.userId, exposureLimit: c.exposureLimit },
  });
}

/**
 * An account lock or a bet lock, owned like a market lock (risk/lock-owner.ts): lifted only by the
 * account that set it or one above it.
 */
function decideUserLock(
  state: EngineState,
  c: SetAccountLock | SetBetLock,
  actor: string | null,
  type: 'AccountLockSet' | 'BetLockSet',
): Decision {
  const target = managed(state, actor, c.userId);
  if (isDecision(target)) return target;
  const [held, owner] =
    type === 'AccountLockSet' ? [target.accountLocked, target.accountLockedBy] : [target.betLocked, target.betLockedBy];
  const step = lockStep(state, actor!, held, owner ?? null, c.locked);
  if (step === 'keep') return accept();
  if (step === 'set-above') return lockSetAbove();
  const data = c.locked ? { userId: c.userId, locked: true, setBy: actor! } : { userId: c.userId, locked: false };
  return accept({ type, streamId: userStream(c.userId), data } as DomainEvent);
}

export const decideSetAccountLock = (state: EngineState, c: SetAccountLock, actor: string | null): Decision =>
  decideUserLock(state, c, actor, 'AccountLockSet');

export const decideSetBetLock = (state: EngineState, c: SetBetLock, actor: string | null): Decision =>
  decideUserLock(state, c, actor, 'BetLockSet');

export function decideSetPermissions(state: EngineState, c: SetPermissions, actor: string | null): Decision {
  const target = managed(state, actor, c.userId);
  if (isDecision(target)) return target;
  if (target.role === 'user') return refuse('ROLE_NOT_ALLOWED', 'Privileges apply to back-office accounts only');
  const permissions = c.permissions === null ? null : [...new Set(c.permissions)].sort();
  return accept({ type: 'PermissionsSet', streamId: userStream(c.userId), data: { userId: c.userId, permissions } });
}
