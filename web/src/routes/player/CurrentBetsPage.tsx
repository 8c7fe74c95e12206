import type { BetDto } from '@exch/contracts';
import { useMyBetPushes, useMyBets } from '../../exchange/bets-data';
import { CancelUnmatched } from '../../exchange/CancelUnmatchedCell';
import { trimNumber } from '../../exchange/format';
import { amountColumn, DataTable, dateTimeColumn, type Column } from '../../ui/DataTable';
import { EMPTY_TABLE } from '../../ui/EmptyRow';
import { readOneOf, searchValidator, useListSearch } from '../../ui/list-search';
import { usePageTitle } from '../../ui/use-page-title';
import { EventLink, sideAndOddsColumns } from './bet-list-columns';

type Filter = 'all' | 'matched' | 'unmatched';
type Side = 'all' | 'back' | 'lay';

/** /current/bets's filters in the URL: ?state=matched|unmatched, ?side=back|lay (all when left out). */
export const currentBetsSearch = searchValidator<{ state?: 'matched' | 'unmatched'; side?: 'back' | 'lay' }>({
  state: readOneOf(['matched', 'unmatched'] as const),
  side: readOneOf(['back', 'lay'] as const),
});

const columns: Column<BetDto>[] = [
  { id: 'selection', header: 'Selection', cellClassName: 'strong-cell', cell: (b) => b.selection_name },
  { id: 'market', header: 'Market', cell: (b) => b.market_name },
  ...sideAndOddsColumns,
  amountColumn('matched', 'Matched', (b) => b.matched_stake),
  {
    id: 'unmatched',
    header: 'Unmatched',
    className: 'num',
    cell: (b) =>
      b.unmatched_stake > 0 ? (
        <span className="state-badge state-unmatched">{trimNumber(b.unmatched_stake)}</span>
      ) : (
        <span className="muted">-</span>
      ),
  },
  dateTimeColumn('placed', 'Placed', (b) => b.placed_at, 'nowrap muted-cell'),
  { id: 'action', header: 'Action', className: 'num', cell: (b) => <CancelUnmatched bet={b} /> },
];

/** A segmented choice of one value (the page's filters). */
function Seg<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (next: T) => void;
}) {
  return (
    <div className="seg" role="radiogroup" aria-label={label}>
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          role="radio"
          aria-checked={value === v}
          className={value === v ? 'active' : ''}
          onClick={() => onChange(v)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/**
 * /current/bets: the player's open bets on matches still running (GET /api/my_bets), live over the
 * socket, grouped by match, filtered by matched state and side (both in the URL); unmatched stake
 * can be cancelled.
 */
export function CurrentBetsPage() {
  usePageTitle('Current bets');
  useMyBetPushes();
  const bets = useMyBets(null);
  const [search, setSearch] = useListSearch(currentBetsSearch);
  const filter: Filter = search.state ?? 'all';
  const side: Side = search.side ?? 'all';

  const byEvent = new Map<string, BetDto[]>();
  for (const b of bets.data ?? [])
    if (
      (filter === 'all' || (filter === 'matched' ? b.matched_stake > 0 : b.unmatched_stake > 0)) &&
      (side === 'all' || b.odds_type === side)
    )
      byEvent.set(b.event_id, [...(byEvent.get(b.event_id) ?? []), b]);
  // A match's bets follow its heading row.
  const firsts = new Set([...byEvent.values()].map((list) => list[0]!._id));

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Current bets</h1>
      </header>
      <div className="toolbar">
        <Seg
          label="Matched state"
          options={[
            ['all', 'All'],
            ['matched', 'Matched'],
            ['unmatched', 'Unmatched'],
          ]}
          value={filter}
          onChange={(f) => setSearch({ state: f === 'all' ? undefined : f })}
        />
        <Seg
          label="Side"
          options={[
            ['all', 'All'],
            ['back', 'Back'],
            ['lay', 'Lay'],
          ]}
          value={side}
          onChange={(s) => setSearch({ side: s === 'all' ? undefined : s })}
        />
      </div>
      <DataTable
        columns={columns}
        rows={[...byEvent.values()].flat()}
        rowKey={(b) => b._id}
        renderRow={(b, cells) => (
          <>
            {firsts.has(b._id) && (
              <tr className="group-row">
                <td colSpan={columns.length}>
                  <EventLink bet={b} />
                </td>
              </tr>
            )}
            <tr className={`bet-row ${b.odds_type}`} data-bet-id={b._id}>
              {cells}
            </tr>
          </>
        )}
        query={bets}
        className="bets-table"
        empty={EMPTY_TABLE}
        failed="The bets could not be loaded"
      />
    </section>
  );
}
