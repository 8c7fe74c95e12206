/**
 * Each direct child's branch of an account: its players' results per category, and the house's
 * side of them split by partnership shares (docs/reports.md). Every posting is split with the
 * shares in force at its own log position (the partnership read model), so a share changed mid-period
 * splits what came before by the old share and what came after by the new one, and a replay or an
 * as-of view gives the same split. What a level carries over the period is rounded once, from the
 * exact sum, and apportioned over categories and children by largest remainder (apportion.ts): no
 * drift however many postings.
 */
import { FULL_SHARE_BP, PNL_CATEGORIES, type SqlClient } from '@exch/contracts';
import { branchPnl, branchWallets } from '@exch/projector/read';
import { apportion } from './apportion.js';
import { zeroCategories, type CategoryPaise } from './categories.js';

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

/** Figures of every direct child of `parentId` that has any, over a period of whole days (the ledger's branchPnl). */
export async function branchFigures(
  sql: SqlClient,
  parentId: string,
  period: { from?: string; to?: string },
): Promise<Map<string, BranchFigures>> {
  // Each wallet of the parent's downline and the child whose branch it is in: one array parameter
  // each, so the planner knows how many wallets it reads (against the recursive CTE, whose size it
  // cannot know, it guessed few and sorted the period's postings on disk).
  const wallets = await branchWallets(sql, parentId);
  // Exact numerators (paise x basis points), rounded below: a sum of rounded postings would drift.
  const rows = await branchPnl(sql, parentId, wallets, period);
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
