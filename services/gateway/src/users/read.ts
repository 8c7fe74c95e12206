import { paiseToRupees, ROLE_NAME, type UserDto } from '@exch/contracts';
import type { UserRow } from '@exch/projector/read';

/** One white label for now; the field is kept because clients of SPEC.md section 3 read it. */
export const WHITE_LABEL_ID = 'default';

export function toUserDto(row: UserRow): UserDto {
  return {
    _id: row.user_id,
    username: row.username,
    fullName: row.full_name,
    role: { slug: row.role, name: ROLE_NAME[row.role] },
    balance: {
      balance: paiseToRupees(Number(row.balance)),
      exposer: paiseToRupees(Number(row.exposure)),
      held: paiseToRupees(Number(row.held)),
    },
    creditRefrences: paiseToRupees(Number(row.credit_reference)),
    exposureLimit: paiseToRupees(Number(row.exposure_limit)),
    white_label_id: WHITE_LABEL_ID,
    parentId: row.parent_id,
    mustChangePassword: row.must_change_password,
    hasTransactionPassword: row.transaction_password_hash !== null,
    totpEnabled: row.totp_enabled,
    permissions: row.permissions,
    betLocked: row.bet_locked,
  };
}
