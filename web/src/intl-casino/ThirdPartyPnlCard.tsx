import { useQuery } from '@tanstack/react-query';
import { fetchMyThirdPartyPnl } from '../api/intl-casino-calls';
import { FigureCells } from './FigureCells';

/** The player's third-party casino rounds over the profit-loss page's dates: per game and in all (the player's side). */
export function ThirdPartyPnlCard({ from, to }: { from: string; to: string }) {
  const pnl = useQuery({
    queryKey: ['third-party-pnl-mine', from, to],
    queryFn: () => fetchMyThirdPartyPnl({ from, to }),
  });
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
          {[
            ...games.map((g) => ({ key: g.gameId, name: g.gameName, ...g })),
            { key: 'total', name: 'Third party pts', ...total },
          ].map((r) => (
            <tr key={r.key} className={r.key === 'total' ? 'intl-total-row' : undefined}>
              <td data-label="Game" className="strong-cell">
                {r.name}
              </td>
              <FigureCells {...r} profit={r.netProfitLoss} labels={['Rounds', 'Staked', 'Won', 'Profit / Loss']} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
