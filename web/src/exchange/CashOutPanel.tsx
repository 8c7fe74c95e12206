import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AutoCashOutDto, BetDto, CashOutResponse, MarketDto } from '@exch/contracts';
import { errorMessage } from '../api/error-message';
import { cashOut, saveAutoCashOut } from '../api/betting-calls';
import { formatInr, formatRupees } from '../ui/money';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { autoCashOutKey } from './auto-cash-out-data';
import { cashOutOf, hedgePrice } from './cash-out';
import { newSlipKey } from './PlaceBetPanel';
import { useSlipSubmit } from './slip-parts';

const SHARES = [25, 50, 75, 100];

interface CashOutPanelProps {
  market: MarketDto | undefined;
  sid: number;
  /** The player's pending bets on the match: the position, and its own resting orders. */
  bets: readonly BetDto[];
  /** The player's standing auto cash-out rule on the runner, if any. */
  rule: AutoCashOutDto | undefined;
  onClose: () => void;
  onDone: (answer: CashOutResponse) => void;
}

/**
 * Cash out a runner's position, whole or a share, at the live value (docs/exchange.md "Cash out"):
 * the value moves with the ladder; Cash Out sends the one shown, and if the engine's differs by then
 * nothing is placed and the refusal names the new value.
 */
export function CashOutPanel({ market, sid, bets, rule, onClose, onDone }: CashOutPanelProps) {
  const [percent, setPercent] = useState(100);
  // A new key per attempt that reached the engine; a network failure keeps it (the same cash out, not two).
  const [key, setKey] = useState(newSlipKey);
  const { busy, send } = useSlipSubmit();
  const quote = market ? cashOutOf(market, sid, bets, percent) : null;
  const runner = market?.section.find((s) => s.sid === sid)?.nat ?? '';
  const share = quote ? Math.round((quote.value * percent) / 100) : 0;

  const submit = (): void => {
    if (!quote || !market) return;
    void send(
      () => cashOut({ market_id: market.marketId, selection: String(sid), percent, value: quote.value / 100 }, key),
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
        {quote && market ? (
          <>
            <p className="cash-out-value">
              <span>Whole position</span>
              <b className={quote.value >= 0 ? 'positive' : 'negative'} data-testid="cash-out-value">
                {formatInr(quote.value)}
              </b>
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
            <p className="slip-note">
              {percent}% now: {quote.side === 'lay' ? 'lay' : 'back'} {formatInr(quote.stake)} at{' '}
              {hedgePrice(market.kind, quote)}, taking about{' '}
              <b className={share >= 0 ? 'positive' : 'negative'}>{formatInr(share)}</b>
              {percent < 100 && '; the rest of the position stays'}.
            </p>
            <div className="slip-actions">
              <button type="button" className="btn btn-sm slip-reset" onClick={onClose} disabled={busy}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-sm slip-submit"
                onClick={submit}
                disabled={busy || quote.stake === 0}
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
