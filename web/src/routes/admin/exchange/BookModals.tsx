import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MarketDto } from '@exch/contracts';
import { fetchFancyPosition, fetchUserBook, fetchUserWiseBook } from '../../../api/admin-betting-calls';
import { ApiRequestError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { Modal } from '../../../ui/Modal';
import { formatRupees, pnlClass } from '../../../ui/money';
import { marketTitle } from './format';

const NO_RESULT = 'No Result Found';

/** A 404 'No Result Found' is an empty book, not a failure. */
const isNoResult = (e: unknown): boolean =>
  e instanceof ApiRequestError && (e.statusCode === 404 || e.message === NO_RESULT);

function Empty({ query }: { query: { isPending: boolean; isError: boolean; error: unknown } }) {
  if (query.isPending) return <p className="muted ax-modal-empty">Loading...</p>;
  if (query.isError && !isNoResult(query.error))
    return (
      <p className="form-error" role="alert">
        {errorMessage(query.error)}
      </p>
    );
  return <p className="muted ax-modal-empty">{NO_RESULT}</p>;
}

/**
 * User Book (SPEC.md section 2, Modals): the downline's stakes by selection, and the market user
 * book, each user's profit or loss should each runner win. Fancies show stakes only.
 */
export function UserBookModal({
  market,
  matchName,
  onClose,
}: {
  market: MarketDto;
  matchName: string;
  onClose: () => void;
}) {
  const runners = market.kind !== 'fancy';
  const [tab, setTab] = useState<'stakes' | 'book'>('stakes');
  return (
    <Modal
      title="User Book"
      wide
      subtitle={
        <>
          <b>{marketTitle(market.marketName)}</b> <span className="muted">{matchName}</span>
        </>
      }
      onClose={onClose}
    >
      {runners && (
        <div className="ax-tabs ax-tabs-small" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'stakes'}
            className={tab === 'stakes' ? 'active' : undefined}
            onClick={() => setTab('stakes')}
          >
            Stakes
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'book'}
            className={tab === 'book' ? 'active' : undefined}
            onClick={() => setTab('book')}
          >
            Position
          </button>
        </div>
      )}
      {tab === 'stakes' || !runners ? (
        <StakeBook marketId={market.marketId} />
      ) : (
        <PositionBook marketId={market.marketId} />
      )}
    </Modal>
  );
}

function StakeBook({ marketId }: { marketId: string }) {
  const book = useQuery({ queryKey: ['user-book', marketId], queryFn: () => fetchUserBook(marketId), retry: false });
  const users = book.data?.data?.users ?? [];
  const names = [...new Set(users.flatMap((u) => u.selections.map((s) => s.selection_name)))];
  if (users.length === 0) return <Empty query={book} />;
  return (
    <div className="table-wrap">
      <table className="data-table ax-book-table" data-testid="user-book">
        <thead>
          <tr>
            <th>User Name</th>
            {names.map((n) => (
              <th key={n} className="num">
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.user}>
              <td className="strong-cell">{u.user}</td>
              {names.map((n) => {
                const stake = u.selections.find((s) => s.selection_name === n)?.total_stake;
                return (
                  <td key={n} className="num">
                    {stake === undefined ? <span className="muted">-</span> : formatRupees(stake)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PositionBook({ marketId }: { marketId: string }) {
  const book = useQuery({
    queryKey: ['user-wise-book', marketId],
    queryFn: () => fetchUserWiseBook(marketId),
    retry: false,
  });
  const market = book.data?.markets.find((m) => m.marketId === marketId) ?? book.data?.markets[0];
  if (!market || market.users.length === 0) return <Empty query={book} />;
  return (
    <div className="table-wrap">
      <table className="data-table ax-book-table" data-testid="user-position">
        <thead>
          <tr>
            <th>User Name</th>
            {market.runners.map((r) => (
              <th key={r.selectionId} className="num">
                {r.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {market.users.map((u) => (
            <tr key={u.username}>
              <td className="strong-cell">{u.username}</td>
              {market.runners.map((r) => {
                const v = u.book[String(r.selectionId)] ?? 0;
                return (
                  <td key={r.selectionId} className={`num ${pnlClass(v)}`}>
                    {formatRupees(v)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Run Position (SPEC.md section 2, Modals): the downline's fancy book, what it wins or loses at each run. */
export function RunPositionModal({
  market,
  matchName,
  onClose,
}: {
  market: MarketDto;
  matchName: string;
  onClose: () => void;
}) {
  const position = useQuery({
    queryKey: ['fancy-position', market.marketId],
    queryFn: () => fetchFancyPosition(market.marketId),
    retry: false,
  });
  const rows = position.data?.data.completeBookList ?? [];
  return (
    <Modal
      title="Run Position"
      subtitle={
        <>
          <b>{marketTitle(market.marketName)}</b> <span className="muted">{matchName}</span>
        </>
      }
      onClose={onClose}
    >
      {rows.length === 0 ? (
        <Empty query={position} />
      ) : (
        <div className="table-wrap ax-run-wrap">
          <table className="data-table ax-run-table" data-testid="run-position">
            <thead>
              <tr>
                <th>Run</th>
                <th className="num">Amount</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.run} className={r.value < 0 ? 'ax-run-loss' : r.value > 0 ? 'ax-run-win' : undefined}>
                  <td>{r.run}</td>
                  <td className={`num strong-cell ${pnlClass(r.value)}`}>{formatRupees(r.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
