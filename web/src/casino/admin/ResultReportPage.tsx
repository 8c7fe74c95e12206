import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllTables, fetchCasinoResults } from '../../api/casino-calls';
import { CsvButton } from '../../reports/CsvButton';
import { isoDay } from '../../ui/dates';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import { useListSearch } from '../../ui/list-search';
import { usePageTitle } from '../../ui/use-page-title';
import { useSearchBox } from '../../ui/use-search-box';
import { resultReportSearch } from './result-report-search';
import { ResultTable } from '../ResultTable';
import '../../styles/casino.css';

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
  const [url, setUrl] = useListSearch(resultReportSearch);
  const [today] = useState(() => isoDay(new Date()));
  const applied: Applied | null = url.game
    ? { game: url.game, roundId: url.round ?? '', date: url.date === 'all' ? '' : (url.date ?? today) }
    : null;
  const page = url.page ?? 1;
  const limit = url.limit ?? 25;
  const search = url.search ?? '';
  // The form is a draft until Submit; it follows the URL when that changes from outside (back, a link).
  const [game, setGame] = useState(applied?.game ?? '');
  const [roundId, setRoundId] = useState(applied?.roundId ?? '');
  const [date, setDate] = useState(applied?.date ?? today);
  const appliedKey = JSON.stringify(applied);
  const [seen, setSeen] = useState(appliedKey);
  if (seen !== appliedKey) {
    setSeen(appliedKey);
    setGame(applied?.game ?? '');
    setRoundId(applied?.roundId ?? '');
    setDate(applied?.date ?? today);
  }
  const [text, setText] = useSearchBox(search, (typed) =>
    setUrl({ search: typed || undefined, page: undefined }, { replace: true }),
  );

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
    setUrl({ game, round: roundId.trim() || undefined, date: date === '' ? 'all' : date, page: undefined });
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
        <PageSize
          value={limit}
          onChange={(size) => setUrl({ limit: size === 25 ? undefined : (size as 50 | 100), page: undefined })}
        />
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
          onPage={(next) => setUrl({ page: next })}
        />
      )}
    </section>
  );
}
