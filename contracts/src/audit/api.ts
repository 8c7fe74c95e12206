import * as v from 'valibot';
import { PageQuery } from '../api/paging.js';
import { dateFilter } from '../api/dates.js';
import { idText } from '../api/text.js';

/** What an audit row records (docs/audit.md): one admin action each, named after what it changed. */
export const AUDIT_ACTIONS = [
  'user-created',
  'user-edited',
  'privileges-set',
  'credit-reference',
  'exposure-limit',
  'chips-deposit',
  'chips-withdraw',
  'account-lock',
  'bet-lock',
  'market-lock',
  'password-reset',
  'partnership',
  'market-settings',
  'market-status',
  'house-price-set',
  'house-price-cleared',
  'result-declared',
  'market-voided',
  'result-revoked',
  'bet-deleted',
  'casino-table-status',
  'payment-endorsed',
  'payment-approved',
  'payment-rejected',
  'payment-method',
  'approval-limits',
  'news',
  'match-streams',
  'big-bet-threshold',
  'watch',
  'projection-rebuild',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action was done on, besides a user: a market, match, casino table, payment request or bet. */
export type AuditObjectKind = 'market' | 'match' | 'casino-table' | 'payment' | 'bet' | 'projection';

const filters = {
  /** The username of the login that acted. */
  actor: v.optional(idText('actor')),
  /** The username of the account acted on. */
  target: v.optional(idText('target')),
  action: v.optional(v.picklist(AUDIT_ACTIONS, 'Unknown action')),
  from: dateFilter('from'),
  to: dateFilter('to'),
};

/** GET /api/admin/audit: newest first, one page. */
export const AuditQuery = v.object({ ...filters, ...PageQuery });
/** GET /api/admin/audit.csv: every row the filters pick. */
export const AuditCsvQuery = v.object(filters);

/** A value before or after an action: plain JSON, money in rupees, shares and commission in percent. */
export type AuditValue = Record<string, unknown> | null;

export interface AuditRow {
  /** The event's log position. */
  _id: string;
  at: string;
  actor: string | null;
  ip: string | null;
  action: AuditAction;
  /** The account acted on, when there is one. */
  targetUser: string | null;
  /** The object acted on with a readable name (a market's match and name, a table's name), when there is one. */
  object: { kind: AuditObjectKind; id: string; label: string } | null;
  /** Null when the action created the value. */
  before: AuditValue;
  after: AuditValue;
}
