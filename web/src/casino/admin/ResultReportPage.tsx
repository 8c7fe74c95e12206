import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllTables, fetchCasinoResults } from '../../api/casino-calls';
import { CsvButton } from '../../reports/CsvButton';
import { isoDay } from '../../ui/dates';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { usePageTitle } from '../../ui/use-page-title';
import { ResultTable } from '../ResultTable';
import '../../styles/casino.css';

/** SPEC.md section 9: the casino result search waits 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;

interface Applied {
  game: string;
  roundId: string;
  date: string;
}

/**
 * Casino Result Report (SPEC.md section 2): game select, round id, date (today by default), page
 * size 25/50/100 and a search; a table of Round ID and Winner. Submit stays disabled until a game is
 * chosen and nothing is fetched before (SPEC.md section 5).
 */
export function CasinoResultReportPage() {
  usePageTitle('Casino result report');
  const [game, setGame] = useState('');
  const [roundId, setRoundId] = useState('');
  const [date, setDate] = useState(() => isoDay(new Date()));
  const [applied, setApplied] = useState<Applied | null>(null);
  const [limit, setLimit] = useState(25);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(1), [search, limit]);

  const tables = useQuery({
    queryKey: ['casino-all-tables', 'admin'],
    queryFn: async () => (await fetchAllTables('admin')).data,
  });
  const results = useQuery({
    queryKey: ['casino-result-report', applied, search, limit, page],
    queryFn: async () => {
      try {
        return (
          await fetchCasinoResults('admin', applied!.game, {
            page,
            limit,
            ...(applied!.date && { startDate: applied!.date }),
            ...(applied!.roundId && { roundId: applied!.roundId }),
            ...(search && { search }),
          })
        ).data.data;
      } catch (e) {
        // SPEC.md section 8: a failed result fetch is logged and the list emptied.
        console.warn('Failed to fetch the casino results', e);
        return { res: [], total: 0, page: 1, limit, totalPages: 1 };
      }
    },
    enabled: applied !== null,
    placeholderData: keepPreviousData,
  });

  const submit = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    if (game === '') return;
    setPage(1);
    setApplied({ game, roundId: roundId.trim(), date });
  };

  const rows = applied ? (results.data?.res ?? []) : [];
  const message =
    applied === null
      ? 'Please select a game to view results'
      : results.isPending
        ? 'Loading results data...'
        : rows.length === 0
          ? 'No results found'
          : null;

  return (
    <section className="card table-card casino-result-report">
      <header className="card-head">
        <h1>Casino result report</h1>
        {applied && (
          <CsvButton
            path={`/casino/results/${encodeURIComponent(applied.game)}`}
            params={{ startDate: applied.date, roundId: applied.roundId, search }}
            filename={`casino-results-${applied.game}${applied.date && `-${applied.date}`}`}
          />
        )}
      </header>
      <form className="filter-bar" onSubmit={submit} noValidate>
        <label className="field">
          <span>Game</span>
          <select name="game" value={game} onChange={(e) => setGame(e.target.value)}>
            <option value="">Select game</option>
            {(tables.data ?? []).map((t) => (
              <option key={t._id} value={t._id}>
                {t.game_name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Round ID</span>
          <input
            name="roundId"
            value={roundId}
            maxLength={30}
            placeholder="Round ID"
            onChange={(e) => setRoundId(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Date</span>
          <input type="date" name="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary" disabled={game === ''}>
            Submit
          </button>
        </div>
      </form>
      <div className="toolbar">
        <PageSize value={limit} onChange={setLimit} />
        <label className="search-box">
          <span className="visually-hidden">Search</span>
          <input
            type="search"
            name="search"
            placeholder="Search round or winner"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      </div>
      <ResultTable
        rows={rows}
        code={applied?.game ?? ''}
        ctx="admin"
        // The message says what is loading or missing (a game not chosen yet is not a pending load).
        query={{ isPending: false, isError: false, isFetching: results.isFetching }}
        empty={<span data-testid="result-report-message">{message}</span>}
      />
      {applied && (
        <Pager
          pagination={results.data ? { page: results.data.page, totalPages: results.data.totalPages } : undefined}
          onPage={setPage}
        />
      )}
    </section>
  );
}
