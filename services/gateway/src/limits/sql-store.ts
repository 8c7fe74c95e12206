import { migrate, type SqlClient } from '@exch/contracts';
import { IDLE_MS, waitFor, type RateStore, type Rule } from './bucket.js';

/**
 * UNLOGGED: a crash empties it, which only refills everyone's buckets; not worth a WAL write per
 * bet. Times are the database's, so gateways whose clocks differ still refill alike.
 */
const DDL = [
  `create unlogged table if not exists rate_buckets (
    key text primary key,
    tokens double precision not null,
    at timestamptz not null,
    granted boolean not null
  )`,
];

/** The bucket's level now: what it held plus the refill since, never above the burst ($2 burst, $3 per second). */
const LEVEL = `least($2::float8, b.tokens + extract(epoch from excluded.at - b.at)::float8 * $3::float8)`;

/**
 * Refill and take in one statement: the row lock of the upsert orders concurrent takes of one key,
 * from any gateway, so a burst spread over gateways spends one bucket.
 */
const TAKE = `
  insert into rate_buckets as b (key, tokens, at, granted)
  values ($1, least($2::float8, $2::float8 - $4::float8), clock_timestamp(), true)
  on conflict (key) do update set
    granted = ${LEVEL} >= $4::float8,
    tokens = case when ${LEVEL} >= $4::float8 then least($2::float8, ${LEVEL} - $4::float8) else ${LEVEL} end,
    at = excluded.at
  returning tokens, granted`;

/** Token buckets in PostgreSQL, shared by every gateway of a distributed deployment. */
export class SqlRateStore implements RateStore {
  private constructor(private readonly sql: SqlClient) {}

  static async open(sql: SqlClient): Promise<SqlRateStore> {
    await migrate(sql, 'rate-limits', 1, DDL);
    return new SqlRateStore(sql);
  }

  async take(key: string, rule: Rule, cost = 1): Promise<number> {
    const { rows } = await this.sql.query<{ tokens: number; granted: boolean }>(TAKE, [
      key,
      rule.burst,
      rule.perSecond,
      cost,
    ]);
    const row = rows[0]!;
    return row.granted ? 0 : waitFor(Number(row.tokens), cost, rule);
  }

  async sweep(): Promise<void> {
    await this.sql.query(`delete from rate_buckets where at < clock_timestamp() - make_interval(secs => $1)`, [
      IDLE_MS / 1000,
    ]);
  }
}
