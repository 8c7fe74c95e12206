import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MarketStatus } from '@exch/contracts';
import {
  confirmFeedResult,
  declareResult,
  fetchEventManagement,
  revokeResult,
  setMarketStatus,
  voidMarket,
  type EventMarket,
} from '../../../api/admin-betting-calls';
import { errorMessage } from '../../../api/error-message';
import { useProfile } from '../../../api/profile-query';
import { hasPrivilege } from '../../../auth/privileges';
import { canManageSports } from '../../../auth/session-rules';
import { FormError, TransactionPasswordField } from '../../../ui/fields';
import { Modal, ModalActions } from '../../../ui/Modal';
import { showErrorToast, showSuccessToast } from '../../../ui/toasts';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { usePageTitle } from '../../../ui/use-page-title';
import { MARKET_SOURCE_LABEL, marketTitle, marketTypeLabel } from './format';
import '../../../styles/admin-exchange.css';

type View = 'open' | 'settled';

const STATUSES: MarketStatus[] = ['ACTIVE', 'SUSPENDED', 'CLOSED'];

/** What a settled market's result reads as. */
export function resultText(m: Pick<EventMarket, 'result' | 'section' | 'kind'>): string {
  if (m.result === null) return '-';
  if (m.result.void) return 'Void';
  if (m.result.runs !== undefined) return `${m.result.runs} runs`;
  return m.section.find((s) => s.sid === m.result?.selectionId)?.nat ?? `Selection ${m.result.selectionId}`;
}

/**
 * Event management (SPEC.md section 2): markets that are open or closed awaiting a result, and
 * settled ones. Declare the winner (runner) or the runs (fancy), void, revoke a result, and switch
 * a market between ACTIVE, SUSPENDED and CLOSED. Declare, void and revoke move many players' money:
 * each is confirmed with the transaction password. Lower roles see their downline's markets read-only.
 */
export function EventManagementPage() {
  const { data: me } = useProfile('admin');
  if (!me) return null;
  return <EventManagement readOnly={!(canManageSports(me.role.slug) && hasPrivilege(me, 'manage-markets'))} />;
}

/** `readOnly`: a lower role sees the markets its downline bet on and their results, without actions. */
function EventManagement({ readOnly }: { readOnly: boolean }) {
  usePageTitle('Event management');
  const [view, setView] = useState<View>('open');
  const [search, setSearch] = useState('');
  const markets = useQuery({
    queryKey: ['event-management', view],
    queryFn: () => fetchEventManagement(view),
    refetchInterval: 10_000,
    retry: false,
  });

  const groups = useMemo(() => {
    const s = search.trim().toLowerCase();
    const list = (markets.data?.data ?? []).filter(
      (m) => s === '' || m.matchName.toLowerCase().includes(s) || m.marketName.toLowerCase().includes(s),
    );
    const byMatch = new Map<string, EventMarket[]>();
    for (const m of list) byMatch.set(m.matchId, [...(byMatch.get(m.matchId) ?? []), m]);
    return [...byMatch.values()];
  }, [markets.data, search]);

  return (
    <section className="card table-card ax-events">
      <header className="card-head">
        <h1>Event management</h1>
      </header>
      {readOnly && (
        <p className="muted ax-readonly-note" data-testid="event-readonly">
          Your downline&apos;s markets and their results. Results, voids and revokes are declared by Admin and
          SuperMaster accounts.
        </p>
      )}
      <div className="ax-tabs" role="tablist" aria-label="Markets">
        <button
          type="button"
          role="tab"
          aria-selected={view === 'open'}
          className={view === 'open' ? 'active' : undefined}
          onClick={() => setView('open')}
        >
          Open
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'settled'}
          className={view === 'settled' ? 'active' : undefined}
          onClick={() => setView('settled')}
        >
          Settled
        </button>
      </div>
      <div className="toolbar">
        <label className="search-box">
          <span className="visually-hidden">Search match or market</span>
          <input
            type="search"
            name="search"
            placeholder="Search match or market"
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <span className="muted ax-hint">
          {view === 'open'
            ? 'Open markets and closed ones waiting for a result'
            : 'Markets with a declared result or voided'}
        </span>
      </div>

      {groups.length === 0 && (
        <p className="muted ax-empty">
          {markets.isPending ? 'Loading...' : markets.isError ? 'The markets could not be loaded' : 'No Data Found'}
        </p>
      )}
      {groups.map((list) => {
        const first = list[0]!;
        return (
          <article key={first.matchId} className="ax-event-group" data-match-id={first.matchId}>
            <header>
              <Link
                to="/admin/odds/$sportId/$matchId"
                params={{ sportId: String(first.sportId), matchId: first.matchId }}
                className="ax-event-link"
              >
                {first.matchName}
              </Link>
              <span className="muted">
                {list.length} market{list.length === 1 ? '' : 's'}
              </span>
            </header>
            <div className="table-wrap">
              <table className="data-table stack-table ax-event-table">
                <thead>
                  <tr>
                    <th>Market</th>
                    <th className="num">Bets</th>
                    <th>Status</th>
                    <th>{view === 'open' ? 'Result' : 'Declared'}</th>
                    {!readOnly && <th className="actions-head">Action</th>}
                  </tr>
                </thead>
                <tbody>
                  {list.map((m) =>
                    readOnly ? (
                      <ReadOnlyRow key={m.marketId} market={m} />
                    ) : view === 'open' ? (
                      <OpenMarketRow key={m.marketId} market={m} />
                    ) : (
                      <SettledMarketRow key={m.marketId} market={m} />
                    ),
                  )}
                </tbody>
              </table>
            </div>
          </article>
        );
      })}
    </section>
  );
}

/** The first two cells of both row kinds: the market with its type, and its bet count. */
function MarketCells({ market }: { market: EventMarket }) {
  const title = marketTitle(market.marketName);
  const type = marketTypeLabel(market.marketType);
  return (
    <>
      <td data-label="Market" className="strong-cell">
        <div className="ax-cell-stack">
          <span>{title}</span>
          {/* A market named after its type (Match Odds) says its type once; the source always shows. */}
          <span className="muted ax-sub">
            {type !== title && <>{type} · </>}
            <span data-testid="market-source">{MARKET_SOURCE_LABEL[market.source]}</span>
            {market.feedStatus !== null && market.feedStatus !== 'OPEN' && ` · feed ${market.feedStatus.toLowerCase()}`}
          </span>
        </div>
      </td>
      <td data-label="Bets" className="num">
        {market.betCount}
      </td>
    </>
  );
}

/** A step that moves many players' money: confirmed in a dialog with the transaction password. */
interface MoneyStep {
  title: string;
  text: string;
  call: (transactionPassword: string) => Promise<{ message: string }>;
}

function useMarketAction() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<MoneyStep | null>(null);
  const run = async (confirmText: string | null, call: () => Promise<{ message: string }>): Promise<boolean> => {
    if (confirmText !== null && !window.confirm(confirmText)) return false;
    setBusy(true);
    try {
      const answer = await call();
      showSuccessToast(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['event-management'] });
      return true;
    } catch (e) {
      showErrorToast(errorMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const dialog = step && <MoneyStepModal step={step} onClose={() => setStep(null)} />;
  return { busy, run, ask: (s: MoneyStep) => setStep(s), dialog };
}

function MoneyStepModal({ step, onClose }: { step: MoneyStep; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();
  const send = async (): Promise<void> => {
    const answer = await step.call(password);
    showSuccessToast(answer.message);
    onClose();
    await queryClient.invalidateQueries({ queryKey: ['event-management'] });
  };
  return (
    <Modal title={step.title} onClose={onClose}>
      <form
        onSubmit={(e) => void submit(e, password === '' ? 'Enter your transaction password' : null, send)}
        noValidate
      >
        <p>{step.text}</p>
        <TransactionPasswordField value={password} onValue={edit(setPassword)} />
        <FormError message={error} />
        <ModalActions onCancel={onClose} busy={busy} label="Confirm" busyLabel="Confirming..." />
      </form>
    </Modal>
  );
}

function OpenMarketRow({ market }: { market: EventMarket }) {
  const { busy, run, ask, dialog } = useMarketAction();
  const fancy = market.kind === 'fancy';
  const [winner, setWinner] = useState('');
  const [runs, setRuns] = useState('');
  const name = marketTitle(market.marketName);
  const proposed =
    market.proposed && market.proposed.map((sid) => market.section.find((s) => s.sid === sid)?.nat ?? sid).join(', ');

  const declare = (): void => {
    if (fancy) {
      if (!/^\d+$/.test(runs.trim())) return showErrorToast('Enter the runs as a whole number');
      const n = Number(runs.trim());
      ask({
        title: 'Declare the result',
        text: `Declare ${n} runs for ${name}? Bets are settled at once.`,
        call: (pw) => declareResult(market.marketId, { runs: n, transaction_password: pw }),
      });
    } else {
      const runner = market.section.find((s) => String(s.sid) === winner);
      if (!runner) return showErrorToast('Choose the winner');
      ask({
        title: 'Declare the result',
        text: `Declare ${runner.nat} the winner of ${name}? Bets are settled at once.`,
        call: (pw) => declareResult(market.marketId, { selectionId: runner.sid, transaction_password: pw }),
      });
    }
  };

  return (
    <tr data-market-id={market.marketId}>
      <MarketCells market={market} />
      <td data-label="Status">
        <div className="ax-segmented" role="group" aria-label={`Status of ${name}`}>
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={market.status === s}
              className={market.status === s ? `active ax-seg-${s.toLowerCase()}` : undefined}
              disabled={busy || market.status === s}
              onClick={() =>
                void run(s === 'CLOSED' ? `Close ${name}? No more bets are taken.` : null, () =>
                  setMarketStatus(market.marketId, s),
                )
              }
            >
              {s}
            </button>
          ))}
        </div>
      </td>
      <td data-label="Result">
        <div className="ax-declare">
          {fancy ? (
            <input
              name="runs"
              inputMode="numeric"
              placeholder="Runs"
              aria-label={`Runs for ${name}`}
              value={runs}
              onChange={(e) => setRuns(e.target.value)}
            />
          ) : (
            <select
              name="winner"
              aria-label={`Winner of ${name}`}
              value={winner}
              onChange={(e) => setWinner(e.target.value)}
            >
              <option value="">Winner...</option>
              {market.section.map((s) => (
                <option key={s.sid} value={s.sid}>
                  {s.nat}
                </option>
              ))}
            </select>
          )}
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={declare}>
            Declare
          </button>
        </div>
        {proposed && (
          <button
            type="button"
            className="btn btn-sm btn-primary ax-confirm-feed"
            disabled={busy}
            onClick={() =>
              ask({
                title: "Confirm the feed's result",
                text: `Settle ${name} on the feed's result: ${proposed}?`,
                call: (pw) => confirmFeedResult(market.marketId, pw),
              })
            }
          >
            Confirm feed result: {proposed}
          </button>
        )}
      </td>
      <td data-label="Action" className="actions-cell">
        <button
          type="button"
          className="btn btn-sm btn-outline ax-void"
          disabled={busy}
          onClick={() =>
            ask({
              title: 'Void the market',
              text: `Void ${name}? Every bet on it is returned.`,
              call: (pw) => voidMarket(market.marketId, pw),
            })
          }
        >
          Void
        </button>
        {dialog}
      </td>
    </tr>
  );
}

function SettledMarketRow({ market }: { market: EventMarket }) {
  const { busy, ask, dialog } = useMarketAction();
  const name = marketTitle(market.marketName);
  return (
    <tr data-market-id={market.marketId}>
      <MarketCells market={market} />
      <td data-label="Status">
        <span className="state-badge state-off">{market.status}</span>
      </td>
      <td data-label="Declared" className="strong-cell">
        {resultText(market)}
      </td>
      <td data-label="Action" className="actions-cell">
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={busy}
          onClick={() =>
            ask({
              title: 'Revoke the result',
              text: `Revoke the result of ${name}? Its settlement is reversed and the bets are open again.`,
              call: (pw) => revokeResult(market.marketId, pw),
            })
          }
        >
          Revoke
        </button>
        {dialog}
      </td>
    </tr>
  );
}

/** A lower role's row: the market, its downline's bets, its status and result. */
function ReadOnlyRow({ market }: { market: EventMarket }) {
  return (
    <tr data-market-id={market.marketId}>
      <MarketCells market={market} />
      <td data-label="Status">
        <span className="state-badge state-off">{market.status}</span>
      </td>
      <td data-label="Result" className="strong-cell">
        {resultText(market)}
      </td>
    </tr>
  );
}
