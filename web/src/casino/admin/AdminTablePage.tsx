import { useEffect } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchCasinoPosition } from '../../api/casino-calls';
import { EmptyRow } from '../../ui/EmptyRow';
import { formatRupees } from '../../ui/money';
import { usePageTitle } from '../../ui/use-page-title';
import { CasinoMarkets } from '../CasinoMarkets';
import { CasinoBetBox } from '../CasinoBetBox';
import { DealingArea } from '../DealingArea';
import { ResultBadges } from '../ResultBadges';
import { useCasinoTable, useCountdown } from '../use-casino-table';
import '../../styles/casino.css';

/**
 * /admin/casino/{gameCode}: the live table as players see it, the downline's bets on the round and
 * the house's position on each market (what it pays if the market wins, keeps if it loses).
 */
export function AdminCasinoTablePage() {
  const code = useParams({ strict: false, select: (p) => p.gameCode ?? '' });
  const queryClient = useQueryClient();
  const live = useCasinoTable('admin', code);
  const round = live.data?.round ?? null;
  const seconds = useCountdown(round?.status === 'betting' ? round.closesAt : null, live.offsetMs);
  const position = useQuery({
    queryKey: ['casino-position', code],
    queryFn: () => fetchCasinoPosition(code),
    refetchInterval: 3_000,
  });
  usePageTitle(live.data?.table.name ?? 'Casino table');
  const roundState = `${round?.mid}:${round?.status}`;
  useEffect(
    () => void queryClient.invalidateQueries({ queryKey: ['casino-position', code] }),
    [roundState, code, queryClient],
  );

  const table = live.data?.table;
  if (!table) {
    return (
      <section className="card">
        <p className="muted">{live.isPending ? 'Loading the table...' : 'Table not found'}</p>
      </section>
    );
  }
  const bets = position.data?.bets ?? [];
  const markets = (position.data?.markets ?? []).filter((m) => m.bets > 0);
  return (
    <div className="casino-page admin-casino">
      <header className="casino-head">
        <div>
          <h1>{table.name}</h1>
          <span className="casino-limits">{table.game_status === 'ACTIVE' ? 'Active' : 'Suspended'}</span>
        </div>
        <Link to="/admin/casino-list" className="btn btn-sm btn-outline">
          Casino list
        </Link>
      </header>
      <div className="casino-layout">
        <div className="casino-main">
          <DealingArea table={table} round={round} seconds={seconds} />
          <ResultBadges code={table._id} results={live.data?.results ?? []} linked={false} />
          <CasinoMarkets
            table={table}
            round={round}
            open={false}
            stakes={new Map(markets.map((m) => [m.sid, m.stake]))}
            selected={null}
          />
        </div>
        <aside className="casino-side">
          <section className="side-card" aria-label="House position">
            <header className="side-head">
              <h2>House position · round {position.data?.round?.mid ?? '—'}</h2>
            </header>
            <table className="bet-table">
              <thead>
                <tr>
                  <th>Market</th>
                  <th className="num">Stake</th>
                  <th className="num">If it wins</th>
                  <th className="num">If it loses</th>
                </tr>
              </thead>
              <tbody>
                {markets.map((m) => (
                  <tr key={m.sid} data-sid={m.sid}>
                    <td>
                      {m.nat} <span className="muted">({m.bets})</span>
                    </td>
                    <td className="num">{formatRupees(m.stake)}</td>
                    <td className="num negative">{formatRupees(m.houseIfWins)}</td>
                    <td className="num positive">{formatRupees(m.houseIfLoses)}</td>
                  </tr>
                ))}
                {markets.length === 0 && <EmptyRow span={4} query={position} />}
              </tbody>
            </table>
          </section>
          <CasinoBetBox title="Bets of your downline" bets={bets} loading={position.isPending} withUser />
        </aside>
      </div>
    </div>
  );
}
