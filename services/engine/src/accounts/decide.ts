import {
  canCreateRole,
  isPositivePaise,
  isPaise,
  MINT_ACCOUNT,
  userStream,
  walletAccount,
  type CreateUser,
  type MintChips,
  type TransferChips,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { shareRefusal } from './partnership.js';
import { balanceOf, exposureOfUser, type EngineState } from '../state.js';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;

export function decideCreateUser(state: EngineState, c: CreateUser, actor: string | null): Decision {
  if (!USERNAME_PATTERN.test(c.username))
    return refuse('INVALID_USERNAME', 'Username must be 3 to 20 letters, digits or _');
  if (state.usernames[c.username.toLowerCase()]) return refuse('USERNAME_TAKEN', 'Username already exists');
  if (state.users.get(c.userId)) return refuse('DUPLICATE_ID', 'User id already exists');
  if (!isPaise(c.creditReference) || c.creditReference < 0)
    return refuse('INVALID_AMOUNT', 'Credit reference must be zero or more');
  if (!isPaise(c.exposureLimit) || c.exposureLimit < 0)
    return refuse('INVALID_AMOUNT', 'Exposure limit must be zero or more');
  if (c.parentId === null) {
    // Only the very first account is created without an upline: the top admin that bootstraps the site.
    if (state.users.size > 0 || c.role !== 'admin')
      return refuse('PARENT_REQUIRED', 'An account must be created by its upline');
  } else {
    const parent = state.users.get(c.parentId);
    if (!parent) return refuse('UNKNOWN_PARENT', 'Upline account not found');
    if (actor !== c.parentId) return refuse('FORBIDDEN', 'Only the upline can create this account');
    if (!canCreateRole(parent.role, c.role))
      return refuse('ROLE_NOT_ALLOWED', 'You can only create roles below your own');
  }
  const { type: _command, shareBp, ...data } = c;
  const created = { type: 'UserCreated', streamId: userStream(c.userId), data } as const;
  if (shareBp === undefined || c.parentId === null) return accept(created);
  // A new account has no children yet: only its upline's share bounds it.
  const refused = shareRefusal(state, c.role, c.parentId, 0, shareBp);
  if (refused) return refused;
  return shareBp === 0
    ? accept(created)
    : accept(created, {
        type: 'PartnershipSet',
        streamId: userStream(c.userId),
        data: { userId: c.userId, parentId: c.parentId, shareBp },
      });
}

/** Minting is the system's act (bootstrap, finance tooling), never a logged-in user's. */
export function decideMintChips(state: EngineState, c: MintChips, actor: string | null): Decision {
  if (actor !== null) return refuse('FORBIDDEN', 'Chips can only be minted by the system');
  const user = state.users.get(c.userId);
  if (!user) return refuse('UNKNOWN_USER', 'User not found');
  if (user.role !== 'admin' || user.parentId !== null)
    return refuse('FORBIDDEN', 'Chips can only be minted to the top admin');
  if (!isPositivePaise(c.amount)) return refuse('INVALID_AMOUNT', 'Amount must be a positive amount in paise');
  return accept({
    type: 'ChipsMinted',
    streamId: userStream(c.userId),
    data: {
      userId: c.userId,
      amount: c.amount,
      postings: [
        { account: MINT_ACCOUNT, amount: -c.amount },
        { account: walletAccount(c.userId), amount: c.amount },
      ],
    },
  });
}

/** Chips move between an upline and its direct downline only, started by the upline (deposit D or withdraw W). */
export function decideTransferChips(state: EngineState, c: TransferChips, actor: string | null): Decision {
  const from = state.users.get(c.fromUserId);
  const to = state.users.get(c.toUserId);
  if (!from || !to) return refuse('UNKNOWN_USER', 'User not found');
  if (!isPositivePaise(c.amount)) return refuse('INVALID_AMOUNT', 'Amount must be a positive amount in paise');
  const deposit = to.parentId === from.userId;
  const withdraw = from.parentId === to.userId;
  if (!deposit && !withdraw) return refuse('NOT_DOWNLINE', 'Chips move only between an upline and its direct downline');
  const upline = deposit ? from.userId : to.userId;
  if (actor !== upline) return refuse('FORBIDDEN', 'Only the upline can move these chips');
  // Exposure is held against the balance: only what is available can leave (DESIGN.md rule 2).
  if (balanceOf(state, walletAccount(from.userId)) - exposureOfUser(state, from.userId) < c.amount)
    return refuse('INSUFFICIENT_FUNDS', 'Insufficient balance');
  return accept({
    type: 'ChipsTransferred',
    streamId: userStream(c.fromUserId),
    data: {
      kind: deposit ? 'deposit' : 'withdraw',
      fromUserId: c.fromUserId,
      toUserId: c.toUserId,
      amount: c.amount,
      remark: c.remark,
      postings: [
        { account: walletAccount(c.fromUserId), amount: -c.amount },
        { account: walletAccount(c.toUserId), amount: c.amount },
      ],
    },
  });
}
