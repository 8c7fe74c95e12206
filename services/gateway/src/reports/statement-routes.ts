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
import { betsById, playerMarketBets, settlementLineBets } from '@exch/projector/read';
import { toBetDto } from '../bets/dto.js';
import type { AccountDeps } from '../deps.js';
import { lineOf, SETTLEMENT_KINDS, toStatementRow, type LedgerLine } from '../accounts/ledger-lines.js';
import { subjectOf } from '../accounts/subject.js';
import { activityCount, activityEntries, postingCount, statementPage } from '@exch/projector/read';

const paged = <T>(data: T[], page: number, limit: number, total: number): Paged<T> => ({
  data,
  pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
});

const ActivityQuery = v.object({ userId: v.optional(idText('userId')), ...PageQuery });
const LineBetsQuery = v.object({
  userId: v.optional(idText('userId')),
  marketId: idText('marketId'),
  /** The line's log position (its `cause.position`): the bets as that settlement or revoke left them. */
  position: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'position must be a log position (a whole number)'), v.transform(Number)),
  ),
});
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
  const account = `wallet:${userId}`;
  // Bet settlement covers declared results and their revokes: statements show both.
  const kind = q.type === 'settlement' ? [...SETTLEMENT_KINDS] : q.type === 'all' ? undefined : q.type;
  const f = { from: q.from, to: q.to, kind };
  const total = await postingCount(sql, account, f);
  const rows = await statementPage(sql, account, f, page);
  return { lines: rows.map(lineOf), total };
}

export function statementRoutes({ sql, route }: AccountDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/transactions/statement',
      access: 'any',
      backOffice: 'account-statement',
      tag: 'Accounts',
      summary: "A wallet's statement (own, or a downline's with the account-statement privilege), newest first",
      query: StatementQuery,
      answer: 'StatementPage',
    },
    async (req, { query: q }): Promise<Paged<StatementRow>> => {
      const userId = await subjectOf(sql, req, q.userId);
      const { lines, total } = await statementLines(sql, userId, q, { offset: (q.page - 1) * q.limit, limit: q.limit });
      return paged(lines.map(toStatementRow), q.page, q.limit, total);
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/transactions/statement/bets',
      access: 'any',
      backOffice: 'account-statement',
      tag: 'Accounts',
      summary:
        "The bets behind a settlement line of a statement (own, or a downline's with the account-statement privilege): each with the price asked and the price matched; with the line's position, each as that line settled it (line: settled, or revoked when the line reverses a settlement)",
      query: LineBetsQuery,
      answer: {
        type: 'object',
        properties: {
          data: { type: 'array', items: { $ref: '#/components/schemas/BetDto' } },
          line: { type: 'string', enum: ['settled', 'revoked'], nullable: true },
        },
      },
    },
    async (req, { query: q }): Promise<{ data: BetDto[]; line?: 'settled' | 'revoked' | null }> => {
      const userId = await subjectOf(sql, req, q.userId);
      if (q.position === undefined) {
        const rows = await playerMarketBets(sql, userId, q.marketId, LINE_BETS_CAP);
        return { data: rows.map(toBetDto) };
      }
      // A superseded line (revoked, then declared another way) keeps its own result: the bets as it settled them.
      const { line, bets } = await settlementLineBets(sql, userId, q.position, LINE_BETS_CAP);
      const now = new Map(
        (
          await betsById(
            sql,
            bets.map((b) => b.bet_id),
          )
        ).map((r) => [r.bet_id, r]),
      );
      const data = bets.flatMap((b) => {
        const row = now.get(b.bet_id);
        return row && row.market_id === q.marketId ? [toBetDto({ ...row, status: b.outcome, pnl: b.pnl })] : [];
      });
      return { data, line };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/activity-log',
      access: 'any',
      backOffice: 'activity-log',
      tag: 'Accounts',
      summary: "Logins and security changes (own, or a downline's with the activity-log privilege)",
      query: ActivityQuery,
    },
    async (req, { query: q }): Promise<Paged<ActivityRow>> => {
      const userId = await subjectOf(sql, req, q.userId);
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
