import type { Paise, RoleSlug } from '@exch/contracts';

export interface UserState {
  userId: string;
  username: string;
  role: RoleSlug;
  parentId: string | null;
  creditReference: Paise;
  exposureLimit: Paise;
  accountLocked: boolean;
  betLocked: boolean;
  totpEnabled: boolean;
}

/** Everything the engine decides against. Plain objects only, so a snapshot is a JSON copy. */
export interface EngineState {
  users: Record<string, UserState>;
  /** Lower-cased username -> userId, for uniqueness. */
  usernames: Record<string, string>;
  /** Ledger account -> balance in paise. */
  balances: Record<string, Paise>;
}

export const emptyState = (): EngineState => ({ users: {}, usernames: {}, balances: {} });

export const balanceOf = (state: EngineState, account: string): Paise => state.balances[account] ?? 0;

/** True when `ancestorId` is strictly above `userId` in the hierarchy: an upline manages its whole downline. */
export function isAncestor(state: EngineState, ancestorId: string | null, userId: string): boolean {
  if (ancestorId === null) return false;
  for (let u = state.users[userId]; u?.parentId; u = state.users[u.parentId]) {
    if (u.parentId === ancestorId) return true;
  }
  return false;
}
