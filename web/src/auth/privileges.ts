import type { UserDto } from '@exch/contracts';

/**
 * Privileges a back-office login can hold (the gateway's catalogue, GET roles/super-admin/permissions).
 * A multi-login sub-login holds a subset; the server refuses the rest with 403, the UI hides them.
 */
export type Privilege =
  | 'view-clients'
  | 'create-client'
  | 'deposit-chips'
  | 'withdraw-chips'
  | 'edit-limits'
  | 'change-client-password'
  | 'lock-clients'
  | 'account-statement'
  | 'activity-log'
  | 'multi-login';

/** UserDto.permissions null (or a record from before the field existed) means every privilege of the role. */
export function hasPrivilege(user: Pick<UserDto, 'permissions'> | null | undefined, privilege: Privilege): boolean {
  if (!user) return false;
  const held = user.permissions as string[] | null | undefined;
  return held === null || held === undefined || held.includes(privilege);
}
