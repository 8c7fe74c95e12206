import type { UserDto } from '@exch/contracts';
import { availablePaise, formatInr, formatRupees } from './money';

/** Balance, exposure, available and (when any) the chips held for pending withdrawals as stat tiles; goes inside a `dl.stat-grid`. */
export function WalletStats({ wallet }: { wallet: UserDto['balance'] }) {
  const available = availablePaise(wallet);
  return (
    <>
      <div className="stat">
        <dt>Balance</dt>
        <dd data-testid="wallet-balance">{formatRupees(wallet.balance)}</dd>
      </div>
      <div className="stat">
        <dt>Exposure</dt>
        <dd className={wallet.exposer > 0 ? 'negative' : undefined}>{formatRupees(wallet.exposer)}</dd>
      </div>
      <div className="stat">
        <dt>Available</dt>
        <dd className={available < 0 ? 'negative' : 'positive'}>{formatInr(available)}</dd>
      </div>
      {wallet.held > 0 && (
        <div className="stat">
          <dt>Held (pending withdrawals)</dt>
          <dd data-testid="wallet-held">{formatRupees(wallet.held)}</dd>
        </div>
      )}
    </>
  );
}
