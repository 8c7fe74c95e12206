import * as v from 'valibot';
import { partnershipPercent } from '../accounts/api.js';
import { TransactionPassword } from '../api/passwords.js';
import { isoInstant } from '../api/dates.js';
import { idText } from '../api/text.js';

/** The share a top admin holds: all of it (basis points). */
export const FULL_SHARE_BP = 10_000;

/** PUT /api/users/{id}/partnership. */
export const PartnershipBody = v.strictObject({
  share: partnershipPercent(),
  transactionPassword: TransactionPassword,
});

/** GET /api/partnership: the shares of the caller's back-office downline, now or at a moment. */
export const PartnershipQuery = v.object({ at: v.optional(isoInstant('at')), parent: v.optional(idText('parent')) });

/** One back-office account's share as the partnership list shows it (percent). */
export interface PartnershipRow {
  userId: string;
  username: string;
  role: { slug: string; name: string };
  parentUsername: string | null;
  /** Percent, 2 decimals. */
  share: number;
  /** What its upline holds (percent): the most it may be given. */
  parentShare: number;
  /** When it was last set (null: never, so 0, or the top admin's 100). */
  setAt: string | null;
}
