import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { MarketDto, MarketStatus, MatchSummary } from '@exch/contracts';
import {
  countOf,
  fetchAdminMarkets,
  fetchAdminMatches,
  fetchAdminSeries,
  fetchAdminSports,
  saveMarketSettings,
  saveNewsMessage,
  setMarketStatus,
} from '../../../api/admin-betting-calls';
import { errorMessage } from '../../../api/error-message';
import { formatMatchStart } from '../../../exchange/format';
import { EmptyRow } from '../../../ui/EmptyRow';
import { FormError, TextField } from '../../../ui/fields';
import { Modal } from '../../../ui/Modal';
import { formatRupees } from '../../../ui/money';
import { showErrorToast, showSuccessToast } from '../../../ui/toasts';
import { usePageTitle } from '../../../ui/use-page-title';
import { fetchNewsMessage } from '../../../api/betting-calls';
import { formatOdds, MARKET_SOURCE_LABEL, marketTitle, marketTypeLabel } from './format';
import { canPriceByHand, HousePriceModal } from './HousePriceModal';
import '../../../styles/admin-exchange.css';

/**
 * Sports set-up for role admin and super admin (SPEC.md sections 2 and 6): sports, series,
 * matches, the markets and fancies of a match with their settings and status, and the news line.
 */

const LIST_FAILED = 'The list could not be loaded';

export function SportsListPage() {
  usePageTitle('Sports list');
  const sports = useQuery({ queryKey: ['admin-sports'], queryFn: fetchAdminSports });
  const rows = sports.data?.data ?? [];
  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Sports list</h1>
      </header>
      <div className="table-wrap">
        <table className="data-table stack-table ax-setup-table">
          <thead>
            <tr>
              <th>Sport</th>
              <th className="num">Id</th>
              <th className="num">Matches</th>
              <th className="actions-head">Open</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} data-sport-id={s.id}>
                <td data-label="Sport" className="strong-cell">
                  {s.name}
                </td>
                <td data-label="Id" className="num">
                  {s.id}
                </td>
                <td data-label="Matches" className="num">
                  {countOf(s.matches)}
                </td>
                <td data-label="Open" className="actions-cell">
                  <div className="ax-link-row">
                    <Link
                      to="/admin/series/$sportId"
                      params={{ sportId: String(s.id) }}
                      className="btn btn-sm btn-outline"
                    >
                      Series
                    </Link>
                    <Link
                      to="/admin/matches/$sportId"
                      params={{ sportId: String(s.id) }}
                      className="btn btn-sm btn-outline"
                    >
                      Matches
                    </Link>
                    <Link
                      to="/admin/active-matches/$sportId/{-$matchType}"
                      params={{ sportId: String(s.id), matchType: undefined }}
                      className="btn btn-sm btn-primary"
                    >
                      Active
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={4} query={sports} failed={LIST_FAILED} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function SportName({ sportId }: { sportId: string }) {
  const sports = useQuery({ queryKey: ['admin-sports'], queryFn: fetchAdminSports, staleTime: 60_000 });
  const name = sports.data?.data.find((s) => String(s.id) === sportId)?.name;
  return <>{name ?? `Sport ${sportId}`}</>;
}

export function SeriesPage() {
  const { sportId } = useParams({ strict: false }) as { sportId: string };
  usePageTitle('Series');
  const series = useQuery({ queryKey: ['admin-series', sportId], queryFn: () => fetchAdminSeries(sportId) });
  const rows = series.data?.data ?? [];
  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>
          Series · <SportName sportId={sportId} />
        </h1>
        <Link to="/admin/sports-list/{-$url}" params={{ url: undefined }} className="btn btn-sm ax-head-btn">
          Sports
        </Link>
      </header>
      <div className="table-wrap">
        <table className="data-table stack-table ax-setup-table">
          <thead>
            <tr>
              <th>Series</th>
              <th>Id</th>
              <th className="num">Matches</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.seriesId}>
                <td data-label="Series" className="strong-cell">
                  {s.name}
                </td>
                <td data-label="Id" className="mono">
                  {s.seriesId}
                </td>
                <td data-label="Matches" className="num">
                  <Link to="/admin/matches/$sportId" params={{ sportId }}>
                    {countOf(s.matches)}
                  </Link>
                </td>
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={3} query={series} failed={LIST_FAILED} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** matches/{sportId} lists every match, active-matches/{sportId}/{matchType?} the open ones; matchType 'inplay' or 'upcoming' narrows them. */
export function MatchesPage({ active }: { active: boolean }) {
  const { sportId, matchType } = useParams({ strict: false }) as { sportId: string; matchType?: string };
  const title = active ? 'Active matches' : 'Matches';
  usePageTitle(title);
  const matches = useQuery({
    queryKey: ['admin-matches', sportId, active],
    queryFn: () => fetchAdminMatches(sportId, active ? 'active' : 'all'),
    refetchInterval: 15_000,
  });
  const kind = matchType?.toLowerCase();
  const rows = (matches.data?.data ?? []).filter((m) =>
    kind === 'inplay' || kind === 'in-play' ? m.inPlay : kind === 'upcoming' ? !m.inPlay : true,
  );
  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>
          {title} · <SportName sportId={sportId} />
        </h1>
        <Link to="/admin/sports-list/{-$url}" params={{ url: undefined }} className="btn btn-sm ax-head-btn">
          Sports
        </Link>
      </header>
      {active && (
        <div className="ax-tabs" role="tablist" aria-label="Matches">
          {[
            { key: undefined, label: 'All' },
            { key: 'inplay', label: 'In play' },
            { key: 'upcoming', label: 'Upcoming' },
          ].map((t) => (
            <Link
              key={t.label}
              role="tab"
              to="/admin/active-matches/$sportId/{-$matchType}"
              params={{ sportId, matchType: t.key }}
              aria-selected={kind === t.key}
              className={kind === t.key ? 'active' : undefined}
            >
              {t.label}
            </Link>
          ))}
        </div>
      )}
      <div className="table-wrap">
        <table className="data-table stack-table ax-setup-table">
          <thead>
            <tr>
              <th>Match</th>
              <th>Series</th>
              <th>Start</th>
              <th>State</th>
              <th className="actions-head">Markets</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <MatchLine key={m.matchId} match={m} />
            ))}
            {rows.length === 0 && <EmptyRow span={5} query={matches} failed={LIST_FAILED} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function MatchLine({ match }: { match: MatchSummary }) {
  return (
    <tr data-match-id={match.matchId}>
      <td data-label="Match" className="strong-cell">
        <Link to="/admin/odds/$sportId/$matchId" params={{ sportId: String(match.sportId), matchId: match.matchId }}>
          {match.name}
        </Link>
      </td>
      <td data-label="Series">{match.seriesName}</td>
      <td data-label="Start" className="nowrap">
        {formatMatchStart(match.startTime)}
      </td>
      <td data-label="State">
        {match.inPlay ? (
          <span className="state-badge state-ok">In play</span>
        ) : (
          <span className="state-badge state-off">Upcoming</span>
        )}
      </td>
      <td data-label="Markets" className="actions-cell">
        <div className="ax-link-row">
          <Link
            to="/admin/active-markets/$matchId"
            params={{ matchId: match.matchId }}
            className="btn btn-sm btn-outline"
          >
            Markets
          </Link>
          <Link
            to="/admin/active-fancies/$matchId"
            params={{ matchId: match.matchId }}
            className="btn btn-sm btn-outline"
          >
            Fancies
          </Link>
        </div>
      </td>
    </tr>
  );
}

/** active-markets/{matchId} (match odds and bookmaker) and active-fancies/{matchId}: settings and status per market. */
export function MarketsSetupPage({ fancies }: { fancies: boolean }) {
  const { matchId } = useParams({ strict: false }) as { matchId: string };
  const title = fancies ? 'Active fancies' : 'Active markets';
  usePageTitle(title);
  const queryClient = useQueryClient();
  const markets = useQuery({
    queryKey: ['admin-markets', matchId],
    queryFn: () => fetchAdminMarkets(matchId),
    refetchInterval: 15_000,
  });
  const rows = (markets.data?.data ?? []).filter((m) => (fancies ? m.kind === 'fancy' : m.kind !== 'fancy'));
  const [editing, setEditing] = useState<MarketDto | null>(null);
  const [pricing, setPricing] = useState<MarketDto | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const changeStatus = async (m: MarketDto, status: MarketStatus): Promise<void> => {
    setBusy(m.marketId);
    try {
      const answer = await setMarketStatus(m.marketId, status);
      showSuccessToast(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['admin-markets', matchId] });
    } catch (e) {
      showErrorToast(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>{title}</h1>
        <div className="ax-link-row">
          <Link
            to={fancies ? '/admin/active-markets/$matchId' : '/admin/active-fancies/$matchId'}
            params={{ matchId }}
            className="btn btn-sm ax-head-btn"
          >
            {fancies ? 'Markets' : 'Fancies'}
          </Link>
          <Link to="/admin/odds/$sportId/$matchId" params={{ sportId: '4', matchId }} className="btn btn-sm btn-accent">
            Odds page
          </Link>
        </div>
      </header>
      <p className="muted ax-sub-title">
        Match <span className="mono">{matchId}</span>
      </p>
      <div className="table-wrap">
        <table className="data-table stack-table ax-setup-table">
          <thead>
            <tr>
              <th>{fancies ? 'Fancy' : 'Market'}</th>
              <th className="num">Min</th>
              <th className="num">Max</th>
              <th className="num">Bet delay</th>
              <th className="num">Commission</th>
              <th>Status</th>
              <th className="actions-head">Settings</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => {
              const settled = m.status === 'SETTLED';
              return (
                <tr key={m.marketId} data-market-id={m.marketId}>
                  <td data-label={fancies ? 'Fancy' : 'Market'} className="strong-cell">
                    <div className="ax-cell-stack">
                      <span>
                        {marketTitle(m.marketName)}
                        {m.manual && (
                          <span className="state-badge ax-manual-badge" title="Priced by hand: the feed is ignored">
                            Manual
                          </span>
                        )}
                      </span>
                      <span className="muted ax-sub">
                        {fancies ? (m.fancyType ?? 'Fancy') : marketTypeLabel(m.marketType)} ·{' '}
                        <span data-testid="market-source">{MARKET_SOURCE_LABEL[m.source]}</span>
                        {fancies && m.section[0] && (
                          <>
                            {' '}
                            · line{' '}
                            {formatOdds(m.section[0].odds.find((o) => o.otype === 'back')?.odds ?? 0, m.marketType)}
                          </>
                        )}
                      </span>
                    </div>
                  </td>
                  <td data-label="Min" className="num">
                    {formatRupees(m.min)}
                  </td>
                  <td data-label="Max" className="num">
                    {formatRupees(m.max)}
                  </td>
                  <td data-label="Bet delay" className="num">
                    {m.betDelaySec} s
                  </td>
                  <td data-label="Commission" className="num">
                    {(m.commissionBp / 100).toFixed(2)}%
                  </td>
                  <td data-label="Status">
                    {settled ? (
                      <span className="state-badge state-off">SETTLED</span>
                    ) : (
                      <select
                        name="status"
                        className="ax-status-select"
                        aria-label={`Status of ${marketTitle(m.marketName)}`}
                        value={m.status}
                        disabled={busy === m.marketId}
                        onChange={(e) => void changeStatus(m, e.target.value as MarketStatus)}
                      >
                        {(['ACTIVE', 'SUSPENDED', 'CLOSED'] as const).map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td data-label="Settings" className="actions-cell">
                    <div className="ax-setup-actions">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        onClick={() => setEditing(m)}
                        disabled={settled}
                        aria-label={`Settings: ${marketTitle(m.marketName)}`}
                      >
                        Edit
                      </button>
                      {canPriceByHand(m) && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          onClick={() => setPricing(m)}
                          aria-label={`Rates by hand: ${marketTitle(m.marketName)}`}
                        >
                          Rates by hand
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
            {rows.length === 0 && (
              <EmptyRow
                span={7}
                query={markets}
                empty={fancies ? 'No fancies for this match' : 'No markets for this match'}
                failed={LIST_FAILED}
              />
            )}
          </tbody>
        </table>
      </div>
      {pricing !== null && (
        <HousePriceModal
          market={pricing}
          onClose={() => setPricing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['admin-markets', matchId] })}
        />
      )}
      {editing !== null && (
        <MarketSettingsModal
          market={editing}
          onClose={() => setEditing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['admin-markets', matchId] })}
        />
      )}
    </section>
  );
}

const NUMBER = /^\d+(\.\d{1,2})?$/;

function MarketSettingsModal({
  market,
  onClose,
  onSaved,
}: {
  market: MarketDto;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [min, setMin] = useState(String(market.min));
  const [max, setMax] = useState(String(market.max));
  const [delay, setDelay] = useState(String(market.betDelaySec));
  const [commission, setCommission] = useState(String(market.commissionBp / 100));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (![min, max, commission].every((v) => NUMBER.test(v.trim())) || !/^\d+$/.test(delay.trim()))
      return setError('Enter numbers: rupees, whole seconds and a percentage');
    if (Number(min) > Number(max)) return setError('Min must not be more than max');
    setBusy(true);
    setError(null);
    try {
      const answer = await saveMarketSettings(market.marketId, {
        min: Number(min),
        max: Number(max),
        betDelaySec: Number(delay),
        commissionPercent: Number(commission),
      });
      showSuccessToast(answer.message);
      onSaved();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  const clear =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setError(null);
    };

  return (
    <Modal title="Market settings" subtitle={<b>{marketTitle(market.marketName)}</b>} onClose={onClose}>
      <form className="modal-form" onSubmit={submit} noValidate>
        <fieldset disabled={busy}>
          <div className="ax-two">
            <TextField
              label="Min stake (₹)"
              name="min"
              inputMode="decimal"
              value={min}
              onValue={clear(setMin)}
              autoComplete="off"
            />
            <TextField
              label="Max stake (₹)"
              name="max"
              inputMode="decimal"
              value={max}
              onValue={clear(setMax)}
              autoComplete="off"
            />
            <TextField
              label="Bet delay (s)"
              name="betDelaySec"
              inputMode="numeric"
              value={delay}
              onValue={clear(setDelay)}
              autoComplete="off"
            />
            <TextField
              label="Commission (%)"
              name="commissionPercent"
              inputMode="decimal"
              value={commission}
              onValue={clear(setCommission)}
              autoComplete="off"
            />
          </div>
          <FormError message={error} />
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary">
              {busy ? 'Saving...' : 'Save'}
            </button>
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}

/** The news line players and agents see (PUT /api/messages). */
export function MessagesPage() {
  usePageTitle('Messages');
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['news-message'], queryFn: () => fetchNewsMessage('admin') });
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = current.data?.data.text ?? '';
  useEffect(() => {
    if (current.data && text === null) setText(current.data.data.text);
  }, [current.data, text]);
  const value = text ?? '';

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await saveNewsMessage(value.trim());
      showSuccessToast(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['news-message'] });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card form-card">
      <header className="card-head">
        <h1>Messages</h1>
      </header>
      <p className="muted">The news line runs across the top of the player site. Leave it empty to show none.</p>
      <div className="ax-news-preview" aria-label="Shown now">
        <span className="ax-news-label">Now</span>
        <span>
          {current.isPending ? 'Loading...' : saved === '' ? <span className="muted">No message</span> : saved}
        </span>
      </div>
      <form className="stack-form" onSubmit={submit} noValidate>
        <fieldset disabled={busy || current.isPending}>
          <label className="field">
            <span>News line</span>
            <textarea
              name="text"
              rows={3}
              maxLength={500}
              value={value}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
            />
            <small className="field-hint">{value.length}/500</small>
          </label>
          <FormError message={error} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={value.trim() === saved.trim()}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setText(saved)} disabled={value === saved}>
              Reset
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
