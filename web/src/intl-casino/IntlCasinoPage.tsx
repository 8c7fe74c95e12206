import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { IntlGameDto } from '@exch/contracts';
import { fetchIntlGames } from '../api/intl-casino-calls';
import { usePageTitle } from '../ui/use-page-title';
import { GameArt } from './GameArt';
import { GameFrame } from './GameFrame';
import '../styles/intl-casino.css';

export const ALL = 'All';

export interface IntlSearch {
  category?: string;
  sub?: string;
  /** The game open in the full-screen frame. */
  play?: string;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined;
export const validateIntlSearch = (s: Record<string, unknown>): IntlSearch => ({
  category: text(s.category),
  sub: text(s.sub),
  play: text(s.play),
});

/**
 * /casino-int/{type}: the international casino (SPEC.md section 2). {type} is a provider's id, or
 * `all`; the category comes from the query (sidebar on a desktop, a strip on a phone), sub-category
 * tabs above the tiles. A tile opens its game full screen (`?play=`), EXIT closes it.
 */
export function IntlCasinoPage() {
  const type = useParams({ strict: false, select: (p) => p.type ?? 'all' });
  const search = useSearch({ strict: false }) as IntlSearch;
  const navigate = useNavigate();
  usePageTitle('International casino');
  const catalogue = useQuery({ queryKey: ['intl-games'], queryFn: fetchIntlGames, staleTime: 60_000 });

  const category = search.category ?? ALL;
  const sub = search.sub ?? ALL;
  const data = catalogue.data;
  const ofProvider = (data?.games ?? []).filter((g) => type === 'all' || g.provider === type);
  const categories = (data?.categories ?? []).filter((c) => ofProvider.some((g) => g.category === c.name));
  const inCategory = ofProvider.filter((g) => category === ALL || g.category === category);
  const subs = [...new Set(inCategory.map((g) => g.subCategory))];
  const shown = inCategory.filter((g) => sub === ALL || g.subCategory === sub);
  const playing = search.play ? ofProvider.find((g) => g.gameId === search.play) : undefined;
  const go = (next: IntlSearch) => void navigate({ to: '/casino-int/$type', params: { type }, search: next });

  return (
    <section className="intl">
      <header className="card-head intl-head">
        <h1>International casino</h1>
        <nav className="intl-providers" aria-label="Providers">
          {[{ id: 'all', name: 'All providers' }, ...(data?.providers ?? [])].map((p) => (
            <Link
              key={p.id}
              to="/casino-int/$type"
              params={{ type: p.id }}
              className={p.id === type ? 'active' : undefined}
            >
              {p.name}
            </Link>
          ))}
        </nav>
      </header>
      <div className="intl-body">
        <nav className="intl-categories" aria-label="Categories">
          {[ALL, ...categories.map((c) => c.name)].map((name) => (
            <button
              key={name}
              type="button"
              className={name === category ? 'active' : undefined}
              onClick={() => go({ category: name === ALL ? undefined : name })}
            >
              {name}
              <span className="count">
                {name === ALL ? ofProvider.length : ofProvider.filter((g) => g.category === name).length}
              </span>
            </button>
          ))}
        </nav>
        <div className="intl-main">
          <div className="intl-tabs" role="tablist" aria-label="Sub-categories">
            {[ALL, ...subs].map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={name === sub}
                className={name === sub ? 'active' : undefined}
                onClick={() => go({ category: search.category, sub: name === ALL ? undefined : name })}
              >
                {name}
              </button>
            ))}
          </div>
          {catalogue.isError && <p className="intl-empty">The games could not be loaded: {catalogue.error.message}</p>}
          {catalogue.isPending && <p className="intl-empty">Loading the games…</p>}
          {data && shown.length === 0 && <p className="intl-empty">No games here yet.</p>}
          <ul className="intl-tiles">
            {shown.map((g) => (
              <li key={g.gameId}>
                <GameTile game={g} onOpen={() => go({ ...search, play: g.gameId })} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      {playing && (
        <GameFrame
          gameId={playing.gameId}
          name={playing.name}
          onExit={() => go({ category: search.category, sub: search.sub })}
        />
      )}
    </section>
  );
}

function GameTile({ game, onOpen }: { game: IntlGameDto; onOpen: () => void }) {
  return (
    <button type="button" className="intl-tile" onClick={onOpen} data-game={game.gameId}>
      <span className="intl-tile-art">
        <GameArt category={game.category} subCategory={game.subCategory} name={game.name} />
      </span>
      <span className="intl-tile-name">{game.name}</span>
      <span className="intl-tile-meta">{game.providerName}</span>
      <span className="intl-tile-meta">RTP {game.rtp.toFixed(2)}%</span>
    </button>
  );
}
