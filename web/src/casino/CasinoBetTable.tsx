import { Link } from '@tanstack/react-router';
import type { CasinoBetDto } from '@exch/contracts';
import { formatDateTime } from '@exch/contracts';
import { EMPTY_TABLE, EmptyRow } from '../ui/EmptyRow';
import { formatRupees } from '../ui/money';

const STATUS_LABEL: Record<CasinoBetDto['status'], string> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
};

/** The player's casino bets with round, stake, result and profit or loss; rows as cards on a phone. */
export function CasinoBetTable({
  bets,
  query,
}: {
  bets: readonly CasinoBetDto[];
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
}) {
  return (
    <div className={query.isFetching ? 'table-wrap loading' : 'table-wrap'}>
      <table className="data-table stack-table bets-table casino-bets-table">
        <thead>
          <tr>
            <th>Placed</th>
            <th>Table</th>
            <th>Round</th>
            <th>Selection</th>
            <th className="num">Odds</th>
            <th className="num">Stake</th>
            <th>Result</th>
            <th className="num">P&amp;L</th>
          </tr>
        </thead>
        <tbody>
          {bets.map((b) => (
            <tr key={b._id} className="bet-row back" data-bet-id={b._id}>
              <td data-label="Placed" className="nowrap muted-cell">
                {formatDateTime(b.placed_at, { seconds: true })}
              </td>
              <td data-label="Table" className="strong-cell">
                <Link to="/casino/$gameCode" params={{ gameCode: b.table_id }} className="event-link">
                  {b.table_name}
                </Link>
              </td>
              <td data-label="Round">
                <Link to="/casino/result/$matchid" params={{ matchid: b.game_round_id }}>
                  {b.game_round_id}
                </Link>
              </td>
              <td data-label="Selection">{b.selection_name}</td>
              <td data-label="Odds" className="num">
                {b.pay_range ? (
                  <span
                    title={`Pays ${formatRupees(b.pay_range.potential_win[0])} to ${formatRupees(b.pay_range.potential_win[1])}`}
                  >
                    {b.pay_range.odds.map((o) => o.toFixed(2)).join('–')}
                  </span>
                ) : (
                  b.odds.toFixed(2)
                )}
              </td>
              <td data-label="Stake" className="num">
                {formatRupees(b.stake)}
              </td>
              <td data-label="Result">
                <span className={`state-badge result-${b.status}`}>{STATUS_LABEL[b.status]}</span>
                {b.result && <span className="muted"> {b.result}</span>}
              </td>
              <td data-label="P&L" className="num strong-cell">
                {b.pnl === null ? (
                  '-'
                ) : (
                  <span className={b.pnl > 0 ? 'positive' : b.pnl < 0 ? 'negative' : undefined}>
                    {formatRupees(b.pnl)}
                  </span>
                )}
              </td>
            </tr>
          ))}
          {bets.length === 0 && (
            <EmptyRow span={8} query={query} empty={EMPTY_TABLE} failed="The casino bets could not be loaded" />
          )}
        </tbody>
      </table>
    </div>
  );
}
