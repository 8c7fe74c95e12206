import type { Privilege, UserDto } from '@exch/contracts';

export type { Privilege };

/** UserDto.permissions null (or a record from before the field existed) means every privilege of the role. */
export function hasPrivilege(user: Pick<UserDto, 'permissions'> | null | undefined, privilege: Privilege): boolean {
  if (!user) return false;
  const held = user.permissions as string[] | null | undefined;
  return held === null || held === undefined || held.includes(privilege);
}
