import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BetDto, MarketType } from '@exch/contracts';
import { formatDateTime } from '@exch/contracts';
import { fetchEventBets } from '../../../api/admin-betting-calls';
import { EmptyRow } from '../../../ui/EmptyRow';
import { Modal } from '../../../ui/Modal';
import { formatInr, formatRupees, sumPaise } from '../../../ui/money';
import { MARKET_TYPES, formatOdds, marketTitle } from './format';
import { MatchedOdds } from '../../../exchange/MatchedOdds';

/** SPEC.md section 9: previous bets are re-read every 10 s. */
const BETS_POLL_MS = 10_000;

export type MatchedStatus = 'matched' | 'unmatched';

export const eventBetsKey = (matchId: string) => ['admin-event-bets', matchId] as const;

/** The downline's bets on a match, one list, newest first. */
export function useEventBets(matchId: string, status: MatchedStatus, marketType: MarketType | '' = '') {
  return useQuery({
    queryKey: [...eventBetsKey(matchId), status, marketType],
    queryFn: async () => {
      const answer = await fetchEventBets(matchId, {
        matched_status: status,
        ...(marketType === '' ? {} : { market_types: marketType }),
      });
      const all = Object.values(answer.data.markets).flatMap((list) => list ?? []);
      return all.sort((a, b) => b.placed_at.localeCompare(a.placed_at));
    },
    placeholderData: keepPreviousData,
    // Pushes (placedBet, betDelete) refresh it at once; the poll covers a socket that is down (SPEC.md section 9: 10 s).
    refetchInterval: BETS_POLL_MS,
    retry: 1,
  });
}

export function StatusTabs({
  value,
  onChange,
  counts,
}: {
  value: MatchedStatus;
  onChange: (s: MatchedStatus) => void;
  counts?: Partial<Record<MatchedStatus, number>>;
}) {
  return (
    <div className="ax-tabs ax-tabs-small" role="tablist" aria-label="Matched or unmatched">
      {(['matched', 'unmatched'] as const).map((s) => (
        <button
          key={s}
          type="button"
          role="tab"
          aria-selected={value === s}
          className={value === s ? 'active' : undefined}
          onClick={() => onChange(s)}
        >
          {s === 'matched' ? 'Matched' : 'Unmatched'}
          {counts?.[s] !== undefined && <span className="ax-count">{counts[s]}</span>}
        </button>
      ))}
    </div>
  );
}

const sideClass = (b: BetDto): string => (b.odds_type === 'back' ? 'ax-bet-back' : 'ax-bet-lay');

/** The amount a list shows: what is matched on the Matched tab, what waits on the Unmatched one. */
const amountOf = (b: BetDto, status: MatchedStatus): number =>
  status === 'matched' ? b.matched_stake || b.stake : b.unmatched_stake || b.stake;

/** SPEC.md section 2, My Bet tables (admin): Matched/Unmatched tabs with UserName, Nation, Rate, Amount. */
export function MyBetCard({ matchId, onViewAll }: { matchId: string; onViewAll: () => void }) {
  const [status, setStatus] = useState<MatchedStatus>('matched');
  const bets = useEventBets(matchId, status);
  const rows = bets.data ?? [];
  return (
    <section className="card ax-mybet" aria-label="My Bet">
      <header className="ax-side-head">
        <h2>My Bet</h2>
        <button type="button" className="btn btn-sm btn-accent" onClick={onViewAll}>
          View All
        </button>
      </header>
      <StatusTabs value={status} onChange={setStatus} />
      <div className="ax-mybet-box">
        <table className="ax-bet-table" data-testid="my-bet-table">
          <thead>
            <tr>
              <th>UserName</th>
              <th>Nation</th>
              <th className="num">Rate</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b._id} className={sideClass(b)} data-bet-id={b._id}>
                <td>{b.user_info.username}</td>
                <td>{b.selection_name}</td>
                <td className="num">
                  {formatOdds(b.odds, b.market_type)}
                  <MatchedOdds bet={b} />
                </td>
                <td className="num">{formatRupees(amountOf(b, status))}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr className="ax-empty-row">
                <td colSpan={4}>
                  {bets.isPending ? 'Loading...' : bets.isError ? 'Failed to fetch previous bets' : 'No Data Found'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The Bets modal behind My Bet's View All: every bet of the downline on the match, with filters. */
export function EventBetsModal({
  matchId,
  matchName,
  onClose,
}: {
  matchId: string;
  matchName: string;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<MatchedStatus>('matched');
  const [marketType, setMarketType] = useState<MarketType | ''>('');
  const [search, setSearch] = useState('');
  const bets = useEventBets(matchId, status, marketType);
  const rows = useMemo(() => {
    const s = search.trim().toLowerCase();
    return (bets.data ?? []).filter((b) => s === '' || b.user_info.username.toLowerCase().includes(s));
  }, [bets.data, search]);
  const total = sumPaise(rows, (b) => amountOf(b, status));
  return (
    <Modal title="Bets" subtitle={<span className="muted">{matchName}</span>} onClose={onClose} wide>
      <div className="ax-modal-filters">
        <StatusTabs value={status} onChange={setStatus} />
        <label className="field ax-inline-field">
          <span>Market</span>
          <select
            name="marketType"
            value={marketType}
            onChange={(e) => setMarketType(e.target.value as MarketType | '')}
          >
            <option value="">All</option>
            {MARKET_TYPES.map((m) => (
              <option key={m.type} value={m.type}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label className="search-box">
          <span className="visually-hidden">User name</span>
          <input
            type="search"
            name="betSearch"
            placeholder="User name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </label>
      </div>
      <div className={bets.isFetching ? 'table-wrap loading ax-modal-table' : 'table-wrap ax-modal-table'}>
        <table className="data-table stack-table ax-bets-full" data-testid="event-bets">
          <thead>
            <tr>
              <th>User Name</th>
              <th>Market</th>
              <th>Nation</th>
              <th>Type</th>
              <th className="num">Rate</th>
              <th className="num">Amount</th>
              <th>Place Date</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b._id} className={sideClass(b)}>
                <td data-label="User Name" className="strong-cell">
                  {b.user_info.username}
                </td>
                <td data-label="Market">{marketTitle(b.market_name)}</td>
                <td data-label="Nation">{b.selection_name}</td>
                <td data-label="Type">
                  <span className={`ax-side ax-side-${b.odds_type}`}>{b.odds_type}</span>
                </td>
                <td data-label="Rate" className="num">
                  {formatOdds(b.odds, b.market_type)}
                  {b.volume !== null && b.market_type === 'FANCY' && <span className="muted"> / {b.volume}</span>}
                  <MatchedOdds bet={b} />
                </td>
                <td data-label="Amount" className="num">
                  {formatRupees(amountOf(b, status))}
                </td>
                <td data-label="Place Date" className="nowrap">
                  {formatDateTime(b.placed_at, { seconds: true })}
                </td>
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={7} query={bets} failed="Failed to fetch previous bets" />}
          </tbody>
        </table>
      </div>
      <p className="muted ax-modal-total">
        {rows.length} bet{rows.length === 1 ? '' : 's'} · total {formatInr(total)}
      </p>
    </Modal>
  );
}
