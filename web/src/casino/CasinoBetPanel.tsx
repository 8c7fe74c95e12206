import { useRef, useState } from 'react';
import { CASINO_MARKET_TYPE, paiseToRupees, rupeesToPaise, formatPaise, type ButtonValue, type CasinoMarketDto, type CasinoPlaceBetResponse, type CasinoTableDto } from '@exch/contracts';
import { placeCasinoBet } from '../api/casino-calls';
import { ApiRequestError } from '../api/api-error';
import { newSlipKey } from '../exchange/PlaceBetPanel';
import { shortDevice } from '../ui/device';
import { showErrorToast, showSuccessToast } from '../ui/toasts';

/** SPEC.md section 9: stake input length 10. */
const STAKE_MAX_LENGTH = 10;

export interface CasinoSlip {
  market: CasinoMarketDto;
  stake: string;
  /** Sent as Idempotency-Key: a retry after a lost answer is not placed twice. */
  key: string;
}

export const openCasinoSlip = (market: CasinoMarketDto): CasinoSlip => ({ market, stake: '', key: newSlipKey() });

interface CasinoBetPanelProps {
  slip: CasinoSlip;
  onChange: (slip: CasinoSlip) => void;
  onClose: () => void;
  table: CasinoTableDto;
  mid: string | null;
  /** Betting is open on the round. */
  open: boolean;
  userId: string;
  buttons: readonly ButtonValue[];
  onPlaced: (answer: CasinoPlaceBetResponse) => void;
}

/**
 * The Place Bet panel of SPEC.md section 2 for a casino market: (Bet for), Odds (the table's,
 * read-only), Stake, Profit; the player's casino quick stakes; Reset; Submit ('Placing Bet...').
 * The server decides: it refuses a closed round, a suspended table or a stake outside the limits
 * in its own words, which are toasted.
 */
export function CasinoBetPanel({ slip, onChange, onClose, table, mid, open, userId, buttons, onPlaced }: CasinoBetPanelProps) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const stake = slip.stake === '' ? 0 : (rupeesToPaise(slip.stake) ?? 0);
  const odds = slip.market.odds;
  const profit = Math.floor((Math.round(odds * 100) - 100) * stake / 100);
  const edit = (next: Partial<CasinoSlip>): void => onChange({ ...slip, ...next, key: newSlipKey() });

  const submit = async (): Promise<void> => {
    if (inFlight.current) return;
    if (!(stake > 0)) return showErrorToast('Please enter a stake');
    if (mid === null) return showErrorToast('Betting is closed for this round, please wait for the next one');
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await placeCasinoBet(
        {
          user_id: userId, event_id: table._id, event_name: table.name, market_id: mid, market_type: CASINO_MARKET_TYPE, betOn: CASINO_MARKET_TYPE, selection: slip.market.sid,
          selection_name: slip.market.nat, odds, stake: paiseToRupees(stake), bet_type: 'casino', odds_type: 'back', isBack: true, table_id: table._id, game_round_id: mid,
          potential_win: paiseToRupees(profit), device_info: shortDevice(navigator.userAgent), reference_id: slip.key,
        },
        slip.key,
      );
      showSuccessToast(answer.message);
      onPlaced(answer);
    } catch (e) {
      // The server's message was toasted by the API client; a refused bet may be sent again as a new one.
      if (e instanceof ApiRequestError && e.statusCode !== 0) onChange({ ...slip, key: newSlipKey() });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <section className="place-bet back casino-slip" aria-label="Place Bet" data-testid="place-bet">
      <header className="place-bet-head">
        <h2>Place Bet</h2>
        <button type="button" className="place-bet-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="place-bet-body">
        <div className="slip-grid">
          <span className="slip-label slip-for-label">(Bet for)</span>
          <span className="slip-label slip-odds-label">Odds</span>
          <span className="slip-label slip-stake-label">Stake</span>
          <span className="slip-label slip-profit-label">Profit</span>
          <div className="slip-for">
            <span className="side-tag back">Back</span>
            <b data-testid="slip-selection">{slip.market.nat}</b>
          </div>
          <div className="slip-odds">
            <input name="odds" readOnly value={odds.toFixed(2)} aria-label="Odds" />
          </div>
          <div className="slip-stake">
            <input
              name="stake"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              maxLength={STAKE_MAX_LENGTH}
              placeholder="0"
              aria-label="Stake"
              value={slip.stake}
              autoFocus
              onChange={(e) => edit({ stake: e.target.value.replace(/\D/g, '').slice(0, STAKE_MAX_LENGTH) })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void submit();
              }}
            />
          </div>
          <div className="slip-profit" data-testid="slip-profit">
            <span className={profit > 0 ? 'positive' : undefined}>{formatPaise(profit)}</span>
          </div>
        </div>
        {slip.market.payTable && <p className="slip-note">Pays by hand: {slip.market.payTable.map((p) => `${p.hand} ${p.odds.toFixed(2)}`).join(', ')}.</p>}
        {!open && <p className="slip-note warn">Betting is closed for this round: wait for the next one.</p>}
        <div className="stake-buttons">
          {buttons.map((b) => (
            <button key={`${b.label}-${b.value}`} type="button" className="stake-button" onClick={() => edit({ stake: String(b.value) })}>
              {b.label}
            </button>
          ))}
        </div>
        <div className="slip-actions">
          <button type="button" className="btn btn-sm slip-reset" onClick={() => edit({ stake: '' })} disabled={busy}>
            Reset
          </button>
          <button type="button" className="btn btn-sm slip-submit" onClick={() => void submit()} disabled={busy || !(stake > 0)}>
            {busy ? 'Placing Bet...' : 'Submit'}
          </button>
        </div>
      </div>
    </section>
  );
}
