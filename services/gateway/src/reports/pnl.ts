/**
 * The downline profit-loss report and the partnership statement, in paise: what both their JSON
 * routes and their CSV exports answer from.
 */
import { PNL_CATEGORIES, paiseToRupees, type CategoryAmounts, type SqlClient } from '@exch/contracts';
import { pnlChildren, type PnlChildRow } from '@exch/projector/read';
import { breadcrumb } from '../accounts/downline.js';
import { branchFigures, emptyFigures, type BranchFigures } from './branch-pnl.js';
import { addCategories, subCategories, sumCategories, type CategoryPaise } from './categories.js';
import { viewedAccount, type ViewedAccount } from '../accounts/viewed.js';

export interface PnlLine {
  child: PnlChildRow;
  figures: BranchFigures;
}

/** The partnership split of a branch, house side: the child's downline, the listed parent's own part, the part above the parent. */
export function splitOf(f: BranchFigures): { downline: number; parent: number; upline: number } {
  const carried = sumCategories(f.carried);
  const parentCarried = sumCategories(f.parentCarried);
  return { downline: carried, parent: parentCarried - carried, upline: -sumCategories(f.players) - parentCarried };
}

export const categoryRupees = (c: CategoryPaise): CategoryAmounts => ({
  ...(Object.fromEntries(PNL_CATEGORIES.map((k) => [k, paiseToRupees(c[k])])) as Record<keyof CategoryPaise, number>),
  total: paiseToRupees(sumCategories(c)),
});

export interface DownlinePnl {
  viewed: ViewedAccount;
  breadcrumb: { _id: string; username: string }[];
  /** Every listed child (all pages), in username order. */
  lines: PnlLine[];
  totals: BranchFigures;
}

/** The direct children of the viewed account (the caller or a downline account) with their branches' figures. */
export async function downlinePnl(
  sql: SqlClient,
  actorId: string,
  q: { parent?: string; search?: string; reportType?: 'ALL' | 'user'; from?: string; to?: string },
): Promise<DownlinePnl> {
  const viewed = await viewedAccount(sql, actorId, q.parent);
  const figures = await branchFigures(sql, viewed.user_id, q);
  // SPEC.md section 6: the User report type leaves out the rows of players.
  const children = await pnlChildren(sql, viewed.user_id, {
    playersToo: q.reportType !== 'user',
    search: q.search,
  });
  const lines = children.map((child) => ({
    child,
    figures: figures.get(child.user_id) ?? emptyFigures(),
  }));
  const totals = lines.reduce(
    (t, l) => ({
      players: addCategories(t.players, l.figures.players),
      carried: addCategories(t.carried, l.figures.carried),
      parentCarried: addCategories(t.parentCarried, l.figures.parentCarried),
    }),
    emptyFigures(),
  );
  return { viewed, breadcrumb: await breadcrumb(sql, actorId, viewed.user_id), lines, totals };
}

export interface OwedLine {
  child: PnlChildRow | null;
  players: CategoryPaise;
  carried: CategoryPaise;
  kept: CategoryPaise | null;
  owedToParent: number;
}

/**
 * The settle-up lines: the viewed account against its upline, then each direct child against it.
 * The players' losses sit with the house (the top of the chain), so a level whose downline's
 * players lost is owed its carried part by its upline (owedToParent negative), and a level whose
 * players won owes its upline its carried part of the winnings (positive).
 */
export function owedLines(pnl: DownlinePnl): { account: OwedLine; children: OwedLine[] } {
  const top = pnl.viewed.parent_id === null;
  const t = pnl.totals;
  const account: OwedLine = {
    child: null,
    players: t.players,
    carried: t.parentCarried,
    kept: subCategories(t.parentCarried, t.carried),
    owedToParent: top ? 0 : -sumCategories(t.parentCarried),
  };
  const children = pnl.lines.map((l) => ({
    child: l.child,
    players: l.figures.players,
    carried: l.figures.carried,
    kept: null,
    owedToParent: -sumCategories(l.figures.carried),
  }));
  return { account, children };
}
