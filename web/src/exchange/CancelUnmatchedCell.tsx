import { useState } from 'react';
import type { BetDto } from '@exch/contracts';
import { useCancelBet } from './bets-data';

/** The Action cell of the player's bet lists: cancels the unmatched stake, while there is any. */
export function CancelUnmatchedCell({ bet }: { bet: BetDto }) {
  return (
    <td data-label="Action" className="num">
      <CancelUnmatched bet={bet} />
    </td>
  );
}

/** The Action cell's content, for a DataTable column. */
export function CancelUnmatched({ bet }: { bet: BetDto }) {
  const cancel = useCancelBet();
  const [busy, setBusy] = useState(false);
  return bet.unmatched_stake > 0 ? (
    <button
      type="button"
      className="btn btn-sm btn-outline cancel-unmatched"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void cancel(bet).finally(() => setBusy(false));
      }}
    >
      Cancel unmatched
    </button>
  ) : (
    <span className="muted">-</span>
  );
}
