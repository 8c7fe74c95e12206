/**
 * Each direct child's branch of an account: its players' results per category, and the house's
 * side of them split by partnership shares (docs/reports.md). Every posting is split with the
 * shares in force at its own log position (rm_partnership_shares), so a share changed mid-period
 * splits what came before by the old share and what came after by the new one, and a replay or an
 * as-of view gives the same split. What a level carries over the period is rounded once, from the
 * exact sum, and apportioned over categories and children by largest remainder (apportion.ts): no
 * drift however many postings.
 */
import { FULL_SHARE_BP, PNL_CATEGORIES, type SqlClient } from '@exch/contracts';
import { apportion } from './apportion.js';
import { periodSql } from '@exch/projector/read';
import { CATEGORY_SQL, PNL_KINDS, zeroCategories, type CategoryPaise } from './categories.js';

export interface BranchFigures {
  /** The players' side: positive when they won. */
  players: CategoryPaise;
  /** The house's side the child and its downline carry, by the child's share. */
  carried: CategoryPaise;
  /** The house's side the parent and its downline carry of this branch, by the parent's share. */
  parentCarried: CategoryPaise;
}

export const emptyFigures = (): BranchFigures => ({
  players: zeroCategories(),
  carried: zeroCategories(),
  parentCarried: zeroCategories(),
});

type CategoryNumerators = Record<keyof CategoryPaise, bigint>;
const zeroNumerators = (): CategoryNumerators => ({ sports: 0n, casino: 0n, thirdParty: 0n });
const SCALE = BigInt(FULL_SHARE_BP);

/** SQL: the share (basis points) of account `who` at the posting `p.position`; the top admin holds all. */
const shareAt = (
  who: string,
) => `(case when (select s.parent_id from rm_users s where s.user_id = ${who}) is null then ${FULL_SHARE_BP}
  else coalesce((select h.share_bp from rm_partnership_shares h where h.user_id = ${who} and h.position < p.position order by h.position desc limit 1), 0) end)`;

/**
 * Figures of every direct child of `parentId` that has any, over a period of whole days.
 *
 * Shares change rarely, so the postings are summed first, per branch, category and stretch of the
 * log between two share changes of the branch's root or of the parent (`width_bucket` over their
 * positions): within a stretch both shares are constant, and each stretch's sum is multiplied by
 * the shares in force at its start. Exactly the per-posting sum, at the cost of one pass over the
 * period's postings instead of two share lookups for each posting.
 */
export async function branchFigures(
  sql: SqlClient,
  parentId: string,
  period: { from?: string; to?: string },
): Promise<Map<string, BranchFigures>> {
  // Each wallet of the parent's downline and the child whose branch it is in: one array parameter
  // each, so the planner knows how many wallets it reads (against the recursive CTE, whose size it
  // cannot know, it guessed few and sorted the period's postings on disk).
  const { rows: wallets } = await sql.query<{ account: string; root: string }>(
    `with recursive branch(root, user_id) as (
       select user_id, user_id from rm_users where parent_id = $1
       union all
       select b.root, u.user_id from rm_users u join branch b on u.parent_id = b.user_id
     )
     select 'wallet:' || user_id as account, root from branch`,
    [parentId],
  );
  const params: unknown[] = [parentId, PNL_KINDS, wallets.map((w) => w.account), wallets.map((w) => w.root)];
  // Exact numerators (paise x basis points), rounded below: a sum of rounded postings would drift.
  const { rows } = await sql.query<{
    root: string;
    category: keyof CategoryPaise;
    players: string;
    carried: string;
    parent_carried: string;
  }>(
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
  const exact = new Map<string, { carried: CategoryNumerators; parentCarried: CategoryNumerators }>();
  const out = new Map<string, BranchFigures>();
  for (const r of rows) {
    const f = out.get(r.root) ?? emptyFigures();
    out.set(r.root, f);
    f.players[r.category] += Number(r.players);
    const x = exact.get(r.root) ?? { carried: zeroNumerators(), parentCarried: zeroNumerators() };
    exact.set(r.root, x);
    x.carried[r.category] += BigInt(r.carried);
    x.parentCarried[r.category] += BigInt(r.parent_carried);
  }
  const roots = [...exact.keys()].sort();
  for (const root of roots) {
    const carried = apportion(
      PNL_CATEGORIES.map((k) => exact.get(root)!.carried[k]),
      SCALE,
    );
    PNL_CATEGORIES.forEach((k, i) => {
      out.get(root)!.carried[k] = Number(carried[i]);
    });
  }
  // The parent's figure per category first (as its own statement shows it), then each category over the branches.
  const parentTotals = apportion(
    PNL_CATEGORIES.map((k) => roots.reduce((s, root) => s + exact.get(root)!.parentCarried[k], 0n)),
    SCALE,
  );
  PNL_CATEGORIES.forEach((k, i) => {
    const parts = apportion(
      roots.map((root) => exact.get(root)!.parentCarried[k]),
      SCALE,
      parentTotals[i],
    );
    roots.forEach((root, j) => {
      out.get(root)!.parentCarried[k] = Number(parts[j]);
    });
  });
  return out;
}
