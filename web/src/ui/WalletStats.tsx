import type { UserDto } from '@exch/contracts';
import { availablePaise, formatInr, formatRupees } from './money';

/** Balance, exposure and available as stat tiles; goes inside a `dl.stat-grid`. */
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
    </>
  );
}
