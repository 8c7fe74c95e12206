import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { BetDto, MarketType } from '@exch/contracts';
import {
  deleteBet,
  deleteBets,
  fetchAllUserBets,
  fetchUserSuggestions,
  type BetListFilter,
} from '../../../api/admin-betting-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { errorMessage } from '../../../api/error-message';
import { useProfile } from '../../../api/profile-query';
import { hasPrivilege } from '../../../auth/privileges';
import { FilterActions } from '../../../ui/DateRangeFilter';
import { formatDateTime } from '../../../ui/dates';
import { EmptyRow } from '../../../ui/EmptyRow';
import { FormError, TransactionPasswordField } from '../../../ui/fields';
import { Modal } from '../../../ui/Modal';
import { formatRupees } from '../../../ui/money';
import { PageSize } from '../../../ui/PageSize';
import { TableFoot } from '../../../ui/TableFoot';
import { showErrorToast, showSuccessToast } from '../../../ui/toasts';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { usePageTitle } from '../../../ui/use-page-title';
import { StatusTabs, type MatchedStatus } from './EventBets';
import { MARKET_TYPES, formatOdds, lastSevenDaysLocal, marketTitle, marketTypeFromParam } from './format';
import '../../../styles/admin-exchange.css';
import { MatchedOdds } from '../../../exchange/MatchedOdds';

type Side = 'all' | 'lay' | 'back' | 'deleted';

interface Draft {
  username: string;
  amountFrom: string;
  amountTo: string;
  start: string;
  end: string;
}

const defaultDraft = (): Draft => {
  const { start, end } = lastSevenDaysLocal();
  return { username: '', amountFrom: '', amountTo: '', start, end };
};

const SUGGEST_DEBOUNCE_MS = 300;
/** Open bets change as the downline bets and markets settle. */
const HISTORY_POLL_MS = 15_000;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** datetime-local text (browser time) to ISO 8601, or undefined when empty. */
const toIso = (local: string): string | undefined => {
  if (local === '') return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

/**
 * Admin bet history, /admin/unsettledbet and /admin/unsettledbet/{type} (SPEC.md section 2): tabs
 * per market type, Matched/Unmatched, filters, All/Lay/Back/Deleted, deleting single pending bets
 * and, for role admin, the ticked ones in bulk. The type parameter picks the first tab, or the
 * Deleted view when it is 'deleted'.
 */
export function BetHistoryPage() {
  const typeParam = useParams({ strict: false, select: (p) => (p as { type?: string }).type });
  const { data: me } = useProfile('admin');
  // SPEC.md section 6: bulk Delete for role admin only; single deletes for any upline allowed to delete bets.
  const isAdmin = me?.role.slug === 'admin' && hasPrivilege(me, 'delete-bets');
  const mayDelete = hasPrivilege(me, 'delete-bets');
  const queryClient = useQueryClient();

  const [marketType, setMarketType] = useState<MarketType>(() => marketTypeFromParam(typeParam) ?? 'MATCH_ODDS');
  const [matched, setMatched] = useState<MatchedStatus>('matched');
  const [side, setSide] = useState<Side>(typeParam === 'deleted' ? 'deleted' : 'all');
  const [draft, setDraft] = useState<Draft>(defaultDraft);
  const [applied, setApplied] = useState<Draft>(draft);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState(false);

  // A new route parameter (the menu, a link) picks its tab again.
  useEffect(() => {
    const t = marketTypeFromParam(typeParam);
    if (t) setMarketType(t);
    if (typeParam === 'deleted') setSide('deleted');
  }, [typeParam]);

  const title = side === 'deleted' ? 'Deleted Bet History' : 'Unsettled Bet History';
  usePageTitle(title);

  const filter: BetListFilter = {
    market_type: marketType,
    matched_status: matched,
    ...(side === 'back' || side === 'lay' ? { odds_type: side } : {}),
    ...(side === 'deleted' ? { deleted: true } : {}),
    ...(applied.username.trim() === '' ? {} : { username: applied.username.trim() }),
    ...(applied.amountFrom === '' ? {} : { amount_from: applied.amountFrom }),
    ...(applied.amountTo === '' ? {} : { amount_to: applied.amountTo }),
    start_date: toIso(applied.start),
    end_date: toIso(applied.end),
    limit,
  };
  const bets = useQuery({
    queryKey: ['all-user-bets', page, filter],
    queryFn: () => fetchAllUserBets(page, filter),
    placeholderData: keepPreviousData,
    refetchInterval: HISTORY_POLL_MS,
    retry: 1,
  });
  const rows = bets.data?.data ?? [];
  const pagination = bets.data?.pagination;

  // Ticks belong to the pending rows on screen: a row that left (deleted, settled, another page) loses its tick.
  useEffect(() => {
    const pending = new Set((bets.data?.data ?? []).filter((b) => b.status === 'pending').map((b) => b._id));
    setTicked((prev) => {
      const kept = [...prev].filter((id) => pending.has(id));
      return kept.length === prev.size ? prev : new Set(kept);
    });
  }, [bets.data]);

  const changeView = (fn: () => void): void => {
    fn();
    setPage(1);
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const from = draft.amountFrom.trim();
    const to = draft.amountTo.trim();
    if ((from !== '' && !AMOUNT.test(from)) || (to !== '' && !AMOUNT.test(to)))
      return setDraftError('Amounts must be numbers');
    if (from !== '' && to !== '' && Number(from) > Number(to))
      return setDraftError('Amount from must not be more than amount to');
    if (draft.start !== '' && draft.end !== '' && draft.start > draft.end)
      return setDraftError('Start date must be before end date');
    setDraftError(null);
    setApplied({ ...draft, amountFrom: from, amountTo: to });
    setPage(1);
  };

  const reset = (): void => {
    const d = defaultDraft();
    setDraft(d);
    setApplied(d);
    setDraftError(null);
    setSide('all');
    setMatched('matched');
    setPage(1);
  };

  /** Now, and again once the read model has surely taken the delete in (it follows the log by a moment). */
  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['all-user-bets'] });
    for (const ms of [1_000, 3_000])
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['all-user-bets'] }), ms);
  };

  const bulkDelete = (): void => {
    if (ticked.size === 0) return showErrorToast('Please select one item');
    if (!window.confirm('Are you sure you want to delete?')) return;
    setDeleting(true);
  };

  const deleteOne = async (bet: BetDto): Promise<void> => {
    if (!bet._id) return showErrorToast('Invalid bet data. Unable to delete.');
    if (!window.confirm('Are you sure you want to delete?')) return;
    try {
      const answer = await deleteBet(bet._id);
      showSuccessToast(answer.message);
      refresh();
    } catch (e) {
      showErrorToast(errorMessage(e));
    }
  };

  const tickable = rows.filter((b) => b.status === 'pending' && b._id);
  const allTicked = tickable.length > 0 && tickable.every((b) => ticked.has(b._id));
  const columns = 7 + (isAdmin ? 1 : 0);

  return (
    <section className="card table-card ax-history">
      <header className="card-head">
        <h1>{title}</h1>
        <CsvButton
          path="/alluserbetList"
          params={{ ...filter }}
          filename={filter.deleted ? 'deleted-bet-history' : 'unsettled-bet-history'}
        />
      </header>

      <div className="ax-tabs" role="tablist" aria-label="Market type">
        {MARKET_TYPES.map((m) => (
          <button
            key={m.type}
            type="button"
            role="tab"
            aria-selected={marketType === m.type}
            className={marketType === m.type ? 'active' : undefined}
            onClick={() => changeView(() => setMarketType(m.type))}
          >
            {m.label}
          </button>
        ))}
      </div>

      <StatusTabs value={matched} onChange={(s) => changeView(() => setMatched(s))} />

      <form className="filter-bar ax-bet-filters" onSubmit={submit} noValidate>
        <UserNameField value={draft.username} onValue={(username) => setDraft({ ...draft, username })} />
        <label className="field">
          <span>Amount from</span>
          <input
            name="amountFrom"
            inputMode="decimal"
            autoComplete="off"
            value={draft.amountFrom}
            onChange={(e) => setDraft({ ...draft, amountFrom: e.target.value })}
          />
        </label>
        <label className="field">
          <span>Amount to</span>
          <input
            name="amountTo"
            inputMode="decimal"
            autoComplete="off"
            value={draft.amountTo}
            onChange={(e) => setDraft({ ...draft, amountTo: e.target.value })}
          />
        </label>
        <label className="field ax-date-field">
          <span>Start date</span>
          <input
            type="datetime-local"
            name="startDate"
            value={draft.start}
            onChange={(e) => setDraft({ ...draft, start: e.target.value })}
          />
        </label>
        <label className="field ax-date-field">
          <span>End date</span>
          <input
            type="datetime-local"
            name="endDate"
            value={draft.end}
            onChange={(e) => setDraft({ ...draft, end: e.target.value })}
          />
        </label>
        <FilterActions onReset={reset} error={draftError}>
          {isAdmin && (
            <button type="button" className="btn btn-danger" onClick={bulkDelete}>
              Delete
            </button>
          )}
        </FilterActions>
      </form>

      <div className="table-meta">
        <fieldset className="ax-radios">
          <legend className="visually-hidden">Side</legend>
          {(['all', 'lay', 'back', 'deleted'] as const).map((s) => (
            <label key={s} className="ax-radio">
              <input
                type="radio"
                name="side"
                value={s}
                checked={side === s}
                onChange={() => changeView(() => setSide(s))}
              />
              <span>{s === 'all' ? 'All' : s === 'lay' ? 'Lay' : s === 'back' ? 'Back' : 'Deleted'}</span>
            </label>
          ))}
        </fieldset>
        <PageSize value={limit} onChange={(n) => changeView(() => setLimit(n))} />
      </div>

      <div className={bets.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table ax-history-table" data-testid="bet-history">
          <thead>
            <tr>
              {isAdmin && (
                <th className="ax-tick-col">
                  <input
                    type="checkbox"
                    aria-label="Select all pending bets"
                    checked={allTicked}
                    disabled={tickable.length === 0}
                    onChange={(e) => setTicked(e.target.checked ? new Set(tickable.map((b) => b._id)) : new Set())}
                  />
                </th>
              )}
              <th>User Name</th>
              <th>Nation</th>
              <th className="num">Rate</th>
              <th className="num">Amount</th>
              <th>Status</th>
              <th>Place Date</th>
              <th className="actions-head">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr
                key={b._id || `${b.reference_id}-${b.placed_at}`}
                className={b.odds_type === 'back' ? 'ax-bet-back' : 'ax-bet-lay'}
                data-bet-id={b._id}
              >
                {isAdmin && (
                  <td className="ax-tick-col" data-label="Select">
                    {b.status === 'pending' && b._id && (
                      <input
                        type="checkbox"
                        aria-label={`Select bet of ${b.user_info.username}`}
                        checked={ticked.has(b._id)}
                        onChange={(e) => {
                          const next = new Set(ticked);
                          if (e.target.checked) next.add(b._id);
                          else next.delete(b._id);
                          setTicked(next);
                        }}
                      />
                    )}
                  </td>
                )}
                <td data-label="User Name" className="strong-cell">
                  {b.user_info.username}
                </td>
                <td data-label="Nation">
                  <div className="ax-nation">
                    <span>
                      {b.selection_name} <span className={`ax-side ax-side-${b.odds_type}`}>{b.odds_type}</span>
                      {b.cash_out && <span className="cash-out-tag">Cash out</span>}
                    </span>
                    <small className="muted">
                      {b.event_name} · {marketTitle(b.market_name)}
                    </small>
                  </div>
                </td>
                <td data-label="Rate" className="num">
                  {formatOdds(b.odds, b.market_type)}
                  {b.market_type === 'FANCY' && b.volume !== null && <span className="muted"> / {b.volume}</span>}
                  <MatchedOdds bet={b} />
                </td>
                <td data-label="Amount" className="num">
                  {formatRupees(b.stake)}
                </td>
                <td data-label="Status">
                  <span className={`state-badge ax-status-${b.status}`}>{b.status}</span>
                </td>
                <td data-label="Place Date" className="nowrap">
                  {formatDateTime(b.placed_at)}
                </td>
                <td data-label="Action" className="actions-cell">
                  {b.status === 'pending' && mayDelete ? (
                    <button
                      type="button"
                      className="ax-trash"
                      aria-label={`Delete bet of ${b.user_info.username}`}
                      title="Delete bet"
                      onClick={() => void deleteOne(b)}
                    >
                      <TrashIcon />
                    </button>
                  ) : (
                    <span className="muted">-</span>
                  )}
                </td>
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={columns} query={bets} />}
          </tbody>
        </table>
      </div>
      <TableFoot total={pagination?.total} noun="bet" pagination={pagination} onPage={setPage} />
      {deleting && (
        <DeleteBetsModal
          ids={[...ticked]}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            refresh();
          }}
        />
      )}
    </section>
  );
}

/** User name with suggestions from the downline as one types ('Failed to fetch user suggestions' on error). */
function UserNameField({ value, onValue }: { value: string; onValue: (v: string) => void }) {
  const listId = useId();
  const search = useDebouncedValue(value.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['user-suggestions', search],
    queryFn: () => fetchUserSuggestions(search),
    enabled: search !== '',
    retry: false,
    staleTime: 30_000,
  });
  const warned = useRef(false);
  useEffect(() => {
    if (suggestions.isError && !warned.current) {
      warned.current = true;
      showErrorToast('Failed to fetch user suggestions');
    }
  }, [suggestions.isError]);
  const names = (suggestions.data?.users ?? []).map((u) => u.username);
  return (
    <label className="field">
      <span>User name</span>
      <input
        name="username"
        list={listId}
        autoComplete="off"
        value={value}
        onChange={(e) => onValue(e.target.value)}
        placeholder="Any"
      />
      <datalist id={listId}>
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
    </label>
  );
}

/** Bulk delete, confirmed with the transaction password the server asks for it. */
function DeleteBetsModal({ ids, onClose, onDeleted }: { ids: string[]; onClose: () => void; onDeleted: () => void }) {
  const [txn, setTxn] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();
  return (
    <Modal title="Delete bets" subtitle={`${ids.length} bet${ids.length === 1 ? '' : 's'} selected`} onClose={onClose}>
      <form
        className="modal-form"
        noValidate
        onSubmit={(e) =>
          void submit(e, txn.trim() === '' ? 'Enter your transaction password' : null, async () => {
            const answer = await deleteBets(ids, txn);
            showSuccessToast(answer.message);
            onDeleted();
          })
        }
      >
        <fieldset disabled={busy}>
          <p className="modal-note">
            The stakes are released and the bets are listed under Deleted. This cannot be undone.
          </p>
          <TransactionPasswordField value={txn} onValue={edit(setTxn)} />
          <FormError message={error} />
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-danger">
              {busy ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}

function TrashIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
      <path d="M10 11v6M14 11v6" />
    </svg>
  );
}
