import { FULL_SHARE_BP, type SqlClient } from '@exch/contracts';
import { periodSql } from '../period.js';
import { CATEGORY_SQL, PNL_KINDS } from './categories.js';
import { tableExists } from '../table-exists.js';
import {
  LEDGER_TABLES,
  type BranchPnlRow,
  type DailyPnlRow,
  type EntryRow,
  type LedgerLineRow,
  type WalletTotalsRow,
} from './rows.js';

// The ledger's reads: statements, a wallet as of a moment, the profit-loss figures. They join the
// account names (rm_users) and the partnership shares (rm_partnership_shares) where they need them.

/**
 * The counterparty's account row: a wallet's or a hold's owner (a withdrawal paid from a player's
 * hold names the player). Joins on `e.counterparty_account`.
 */
const COUNTERPARTY_JOIN = `left join rm_users u on u.user_id = substr(e.counterparty_account, strpos(e.counterparty_account, ':') + 1)
  and split_part(e.counterparty_account, ':', 1) in ('wallet', 'hold')`;

/** A statement's filter: a period of whole days, and one kind or any of several. */
export interface PostingFilter {
  from?: string | undefined;
  to?: string | undefined;
  kind?: string | string[] | undefined;
}

function postingWhere(account: string, f: PostingFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [account];
  let where = 'e.account = $1';
  if (f.from) where += ` and e.at >= $${params.push(f.from)}::date`;
  if (f.to) where += ` and e.at < ($${params.push(f.to)}::date + 1)`;
  if (Array.isArray(f.kind)) where += ` and e.kind = any($${params.push(f.kind)}::text[])`;
  else if (f.kind !== undefined) where += ` and e.kind = $${params.push(f.kind)}`;
  return { where, params };
}

/** How many postings to `account` the filter picks. */
export async function postingCount(sql: SqlClient, account: string, f: PostingFilter): Promise<number> {
  const { where, params } = postingWhere(account, f);
  const { rows } = await sql.query<{ n: string }>(
    `select count(*) as n from rm_ledger_entries e where ${where}`,
    params,
  );
  return Number(rows[0]!.n);
}

/** A page of `account`'s postings the filter picks, newest first, each with the balance after it. */
export async function statementPage(
  sql: SqlClient,
  account: string,
  f: PostingFilter,
  page: { offset: number; limit: number },
): Promise<LedgerLineRow[]> {
  const { where, params } = postingWhere(account, f);
  // A line's running balance is the account's balance less what was posted after it (every posting,
  // whatever the filters show): summed from the page's oldest line to now, so it costs what the page
  // looks back over, never the account's whole history.
  const { rows } = await sql.query<LedgerLineRow>(
    `with page as (
       select e.position, e.leg from rm_ledger_entries e
        where ${where} order by e.position desc, e.leg desc limit ${page.limit} offset ${page.offset}
     ), since as (
       select x.*, coalesce((select balance from rm_ledger_balances where account = $1), 0)
                   - coalesce(sum(x.amount) over (order by x.position desc, x.leg desc
                                                  rows between unbounded preceding and 1 preceding), 0) as running
         from rm_ledger_entries x
        where x.account = $1 and (x.position, x.leg) >= (select position, leg from page order by position, leg limit 1)
     )
     select e.position, e.leg, e.amount, e.running, e.kind, e.remark, e.at, e.market_id, u.username as counterparty
       from since e join page p on p.position = e.position and p.leg = e.leg
       ${COUNTERPARTY_JOIN}
      order by e.position desc, e.leg desc`,
    params,
  );
  return rows;
}

/** `userId`'s wallet at `at` (an ISO instant): its postings stamped at or before it, their sum, and its hold's. */
export async function walletTotalsAsOf(sql: SqlClient, userId: string, at: string): Promise<WalletTotalsRow> {
  const { rows } = await sql.query<WalletTotalsRow>(
    `select count(*) filter (where account = $1) as n, coalesce(sum(amount) filter (where account = $1), 0) as balance,
            coalesce(sum(amount) filter (where account = $3), 0) as held
       from rm_ledger_entries where account in ($1, $3) and at <= $2::timestamptz`,
    [`wallet:${userId}`, at, `hold:${userId}`],
  );
  return rows[0]!;
}

/**
 * A page of `userId`'s wallet postings stamped at or before `at`, newest first, each running
 * balance a window sum over (position, leg) of those same rows (no stored balance is trusted).
 */
export async function walletLinesAsOf(
  sql: SqlClient,
  userId: string,
  at: string,
  page: { offset: number; limit: number },
): Promise<LedgerLineRow[]> {
  const { rows } = await sql.query<LedgerLineRow>(
    `with lines as (
       select position, leg, amount, kind, remark, at, counterparty_account,
              sum(amount) over (order by position, leg rows between unbounded preceding and current row) as running
         from rm_ledger_entries
        where account = $1 and at <= $2::timestamptz
     )
     select e.position, e.leg, e.amount, e.running, e.kind, e.remark, e.at, u.username as counterparty
       from lines e ${COUNTERPARTY_JOIN}
      order by e.position desc, e.leg desc
      limit $3 offset $4`,
    [`wallet:${userId}`, at, page.limit, page.offset],
  );
  return rows;
}

/**
 * The players' side per day and category of one wallet, or of several (one array parameter: the
 * planner then knows how many it reads), over a period of whole days.
 */
export async function dailyCategoryPnl(
  sql: SqlClient,
  wallets: string | string[],
  period: { from?: string; to?: string },
): Promise<DailyPnlRow[]> {
  const params: unknown[] = [wallets];
  const kinds = `$${params.push(PNL_KINDS)}::text[]`;
  const { rows } = await sql.query<DailyPnlRow>(
    `select to_char(e.at, 'YYYY-MM-DD') as day, ${CATEGORY_SQL} as category, sum(e.amount) as pnl
       from rm_ledger_entries e
      where ${typeof wallets === 'string' ? 'e.account = $1' : 'e.account = any($1::text[])'} and e.kind = any(${kinds})${periodSql(period, params)}
      group by 1, 2 order by 1`,
    params,
  );
  return rows;
}

/** SQL: the share (basis points) of account `who` at the posting `p.position`; the top admin holds all. */
const shareAt = (
  who: string,
) => `(case when (select s.parent_id from rm_users s where s.user_id = ${who}) is null then ${FULL_SHARE_BP}
  else coalesce((select h.share_bp from rm_partnership_shares h where h.user_id = ${who} and h.position < p.position order by h.position desc limit 1), 0) end)`;

/**
 * The figures of each branch below `parentId` (`wallets`: each wallet of its downline with the
 * direct child whose branch it is in), per category, over a period of whole days. Every posting is
 * split with the shares in force at its own log position.
 *
 * Shares change rarely, so the postings are summed first, per branch, category and stretch of the
 * log between two share changes of the branch's root or of the parent (`width_bucket` over their
 * positions): within a stretch both shares are constant, and each stretch's sum is multiplied by
 * the shares in force at its start. Exactly the per-posting sum, at the cost of one pass over the
 * period's postings instead of two share lookups for each posting.
 */
export async function branchPnl(
  sql: SqlClient,
  parentId: string,
  wallets: { account: string; root: string }[],
  period: { from?: string; to?: string },
): Promise<BranchPnlRow[]> {
  const params: unknown[] = [parentId, PNL_KINDS, wallets.map((w) => w.account), wallets.map((w) => w.root)];
  const { rows } = await sql.query<BranchPnlRow>(
    `with branch as (select * from unnest($3::text[], $4::text[]) as b(account, root)),
     changes as (
       select coalesce(array_agg(distinct h.position order by h.position), '{}') as at
         from rm_partnership_shares h where h.user_id = $1 or h.user_id = any($4::text[])
     ),
     -- Summed per wallet first (a hash over the period's postings, each wallet's read by the index
     -- on account and time), then per branch: joining first made the planner sort every posting.
     sums as (
       select e.account, ${CATEGORY_SQL} as category, width_bucket(e.position, (select at from changes)) as stretch, sum(e.amount) as amount
         from rm_ledger_entries e
        where e.account = any($3::text[]) and e.kind = any($2::text[])${periodSql(period, params)}
        group by 1, 2, 3
     ),
     stretches as (
       select b.root, s.category, s.stretch, sum(s.amount) as amount
         from sums s join branch b on b.account = s.account
        group by 1, 2, 3
     ),
     -- A stretch's shares are those in force just after the change that opens it; before the first, none.
     p as (
       select s.root, s.category, s.amount, case when s.stretch > 0 then (select at[s.stretch] from changes) + 1 end as position
         from stretches s
     )
     select p.root, p.category, sum(p.amount)::text as players,
            sum(-p.amount::numeric * ${shareAt('p.root')})::text as carried,
            sum(-p.amount::numeric * ${shareAt('$1')})::text as parent_carried
       from p group by p.root, p.category`,
    params,
  );
  return rows;
}

/** Every account's balance as text; null when the table is not there. */
export async function ledgerBalances(sql: SqlClient): Promise<{ account: string; balance: string }[] | null> {
  if (!(await tableExists(sql, LEDGER_TABLES.balances))) return null;
  const { rows } = await sql.query<{ account: string; balance: string }>(
    `select account, balance::text as balance from rm_ledger_balances`,
  );
  return rows;
}

export const hasLedgerEntries = (sql: SqlClient): Promise<boolean> => tableExists(sql, LEDGER_TABLES.entries);

/** The postings of some log positions, in log order. */
export async function entriesAt(sql: SqlClient, positions: number[]): Promise<EntryRow[]> {
  const { rows } = await sql.query<EntryRow>(
    `select position, leg, account, user_id, amount::text as amount
               from rm_ledger_entries where position = any($1::bigint[]) order by position, leg`,
    [positions],
  );
  return rows;
}

/** The postings after log position `after` up to `upTo`, in log order. */
export async function entriesBetween(sql: SqlClient, after: number, upTo: number): Promise<EntryRow[]> {
  const { rows } = await sql.query<EntryRow>(
    `select position, leg, account, user_id, amount::text as amount
                 from rm_ledger_entries where position > $1 and position <= $2 order by position, leg`,
    [after, upTo],
  );
  return rows;
}
