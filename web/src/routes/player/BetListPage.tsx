import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BetDto } from '@exch/contracts';
import { cancelBet, fetchBetsMine, type MyBetsParams, type MyBetsStatus } from '../../api/betting-calls';
import { profileKey } from '../../api/profile-query';
import { BET_LIST_KEYS, useMyBetPushes } from '../../exchange/bets-data';
import { betOddsText, betSideName } from '../../exchange/bet-text';
import { trimNumber } from '../../exchange/format';
import { formatDateTime, lastSevenDays } from '../../ui/dates';
import { formatRupees } from '../../ui/money';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { showSuccessToast } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';

/** SPEC.md section 8's words for an empty table. */
export const EMPTY_TABLE = 'No data Available in Table';

interface BetListPageProps {
  title: string;
  status: Exclude<MyBetsStatus, 'all'>;
  /** From/To dates, last 7 days by default (SPEC.md section 9); pending lists show every open bet instead. */
  dated: boolean;
}

/**
 * The player's bets from GET /api/bets/mine: open bets (/unsettledbet, with a cancel control for
 * any unmatched stake), settled bets with their result (/bethistory), or deleted bets; paged
 * 25/50/100, rows as cards on a phone.
 */
export function BetListPage({ title, status, dated }: BetListPageProps) {
  usePageTitle(title);
  useMyBetPushes();
  const queryClient = useQueryClient();
  const defaults = lastSevenDays();
  const [draft, setDraft] = useState(defaults);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [params, setParams] = useState<MyBetsParams>({ status, ...(dated ? defaults : {}), page: 1, limit: 25 });

  const list = useQuery({
    queryKey: ['bets-mine', params],
    queryFn: () => fetchBetsMine(params),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const pagination = list.data?.pagination;

  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (draft.from === '' || draft.to === '') return setDraftError('Choose both dates');
    if (draft.from > draft.to) return setDraftError('From must be on or before To');
    setDraftError(null);
    setParams((p) => ({ ...p, ...draft, page: 1 }));
  };

  const reset = (): void => {
    const next = lastSevenDays();
    setDraft(next);
    setDraftError(null);
    setParams((p) => ({ ...p, ...next, page: 1 }));
  };

  const cancel = async (bet: BetDto): Promise<void> => {
    try {
      const answer = await cancelBet(bet._id);
      showSuccessToast(answer.message);
      for (const queryKey of BET_LIST_KEYS) void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: profileKey('user') });
    } catch {
      // The API client showed the server's message.
    }
  };

  const settled = status === 'settled';
  const columns = settled ? 10 : status === 'pending' ? 10 : 9;

  return (
    <section className="card table-card bet-list-page">
      <header className="card-head">
        <h1>{title}</h1>
      </header>
      {dated && (
        <form className="filter-bar" onSubmit={apply} noValidate>
          <label className="field">
            <span>From</span>
            <input type="date" name="from" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </label>
          <label className="field">
            <span>To</span>
            <input type="date" name="to" value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </label>
          <div className="filter-actions">
            <button type="submit" className="btn btn-primary">
              Submit
            </button>
            <button type="button" className="btn btn-outline" onClick={reset}>
              Reset
            </button>
          </div>
          {draftError !== null && (
            <p className="form-error filter-error" role="alert">
              {draftError}
            </p>
          )}
        </form>
      )}

      <div className="table-meta">
        <span className="muted">
          {pagination ? `${pagination.total} bet${pagination.total === 1 ? '' : 's'}${dated ? ` · ${params.from} to ${params.to}` : ''}` : '\u00a0'}
        </span>
        <PageSize value={params.limit} onChange={(limit) => setParams((p) => ({ ...p, limit, page: 1 }))} />
      </div>

      <div className={list.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table bets-table">
          <thead>
            <tr>
              <th>Placed</th>
              <th>Event</th>
              <th>Market</th>
              <th>Selection</th>
              <th>Type</th>
              <th className="num">Odds</th>
              <th className="num">Stake</th>
              {status === 'pending' && <th>Matched</th>}
              {settled && <th>Result</th>}
              {settled && <th className="num">P&amp;L</th>}
              {status === 'deleted' && <th>Status</th>}
              {status === 'pending' && <th className="num">Action</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((bet) => (
              <BetRow key={bet._id} bet={bet} status={status} onCancel={cancel} />
            ))}
            {rows.length === 0 && (
              <tr className="empty-row">
                <td colSpan={columns}>{list.isPending ? 'Loading...' : list.isError ? 'The bets could not be loaded' : EMPTY_TABLE}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pagination && pagination.totalPages > 1 && <Pager page={pagination.page} totalPages={pagination.totalPages} onPage={(page) => setParams((p) => ({ ...p, page }))} />}
    </section>
  );
}

const RESULT_LABEL: Record<BetDto['status'], string> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
  cancelled: 'Cancelled',
  deleted: 'Deleted',
};

function BetRow({ bet, status, onCancel }: { bet: BetDto; status: BetListPageProps['status']; onCancel: (bet: BetDto) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <tr className={`bet-row ${bet.odds_type}`} data-bet-id={bet._id}>
      <td data-label="Placed" className="nowrap muted-cell">
        {formatDateTime(bet.placed_at)}
      </td>
      <td data-label="Event" className="strong-cell">
        <Link to="/odds/$sportId/$matchId" params={{ sportId: String(bet.sportId), matchId: bet.event_id }} className="event-link">
          {bet.event_name}
        </Link>
      </td>
      <td data-label="Market">{bet.market_name}</td>
      <td data-label="Selection">{bet.selection_name}</td>
      <td data-label="Type">
        <span className={`side-tag ${bet.odds_type}`}>{betSideName(bet)}</span>
      </td>
      <td data-label="Odds" className="num">
        {betOddsText(bet)}
      </td>
      <td data-label="Stake" className="num">
        {formatRupees(bet.stake)}
      </td>
      {status === 'pending' && (
        <td data-label="Matched">
          {bet.unmatched_stake > 0 ? (
            <span className="state-badge state-unmatched" title={`${formatRupees(bet.matched_stake)} matched`}>
              Unmatched {trimNumber(bet.unmatched_stake)}
            </span>
          ) : (
            <span className="state-badge state-ok">Matched</span>
          )}
        </td>
      )}
      {status === 'settled' && (
        <td data-label="Result">
          <span className={`state-badge result-${bet.status}`}>{RESULT_LABEL[bet.status]}</span>
        </td>
      )}
      {status === 'settled' && (
        <td data-label="P&L" className="num strong-cell">
          {bet.pnl === null ? '-' : <span className={bet.pnl > 0 ? 'positive' : bet.pnl < 0 ? 'negative' : undefined}>{formatRupees(bet.pnl)}</span>}
        </td>
      )}
      {status === 'deleted' && (
        <td data-label="Status">
          <span className="state-badge state-locked">{RESULT_LABEL[bet.status]}</span>
        </td>
      )}
      {status === 'pending' && (
        <td data-label="Action" className="num">
          {bet.unmatched_stake > 0 ? (
            <button
              type="button"
              className="btn btn-sm btn-outline cancel-unmatched"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void onCancel(bet).finally(() => setBusy(false));
              }}
            >
              Cancel unmatched
            </button>
          ) : (
            <span className="muted">-</span>
          )}
        </td>
      )}
    </tr>
  );
}
