import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import {
  chaseOf,
  formatDateTime,
  type MarketDto,
  type MatchDetail,
  type OddsUpdate,
  type ScoreDto,
  type SectionDto,
} from '@exch/contracts';
import { fetchMatchDetail } from '../../../api/admin-betting-calls';
import { errorMessage } from '../../../api/error-message';
import { useProfile } from '../../../api/profile-query';
import { hasPrivilege } from '../../../auth/privileges';
import { NO_HEADER_SPORTS } from '../../../exchange/format';
import { chaseWords } from '../../../exchange/ScoreBoard';
import { usePageTitle } from '../../../ui/use-page-title';
import { BetLockModal } from './BetLockModal';
import { RunPositionModal, UserBookModal } from './BookModals';
import { EventBetsModal, MyBetCard, eventBetsKey, useEventBets } from './EventBets';
import { MarketBoard, type MarketAction } from './MarketBoard';
import { useMatchRoom } from './use-match-room';
import '../../../styles/admin-exchange.css';
import { StreamsButton } from '../../../streams/StreamsButton';
import { canManageSports } from '../../../auth/session-rules';

/** Live prices come over the socket; the page also re-reads the match now and then for statuses. */
const MATCH_REFRESH_MS = 15_000;

const matchKey = (matchId: string) => ['admin-match', matchId] as const;

/** Folds an oddsUpdate into the cached match: only the runners and fancies that changed are sent. */
function applyOdds(detail: MatchDetail, update: OddsUpdate): MatchDetail {
  const changed = new Map(update.markets.map((m) => [m.marketId, m.section]));
  return {
    ...detail,
    markets: detail.markets.map((m) => {
      const sections = changed.get(m.marketId);
      if (!sections) return m;
      const bySid = new Map<number, SectionDto>(sections.map((s) => [s.sid, s]));
      const merged = m.section.map((s) => bySid.get(s.sid) ?? s);
      for (const s of sections) if (!m.section.some((x) => x.sid === s.sid)) merged.push(s);
      return { ...m, section: merged };
    }),
  };
}

/**
 * The back office's match page, /admin/odds/{sportId}/{matchId} (SPEC.md section 2, Match detail):
 * read-only live markets with Bet Lock and User Book, the downline's bets in My Bet, and on phones
 * ODDS and PLACED BET tabs.
 */
export function AdminOddsPage() {
  const { sportId, matchId } = useParams({ strict: false }) as { sportId: string; matchId: string };
  const queryClient = useQueryClient();
  const { data: me } = useProfile('admin');
  const match = useQuery({
    queryKey: matchKey(matchId),
    queryFn: () => fetchMatchDetail(matchId),
    refetchInterval: MATCH_REFRESH_MS,
    retry: false,
  });
  const [modal, setModal] = useState<{ action: MarketAction; market: MarketDto } | { action: 'bets' } | null>(null);
  const [mobileTab, setMobileTab] = useState<'odds' | 'bets'>('odds');
  const matchedCount = useEventBets(matchId, 'matched').data?.length;

  useMatchRoom(matchId, {
    oddsUpdate: (update) => queryClient.setQueryData<MatchDetail>(matchKey(matchId), (d) => d && applyOdds(d, update)),
    placedBet: () => void queryClient.invalidateQueries({ queryKey: eventBetsKey(matchId) }),
    betDelete: () => void queryClient.invalidateQueries({ queryKey: eventBetsKey(matchId) }),
    joined: () => {
      void queryClient.invalidateQueries({ queryKey: matchKey(matchId) });
      void queryClient.invalidateQueries({ queryKey: eventBetsKey(matchId) });
    },
  });

  const detail = match.data;
  const name = detail?.match.name ?? 'Match';
  usePageTitle(name);
  const sport = detail?.match.sportId ?? Number(sportId);

  if (match.isError) {
    return (
      <section className="card">
        <header className="card-head">
          <h1>Match not available</h1>
        </header>
        <p className="muted">{errorMessage(match.error)}</p>
        <Link to="/admin/market-analysis" className="btn btn-sm btn-outline">
          Back to market analysis
        </Link>
      </section>
    );
  }

  return (
    <div className="ax-match-page">
      {!NO_HEADER_SPORTS.has(sport) && (
        <header className="ax-match-head">
          <div>
            <h1>{detail ? detail.match.name : 'Loading...'}</h1>
            {detail && <span className="ax-match-series">{detail.match.seriesName}</span>}
          </div>
          <div className="ax-match-when">
            {detail && me && canManageSports(me.role.slug) && (
              <StreamsButton matchId={detail.match.matchId} matchName={detail.match.name} />
            )}
            {detail?.match.inPlay && <span className="ax-inplay">In play</span>}
            {detail && <time dateTime={detail.match.startTime}>{formatDateTime(detail.match.startTime)}</time>}
          </div>
        </header>
      )}
      {detail?.score && <AdminScore score={detail.score} />}

      <div className="ax-mobile-tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={mobileTab === 'odds'}
          className={mobileTab === 'odds' ? 'active' : undefined}
          onClick={() => setMobileTab('odds')}
        >
          ODDS
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={mobileTab === 'bets'}
          className={mobileTab === 'bets' ? 'active' : undefined}
          onClick={() => setMobileTab('bets')}
        >
          PLACED BET ({matchedCount ?? 0})
        </button>
      </div>

      <div className={`ax-match-grid ax-show-${mobileTab}`}>
        <div className="ax-match-main">
          {detail ? (
            <MarketBoard
              markets={detail.markets}
              mayLock={hasPrivilege(me, 'lock-bets')}
              onAction={(action, market) => setModal({ action, market })}
            />
          ) : (
            <p className="card muted">Loading markets...</p>
          )}
        </div>
        <aside className="ax-match-side">
          <MyBetCard matchId={matchId} onViewAll={() => setModal({ action: 'bets' })} />
        </aside>
      </div>

      {modal?.action === 'bet-lock' && (
        <BetLockModal matchId={matchId} matchName={name} market={modal.market} onClose={() => setModal(null)} />
      )}
      {modal?.action === 'user-book' && (
        <UserBookModal market={modal.market} matchName={name} onClose={() => setModal(null)} />
      )}
      {modal?.action === 'run-position' && (
        <RunPositionModal market={modal.market} matchName={name} onClose={() => setModal(null)} />
      )}
      {modal?.action === 'bets' && <EventBetsModal matchId={matchId} matchName={name} onClose={() => setModal(null)} />}
    </div>
  );
}

/** The score line over the markets: the innings before this one, this one, and what a chase needs. */
function AdminScore({ score }: { score: ScoreDto }) {
  const chase = chaseOf(score);
  return (
    <div className="ax-score" aria-label="Score">
      {score.previous.map((i) => (
        <span key={i.innings} className="muted">
          {i.battingTeam} {i.runs}/{i.wickets} ({i.overs} ov) ·{' '}
        </span>
      ))}
      <b>{score.battingTeam}</b> {score.runs}/{score.wickets} <span className="muted">({score.overs} ov)</span>
      {score.innings > 1 && <span className="muted"> · innings {score.innings}</span>}
      {chase && <span> · {chaseWords(chase, score.battingTeam)}</span>}
    </div>
  );
}
