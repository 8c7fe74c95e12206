import * as v from 'valibot';
import { isoInstant } from '../api/dates.js';
import { PageQuery, type Paged } from '../api/paging.js';
import type { StatementRow } from './api.js';

/** GET /api/admin/users/{userId}/as-of: the moment, then the statement's paging. */
export const AsOfQuery = v.object({ at: isoInstant('at'), ...PageQuery });

/** A wallet's balance at a past moment and its statement up to then (newest first, paged like the statement). */
export interface AsOfStatement {
  userId: string;
  username: string;
  /** The moment asked for, normalised to UTC ISO 8601. */
  at: string;
  /** Rupees: the sum of every posting to the wallet stamped at or before `at`. */
  balance: number;
  /** Rupees held for the user's pending withdrawals at `at` (out of the balance, not yet paid). */
  held: number;
  entries: StatementRow[];
  pagination: Paged<StatementRow>['pagination'];
}
