import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { fetchAllUserBets } from '../../../api/admin-betting-calls';
import { useProfile } from '../../../api/profile-query';
import { hasPrivilege } from '../../../auth/privileges';
import { CsvButton } from '../../../reports/CsvButton';
import { useListSearch } from '../../../ui/list-search';
import { PageSize } from '../../../ui/PageSize';
import { TableFoot } from '../../../ui/TableFoot';
import { usePageTitle } from '../../../ui/use-page-title';
import { BetFilterForm } from './bet-history/BetFilterForm';
import { BetHistoryTable } from './bet-history/BetHistoryTable';
import { DeleteBetsModal } from './bet-history/DeleteBetsModal';
import { betHistorySearch, betListFilter, type BetDraft, type Side } from './bet-history/search';
import { useBetDeletes } from './bet-history/use-bet-deletes';
import { StatusTabs } from './EventBets';
import { MARKET_TYPES, lastSevenDaysLocal, marketTypeFromParam } from './format';
import '../../../styles/admin-exchange.css';

/** Open bets change as the downline bets and markets settle. */
const HISTORY_POLL_MS = 15_000;
const SIDES: { side: Side; label: string }[] = [
  { side: 'all', label: 'All' },
  { side: 'lay', label: 'Lay' },
  { side: 'back', label: 'Back' },
  { side: 'deleted', label: 'Deleted' },
];

/**
 * Admin bet history, /admin/unsettledbet and /admin/unsettledbet/{type} (SPEC.md section 2): tabs
 * per market type, Matched/Unmatched, filters, All/Lay/Back/Deleted, deleting single pending bets
 * and, for role admin, the ticked ones in bulk. The type parameter picks the first tab, or the
 * Deleted view when it is 'deleted'; every choice after that is in the URL's search (bet-history/search.ts).
 */
export function BetHistoryPage() {
  const typeParam = useParams({ strict: false, select: (p) => (p as { type?: string }).type });
  const { data: me } = useProfile('admin');
  // SPEC.md section 6: bulk Delete for role admin only; single deletes for any upline allowed to delete bets.
  const isAdmin = me?.role.slug === 'admin' && hasPrivilege(me, 'delete-bets');
  const mayDelete = hasPrivilege(me, 'delete-bets');

  const [search, setSearch] = useListSearch(betHistorySearch);
  const [dates] = useState(lastSevenDaysLocal);
  const market = search.market ?? marketTypeFromParam(typeParam) ?? 'MATCH_ODDS';
  const status = search.status ?? 'matched';
  const side = search.side ?? (typeParam === 'deleted' ? 'deleted' : 'all');
  const limit = search.limit ?? 25;
  const page = search.page ?? 1;
  const applied: BetDraft = {
    username: search.username ?? '',
    amountFrom: search.amountFrom ?? '',
    amountTo: search.amountTo ?? '',
    start: search.start ?? dates.start,
    end: search.end ?? dates.end,
  };

  const title = side === 'deleted' ? 'Deleted Bet History' : 'Unsettled Bet History';
  usePageTitle(title);

  const filter = betListFilter({ market, status, side, limit }, applied);
  const bets = useQuery({
    queryKey: ['all-user-bets', page, filter],
    queryFn: () => fetchAllUserBets(page, filter),
    placeholderData: keepPreviousData,
    refetchInterval: HISTORY_POLL_MS,
    retry: 1,
  });
  const pagination = bets.data?.pagination;
  const deletes = useBetDeletes(bets.data?.data);
  const blank = (s: string) => (s === '' ? undefined : s);

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
            aria-selected={market === m.type}
            className={market === m.type ? 'active' : undefined}
            onClick={() => setSearch({ market: m.type, page: undefined })}
          >
            {m.label}
          </button>
        ))}
      </div>

      <StatusTabs value={status} onChange={(s) => setSearch({ status: s, page: undefined })} />

      <BetFilterForm
        applied={applied}
        defaults={{ username: '', amountFrom: '', amountTo: '', ...dates }}
        onApply={(d) =>
          setSearch({
            username: blank(d.username.trim()),
            amountFrom: blank(d.amountFrom),
            amountTo: blank(d.amountTo),
            start: blank(d.start),
            end: blank(d.end),
            page: undefined,
          })
        }
        onReset={() =>
          setSearch({
            ...{ username: undefined, amountFrom: undefined, amountTo: undefined, start: undefined, end: undefined },
            side: typeParam === 'deleted' ? 'all' : undefined,
            status: undefined,
            page: undefined,
          })
        }
      >
        {isAdmin && (
          <button type="button" className="btn btn-danger" onClick={deletes.bulkDelete}>
            Delete
          </button>
        )}
      </BetFilterForm>

      <div className="table-meta">
        <fieldset className="ax-radios">
          <legend className="visually-hidden">Side</legend>
          {SIDES.map((s) => (
            <label key={s.side} className="ax-radio">
              <input
                type="radio"
                name="side"
                value={s.side}
                checked={side === s.side}
                onChange={() => setSearch({ side: s.side, page: undefined })}
              />
              <span>{s.label}</span>
            </label>
          ))}
        </fieldset>
        <PageSize value={limit} onChange={(n) => setSearch({ limit: n as 50, page: undefined })} />
      </div>

      <BetHistoryTable
        rows={bets.data?.data ?? []}
        query={bets}
        sort={{ value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) }}
        ticks={isAdmin ? { ticked: deletes.ticked, onTicked: deletes.setTicked } : null}
        onDelete={mayDelete ? (b) => void deletes.deleteOne(b) : null}
      />
      <TableFoot total={pagination?.total} noun="bet" pagination={pagination} onPage={(p) => setSearch({ page: p })} />
      {deletes.deleting && (
        <DeleteBetsModal
          ids={[...deletes.ticked]}
          onClose={() => deletes.closeModal(false)}
          onDeleted={() => deletes.closeModal(true)}
        />
      )}
    </section>
  );
}
