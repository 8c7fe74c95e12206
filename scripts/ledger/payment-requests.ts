import type { StoredEvent } from '@exch/contracts';
import { fmt, type Difference } from './report.js';

/** Payment request events (e): asked for, then decided once. */
export const REQUESTED = new Set(['DepositRequested', 'WithdrawalRequested']);
export const DECIDED = new Set(['DepositApproved', 'DepositRejected', 'WithdrawalApproved', 'WithdrawalRejected']);

/** (e) Payment requests as the log tells them, and each user's pending withdrawals. */
export function paymentRequests(report: (d: Difference) => void) {
  const requests = new Map<string, { userId: string; type: string; amount: number; decided: boolean }>();
  const pendingHeld = new Map<string, number>();
  const checkRequest = (e: StoredEvent) => {
    const d = e.data as { requestId?: unknown; userId?: unknown; amount?: unknown };
    const id = String(d.requestId);
    const bad = (message: string) =>
      report({
        kind: 'payment-request',
        position: e.position,
        message: `position ${fmt(e.position)}: ${e.type} of request ${id}: ${message}`,
      });
    const type = e.type.startsWith('Deposit') ? 'deposit' : 'withdraw';
    if (REQUESTED.has(e.type)) {
      if (requests.has(id)) return bad('asked for twice');
      requests.set(id, { userId: String(d.userId), type, amount: Number(d.amount), decided: false });
      if (type === 'withdraw')
        pendingHeld.set(String(d.userId), (pendingHeld.get(String(d.userId)) ?? 0) + Number(d.amount));
      return;
    }
    const r = requests.get(id);
    if (!r) return bad('no such request was asked for');
    if (r.decided) return bad('already decided');
    if (r.type !== type || r.userId !== String(d.userId) || (d.amount !== undefined && Number(d.amount) !== r.amount))
      return bad(
        `names ${String(d.userId)} ${String(d.amount)}, the request was a ${r.type} of ${r.amount} by ${r.userId}`,
      );
    r.decided = true;
    if (type === 'withdraw') pendingHeld.set(r.userId, (pendingHeld.get(r.userId) ?? 0) - r.amount);
  };
  return { requests, pendingHeld, checkRequest };
}
