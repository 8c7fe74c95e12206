import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllTables, fetchCasinoResults } from '../api/casino-calls';
import { EMPTY_TABLE } from '../ui/EmptyRow';
import { Pager } from '../ui/Pager';
import { usePageTitle } from '../ui/use-page-title';
import { ResultTable } from './ResultTable';
import '../styles/casino.css';

const LIMIT = 25;

/** /casino/result: past rounds of a table, newest first, each opening its cards and the proof. */
export function CasinoResultsPage() {
  usePageTitle('Casino results');
  const game = useSearch({ strict: false, select: (s) => (typeof s.game === 'string' ? s.game : 'dt20') });
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const tables = useQuery({
    queryKey: ['casino-all-tables', 'user'],
    queryFn: async () => (await fetchAllTables('user')).data,
  });
  const results = useQuery({
    queryKey: ['casino-results', game, page],
    queryFn: async () => (await fetchCasinoResults('user', game, { page, limit: LIMIT })).data.data,
    placeholderData: keepPreviousData,
  });
  const rows = results.data?.res ?? [];
  return (
    <section className="card table-card casino-results">
      <header className="card-head">
        <h1>Casino results</h1>
        <label className="field casino-inline-field">
          <span>Game</span>
          <select
            name="game"
            value={game}
            onChange={(e) => {
              setPage(1);
              void navigate({ to: '/casino/result', search: { game: e.target.value } });
            }}
          >
            {(tables.data ?? []).map((t) => (
              <option key={t._id} value={t._id}>
                {t.game_name}
              </option>
            ))}
          </select>
        </label>
      </header>
      <ResultTable rows={rows} code={game} ctx="user" query={results} empty={EMPTY_TABLE} />
      <Pager
        pagination={results.data ? { page: results.data.page, totalPages: results.data.totalPages } : undefined}
        onPage={setPage}
      />
    </section>
  );
}
