import {
  EngineUnavailableError,
  normalizeUtr,
  paymentRequestStream,
  utrProblem,
  type EventStore,
} from '@exch/contracts';
import type { Log } from '../log.js';
import { recallRequests } from '../payments/read-back.js';
import { NOTHING_RECALLED, requestOf, type RecalledRequests } from '../payments/state.js';
import type { EngineState } from '../state.js';
import type { Pending } from './queue.js';

type Need = { utr: string } | { requestId: string };

/**
 * Payment requests read back from the log for a command that names one the payments window forgot
 * (payments/window.ts): a deposit whose UTR the state does not hold, a decision on a request it
 * does not hold. What is read back only informs that command's decision and nothing is journalled
 * for it, so the log stays the only truth and a replay needs none of it.
 */
export class PaymentRecall {
  /** Commands whose read-back is done, with what it found: taken when each is decided (held as forgotten.ts holds its own). */
  private readonly recalled = new WeakMap<Pending, RecalledRequests>();

  constructor(
    private readonly store: EventStore,
    private readonly log: Log,
  ) {}

  /** What the log must be asked before this command is decided, if anything. */
  needs(state: Readonly<EngineState>, p: Pending): Need | null {
    if (this.recalled.has(p)) return null;
    const c = p.envelope.command;
    const pay = state.payments;
    if (c.type === 'RequestDeposit') {
      if (utrProblem(c.method, c.utr)) return null;
      const utr = normalizeUtr(c.utr);
      return pay.utrs[utr] || pay.previous.utrs[utr] ? null : { utr };
    }
    if ((c.type === 'ApprovePaymentRequest' || c.type === 'RejectPaymentRequest') && !requestOf(pay, c.requestId))
      return { requestId: c.requestId };
    return null;
  }

  /** The requests read back for this command (nothing when none was needed). */
  take(p: Pending): RecalledRequests {
    const found = this.recalled.get(p);
    if (!found) return NOTHING_RECALLED;
    this.recalled.delete(p);
    return found;
  }

  /** Reads what the command needs, then requeues it to be decided with it. */
  readBack(need: Need, p: Pending, requeue: (items: Pending[]) => void): void {
    const read =
      'utr' in need
        ? this.store.readDepositsByUtr(need.utr)
        : this.store.readStream(paymentRequestStream(need.requestId));
    read.then(
      (events) => {
        this.recalled.set(p, recallRequests(events));
        requeue([p]);
      },
      (err: unknown) => {
        this.log.error({ err, ...need }, 'reading payment requests back failed');
        p.reject(new EngineUnavailableError('The engine could not check this payment request, please try again'));
      },
    );
  }
}
