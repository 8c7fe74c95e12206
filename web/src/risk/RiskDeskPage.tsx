import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketPosition, RiskAlert } from '@exch/contracts';
import { formatDateTime } from '@exch/contracts';
import { errorMessage } from '../api/error-message';
import { blockForDownline, fetchRiskAlerts, fetchRiskPositions, fetchRiskSettings, saveWatch } from '../api/risk-calls';
import { betOddsText, betSideName } from '../exchange/bet-text';
import { FormError, SelectField, TransactionPasswordField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { useListSearch } from '../ui/list-search';
import { formatRupees } from '../ui/money';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { usePageTitle } from '../ui/use-page-title';
import { HOURS, riskDeskSearch, type Hours } from './risk-desk-search';
import '../styles/risk.css';

/** The desk reads again this often: alerts and positions follow the downline's bets. */
const POLL_MS = 15_000;

const KIND_LABEL: Record<RiskAlert['kind'], string> = {
  big_bet: 'Big bet',
  stake_jump: 'Stake jump',
  win_rate: 'Win rate',
  burst: 'Many bets fast',
  shared_ip: 'Shared address',
  before_suspension: 'Before suspension',
};

/**
 * /admin/risk (docs/risk.md): the alerts the product raises on the downline's bets with their reasons
 * and bets, the watch list, and the downline's position on every open market with a one-action block.
 * The alerts' period is in the URL. Cards and books (a market's outcomes), not lists: no DataTable.
 */
export function RiskDeskPage() {
  usePageTitle('Risk desk');
  const [search, setSearch] = useListSearch(riskDeskSearch);
  const hours: Hours = search.hours ?? '24';
  const alerts = useQuery({
    queryKey: ['risk-alerts', hours],
    queryFn: () => fetchRiskAlerts(Number(hours)),
    refetchInterval: POLL_MS,
  });
  const positions = useQuery({ queryKey: ['risk-positions'], queryFn: fetchRiskPositions, refetchInterval: POLL_MS });
  const [blocking, setBlocking] = useState<MarketPosition | null>(null);

  return (
    <div className="risk-desk">
      <section className="card table-card" aria-labelledby="risk-alerts">
        <header className="card-head">
          <h1 id="risk-alerts">Risk desk</h1>
          <SelectField
            label="Period"
            name="hours"
            value={hours}
            options={HOURS}
            onValue={(h) => setSearch({ hours: h === '24' ? undefined : h })}
          />
        </header>
        <h2 className="risk-section">Alerts</h2>
        {alerts.isPending ? (
          <p className="muted risk-note">Loading...</p>
        ) : alerts.isError ? (
          <p className="negative risk-note">The alerts could not be loaded</p>
        ) : alerts.data.data.length === 0 ? (
          <p className="muted risk-note">No alerts in this period</p>
        ) : (
          <ul className="risk-alerts" data-testid="risk-alerts">
            {alerts.data.data.map((a) => (
              <AlertItem key={`${a.kind}:${a.user_id ?? ''}:${a.bets[0]?._id ?? ''}`} alert={a} />
            ))}
          </ul>
        )}
        {alerts.data?.capped && <p className="muted risk-note">Only the newest 20,000 bets of the period were read.</p>}
      </section>

      <WatchList />

      <section className="card table-card" aria-labelledby="risk-positions">
        <header className="card-head">
          <h2 id="risk-positions">Positions on open markets</h2>
        </header>
        <p className="muted risk-note">What your downline's players win (+) or lose (-) for each way a market ends.</p>
        {positions.data && positions.data.data.length === 0 && (
          <p className="muted risk-note">No open positions in your downline</p>
        )}
        <div className="risk-positions" data-testid="risk-positions">
          {positions.data?.data.map((m) => (
            <article key={m.market_id} className="risk-position" data-market-id={m.market_id}>
              <header>
                <div>
                  <b>{m.event_name}</b> <span className="muted">{m.market_name}</span>
                </div>
                <span className={m.worst > 0 ? 'negative' : 'positive'}>Worst case {formatRupees(m.worst)}</span>
                <button type="button" className="btn btn-sm btn-danger" onClick={() => setBlocking(m)}>
                  Block
                </button>
              </header>
              <table className="data-table risk-outcomes">
                <tbody>
                  {m.outcomes.map((o) => (
                    <tr key={o.outcome}>
                      <td>{o.outcome}</td>
                      <td className={`num ${o.pnl > 0 ? 'negative' : 'positive'}`}>{formatRupees(o.pnl)}</td>
                      <td className="muted">
                        {o.top.map((u) => `${u.username} ${formatRupees(u.pnl)}`).join(', ') || '-'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </article>
          ))}
        </div>
      </section>
      {blocking && <BlockModal market={blocking} onClose={() => setBlocking(null)} />}
    </div>
  );
}

function AlertItem({ alert }: { alert: RiskAlert }) {
  return (
    <li className={`risk-alert risk-${alert.kind}`}>
      <details>
        <summary>
          <span className="risk-kind">{KIND_LABEL[alert.kind]}</span>
          {alert.username && <b>{alert.username}</b>}
          <span>{alert.reason}</span>
          <span className="muted nowrap">{formatDateTime(alert.at)}</span>
        </summary>
        <ul className="risk-alert-bets">
          {alert.bets.map((b) => (
            <li key={b._id} data-bet-id={b._id}>
              <span className="muted nowrap">{formatDateTime(b.placed_at, { seconds: true })}</span>{' '}
              <b>{b.user_info.username}</b> <span className={`side-tag ${b.odds_type}`}>{betSideName(b)}</span>{' '}
              {b.selection_name} at {betOddsText(b)}, {formatRupees(b.stake)}{' '}
              <span className="muted">{b.event_name}</span>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The accounts the caller watches: their bets are marked on the tape and the caller told of each. */
function WatchList() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['risk-settings'], queryFn: fetchRiskSettings });
  const watched = settings.data?.watched ?? [];
  return (
    <section className="card table-card" aria-labelledby="risk-watch">
      <header className="card-head">
        <h2 id="risk-watch">Watch list</h2>
      </header>
      {watched.length === 0 ? (
        <p className="muted risk-note">Nobody yet: watch an account from the bet tape.</p>
      ) : (
        <ul className="risk-watch" data-testid="risk-watch">
          {watched.map((w) => (
            <li key={w.user_id}>
              <b>{w.username}</b>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                onClick={() =>
                  saveWatch(w.user_id, false)
                    .then(() => queryClient.invalidateQueries({ queryKey: ['risk-settings'] }))
                    .catch((err: unknown) => showErrorToast(errorMessage(err)))
                }
              >
                Stop watching
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Lock betting on the market, or its whole match, for everyone under the caller; the transaction password confirms it. */
function BlockModal({ market, onClose }: { market: MarketPosition; onClose: () => void }) {
  const [scope, setScope] = useState<'market' | 'match'>('market');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (locked: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    blockForDownline({
      event_id: market.event_id,
      market_id: scope === 'market' ? market.market_id : null,
      locked,
      transaction_password: password,
    })
      .then((a) => {
        showSuccessToast(a.message);
        onClose();
      })
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setBusy(false));
  };
  return (
    <Modal title="Block for your downline" subtitle={`${market.event_name} · ${market.market_name}`} onClose={onClose}>
      <form className="modal-form" onSubmit={submit(true)}>
        <SelectField
          label="Block"
          name="scope"
          value={scope}
          options={[
            ['market', 'This market'],
            ['match', 'The whole match'],
          ]}
          onValue={setScope}
        />
        <TransactionPasswordField value={password} onValue={setPassword} />
        <FormError message={error} />
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => submit(false)()}>
            Unblock
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy || password === ''}>
            Block betting
          </button>
        </div>
      </form>
    </Modal>
  );
}
