import { Link, useSearch } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LOBBY_ROOM, type ActiveSport, type MatchSummary } from '@exch/contracts';
import { fetchActiveSports } from '../../api/betting-calls';
import { useProfile } from '../../api/profile-query';
import { formatLobbyStart, formatOdds } from '../../exchange/format';
import { PriceCell } from '../../exchange/PriceCell';
import { LobbySettled } from '../../exchange/SettledMarkets';
import { useLiveEvent, useMatchRoom } from '../../live/use-live';
import { RACING_SPORTS, SPORT_IDS, SPORT_NAME, isSportId } from '../../sports/sports';
import { usePageTitle } from '../../ui/use-page-title';
import { WalletStats } from '../../ui/WalletStats';

/**
 * Prices come over the websocket (the lobby room's lobbyPrices pushes); the list itself (matches
 * listed, in play, closed) is read again this often.
 */
const LOBBY_LIST_REFRESH_MS = 60_000;

/**
 * The home lobby (/, /home, /dashbaord): the wallet, then per sport its in-play and upcoming
 * matches with the best back and lay price of each runner (1 X 2), each linking to its odds page.
 * Opened with ?sport=4 it lists that sport only.
 */
export function LobbyPage() {
  const { data: user } = useProfile('user');
  const sport = useSearch({ strict: false, select: (search) => search.sport });

  const active = useQuery({
    queryKey: ['sports-active'],
    queryFn: async () => {
      try {
        return (await fetchActiveSports('user')).data;
      } catch (e) {
        console.warn('Failed to fetch the lobby', e);
        throw e;
      }
    },
    refetchInterval: LOBBY_LIST_REFRESH_MS,
  });
  const queryClient = useQueryClient();
  useMatchRoom('user', LOBBY_ROOM);
  useLiveEvent('user', 'lobbyPrices', ({ matchId, runners }) =>
    queryClient.setQueryData<ActiveSport[]>(['sports-active'], (sports) =>
      sports?.map((s) =>
        s.matches.some((m) => m.matchId === matchId)
          ? { ...s, matches: s.matches.map((m) => (m.matchId === matchId ? { ...m, runners } : m)) }
          : s,
      ),
    ),
  );

  const order = (id: number): number => {
    const i = (SPORT_IDS as readonly number[]).indexOf(id);
    return i === -1 ? SPORT_IDS.length : i;
  };
  const sportName =
    sport === undefined
      ? null
      : isSportId(sport)
        ? SPORT_NAME[sport]
        : (active.data?.find((s) => s.sportId === sport)?.name ?? 'Sports');
  usePageTitle(sportName ?? 'Home');
  const sports = (active.data ?? [])
    .filter((s) => sport === undefined || s.sportId === sport)
    .sort((a, b) => order(a.sportId) - order(b.sportId));

  return (
    <>
      <section className="card welcome-card compact">
        <header className="card-head">
          <h1>Welcome{user ? `, ${user.fullName || user.username}` : ''}</h1>
          <span className="welcome-links">
            <Link to="/deposit" className="btn btn-sm btn-success">
              Deposit
            </Link>
            <Link to="/withdraw" className="btn btn-sm btn-danger">
              Withdraw
            </Link>
          </span>
        </header>
        {user && (
          <dl className="stat-grid">
            <WalletStats wallet={user.balance} />
          </dl>
        )}
        <nav className="lobby-links" aria-label="My account">
          <Link to="/current/bets">Current bets</Link>
          <Link to="/unsettledbet">Unsettled bets</Link>
          <Link to="/bethistory">Bet history</Link>
          <Link to="/profitloss">Profit &amp; Loss</Link>
          <Link to="/accountstatement">Account statement</Link>
        </nav>
      </section>

      {sports.map((s) => (
        <SportCard key={s.sportId} sport={s} />
      ))}
      {sports.length === 0 && (
        <section className="market-card lobby-sport">
          <header className="market-head">
            <h2>{sportName ?? 'Sports'}</h2>
          </header>
          <p className="lobby-empty">
            {active.isPending
              ? 'Loading matches...'
              : active.isError
                ? 'The matches could not be loaded'
                : 'No Data Found'}
          </p>
        </section>
      )}
    </>
  );
}

function SportCard({ sport }: { sport: ActiveSport }) {
  const name = isSportId(sport.sportId) ? SPORT_NAME[sport.sportId] : sport.name;
  const inPlay = sport.matches.filter((m) => m.inPlay).length;
  // A race has no 1 X 2: its row shows the WIN market's favourites and leads to the race card.
  const racing = RACING_SPORTS.has(sport.sportId);
  return (
    <section className="market-card lobby-sport" data-sport-id={sport.sportId} aria-label={name}>
      <header className="market-head">
        <h2>{name}</h2>
        {inPlay > 0 && <span className="market-tag live">{inPlay} in-play</span>}
      </header>
      {racing ? (
        <div className="lobby-row lobby-head" aria-hidden="true">
          <span className="lobby-match">Race</span>
          <span className="lobby-col lobby-favourites-head">Win: the favourites</span>
        </div>
      ) : (
        <div className="lobby-row lobby-head" aria-hidden="true">
          <span className="lobby-match">Match</span>
          <span className="lobby-col">1</span>
          <span className="lobby-col">X</span>
          <span className="lobby-col">2</span>
        </div>
      )}
      {sport.matches.map((m) => (
        <MatchRow key={m.matchId} match={m} racing={racing} />
      ))}
      {sport.matches.length === 0 && <p className="lobby-empty">No Data Found</p>}
    </section>
  );
}

type Runner = MatchSummary['runners'][number];

/** A race's three favourites: the runners still running with the shortest best back price (WIN market). */
function favourites(runners: readonly Runner[]): (Runner | null)[] {
  const priced = runners
    .filter((r) => r.status !== 'REMOVED' && r.back !== null)
    .sort((a, b) => a.back! - b.back! || (a.lay ?? Infinity) - (b.lay ?? Infinity));
  return [0, 1, 2].map((i) => priced[i] ?? null);
}

/** 1 X 2: the home side, the draw (when there is one) and the away side. */
function columns(runners: readonly Runner[]): (Runner | null)[] {
  const draw = runners.find((r) => /draw/i.test(r.name)) ?? null;
  const sides = runners.filter((r) => r !== draw);
  return [sides[0] ?? null, draw, sides[1] ?? null];
}

function MatchRow({ match, racing }: { match: MatchSummary; racing: boolean }) {
  return (
    <Link
      to="/odds/$sportId/$matchId"
      params={{ sportId: String(match.sportId), matchId: match.matchId }}
      className="lobby-row lobby-match-row"
      data-match-id={match.matchId}
    >
      <span className="lobby-match">
        <span className="lobby-name">{match.name}</span>
        <span className="lobby-when">
          {match.inPlay ? <span className="live-dot">In-Play</span> : <span>{formatLobbyStart(match.startTime)}</span>}
          <span className="lobby-series">{match.seriesName}</span>
          {racing && (
            <span className="lobby-race-card">
              {match.runners.filter((r) => r.status !== 'REMOVED').length} runners ›
            </span>
          )}
        </span>
        {match.markets && <LobbySettled markets={match.markets} />}
      </span>
      {(racing ? favourites(match.runners) : columns(match.runners)).map((r, i) => (
        <span
          key={r?.selectionId ?? `none-${i}`}
          className={r && r.status !== 'ACTIVE' ? 'lobby-col lobby-prices suspended' : 'lobby-col lobby-prices'}
          data-sid={r?.selectionId}
        >
          {racing && <span className="lobby-runner">{r?.name ?? ''}</span>}
          <PriceCell side="back" price={r?.back != null ? formatOdds('match_odds', r.back) : null} size={null} best />
          <PriceCell side="lay" price={r?.lay != null ? formatOdds('match_odds', r.lay) : null} size={null} best />
        </span>
      ))}
    </Link>
  );
}
