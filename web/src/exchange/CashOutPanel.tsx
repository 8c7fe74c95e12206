import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AutoCashOutDto, BetDto, CashOutResponse, MarketDto, Paise } from '@exch/contracts';
import { errorMessage } from '../api/error-message';
import { cashOut, saveAutoCashOut } from '../api/betting-calls';
import { formatInr, formatRupees } from '../ui/money';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { autoCashOutKey } from './auto-cash-out-data';
import { cashOutOf, hedgePrice, mostShare, sharePays, valueDrop, type CashOutView } from './cash-out';
import { newSlipKey } from './PlaceBetPanel';
import { useSlipSubmit } from './slip-parts';

const SHARES = [25, 50, 75, 100];

interface CashOutPanelProps {
  market: MarketDto | undefined;
  sid: number;
  /** The match is in play: the cash out waits out the market's delay. */
  inPlay: boolean;
  /** The player's pending bets on the match: the position, and its own resting orders. */
  bets: readonly BetDto[];
  /** The player's standing auto cash-out rule on the runner, if any. */
  rule: AutoCashOutDto | undefined;
  onClose: () => void;
  onDone: (answer: CashOutResponse) => void;
}

/** An amount that never breaks across lines ("₹11.24" stays whole), coloured by its sign. */
const Amount = ({ paise, testId }: { paise: Paise; testId?: string }) => (
  <b className={`nowrap ${paise >= 0 ? 'positive' : 'negative'}`} data-testid={testId}>
    {formatInr(paise)}
  </b>
);

/**
 * Cash out a runner's position, whole or a share, at the live value (docs/exchange.md "Cash out"):
 * the value moves with the ladder; Cash Out sends the one shown as the least the player takes, less
 * what it accepts below it if the price moves while the cash out waits; a worse value is refused
 * and the refusal names it.
 */
export function CashOutPanel({ market, sid, inPlay, bets, rule, onClose, onDone }: CashOutPanelProps) {
  const [percent, setPercent] = useState(100);
  const [acceptMove, setAcceptMove] = useState(true);
  // A new key per attempt that reached the engine; a network failure keeps it (the same cash out, not two).
  const [key, setKey] = useState(newSlipKey);
  const { busy, send } = useSlipSubmit();
  const view = market ? cashOutOf(market, sid, bets, percent) : null;
  const runner = market?.section.find((s) => s.sid === sid)?.nat ?? '';
  const delay = market ? Math.max(market.betDelaySec, market.feedBetDelaySec) : 0;
  const drop = view && acceptMove ? valueDrop(view) : 0;

  const submit = (): void => {
    if (!view || !market) return;
    void send(
      () =>
        cashOut(
          {
            market_id: market.marketId,
            selection: String(sid),
            percent,
            value: view.quote.value / 100,
            ...(drop > 0 ? { accept_within: drop / 100 } : {}),
          },
          key,
        ),
      onDone,
      () => setKey(newSlipKey()),
    );
  };

  return (
    <section className="place-bet cash-out-panel" aria-label="Cash Out" data-testid="cash-out-panel">
      <header className="place-bet-head">
        <h2>Cash Out</h2>
        <button type="button" className="place-bet-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="place-bet-body">
        <p className="cash-out-runner">
          <b>{runner}</b> <span className="muted">{market?.marketName}</span>
        </p>
        {view && market ? (
          <>
            <p className="cash-out-value">
              <span>Whole position</span>
              <Amount paise={view.quote.value} testId="cash-out-value" />
            </p>
            <div className="cash-out-shares" role="radiogroup" aria-label="Share to cash out">
              {SHARES.map((s) => (
                <button
                  key={s}
                  type="button"
                  role="radio"
                  aria-checked={percent === s}
                  className={percent === s ? 'active' : ''}
                  onClick={() => setPercent(s)}
                >
                  {s}%
                </button>
              ))}
            </div>
            <input
              type="range"
              name="percent"
              min={1}
              max={100}
              value={percent}
              aria-label="Percent to cash out"
              onChange={(e) => setPercent(Number(e.target.value))}
            />
            <ShareNote view={view} kind={market.kind} percent={percent} runner={runner} onShare={setPercent} />
            <label className="cash-out-accept">
              <input
                type="checkbox"
                name="acceptMove"
                checked={acceptMove}
                onChange={(e) => setAcceptMove(e.target.checked)}
              />
              <span>
                If the price moves{' '}
                {inPlay && delay > 0 ? `during the ${delay} s in-play delay` : 'before it is matched'}, accept a value
                down to <Amount paise={view.quote.value - valueDrop(view)} />
                <span className="muted"> (otherwise only this value or better)</span>
              </span>
            </label>
            <div className="slip-actions">
              <button type="button" className="btn btn-sm slip-reset" onClick={onClose} disabled={busy}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-sm slip-submit"
                onClick={submit}
                disabled={busy || view.quote.stake === 0 || view.quote.short > 0}
              >
                {busy ? 'Cashing Out...' : `Cash Out ${percent}%`}
              </button>
            </div>
          </>
        ) : (
          <p className="slip-note warn">Nothing to cash out on this runner right now.</p>
        )}
        {market && <AutoCashOutForm market={market} sid={sid} rule={rule} />}
      </div>
    </section>
  );
}

/** What the share asked does: the hedge, and what that share then pays; or why the market cannot take it. */
function ShareNote({
  view,
  kind,
  percent,
  runner,
  onShare,
}: {
  view: CashOutView;
  kind: MarketDto['kind'];
  percent: number;
  runner: string;
  onShare: (percent: number) => void;
}) {
  const { quote } = view;
  const verb = quote.side === 'lay' ? 'lay' : 'back';
  if (quote.short > 0) {
    const most = mostShare(view);
    return (
      <p className="slip-note warn" data-testid="cash-out-note">
        Not enough in the market for {percent}%: the hedge needs{' '}
        <span className="nowrap">{formatInr(quote.stake)}</span> to {verb},{' '}
        <span className="nowrap">{formatInr(quote.stake - quote.short)}</span> is offered.{' '}
        {most > 0 ? (
          <button type="button" className="link-button" onClick={() => onShare(most)}>
            Cash out {most}% instead
          </button>
        ) : (
          'Try again when more is offered.'
        )}
      </p>
    );
  }
  const pays = sharePays(view, percent);
  const share = percent === 100 ? 'The position' : percent === 50 ? 'That half' : `That ${percent}%`;
  return (
    <p className="slip-note" data-testid="cash-out-note">
      {percent}% now: {verb} <span className="nowrap">{formatInr(quote.stake)}</span> at {hedgePrice(kind, quote)}
      {kind === 'match_odds' && ' or better'}. {share} then pays{' '}
      {pays.ifWins === pays.ifLoses ? (
        <>
          <Amount paise={pays.ifWins} /> whichever way {runner} goes
        </>
      ) : (
        <>
          <Amount paise={pays.ifWins} /> if {runner} wins, <Amount paise={pays.ifLoses} /> if not
        </>
      )}
      {percent < 100 && `; the other ${100 - percent}% stays on`}.
    </p>
  );
}

/** Rupees as typed, or null when the box is empty; NaN for anything else, which the server refuses. */
const amountOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The runner's auto cash out: the engine cashes the whole position out on the first price at which
 * its value reaches the profit target or falls to the loss limit, once.
 */
function AutoCashOutForm({ market, sid, rule }: { market: MarketDto; sid: number; rule: AutoCashOutDto | undefined }) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState(rule?.profit_target === null || !rule ? '' : String(rule.profit_target));
  const [limit, setLimit] = useState(rule?.loss_limit === null || !rule ? '' : String(rule.loss_limit));
  const [busy, setBusy] = useState(false);
  const save = async (profit: number | null, loss: number | null): Promise<void> => {
    setBusy(true);
    try {
      const answer = await saveAutoCashOut({
        market_id: market.marketId,
        selection: String(sid),
        profit_target: profit,
        loss_limit: loss,
      });
      showSuccessToast(answer.message);
      void queryClient.invalidateQueries({ queryKey: autoCashOutKey(market.matchId) });
      if (profit === null && loss === null) {
        setTarget('');
        setLimit('');
      }
    } catch (e) {
      showErrorToast(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    void save(amountOf(target), amountOf(limit));
  };
  return (
    <form className="auto-cash-out" onSubmit={submit} noValidate data-testid="auto-cash-out">
      <h3>Auto cash out</h3>
      {rule && (
        <p className="muted" data-testid="auto-cash-out-rule">
          On: {rule.profit_target !== null && `at a profit of ${formatRupees(rule.profit_target)}`}
          {rule.profit_target !== null && rule.loss_limit !== null && ' or '}
          {rule.loss_limit !== null && `at a loss of ${formatRupees(rule.loss_limit)}`}
        </p>
      )}
      <div className="auto-cash-out-fields">
        <label>
          Profit target ₹
          <input
            name="profitTarget"
            inputMode="decimal"
            value={target}
            onChange={(e) => setTarget(e.target.value.replace(/[^\d.]/g, ''))}
          />
        </label>
        <label>
          Loss limit ₹
          <input
            name="lossLimit"
            inputMode="decimal"
            value={limit}
            onChange={(e) => setLimit(e.target.value.replace(/[^\d.]/g, ''))}
          />
        </label>
      </div>
      <div className="slip-actions">
        <button
          type="button"
          className="btn btn-sm slip-reset"
          disabled={busy || !rule}
          onClick={() => void save(null, null)}
        >
          Clear
        </button>
        <button type="submit" className="btn btn-sm slip-submit" disabled={busy || (target === '' && limit === '')}>
          {busy ? 'Saving...' : 'Set auto cash out'}
        </button>
      </div>
    </form>
  );
}
