import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatDateTime,
  type AutoCashOutDto,
  type BetDto,
  type CashOutResponse,
  type MarketDto,
  type MatchDetail,
  type Paise,
  type PlaceBetResponse,
} from '@exch/contracts';
import { useProfile } from '../../api/profile-query';
import { showErrorToast } from '../../ui/toasts';
import {
  myBetsKey,
  upsertPending,
  useCancelBet,
  useMyBetPushes,
  useMyBets,
  useRefreshMyBets,
} from '../../exchange/bets-data';
import { matchedPositions, runnerBook } from '../../exchange/book';
import { useAutoCashOuts } from '../../exchange/auto-cash-out-data';
import { cashOutOf } from '../../exchange/cash-out';
import { BlockedNote, MARKET_BLOCKED, useBlockedMarkets } from '../../exchange/BlockedMarkets';
import { CashOutPanel } from '../../exchange/CashOutPanel';
import { FancyMarkets } from '../../exchange/FancyMarkets';
import { NO_HEADER_SPORTS } from '../../exchange/format';
import { splitMarkets, useLiveMatch } from '../../exchange/match-data';
import { MyBetCard } from '../../exchange/MyBetCard';
import type { BetPick } from '../../exchange/pick';
import { openSlip, PlaceBetPanel, slipPreview, type Slip } from '../../exchange/PlaceBetPanel';
import { RunnerMarket } from '../../exchange/RunnerMarket';
import { ScoreBoard } from '../../exchange/ScoreBoard';
import { SettledMarkets } from '../../exchange/SettledMarkets';
import { sportsButtonsOf, useBettingButtons } from '../../exchange/stake-buttons';
import { MOBILE_QUERY, useMediaQuery } from '../../exchange/use-media';
import { usePageTitle } from '../../ui/use-page-title';
import { StreamFrame, useMatchStreams } from '../../streams/StreamFrames';
import { RACING_SPORTS } from '../../sports/sports';

/** The engine's own words for the lock (betting/place.ts). */
const BET_LOCKED = 'Betting is locked for your account. Please contact your upline.';

type MobileTab = 'odds' | 'bets' | 'tv';

/**
 * odds/{sportId}/{matchId} (SPEC.md section 2, Match detail screen): the match header, match odds
 * and bookmaker as Back/Lay tables, fancies as No/Yes rows, all live over the match room; beside
 * them the Place Bet panel, the score board and My Bet. On a phone: ODDS / PLACED BET / TV tabs
 * and the bet slip as a sheet from the bottom. Live TV and score frames come from the match's streams (admin-set URLs from FRAME_ORIGINS).
 */
export function MatchPage() {
  const matchId = useParams({ strict: false, select: (p) => p.matchId ?? '' });
  const { data: user } = useProfile('user');
  const isPlayer = user?.role.slug === 'user';
  const queryClient = useQueryClient();
  const detail = useLiveMatch('user', matchId);
  const bets = useMyBets(matchId);
  const autoRules = useAutoCashOuts(matchId, isPlayer);
  const blocked = useBlockedMarkets(matchId, isPlayer);
  useMyBetPushes();
  const buttons = useBettingButtons('user', user?._id);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [slip, setSlipOnly] = useState<Slip | null>(null);
  // The cash-out panel takes the slip's place: one or the other is open.
  const [cashing, setCashingOnly] = useState<{ marketId: string; sid: number } | null>(null);
  const setSlip = useCallback((next: Slip | null) => {
    setSlipOnly(next);
    if (next) setCashingOnly(null);
  }, []);
  const setCashing = useCallback((next: { marketId: string; sid: number } | null) => {
    setCashingOnly(next);
    if (next) setSlipOnly(null);
  }, []);
  const [tab, setTab] = useState<MobileTab>('odds');
  const streams = useMatchStreams(matchId);
  usePageTitle(detail.data?.match.name ?? 'Match odds');
  // Another match: its own slip and tab.
  useEffect(() => {
    setSlip(null);
    setCashing(null);
    setTab('odds');
  }, [matchId, setSlip, setCashing]);

  // A bet-locked player is told at the click, before a slip opens that the engine would refuse.
  const betLocked = user?.betLocked === true;
  const pick = useCallback(
    (p: BetPick) =>
      betLocked
        ? showErrorToast(BET_LOCKED)
        : blocked.has(p.marketId)
          ? showErrorToast(MARKET_BLOCKED)
          : setSlip(openSlip(p)),
    [betLocked, blocked],
  );
  const myBets = bets.data ?? [];

  const refreshAfterBet = useRefreshMyBets();
  const showInMyBets = (bet: BetDto): void => {
    queryClient.setQueryData<BetDto[]>(myBetsKey(matchId), (list) => upsertPending(list, bet));
  };

  const placed = (answer: PlaceBetResponse | CashOutResponse): void => {
    setSlip(null);
    setCashing(null);
    showInMyBets(answer.bet);
    refreshAfterBet();
  };

  const cancel = useCancelBet(showInMyBets);

  if (detail.isPending) {
    return (
      <section className="card match-loading" aria-busy="true">
        <p className="muted">Loading match...</p>
      </section>
    );
  }
  if (detail.isError || !detail.data) {
    return (
      <section className="card not-found">
        <h1>Match not available</h1>
        <p className="muted">{detail.error?.message ?? 'This match could not be loaded.'}</p>
        <Link to="/" className="btn btn-primary">
          Back to the lobby
        </Link>
      </section>
    );
  }

  const { match, markets, score } = detail.data;
  // The banner (score) frame: 65 px for soccer, 165 px otherwise (SPEC.md section 2).
  const scoreFrame = streams.score ? (
    <StreamFrame
      url={streams.score}
      kind={match.sportId === 1 ? 'score-soccer' : 'score'}
      title={`Score: ${match.name}`}
    />
  ) : null;
  const slipMarket = slip ? markets.find((m) => m.marketId === slip.pick.marketId) : undefined;

  const slipPanel = cashing ? (
    <CashOutPanel
      market={markets.find((m) => m.marketId === cashing.marketId)}
      sid={cashing.sid}
      inPlay={match.inPlay}
      bets={myBets}
      rule={autoRules.data?.find((r) => r.market_id === cashing.marketId && r.selection === cashing.sid)}
      onClose={() => setCashing(null)}
      onDone={placed}
    />
  ) : slip && user ? (
    <PlaceBetPanel
      key={`${slip.pick.marketId}:${slip.pick.sid}:${slip.pick.side}:${slip.pick.odds}`}
      slip={slip}
      onChange={setSlip}
      onClose={() => setSlip(null)}
      market={slipMarket}
      match={match}
      userId={user._id}
      buttons={sportsButtonsOf(buttons.data)}
      keepInPlay={buttons.data?.keepInPlay ?? false}
      bets={myBets}
      onPlaced={placed}
    />
  ) : null;

  const myBetCard = (
    <MyBetCard
      bets={myBets}
      loading={bets.isPending}
      onCancel={isPlayer ? cancel : undefined}
      cashOuts={splitMarkets(markets).runnerMarkets.flatMap((m) =>
        [...cashOutsOf(m, myBets)].map(([sid, value]) => ({
          marketId: m.marketId,
          sid,
          runner: m.section.find((s) => s.sid === sid)?.nat ?? String(sid),
          market: m.marketName,
          value,
        })),
      )}
      onCashOut={isPlayer ? (marketId, sid) => setCashing({ marketId, sid }) : undefined}
      viewAll={
        <Link to="/unsettledbet" className="view-all">
          View All
        </Link>
      }
    />
  );

  const marketsView = (
    <Markets
      detail={detail.data}
      bets={myBets}
      slip={slip}
      onPick={isPlayer ? pick : undefined}
      onCashOut={isPlayer ? (marketId, sid) => setCashing({ marketId, sid }) : undefined}
      autoRules={autoRules.data ?? []}
      blocked={blocked}
    />
  );

  return (
    <div className="match-page" data-match-id={match.matchId}>
      <MatchHeader detail={detail.data} />
      <SettledMarkets markets={markets} />
      <BlockedNote markets={markets} blocked={blocked} />
      {betLocked && (
        <p className="bet-locked-note" role="alert" data-testid="bet-locked">
          {BET_LOCKED}
        </p>
      )}
      {isMobile ? (
        <>
          <div className="match-tabs" role="tablist">
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'odds'}
              className={tab === 'odds' ? 'active' : ''}
              onClick={() => setTab('odds')}
            >
              ODDS
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'bets'}
              className={tab === 'bets' ? 'active' : ''}
              onClick={() => setTab('bets')}
            >
              PLACED BET ({myBets.length})
            </button>
            {streams.tv ? (
              <button
                type="button"
                role="tab"
                aria-selected={tab === 'tv'}
                className={tab === 'tv' ? 'active' : ''}
                onClick={() => setTab('tv')}
              >
                TV
              </button>
            ) : (
              <button type="button" role="tab" aria-selected={false} disabled title="No live stream for this match">
                TV <span className="tab-note">N/A</span>
              </button>
            )}
          </div>
          {scoreFrame}
          {tab === 'odds' ? (
            <>
              {score && <ScoreBoard match={match} score={score} />}
              {marketsView}
            </>
          ) : tab === 'tv' && streams.tv ? (
            <StreamFrame url={streams.tv} kind="tv-mobile" title={`Live TV: ${match.name}`} />
          ) : (
            <div className="placed-bets-tab">{myBetCard}</div>
          )}
          {slipPanel && (
            <div className="slip-sheet" role="dialog" aria-modal="true" aria-label="Place Bet">
              <button
                type="button"
                className="slip-backdrop"
                aria-label="Close the bet slip"
                onClick={() => {
                  setSlip(null);
                  setCashing(null);
                }}
              />
              <div className="slip-sheet-body">{slipPanel}</div>
            </div>
          )}
        </>
      ) : (
        <div className="match-layout">
          <div className="match-main">
            {scoreFrame}
            {marketsView}
          </div>
          <aside className="match-side">
            {slipPanel}
            {streams.tv && (
              <details className="live-tv" open>
                <summary>Live TV</summary>
                <StreamFrame url={streams.tv} kind="tv" title={`Live TV: ${match.name}`} />
              </details>
            )}
            {!RACING_SPORTS.has(match.sportId) && <ScoreBoard match={match} score={score} />}
            {myBetCard}
          </aside>
        </div>
      )}
    </div>
  );
}

function MatchHeader({ detail }: { detail: MatchDetail }) {
  const { match } = detail;
  return (
    <header className="match-header">
      <div className="match-title">
        <h1 data-testid="match-name">{match.name}</h1>
        <span className="match-series">{match.seriesName}</span>
      </div>
      <div className="match-when">
        {match.inPlay && <span className="live-dot">In-Play</span>}
        {!NO_HEADER_SPORTS.has(match.sportId) && <span className="match-start">{formatDateTime(match.startTime)}</span>}
      </div>
    </header>
  );
}

interface MarketsProps {
  detail: MatchDetail;
  bets: readonly BetDto[];
  slip: Slip | null;
  onPick: ((pick: BetPick) => void) | undefined;
  onCashOut: ((marketId: string, sid: number) => void) | undefined;
  autoRules: readonly AutoCashOutDto[];
  /** Markets an upline's Bet Lock closes to the player: marked over their prices. */
  blocked: ReadonlySet<string>;
}

/** Each runner's live cash-out value where the player holds a position on it. */
function cashOutsOf(market: MarketDto, bets: readonly BetDto[]): Map<number, Paise> {
  const values = new Map<number, Paise>();
  for (const s of market.section) {
    const view = cashOutOf(market, s.sid, bets);
    if (view) values.set(s.sid, view.quote.value);
  }
  return values;
}

function Markets({ detail, bets, slip, onPick, onCashOut, autoRules, blocked }: MarketsProps) {
  const { runnerMarkets, fancies } = splitMarkets(detail.markets);
  if (runnerMarkets.length === 0 && fancies.length === 0) {
    return (
      <section className="card">
        <p className="muted">No markets are open on this match.</p>
      </section>
    );
  }
  const selectedOn = (m: MarketDto) =>
    slip && slip.pick.marketId === m.marketId ? { sid: slip.pick.sid, side: slip.pick.side } : null;
  const sportId = detail.match.sportId;
  const racing = RACING_SPORTS.has(sportId) ? (sportId === 4339 ? 'greyhound' : 'horse') : undefined;
  return (
    <div className={racing ? 'markets race-card' : 'markets'}>
      {runnerMarkets.map((m) => {
        const card = (
          <RunnerMarket
            racing={racing}
            key={m.marketId}
            market={m}
            book={runnerBook(m, matchedPositions(m.marketId, bets))}
            preview={
              slip && slip.pick.marketId === m.marketId && Number(slip.stake) > 0 ? slipPreview(slip, m, bets) : null
            }
            onPick={onPick}
            selected={selectedOn(m)}
            cashOuts={onCashOut ? cashOutsOf(m, bets) : undefined}
            onCashOut={onCashOut ? (sid) => onCashOut(m.marketId, sid) : undefined}
            autoCashOut={new Set(autoRules.filter((r) => r.market_id === m.marketId).map((r) => r.selection))}
          />
        );
        // Blocked by an upline's Bet Lock: marked over its prices, as a suspension is.
        return blocked.has(m.marketId) ? (
          <div key={m.marketId} className="market-blocked" data-testid="market-blocked">
            {card}
          </div>
        ) : (
          card
        );
      })}
      {fancies.length > 0 && (
        <FancyMarkets
          markets={fancies}
          onPick={onPick}
          selected={slip && slip.pick.kind === 'fancy' ? { marketId: slip.pick.marketId, side: slip.pick.side } : null}
        />
      )}
    </div>
  );
}
