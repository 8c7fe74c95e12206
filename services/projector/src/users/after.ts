import type { CommittedEvent } from '@exch/contracts';
import { walletPostings } from '../wallets.js';
import type { ClientDbRow } from './rows.js';

/**
 * An account as the client list will read it once the users projection (and the partnership one,
 * for the share) folds these committed events: created by them, or the row read before the command
 * with their changes applied (a child created under it counts in its downline). A command route answers from here, never by reading back what it
 * just wrote; test/folds-users.test.ts keeps this and the projection equal.
 */
export function clientAfter(before: ClientDbRow | null, events: readonly CommittedEvent[]): ClientDbRow | null {
  let row = before ? { ...before } : null;
  for (const e of events) {
    if (e.type === 'UserCreated') {
      const d = e.data;
      if (row) {
        if (d.parentId === row.user_id) row.downline_count = String(Number(row.downline_count) + 1);
        continue;
      }
      row = {
        user_id: d.userId,
        username: d.username,
        full_name: d.fullName,
        role: d.role,
        parent_id: d.parentId,
        credit_reference: String(d.creditReference),
        exposure_limit: String(d.exposureLimit),
        balance: '0',
        exposure: '0',
        account_locked: false,
        bet_locked: false,
        downline_count: '0',
        created_at: e.at,
        share_bp: d.role === 'user' ? null : 0,
      };
      continue;
    }
    if (!row) continue;
    const userId = row.user_id;
    const delta = walletPostings(e).reduce((sum, p) => (p.userId === userId ? sum + p.amount : sum), 0);
    if (delta !== 0) row.balance = String(Number(row.balance) + delta);
    if ((e.data as { userId?: string }).userId !== userId) continue;
    if (e.type === 'UserDetailsUpdated') row.full_name = e.data.fullName;
    else if (e.type === 'CreditReferenceSet') row.credit_reference = String(e.data.creditReference);
    else if (e.type === 'ExposureLimitSet') row.exposure_limit = String(e.data.exposureLimit);
    else if (e.type === 'AccountLockSet') row.account_locked = e.data.locked;
    else if (e.type === 'BetLockSet') row.bet_locked = e.data.locked;
    else if (e.type === 'PartnershipSet') row.share_bp = e.data.shareBp;
  }
  return row;
}
