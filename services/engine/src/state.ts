import type { Paise, RoleSlug } from '@exch/contracts';

export interface UserState {
  userId: string;
  username: string;
  role: RoleSlug;
  parentId: string | null;
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
