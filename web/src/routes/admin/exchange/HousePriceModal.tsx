import { useState, type FormEvent } from 'react';
import { FEED_STATUSES, type FeedStatus, type MarketDto } from '@exch/contracts';
import { clearHousePrice, setHousePrice, type HousePriceBody } from '../../../api/admin-betting-calls';
import { errorMessage } from '../../../api/error-message';
import { FormError, TextField } from '../../../ui/fields';
import { Modal } from '../../../ui/Modal';
import { showSuccessToast } from '../../../ui/toasts';
import { marketTitle } from './format';

/** A bookmaker market or a fancy can be priced by hand (PUT/DELETE /api/admin/markets/{id}/house-price). */
export const canPriceByHand = (m: MarketDto): boolean =>
  (m.kind === 'bookmaker' || m.kind === 'fancy') && m.status !== 'SETTLED';

const WHOLE = /^\d+$/;
const shown = (m: MarketDto, sid: number, otype: 'back' | 'lay'): { odds: string; size: string } => {
  const o = m.section.find((s) => s.sid === sid)?.odds.find((p) => p.otype === otype && p.tno === 0);
  return { odds: o ? String(o.odds) : '', size: o ? String(o.size) : '' };
};
const statusOf = (m: MarketDto): FeedStatus => {
  const s = m.section[0]?.gstatus;
  return m.manual && FEED_STATUSES.includes(s as FeedStatus) ? (s as FeedStatus) : 'ACTIVE';
};

/**
 * "Rates by hand": a bookmaker market's back/lay rate per runner, or a fancy's No and Yes line with
 * their rates. The fields start at the prices shown now (the feed's, or the house's once manual);
 * runners left empty are not sent. "Follow feed" clears the house prices.
 */
export function HousePriceModal({
  market,
  onClose,
  onSaved,
}: {
  market: MarketDto;
  onClose: () => void;
  onSaved: () => void;
}) {
  const fancy = market.kind === 'fancy';
  const [rates, setRates] = useState(() =>
    market.section.map((s) => ({
      sid: s.sid,
      name: s.nat,
      back: shown(market, s.sid, 'back').odds,
      lay: shown(market, s.sid, 'lay').odds,
    })),
  );
  const [line, setLine] = useState(() => ({
    noLine: shown(market, 0, 'lay').odds,
    noRate: shown(market, 0, 'lay').size,
    yesLine: shown(market, 0, 'back').odds,
    yesRate: shown(market, 0, 'back').size,
  }));
  const [status, setStatus] = useState<FeedStatus>(statusOf(market));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const bodies = (): HousePriceBody[] | string => {
    if (fancy) {
      if (!Object.values(line).every((v) => WHOLE.test(v.trim())))
        return 'Enter whole numbers: the lines in runs and the rates';
      return [
        {
          noLine: Number(line.noLine),
          noRate: Number(line.noRate),
          yesLine: Number(line.yesLine),
          yesRate: Number(line.yesRate),
          status,
        },
      ];
    }
    const filled = rates.filter((r) => r.back.trim() !== '' || r.lay.trim() !== '');
    if (filled.length === 0) return 'Enter the back and lay rate of at least one runner';
    const bad = filled.find((r) => !WHOLE.test(r.back.trim()) || !WHOLE.test(r.lay.trim()));
    if (bad) return `${bad.name}: enter whole back and lay rates`;
    return filled.map((r) => ({ selectionId: r.sid, back: Number(r.back), lay: Number(r.lay), status }));
  };

  const run = async (work: () => Promise<string>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      showSuccessToast(await work());
      onSaved();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const list = bodies();
    if (typeof list === 'string') return setError(list);
    void run(async () => {
      let message = '';
      for (const body of list) message = (await setHousePrice(market.marketId, body)).message;
      return message;
    });
  };

  const followFeed = (): void => void run(async () => (await clearHousePrice(market.marketId)).message);

  const edit = (sid: number, side: 'back' | 'lay', value: string): void => {
    setRates((rs) => rs.map((r) => (r.sid === sid ? { ...r, [side]: value } : r)));
    setError(null);
  };
  const editLine = (field: keyof typeof line) => (value: string) => {
    setLine((l) => ({ ...l, [field]: value }));
    setError(null);
  };

  return (
    <Modal
      title={fancy ? 'Line by hand' : 'Rates by hand'}
      subtitle={<b>{marketTitle(market.marketName)}</b>}
      onClose={onClose}
    >
      <form className="modal-form" onSubmit={submit} noValidate>
        <fieldset disabled={busy}>
          <p className="muted ax-hp-note">
            {market.manual
              ? 'The house prices this market now; the feed is ignored.'
              : 'Saving stops following the feed: bets take these prices until you follow the feed again.'}
            {!fancy && ' A runner left empty is not offered.'}
          </p>
          {fancy ? (
            <div className="ax-two">
              <TextField
                label="No line (runs)"
                name="noLine"
                inputMode="numeric"
                value={line.noLine}
                onValue={editLine('noLine')}
                autoComplete="off"
              />
              <TextField
                label="No rate"
                name="noRate"
                inputMode="numeric"
                value={line.noRate}
                onValue={editLine('noRate')}
                autoComplete="off"
              />
              <TextField
                label="Yes line (runs)"
                name="yesLine"
                inputMode="numeric"
                value={line.yesLine}
                onValue={editLine('yesLine')}
                autoComplete="off"
              />
              <TextField
                label="Yes rate"
                name="yesRate"
                inputMode="numeric"
                value={line.yesRate}
                onValue={editLine('yesRate')}
                autoComplete="off"
              />
            </div>
          ) : (
            <div className="ax-hp-runners">
              {rates.map((r) => (
                <div key={r.sid} className="ax-hp-runner" data-selection-id={r.sid}>
                  <span className="ax-hp-name">{r.name}</span>
                  <TextField
                    label="Back"
                    name={`back-${r.sid}`}
                    inputMode="numeric"
                    value={r.back}
                    onValue={(v) => edit(r.sid, 'back', v)}
                    autoComplete="off"
                    aria-label={`Back rate of ${r.name}`}
                  />
                  <TextField
                    label="Lay"
                    name={`lay-${r.sid}`}
                    inputMode="numeric"
                    value={r.lay}
                    onValue={(v) => edit(r.sid, 'lay', v)}
                    autoComplete="off"
                    aria-label={`Lay rate of ${r.name}`}
                  />
                </div>
              ))}
            </div>
          )}
          <label className="field">
            <span>Status</span>
            <select name="status" value={status} onChange={(e) => setStatus(e.target.value as FeedStatus)}>
              {FEED_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <FormError message={error} />
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            {market.manual && (
              <button type="button" className="btn btn-outline" onClick={followFeed}>
                Follow feed
              </button>
            )}
            <button type="submit" className="btn btn-primary">
              {busy ? 'Saving...' : 'Save'}
            </button>
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}
