import { paiseToRupees, ROLE_NAME, type RoleSlug, type SqlClient, type UserDto } from '@exch/contracts';

export interface UserRow {
  user_id: string;
  username: string;
  full_name: string;
  role: RoleSlug;
  parent_id: string | null;
  password_hash: string;
  credit_reference: string | number;
  exposure_limit: string | number;
  balance: string | number;
  exposure: string | number;
  /** Pending withdrawals: the balance of hold:{user_id} (payments/). */
  held: string | number;
  must_change_password: boolean;
  account_locked: boolean;
  bet_locked: boolean;
  transaction_password_hash: string | null;
  totp_enabled: boolean;
  permissions: string[] | null;
  created_at: Date | string;
}

/** One white label for now; the field is kept because clients of SPEC.md section 3 read it. */
export const WHITE_LABEL_ID = 'default';

/** The account row with its held chips (the ledger's hold account, not a users column: payments/ owns holds). */
const USER_ROW = `select u.*, coalesce(h.balance, 0) as held from rm_users u left join rm_ledger_balances h on h.account = 'hold:' || u.user_id`;

export async function findUserByUsername(sql: SqlClient, username: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`${USER_ROW} where u.username_lower = lower($1)`, [username]);
  return rows[0] ?? null;
}

export async function findUserById(sql: SqlClient, userId: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`${USER_ROW} where u.user_id = $1`, [userId]);
  return rows[0] ?? null;
}

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
