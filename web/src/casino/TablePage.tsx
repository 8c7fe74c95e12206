import { useEffect, useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CASINO_SUSPENDED_MESSAGE,
  DEFAULT_CASINO_BUTTONS,
  type CasinoMarketDto,
  type CasinoPlaceBetResponse,
  type Rank,
} from '@exch/contracts';
import { fetchMyCasinoBets } from '../api/casino-calls';
import { useProfile } from '../api/profile-query';
import { useBettingButtons } from '../exchange/stake-buttons';
import { MOBILE_QUERY, useMediaQuery } from '../exchange/use-media';
import { showErrorToast } from '../ui/toasts';
import { usePageTitle } from '../ui/use-page-title';
import { CasinoBetPanel, openCasinoSlip, type CasinoSlip } from './CasinoBetPanel';
import { CasinoMarkets } from './CasinoMarkets';
import { CasinoBetBox } from './CasinoBetBox';
import { DealingArea } from './DealingArea';
import { PickedMarkets } from './PickedMarkets';
import { ResultBadges } from './ResultBadges';
import { TableRules } from './TableRules';
import { useCasinoTable, useCountdown } from './use-casino-table';
import '../styles/casino.css';

const myBetsKey = (code: string) => ['casino-my-bets', code] as const;

/**
 * /casino/{gameCode}: a live Indian table (SPEC.md section 2). The dealing area with the cards as
 * the dealer turns them (pushed over the websocket), the round id and the countdown; every market
 * with its odds and the Place Bet panel with the player's casino quick stakes; the last ten
 * results; My Bet for this table; the rules. On a phone the slip rises from the bottom.
 */
export function CasinoTablePage() {
  const code = useParams({ strict: false, select: (p) => p.gameCode ?? '' });
  const { data: user } = useProfile('user');
  const queryClient = useQueryClient();
  const live = useCasinoTable('user', code);
  const buttons = useBettingButtons('user', user?._id);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [slip, setSlip] = useState<CasinoSlip | null>(null);
  const table = live.data?.table;
  const round = live.data?.round ?? null;
  const seconds = useCountdown(round?.status === 'betting' ? round.closesAt : null, live.offsetMs);
  usePageTitle(table?.name ?? 'Casino table');

  const myBets = useQuery({
    queryKey: myBetsKey(code),
    queryFn: async () => (await fetchMyCasinoBets({ status: 'all', table: code, page: 1, limit: 25 })).data,
    enabled: user !== undefined,
  });
  // A round that ends settles the player's bets on it: read them again.
  const roundState = `${round?.mid}:${round?.status}`;
  useEffect(() => {
    if (round?.status === 'settled' || round?.status === 'void')
      void queryClient.invalidateQueries({ queryKey: myBetsKey(code) });
  }, [roundState, code, queryClient]);

  if (live.isPending) {
    return (
      <section className="card" aria-busy="true">
        <p className="muted">Loading the table...</p>
      </section>
    );
  }
  if (!table) {
    return (
      <section className="card not-found">
        <h1>Table not available</h1>
        <p className="muted">{live.error?.message ?? 'This table could not be loaded.'}</p>
        <Link to="/casino-games" className="btn btn-primary">
          Back to the casino
        </Link>
      </section>
    );
  }

  const suspended = table.game_status === 'SUSPENDED';
  const open = round?.status === 'betting' && seconds > 0 && !suspended;
  const bets = myBets.data ?? [];
  const stakes = new Map<number, number>();
  for (const b of bets)
    if (b.status === 'pending' && b.game_round_id === round?.mid)
      stakes.set(b.selection, (stakes.get(b.selection) ?? 0) + b.stake);

  const pick = (market: CasinoMarketDto, ranks: Rank[] | null = null): void => {
    if (suspended) return showErrorToast(CASINO_SUSPENDED_MESSAGE);
    if (open) setSlip(openCasinoSlip(market, ranks));
  };
  const placed = (answer: CasinoPlaceBetResponse): void => {
    setSlip(null);
    queryClient.setQueryData(myBetsKey(code), (list: typeof bets | undefined) => [answer.bet, ...(list ?? [])]);
  };
  const casinoButtons =
    buttons.data && buttons.data.casinoButtons.length > 0 ? buttons.data.casinoButtons : DEFAULT_CASINO_BUTTONS;

  const panel =
    slip && user ? (
      <CasinoBetPanel
        key={slip.market.sid}
        slip={slip}
        onChange={setSlip}
        onClose={() => setSlip(null)}
        table={table}
        mid={round?.status === 'betting' ? round.mid : null}
        open={open}
        userId={user._id}
        buttons={casinoButtons}
        onPlaced={placed}
      />
    ) : null;

  return (
    <div className="casino-page" data-table={table._id}>
      <header className="casino-head">
        <div>
          <h1 data-testid="table-name">{table.name}</h1>
          <span className="casino-limits">
            Min ₹{table.min.toLocaleString('en-IN')} · Max ₹{table.max.toLocaleString('en-IN')}
          </span>
        </div>
        <Link to="/casino/result" search={{ game: table._id }} className="btn btn-sm btn-outline">
          Results
        </Link>
      </header>
      <div className="casino-layout">
        <div className="casino-main">
          <DealingArea table={table} round={round} seconds={seconds} />
          <ResultBadges code={table._id} results={live.data?.results ?? []} linked />
          <CasinoMarkets
            table={table}
            round={round}
            open={open}
            stakes={stakes}
            selected={slip?.market.sid ?? null}
            onPick={user ? pick : undefined}
          />
          {user && table.markets.some((m) => m.picks !== null) && (
            <PickedMarkets
              table={table}
              round={round}
              open={open}
              stakes={stakes}
              selected={slip?.market.sid ?? null}
              onPick={pick}
              onRanksChange={() => setSlip((s) => (s?.ranks ? null : s))}
            />
          )}
        </div>
        <aside className="casino-side">
          {!isMobile && panel}
          <CasinoBetBox
            title={
              <>
                My Bet <span className="count-pill">{bets.filter((b) => b.status === 'pending').length}</span>
              </>
            }
            action={
              <Link to="/casinoreport" className="view-all">
                View All
              </Link>
            }
            bets={bets}
            loading={myBets.isPending}
          />
          <TableRules code={table._id} open={!isMobile} />
        </aside>
      </div>
      {isMobile && panel && (
        <div className="slip-sheet" role="dialog" aria-modal="true" aria-label="Place Bet">
          <button
            type="button"
            className="slip-backdrop"
            aria-label="Close the bet slip"
            onClick={() => setSlip(null)}
          />
          <div className="slip-sheet-body">{panel}</div>
        </div>
      )}
    </div>
  );
}
