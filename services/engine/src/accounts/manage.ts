import {
  isPaise,
  MAX_AMOUNT_PAISE,
  userStream,
  type SetAccountLock,
  type SetBetLock,
  type SetCreditReference,
  type SetExposureLimit,
  type SetPermissions,
  type UpdateUserDetails,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
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

export function decideSetAccountLock(state: EngineState, c: SetAccountLock, actor: string | null): Decision {
  const target = managed(state, actor, c.userId);
  if (isDecision(target)) return target;
  if (target.accountLocked === c.locked) return accept();
  return accept({
    type: 'AccountLockSet',
    streamId: userStream(c.userId),
    data: { userId: c.userId, locked: c.locked },
  });
}

export function decideSetBetLock(state: EngineState, c: SetBetLock, actor: string | null): Decision {
  const target = managed(state, actor, c.userId);
  if (isDecision(target)) return target;
  if (target.betLocked === c.locked) return accept();
  return accept({ type: 'BetLockSet', streamId: userStream(c.userId), data: { userId: c.userId, locked: c.locked } });
}

export function decideSetPermissions(state: EngineState, c: SetPermissions, actor: string | null): Decision {
  const target = managed(state, actor, c.userId);
  if (isDecision(target)) return target;
  if (target.role === 'user') return refuse('ROLE_NOT_ALLOWED', 'Privileges apply to back-office accounts only');
  const permissions = c.permissions === null ? null : [...new Set(c.permissions)].sort();
  return accept({ type: 'PermissionsSet', streamId: userStream(c.userId), data: { userId: c.userId, permissions } });
}
