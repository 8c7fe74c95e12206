import * as OTPAuth from 'otpauth';
import type { SqlClient } from '@exch/contracts';

/** TOTP secrets live here, beside the sessions, never in the immutable event log. */
export const TOTP_DDL = `create table if not exists auth_totp (
  user_id text primary key,
  secret text,
  pending_secret text
)`;

const totp = (secret: string, label = 'account') =>
  new OTPAuth.TOTP({
    issuer: 'Exchange',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** One step of clock drift either way is accepted (RFC 6238's recommendation). */
export const totpMatches = (secret: string, code: string): boolean =>
  totp(secret).validate({ token: code, window: 1 }) !== null;

export async function startTotpSetup(
  sql: SqlClient,
  userId: string,
  username: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await sql.query(
    `insert into auth_totp (user_id, pending_secret) values ($1, $2) on conflict (user_id) do update set pending_secret = excluded.pending_secret`,
    [userId, secret],
  );
  return { secret, otpauthUrl: totp(secret, username).toString() };
}

export async function totpSecrets(
  sql: SqlClient,
  userId: string,
): Promise<{ secret: string | null; pending: string | null }> {
  const { rows } = await sql.query<{ secret: string | null; pending_secret: string | null }>(
    `select secret, pending_secret from auth_totp where user_id = $1`,
    [userId],
  );
  return { secret: rows[0]?.secret ?? null, pending: rows[0]?.pending_secret ?? null };
}

export async function activateTotp(sql: SqlClient, userId: string): Promise<void> {
  await sql.query(`update auth_totp set secret = pending_secret, pending_secret = null where user_id = $1`, [userId]);
}

export async function removeTotp(sql: SqlClient, userId: string): Promise<void> {
  await sql.query(`delete from auth_totp where user_id = $1`, [userId]);
}

/** A code generated now, for tests and for the demo. */
export const currentTotp = (secret: string): string => totp(secret).generate();
