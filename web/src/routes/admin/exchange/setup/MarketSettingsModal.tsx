import { useState, type FormEvent } from 'react';
import type { MarketDto } from '@exch/contracts';
import { saveMarketSettings } from '../../../../api/admin-betting-calls';
import { errorMessage } from '../../../../api/error-message';
import { FormError, TextField } from '../../../../ui/fields';
import { Modal } from '../../../../ui/Modal';
import { showSuccessToast } from '../../../../ui/toasts';
import { marketTitle } from '../format';
import '../../../../styles/admin-exchange.css';

const NUMBER = /^\d+(\.\d{1,2})?$/;

/** A market's min, max, bet delay and commission (PUT /api/admin/markets/{id}/settings). */
export function MarketSettingsModal({
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
