import * as v from 'valibot';
import {
  idText,
  PageQuery,
  StatementQuery,
  type ActivityRow,
  type BetDto,
  type Paged,
  type StatementRow,
} from '@exch/contracts';
import { BET_SELECT, toBetDto, type BetDbRow } from '../bets/dto.js';
import type { AccountDeps } from '../deps.js';
import {
  COUNTERPARTY_JOIN,
  lineOf,
  SETTLEMENT_KINDS,
  toStatementRow,
  type LedgerLine,
  type LineRow,
} from '../accounts/ledger-lines.js';
import { subjectOf } from '../accounts/subject.js';
import { activityCount, activityEntries } from '@exch/projector/read';

const paged = <T>(data: T[], page: number, limit: number, total: number): Paged<T> => ({
  data,
  pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
});

const ActivityQuery = v.object({ userId: v.optional(idText('userId')), ...PageQuery });
const LineBetsQuery = v.object({ userId: v.optional(idText('userId')), marketId: idText('marketId') });
/** A market's bets of one user: a handful, a few hundred for the busiest trader. */
const LINE_BETS_CAP = 500;

export type StatementFilter = Pick<v.InferOutput<typeof StatementQuery>, 'from' | 'to' | 'type'>;

/** A wallet's statement lines, newest first, filtered: one page (offset, limit) and the count of all. The JSON route and its CSV read it. */
export async function statementLines(
  sql: AccountDeps['sql'],
  userId: string,
  q: StatementFilter,
  page: { offset: number; limit: number },
): Promise<{ lines: LedgerLine[]; total: number }> {
  const params: unknown[] = [`wallet:${userId}`];
  let where = 'e.account = $1';
  if (q.from) where += ` and e.at >= $${params.push(q.from)}::date`;
  if (q.to) where += ` and e.at < ($${params.push(q.to)}::date + 1)`;
  // Bet settlement covers declared results and their revokes: statements show both.
  if (q.type === 'settlement') where += ` and e.kind = any($${params.push([...SETTLEMENT_KINDS])}::text[])`;
  else if (q.type !== 'all') where += ` and e.kind = $${params.push(q.type)}`;
  const { rows: count } = await sql.query<{ n: string }>(
    `select count(*) as n from rm_ledger_entries e where ${where}`,
    params,
  );
  // A line's running balance is the account's balance less what was posted after it (every posting,
  // whatever the filters show): summed from the page's oldest line to now, so it costs what the page
  // looks back over, never the account's whole history.
  const { rows } = await sql.query<LineRow>(
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
  return { lines: rows.map(lineOf), total: Number(count[0]!.n) };
}

export function statementRoutes({ sql, route }: AccountDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/transactions/statement',
      access: 'any',
      tag: 'Accounts',
      summary: "A wallet's statement (own, or a downline's with the account-statement privilege), newest first",
      query: StatementQuery,
      answer: 'StatementPage',
    },
    async (req, { query: q }): Promise<Paged<StatementRow>> => {
      const userId = await subjectOf(sql, req, q.userId, 'account-statement');
      const { lines, total } = await statementLines(sql, userId, q, { offset: (q.page - 1) * q.limit, limit: q.limit });
      return paged(lines.map(toStatementRow), q.page, q.limit, total);
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/transactions/statement/bets',
      access: 'any',
      tag: 'Accounts',
      summary:
        "The bets behind a settlement line of a statement (own, or a downline's with the account-statement privilege): each with the price asked and the price matched",
      query: LineBetsQuery,
      answer: {
        type: 'object',
        properties: { data: { type: 'array', items: { $ref: '#/components/schemas/BetDto' } } },
      },
    },
    async (req, { query: q }): Promise<{ data: BetDto[] }> => {
      const userId = await subjectOf(sql, req, q.userId, 'account-statement');
      const { rows } = await sql.query<BetDbRow>(
        `${BET_SELECT} where b.user_id = $1 and b.market_id = $2 order by b.placed_position limit ${LINE_BETS_CAP}`,
        [userId, q.marketId],
      );
      return { data: rows.map(toBetDto) };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/activity-log',
      access: 'any',
      tag: 'Accounts',
      summary: "Logins and security changes (own, or a downline's with the activity-log privilege)",
      query: ActivityQuery,
    },
    async (req, { query: q }): Promise<Paged<ActivityRow>> => {
      const userId = await subjectOf(sql, req, q.userId, 'activity-log');
      const total = await activityCount(sql, userId);
      const rows = await activityEntries(sql, userId, { limit: q.limit, offset: (q.page - 1) * q.limit });
      const data = rows.map((r) => ({
        _id: String(r.position),
        action: r.action,
        at: new Date(r.at).toISOString(),
        ip: r.ip,
        device: r.device,
        actor: r.actor,
      }));
      return paged(data, q.page, q.limit, total);
    },
  );
}
