import { createHash } from 'node:crypto';
import { migrate, type SqlClient } from '@exch/contracts';

/**
 * Payment screenshots live in the database (table payment_screenshots), so they survive restarts
 * and every gateway of a distributed deployment serves them: no shared disk needed. A row is keyed
 * by its uploader and the SHA-256 of its bytes (the id a deposit request names), so the same file
 * sent twice is stored once and one player's file is never served as another's.
 */
const DDL = [
  `create table if not exists payment_screenshots (
    user_id text not null,
    sha256 text not null,
    content_type text not null,
    bytes bytea not null,
    uploaded_at timestamptz not null default now(),
    primary key (user_id, sha256)
  )`,
];

export const migratePaymentTables = (sql: SqlClient): Promise<void> => migrate(sql, 'gateway-payments', 1, DDL);

/** Stores an uploaded screenshot of a checked type; its id is the SHA-256 of its bytes. */
export async function storeScreenshot(
  sql: SqlClient,
  userId: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await sql.query(
    `insert into payment_screenshots (user_id, sha256, content_type, bytes) values ($1, $2, $3, $4) on conflict (user_id, sha256) do nothing`,
    [userId, sha256, contentType, bytes],
  );
  return sha256;
}

export async function readScreenshot(
  sql: SqlClient,
  userId: string,
  sha256: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const { rows } = await sql.query<{ content_type: string; bytes: Uint8Array }>(
    `select content_type, bytes from payment_screenshots where user_id = $1 and sha256 = $2`,
    [userId, sha256],
  );
  const row = rows[0];
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : null;
}
