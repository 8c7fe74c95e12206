import * as v from 'valibot';
import { PageQuery } from '../api/paging.js';
import { dateFilter } from '../api/dates.js';
import { idText, text } from '../api/text.js';

/** The three columns of SPEC.md's profit-loss report: sports bets, the house's casino tables, third-party games. */
export const PNL_CATEGORIES = ['sports', 'casino', 'thirdParty'] as const;
export type PnlCategory = (typeof PNL_CATEGORIES)[number];

/** Rupees per category and their sum. */
export type CategoryAmounts = Record<PnlCategory, number> & { total: number };

const search = v.optional(text('search', { max: 100 }));
/** A period of whole days (YYYY-MM-DD), both ends included; either may be left out. */
const period = { from: dateFilter('from'), to: dateFilter('to') };
/** Drill down: the account (id or username) whose direct children the report lists; the caller by default. */
const parent = v.optional(idText('parent'));

/** GET /api/bet/downline/profit-loss (SPEC.md section 7, with a period and a drill-down). */
export const DownlinePnlQuery = v.object({
  reportType: v.optional(v.picklist(['ALL', 'user'], 'reportType must be ALL or user'), 'ALL'),
  search,
  parent,
  ...period,
  ...PageQuery,
});

/** GET /api/report/partnership: what each direct child of `parent` owes it, and what `parent` owes its own upline. */
export const PartnershipStatementQuery = v.object({ parent, ...period, ...PageQuery });

/** GET /api/report/profit-loss/daily and /api/profit-loss/mine/daily: profit and loss per day, for charts. */
export const DailyPnlQuery = v.object({ parent, ...period });

/**
 * Bet types the general report lists; each has a source in the gateway (reports/general.ts). The
 * casino branch adds 'casino' here and its source there.
 */
export const GENERAL_REPORT_BET_TYPES = ['sports', 'casino'] as const;

/** GET /api/report/casino (SPEC.md section 7): the downline's bets, one row each. */
export const GeneralReportQuery = v.object({
  bet_type: v.optional(
    v.picklist(GENERAL_REPORT_BET_TYPES, `bet_type must be ${GENERAL_REPORT_BET_TYPES.join(' or ')}`),
    'sports',
  ),
  deleted: v.optional(v.picklist(['true', 'false'], 'deleted must be true or false'), 'false'),
  side: v.optional(v.picklist(['back', 'lay'], 'side must be back or lay')),
  search,
  ...period,
  ...PageQuery,
});

/** GET /api/report/credit-reference: every account of the downline with its credit reference and balance. */
export const CreditReferenceQuery = v.object({ search, ...PageQuery });

/** A row of the downline profit-loss report (SPEC.md section 3's shape, with the partnership split). */
export interface DownlinePnlUser {
  _id: string;
  username: string;
  role: { slug: string; name: string };
  /** The players' side (positive: the players won), rupees. */
  profitLoss: {
    casino: { netProfitLoss: number };
    sports: { netProfitLoss: number };
    thirdParty: { netProfitLoss: number };
    netProfitLoss: number;
  };
  netProfitLoss: number;
  downlineCount: number;
  /** Its partnership share (percent); null for a player. */
  share: number | null;
  /** The house's side of the branch, split: what the account and its downline carry, the listed parent's own part, and the part above it. */
  partnership: { downline: number; parent: number; upline: number };
}

export interface DownlinePnlReport {
  users: DownlinePnlUser[];
  total: number;
  /** Every listed row summed (all pages), same shape as a row's figures. */
  totals: { profitLoss: CategoryAmounts; partnership: DownlinePnlUser['partnership'] };
  parent: { _id: string; username: string; role: { slug: string; name: string } };
  breadcrumb: { _id: string; username: string }[];
}

/** One level's settle-up line: what it carries and what it owes its upline (positive: it pays up). */
export interface OwedRow {
  userId: string;
  username: string;
  role: { slug: string; name: string };
  /** Percent; null for a player. */
  share: number | null;
  /** The players' side of its downline's results. */
  players: CategoryAmounts;
  /** The house's side that it and its downline carry by its share. */
  carried: CategoryAmounts;
  /** What it keeps itself: what it carries less what its children carry. Only for the account the statement is about. */
  kept?: CategoryAmounts;
  /** Positive: it owes its upline this much; negative: the upline owes it. */
  owedToParent: number;
}

export interface PartnershipStatement {
  from: string | null;
  to: string | null;
  /** The account the statement is about, against its own upline (owedToParent 0 for the top admin). */
  account: OwedRow & { parentUsername: string | null };
  /** Its direct children, each against it. */
  data: OwedRow[];
  total: number;
}

export interface DailyPnlPoint {
  day: string;
  /** Players' side, rupees. */
  sports: number;
  casino: number;
  thirdParty: number;
  total: number;
}

export interface GeneralReportBet {
  _id: string;
  bet_type: string;
  /** The sport (or, for casino bets, the table). */
  eventType: string;
  eventName: string;
  marketName: string;
  selectionName: string;
  userName: string;
  /** Stake, rupees. */
  amount: number;
  type: 'back' | 'lay';
  status: string;
  placedAt: string;
}

export interface GeneralReport {
  bets: GeneralReportBet[];
  total: number;
  /** The stakes of every listed bet (all pages), rupees. */
  totalAmount: number;
}

export interface CreditReferenceRow {
  _id: string;
  username: string;
  role: { slug: string; name: string };
  parentUsername: string | null;
  creditReference: number;
  balance: number;
  /** Balance less credit reference. */
  difference: number;
}
