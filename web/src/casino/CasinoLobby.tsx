import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { CASINO_SUSPENDED_MESSAGE, type CasinoTableDto } from '@exch/contracts';
import { fetchCasinoTables } from '../api/casino-calls';
import { showErrorToast } from '../ui/toasts';
import { usePageTitle } from '../ui/use-page-title';
import { ALL_CASINO_CATEGORY, CASINO_CATEGORIES } from './casino-categories';
import '../styles/casino.css';

/** The sidebar's order (SPEC.md section 2's list). */
const CATEGORY_ORDER = [
  '35',
  '31',
  '20',
  '21',
  '22',
  '23',
  '24',
  '26',
  '27',
  '28',
  '29',
  '30',
  '34',
  '32',
  '33',
  '40',
  '41',
  '73',
];

/** The page a sidebar category opens: the same page with another category. */
export type LobbyRoute = { page: 'games' } | { page: 'in'; type: string } | { page: 'list' };

interface CasinoLobbyProps {
  title: string;
  category: string;
  route: LobbyRoute;
}

function CategoryLink({ route, id, active }: { route: LobbyRoute; id: string; active: boolean }) {
  const props = {
    className: active ? 'casino-category active' : 'casino-category',
    'data-category': id,
    children: CASINO_CATEGORIES[id],
  };
  if (route.page === 'in')
    return <Link to="/casino-in/$type" params={{ type: route.type }} search={{ category: id }} {...props} />;
  if (route.page === 'list') return <Link to="/casino-list/LC/4/$categoryId" params={{ categoryId: id }} {...props} />;
  return <Link to="/casino-games" search={{ category: id }} {...props} />;
}

const useCasinoTables = (category: string) =>
  useQuery({
    queryKey: ['casino-tables', category],
    queryFn: async () => {
      try {
        return (await fetchCasinoTables('user', category)).data;
      } catch (e) {
        // SPEC.md section 8: a failed casino list is logged and the list emptied.
        console.warn('Failed to fetch the casino tables', e);
        return [];
      }
    },
    refetchInterval: 15_000,
  });

/**
 * The Indian casino lobby (/casino-games, /casino-in/{type}, /casino-list/LC/4/{categoryId}):
 * SPEC.md section 2's categories in a sidebar (a strip on a phone) and the tables of the chosen
 * one as tiles with their image. A suspended table cannot be opened: SPEC.md section 5's message.
 * A category without a table is not offered (only a link straight to it still shows it).
 */
export function CasinoLobby({ title, category, route }: CasinoLobbyProps) {
  const name = CASINO_CATEGORIES[category] ?? `Category ${category}`;
  usePageTitle(category === ALL_CASINO_CATEGORY ? title : `${title}: ${name}`);
  const tables = useCasinoTables(category);
  const dealt = new Set((useCasinoTables(ALL_CASINO_CATEGORY).data ?? []).map((t) => String(t.category)));
  const shown = CATEGORY_ORDER.filter((id) => id === ALL_CASINO_CATEGORY || id === category || dealt.has(id));
  return (
    <div className="casino-lobby">
      <nav className="casino-categories" aria-label="Casino categories">
        {shown.map((id) => (
          <CategoryLink key={id} route={route} id={id} active={id === category} />
        ))}
      </nav>
      <section className="casino-tiles-card">
        <header className="card-head">
          <h1>{category === ALL_CASINO_CATEGORY ? title : name}</h1>
          <span className="muted">Live Indian tables, dealt by the house and provably fair</span>
        </header>
        <CasinoTiles tables={tables.data ?? []} loading={tables.isPending} />
      </section>
    </div>
  );
}

export function CasinoTiles({ tables, loading }: { tables: readonly CasinoTableDto[]; loading: boolean }) {
  if (tables.length === 0)
    return <p className="casino-empty muted">{loading ? 'Loading games...' : 'No games in this category yet'}</p>;
  return (
    <div className="casino-tiles" data-testid="casino-tiles">
      {tables.map((t) => (
        <Link
          key={t._id}
          to="/casino/$gameCode"
          params={{ gameCode: t._id }}
          className={`casino-tile${t.game_status === 'ACTIVE' ? '' : ' suspended'}`}
          data-game={t._id}
          onClick={(e) => {
            if (t.game_status === 'ACTIVE') return;
            e.preventDefault();
            showErrorToast(CASINO_SUSPENDED_MESSAGE);
          }}
        >
          <img src={t.game_image} alt="" width={320} height={200} />
          <span className="casino-tile-name">{t.game_name}</span>
          {t.game_status === 'ACTIVE' ? (
            <span className="casino-tile-live">Live</span>
          ) : (
            <span className="casino-tile-off">Suspended</span>
          )}
        </Link>
      ))}
    </div>
  );
}
