import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { declaredWinnersProblem, formatDateTime, listWords, type MarketStatus } from '@exch/contracts';
import {
  confirmFeedResult,
  declareResult,
  revokeResult,
  setMarketStatus,
  voidMarket,
  type EventMarket,
} from '../../../api/admin-betting-calls';
import { errorMessage } from '../../../api/error-message';
import { FormError, TransactionPasswordField } from '../../../ui/fields';
import { Modal, ModalActions } from '../../../ui/Modal';
import { showErrorToast, showSuccessToast } from '../../../ui/toasts';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { MARKET_SOURCE_LABEL, marketTitle, marketTypeLabel } from './format';

const STATUSES: MarketStatus[] = ['ACTIVE', 'SUSPENDED', 'CLOSED'];

/** The Market cell: the market with its type and source, and why its feed holds it suspended when it does. */
export function MarketCell({ market }: { market: EventMarket }) {
  const title = marketTitle(market.marketName);
  const type = marketTypeLabel(market.marketType);
  return (
    <div className="ax-cell-stack">
      <span>{title}</span>
      {/* A market named after its type (Match Odds) says its type once; the source always shows. */}
      <span className="muted ax-sub">
        {type !== title && <>{type} · </>}
        <span data-testid="market-source">{MARKET_SOURCE_LABEL[market.source]}</span>
        {market.feedStatus !== null && market.feedStatus !== 'OPEN' && ` · feed ${market.feedStatus.toLowerCase()}`}
      </span>
      {market.feedStale !== null && (
        <span className="ax-sub ax-feed-stale" data-testid="feed-stale" role="status">
          Feed stale: {market.feedStale}
        </span>
      )}
    </div>
  );
}

/** A step that moves many players' money: confirmed in a dialog with the transaction password. */
interface MoneyStep {
  title: string;
  text: string;
  call: (transactionPassword: string) => Promise<{ message: string }>;
  /** Asked as a second confirmation before it is sent (a result for a match not started). */
  caution?: string;
}

/** The market as a confirmation names it: its match and itself. */
const whole = (m: EventMarket): string => `${m.matchName} / ${marketTitle(m.marketName)}`;

/** Why declaring a result now needs a second look: the match has not started (not in play, its start ahead). */
function notStarted(m: EventMarket, now = Date.now()): string | undefined {
  if (m.inPlay || !(Date.parse(m.matchStart) > now)) return undefined;
  return `${m.matchName} has not started: it starts ${formatDateTime(m.matchStart)}. A result now settles every bet on ${marketTitle(m.marketName)} before the match is played. Declare it anyway?`;
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
  // The second confirmation asked and not yet given: the first Confirm shows the caution only.
  const [cautioned, setCautioned] = useState(false);
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
        onSubmit={(e) =>
          void submit(
            e,
            password === '' ? 'Enter your transaction password' : null,
            step.caution && !cautioned ? async () => setCautioned(true) : send,
          )
        }
        noValidate
      >
        <p data-testid="money-step-text">{step.text}</p>
        <TransactionPasswordField value={password} onValue={edit(setPassword)} />
        {cautioned && (
          <p className="ax-caution" role="alert" data-testid="money-step-caution">
            {step.caution}
          </p>
        )}
        <FormError message={error} />
        <ModalActions
          onCancel={onClose}
          busy={busy}
          label={cautioned ? 'Declare anyway' : 'Confirm'}
          busyLabel="Confirming..."
        />
      </form>
    </Modal>
  );
}

/** An open market's status switch: ACTIVE, SUSPENDED, CLOSED (closing asks first). */
export function StatusSwitch({ market }: { market: EventMarket }) {
  const { busy, run } = useMarketAction();
  const name = marketTitle(market.marketName);
  return (
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
  );
}

/**
 * An open market's Result cell: the winner (runner) or runs (fancy) to declare, or every placed
 * runner of a place market (one choice per place), and the feed's proposal.
 */
export function DeclareCell({ market }: { market: EventMarket }) {
  const { ask, dialog } = useMarketAction();
  const fancy = market.kind === 'fancy';
  const places = fancy ? 1 : Math.max(1, market.numberOfWinners);
  const [winner, setWinner] = useState('');
  const [placedIds, setPlaced] = useState<string[]>([]);
  const placed = Array.from({ length: places }, (_, i) => placedIds[i] ?? '');
  const [runs, setRuns] = useState('');
  const name = marketTitle(market.marketName);
  // A non-runner cannot win or place.
  const running = market.section.filter((s) => s.gstatus !== 'REMOVED');
  const proposed =
    market.proposed && market.proposed.map((sid) => market.section.find((s) => s.sid === sid)?.nat ?? sid).join(', ');

  const declare = (): void => {
    if (fancy) {
      if (!/^\d+$/.test(runs.trim())) return showErrorToast('Enter the runs as a whole number');
      const n = Number(runs.trim());
      ask({
        title: 'Declare the result',
        text: `Declare ${n} runs for ${whole(market)}? Bets are settled at once.`,
        call: (pw) => declareResult(market.marketId, { runs: n, transaction_password: pw }),
        caution: notStarted(market),
      });
    } else if (places > 1) {
      const chosen = placed.filter((sid) => sid !== '').map(Number);
      const problem = declaredWinnersProblem(
        running.map((s) => s.sid),
        places,
        chosen,
      );
      if (problem) return showErrorToast(problem);
      const names = chosen.map((sid) => running.find((s) => s.sid === sid)!.nat);
      ask({
        title: 'Declare the result',
        text: `Declare ${listWords(names)} the placed runners of ${name}? Bets are settled at once.`,
        call: (pw) => declareResult(market.marketId, { selectionIds: chosen, transaction_password: pw }),
      });
    } else {
      const runner = running.find((s) => String(s.sid) === winner);
      if (!runner) return showErrorToast('Choose the winner');
      ask({
        title: 'Declare the result',
        text: `Declare ${runner.nat} the winner of ${whole(market)}? Bets are settled at once.`,
        call: (pw) => declareResult(market.marketId, { selectionId: runner.sid, transaction_password: pw }),
        caution: notStarted(market),
      });
    }
  };

  return (
    <>
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
        ) : places > 1 ? (
          placed.map((sid, i) => (
            <select
              key={i}
              name={`placed-${i + 1}`}
              aria-label={`Placed runner ${i + 1} of ${places} in ${name}`}
              value={sid}
              onChange={(e) => setPlaced(placed.map((held, j) => (j === i ? e.target.value : held)))}
            >
              <option value="">{`Placed ${i + 1} of ${places}...`}</option>
              {running.map((s) => (
                <option key={s.sid} value={s.sid} disabled={placed.includes(String(s.sid)) && sid !== String(s.sid)}>
                  {s.nat}
                </option>
              ))}
            </select>
          ))
        ) : (
          <select
            name="winner"
            aria-label={`Winner of ${name}`}
            value={winner}
            onChange={(e) => setWinner(e.target.value)}
          >
            <option value="">Winner...</option>
            {running.map((s) => (
              <option key={s.sid} value={s.sid}>
                {s.nat}
              </option>
            ))}
          </select>
        )}
        <button type="button" className="btn btn-sm btn-primary" onClick={declare}>
          Declare
        </button>
      </div>
      {proposed && (
        <button
          type="button"
          className="btn btn-sm btn-primary ax-confirm-feed"
          onClick={() =>
            ask({
              title: "Confirm the feed's result",
              text: `Settle ${whole(market)} on the feed's result: ${proposed}?`,
              call: (pw) => confirmFeedResult(market.marketId, pw),
              caution: notStarted(market),
            })
          }
        >
          Confirm feed result: {proposed}
        </button>
      )}
      {dialog}
    </>
  );
}

/** Void (an open market) or Revoke (a settled one's result), confirmed with the transaction password. */
export function MoneyStepButton({ market, kind }: { market: EventMarket; kind: 'void' | 'revoke' }) {
  const { ask, dialog } = useMarketAction();
  return (
    <>
      {kind === 'void' ? (
        <button
          type="button"
          className="btn btn-sm btn-outline ax-void"
          onClick={() =>
            ask({
              title: 'Void the market',
              text: `Void ${whole(market)}? Every bet on it is returned.`,
              call: (pw) => voidMarket(market.marketId, pw),
            })
          }
        >
          Void
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-danger"
          onClick={() =>
            ask({
              title: 'Revoke the result',
              text: `Revoke the result of ${whole(market)}? Its settlement is reversed and the bets are open again.`,
              call: (pw) => revokeResult(market.marketId, pw),
            })
          }
        >
          Revoke
        </button>
      )}
      {dialog}
    </>
  );
}
