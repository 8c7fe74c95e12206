import { useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { TAPE_ROOM, type TapeBet } from '@exch/contracts';
import { errorMessage } from '../api/error-message';
import { fetchBetTape, fetchRiskSettings, saveBigBet, saveWatch, type TapeFilter } from '../api/risk-calls';
import { useLiveEvent, useMatchRoom } from '../live/use-live';
import { CsvButton } from '../reports/CsvButton';
import { SPORT_IDS, SPORT_NAME } from '../sports/sports';
import { AmountField, SelectField, TextField } from '../ui/fields';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { readAmount, useListSearch } from '../ui/list-search';
import { usePageTitle } from '../ui/use-page-title';
import { useSearchBox } from '../ui/use-search-box';
import { betTapeSearch, type BetTapeSearch } from './bet-tape-search';
import { matchesTape } from './tape-filter';
import { newestPlacedFirst, tapeKey } from './tape-order';
import { TapeTable } from './TapeTable';
import '../styles/risk.css';

/** Rows the live tape keeps: the newest; older ones are in the history. */
const LIVE_ROWS = 300;
const NO_QUERY = { isPending: false, isError: false, isFetching: false };

const DAY_MS = 86_400_000;
/** A moment as datetime-local text in the browser's time (what the From box holds). */
const localDateTime = (ms: number): string => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/** datetime-local text (browser time) to ISO 8601, or undefined when empty. */
const toIso = (local: string): string | undefined => (local === '' ? undefined : new Date(local).toISOString());

/**
 * /admin/bet-tape (docs/risk.md): every bet of the caller's downline as it is placed, matched,
 * cancelled, deleted or settled, pushed over the websocket; paused without losing rows; the same
 * tape for a past period from the server, with CSV. Big bets and watched accounts stand out.
 */
export function BetTapePage() {
  usePageTitle('Bet tape');
  const queryClient = useQueryClient();
  const [search, setSearch] = useListSearch(betTapeSearch);
  const mode = search.view ?? 'live';
  const filter = filterOf(search);
  const setFilter = (f: TapeFilter) =>
    setSearch({ ...f, sport_id: f.sport_id ? Number(f.sport_id) : undefined }, { replace: true });
  const settings = useQuery({ queryKey: ['risk-settings'], queryFn: fetchRiskSettings });
  const bigBet = settings.data?.big_bet ?? 0;
  const watched = new Set(settings.data?.watched.map((w) => w.user_id));

  const watch = (bet: TapeBet['bet'], on: boolean): void => {
    saveWatch(bet.user_id, on)
      .then((a) => {
        showSuccessToast(`${a.message}: ${bet.user_info.username}`);
        void queryClient.invalidateQueries({ queryKey: ['risk-settings'] });
      })
      .catch((err: unknown) => showErrorToast(errorMessage(err)));
  };
  const narrow = (f: { event_id: string; market_id?: string }) =>
    setSearch({ event_id: f.event_id, market_id: f.market_id });

  return (
    <section className="card table-card tape-page">
      <header className="card-head">
        <h1>Bet tape</h1>
        <div className="tape-modes" role="tablist">
          {(['live', 'history'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className={mode === m ? 'active' : ''}
              onClick={() => setSearch({ view: m === 'history' ? 'history' : undefined })}
            >
              {m === 'live' ? 'Live' : 'History'}
            </button>
          ))}
        </div>
      </header>
      <TapeFilters filter={filter} onFilter={setFilter} />
      <BigBetForm saved={bigBet} />
      {mode === 'live' ? (
        <LiveTape filter={filter} bigBet={bigBet} watched={watched} onWatch={watch} onNarrow={narrow} />
      ) : (
        <TapeHistory filter={filter} bigBet={bigBet} watched={watched} onWatch={watch} onNarrow={narrow} />
      )}
    </section>
  );
}

/** The tape's filter as the URL holds it. */
const filterOf = (s: BetTapeSearch): TapeFilter => ({
  username: s.username,
  bet_type: s.bet_type,
  sport_id: s.sport_id === undefined ? undefined : String(s.sport_id),
  side: s.side,
  min_stake: s.min_stake,
  event_id: s.event_id,
  market_id: s.market_id,
});

interface TapeViewProps {
  filter: TapeFilter;
  bigBet: number;
  watched: ReadonlySet<string>;
  onWatch: (bet: TapeBet['bet'], watched: boolean) => void;
  onNarrow: (f: { event_id: string; market_id?: string }) => void;
}

/**
 * The pushes as they come, in time order, newest placed first (pushes from the exchange and the
 * casino, and a bet's delayed placing, need not arrive in that order); a bet that changes (matched,
 * settled) is updated where it stands; paused, they wait.
 */
function LiveTape({ filter, ...rest }: TapeViewProps) {
  useMatchRoom('admin', TAPE_ROOM);
  const [rows, setRows] = useState<TapeBet[]>([]);
  const [paused, setPaused] = useState(false);
  const waiting = useRef<TapeBet[]>([]);
  const [waitingCount, setWaitingCount] = useState(0);
  const take = (bets: readonly TapeBet[]) =>
    setRows((now) => {
      const byKey = new Map(now.map((b) => [tapeKey(b), b]));
      for (const bet of bets) byKey.set(tapeKey(bet), bet);
      return [...byKey.values()].sort(newestPlacedFirst).slice(0, LIVE_ROWS);
    });
  useLiveEvent('admin', 'tape', (bet) => {
    if (!paused) return take([bet]);
    waiting.current.push(bet);
    setWaitingCount(waiting.current.length);
  });
  const resume = () => {
    take(waiting.current);
    waiting.current = [];
    setWaitingCount(0);
    setPaused(false);
  };
  const shown = rows.filter((b) => matchesTape(b, filter));
  return (
    <>
      <div className="tape-bar">
        <span className={paused ? 'tape-state paused' : 'tape-state live'}>
          {paused ? `Paused${waitingCount > 0 ? `: ${waitingCount} new` : ''}` : 'Live'}
        </span>
        <button type="button" className="btn btn-sm" onClick={() => (paused ? resume() : setPaused(true))}>
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={() => setRows([])}
          disabled={rows.length === 0}
        >
          Clear
        </button>
        <span className="muted">
          {shown.length} of {rows.length} shown
        </span>
      </div>
      <TapeTable
        rows={shown}
        query={NO_QUERY}
        empty={rows.length === 0 ? 'Waiting for bets of your downline...' : 'No bet matches the filter'}
        {...rest}
      />
    </>
  );
}

/** A past period of the tape from the server, older pages by cursor, with its CSV. */
function TapeHistory({ filter, ...rest }: TapeViewProps) {
  // The last day by default: a long period is cheap to page (by cursor), but mostly not what is looked for.
  const [search, setSearch] = useListSearch(betTapeSearch);
  const [lastDay] = useState(() => localDateTime(Date.now() - DAY_MS));
  const range = { from: search.from === 'all' ? '' : (search.from ?? lastDay), to: search.to ?? '' };
  // The cursors of the pages open before this one (the newest page has none): Newer goes back one.
  const [cursors, setCursors] = useState<string[]>([]);
  const shown = {
    ...filter,
    bet_type: filter.bet_type ?? 'sports',
    from: toIso(range.from),
    to: toIso(range.to),
  };
  const q = { ...shown, after: cursors[cursors.length - 1], limit: 50 };
  const history = useQuery({
    queryKey: ['bet-tape', q],
    queryFn: () => fetchBetTape(q),
    placeholderData: keepPreviousData,
  });
  const next = history.data?.next ?? null;
  // A new filter or period starts at the newest page again.
  const filterKey = JSON.stringify(shown);
  const [openFor, setOpenFor] = useState(filterKey);
  if (openFor !== filterKey) {
    setOpenFor(filterKey);
    setCursors([]);
  }
  return (
    <>
      <div className="tape-bar">
        <TextField
          label="From"
          name="from"
          type="datetime-local"
          value={range.from}
          onValue={(from) => setSearch({ from: from === '' ? 'all' : from }, { replace: true })}
        />
        <TextField
          label="To"
          name="to"
          type="datetime-local"
          value={range.to}
          onValue={(to) => setSearch({ to: to || undefined }, { replace: true })}
        />
        <CsvButton path="/admin/bet-tape" params={shown} filename="bet-tape" />
      </div>
      <TapeTable rows={history.data?.data ?? []} query={history} empty="No bets in this period" {...rest} />
      {(cursors.length > 0 || next !== null) && (
        <nav className="pager" aria-label="Pages">
          <div className="pager-buttons">
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={cursors.length === 0}
              onClick={() => setCursors([])}
            >
              Newest
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={cursors.length === 0}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              Newer
            </button>
            <span className="pager-status">
              Page <b>{cursors.length + 1}</b>
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={next === null}
              onClick={() => next !== null && setCursors((c) => [...c, next])}
            >
              Older
            </button>
          </div>
        </nav>
      )}
    </>
  );
}

const SIDES = [
  ['', 'Both sides'],
  ['back', 'Back'],
  ['lay', 'Lay'],
] as const;
const TYPES = [
  ['', 'All bets'],
  ['sports', 'Sports'],
  ['casino', 'Casino'],
] as const;
const SPORTS = [['', 'All sports'], ...SPORT_IDS.map((id) => [String(id), SPORT_NAME[id]] as const)] as const;

/** User, sport, side and minimum stake; a match or market narrowed from a row shows as a chip. */
function TapeFilters({ filter, onFilter }: { filter: TapeFilter; onFilter: (f: TapeFilter) => void }) {
  const set = (patch: Partial<TapeFilter>) => onFilter({ ...filter, ...patch });
  // Typed boxes go into the URL once typing pauses; a stake goes only once it is an amount.
  const [username, setUsername] = useSearchBox(filter.username ?? '', (typed) => set({ username: typed || undefined }));
  const [minStake, setMinStake] = useSearchBox(filter.min_stake ?? '', (typed) => {
    if (typed === '' || readAmount(typed) !== undefined) set({ min_stake: typed || undefined });
  });
  return (
    <div className="filter-bar tape-filters">
      <TextField label="User" name="username" value={username} onValue={setUsername} placeholder="Any" />
      <SelectField
        label="Bets"
        name="bet_type"
        value={filter.bet_type ?? ''}
        options={TYPES}
        onValue={(bet_type) => set({ bet_type: bet_type || undefined })}
      />
      <SelectField
        label="Sport"
        name="sport"
        value={filter.sport_id ?? ''}
        options={SPORTS}
        onValue={(sport_id) => set({ sport_id: sport_id || undefined })}
      />
      <SelectField
        label="Side"
        name="side"
        value={filter.side ?? ''}
        options={SIDES}
        onValue={(side) => set({ side: side || undefined })}
      />
      <AmountField label="Min stake" name="min_stake" value={minStake} onValue={setMinStake} />
      {filter.event_id && (
        <button
          type="button"
          className="tape-chip"
          onClick={() => set({ event_id: undefined, market_id: undefined })}
          aria-label="Show every match"
        >
          {filter.market_id ? 'One market' : 'One match'} ×
        </button>
      )}
    </div>
  );
}

/** The caller's big-bet threshold: its downline's bets from this stake stand out and raise an alert. */
function BigBetForm({ saved }: { saved: number }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    saveBigBet(amount ?? String(saved))
      .then((a) => {
        showSuccessToast(a.message);
        setAmount(null);
        void queryClient.invalidateQueries({ queryKey: ['risk-settings'] });
      })
      .catch((err: unknown) => showErrorToast(errorMessage(err)))
      .finally(() => setBusy(false));
  };
  return (
    <form className="tape-big-form" onSubmit={submit}>
      <AmountField
        label="Big bet from ₹"
        name="big_bet"
        value={amount ?? (saved > 0 ? String(saved) : '')}
        onValue={setAmount}
        placeholder="Off"
      />
      <button type="submit" className="btn btn-sm" disabled={busy || amount === null}>
        Save
      </button>
    </form>
  );
}
