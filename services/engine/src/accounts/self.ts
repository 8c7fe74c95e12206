import {
  userStream,
  type ChangePassword,
  type DisableTotp,
  type EnableTotp,
  type EndSessions,
  type RecordLogin,
  type SetTransactionPassword,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { isAncestor, type EngineState } from '../state.js';
import { isDecision, managed } from './manage.js';

/** The owner changes its own password; an upline resets a downline's, which must then be changed at next login. */
export function decideChangePassword(state: EngineState, c: ChangePassword, actor: string | null): Decision {
  if (actor === c.userId) {
    if (!state.users.get(c.userId)) return refuse('UNKNOWN_USER', 'User not found');
    if (c.mustChangePassword) return refuse('INVALID_REQUEST', 'Your own new password cannot require another change');
  } else {
    const target = managed(state, actor, c.userId);
    if (isDecision(target)) return target;
    if (!c.mustChangePassword) return refuse('INVALID_REQUEST', 'A reset password must be changed at next login');
  }
  if (!c.passwordHash) return refuse('INVALID_PASSWORD', 'Password is required');
  return accept({
    type: 'PasswordChanged',
    streamId: userStream(c.userId),
    data: { userId: c.userId, passwordHash: c.passwordHash, mustChangePassword: c.mustChangePassword },
  });
}

function own(state: EngineState, actor: string | null, userId: string): Decision | null {
  if (!state.users.get(userId)) return refuse('UNKNOWN_USER', 'User not found');
  if (actor !== userId) return refuse('FORBIDDEN', 'Only the account owner can do this');
  return null;
}

export function decideSetTransactionPassword(
  state: EngineState,
  c: SetTransactionPassword,
  actor: string | null,
): Decision {
  const refusal = own(state, actor, c.userId);
  if (refusal) return refusal;
  if (!c.transactionPasswordHash) return refuse('INVALID_PASSWORD', 'Transaction password is required');
  return accept({
    type: 'TransactionPasswordSet',
    streamId: userStream(c.userId),
    data: { userId: c.userId, transactionPasswordHash: c.transactionPasswordHash },
  });
}

export function decideEnableTotp(state: EngineState, c: EnableTotp, actor: string | null): Decision {
  const refusal = own(state, actor, c.userId);
  if (refusal) return refusal;
  if (state.users.get(c.userId)!.totpEnabled)
    return refuse('TOTP_ALREADY_ENABLED', 'Two-factor authentication is already on');
  return accept({ type: 'TotpEnabled', streamId: userStream(c.userId), data: { userId: c.userId } });
}

export function decideDisableTotp(state: EngineState, c: DisableTotp, actor: string | null): Decision {
  const refusal = own(state, actor, c.userId);
  if (refusal) return refusal;
  if (!state.users.get(c.userId)!.totpEnabled) return refuse('TOTP_NOT_ENABLED', 'Two-factor authentication is not on');
  return accept({ type: 'TotpDisabled', streamId: userStream(c.userId), data: { userId: c.userId } });
}

export function decideRecordLogin(state: EngineState, c: RecordLogin, actor: string | null): Decision {
  const refusal = own(state, actor, c.userId);
  if (refusal) return refusal;
  return accept({
    type: 'UserLoggedIn',
    streamId: userStream(c.userId),
    data: { userId: c.userId, context: c.context },
  });
}

/**
 * The gateway ended these sessions: the user's own (logout), the system's (a reused refresh token)
 * or an upline's (a lock or a password reset). Journalled so that every gateway learns of it.
 */
export function decideEndSessions(state: EngineState, c: EndSessions, actor: string | null): Decision {
  if (!state.users.get(c.userId)) return refuse('UNKNOWN_USER', 'User not found');
  if (actor !== null && actor !== c.userId && !isAncestor(state, actor, c.userId))
    return refuse('FORBIDDEN', 'Only the user or its upline can end its sessions');
  if (c.sessionIds.length === 0) return accept();
  return accept({
    type: 'SessionsEnded',
    streamId: userStream(c.userId),
    data: { userId: c.userId, sessionIds: c.sessionIds, reason: c.reason },
  });
}
