import { useQuery } from '@tanstack/react-query';
import { fetchMyThirdPartyPnl } from '../api/intl-casino-calls';
import { pnlClass } from '../routes/admin/exchange/format';
import { formatRupees } from '../ui/money';

/** The player's third-party casino rounds over the profit-loss page's dates: per game and in all (the player's side). */
export function ThirdPartyPnlCard({ from, to }: { from: string; to: string }) {
  const pnl = useQuery({ queryKey: ['third-party-pnl-mine', from, to], queryFn: () => fetchMyThirdPartyPnl({ from, to }) });
  const games = pnl.data?.games ?? [];
  if (games.length === 0) return null;
  const total = pnl.data!.total;
  return (
    <div className="table-wrap" data-testid="third-party-pnl">
      <table className="data-table stack-table">
        <caption className="intl-caption">International casino</caption>
        <thead>
          <tr>
            <th>Game</th>
            <th className="num">Rounds</th>
            <th className="num">Staked</th>
            <th className="num">Won</th>
            <th className="num">Profit / Loss</th>
          </tr>
        </thead>
        <tbody>
          {[...games.map((g) => ({ key: g.gameId, name: g.gameName, ...g })), { key: 'total', name: 'Third party pts', ...total }].map((r) => (
            <tr key={r.key} className={r.key === 'total' ? 'intl-total-row' : undefined}>
              <td data-label="Game" className="strong-cell">
                {r.name}
              </td>
              <td data-label="Rounds" className="num">
                {r.rounds}
              </td>
              <td data-label="Staked" className="num">
                {formatRupees(r.turnover)}
              </td>
              <td data-label="Won" className="num">
                {formatRupees(r.payout)}
              </td>
              <td data-label="Profit / Loss" className={`num strong-cell ${pnlClass(r.netProfitLoss)}`}>
                {formatRupees(r.netProfitLoss)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
