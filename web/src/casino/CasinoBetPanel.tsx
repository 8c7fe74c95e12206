import {
  CASINO_MARKET_TYPE,
  paiseToRupees,
  rupeesToPaise,
  formatPaise,
  pickedName,
  rankLabel,
  type ButtonValue,
  type CasinoMarketDto,
  type CasinoPlaceBetResponse,
  type CasinoTableDto,
  type Rank,
} from '@exch/contracts';
import { placeCasinoBet, type CasinoBetInput } from '../api/casino-calls';
import { newSlipKey } from '../exchange/PlaceBetPanel';
import { SlipButtons, SlipFrame, SlipLabels, SlipStake, useSlipSubmit } from '../exchange/slip-parts';
import { shortDevice } from '../ui/device';
import { showErrorToast } from '../ui/toasts';

export interface CasinoSlip {
  market: CasinoMarketDto;
  /** The ranks picked, on a market that takes them; else null. */
  ranks: Rank[] | null;
  stake: string;
  /** Sent as Idempotency-Key: a retry after a lost answer is not placed twice. */
  key: string;
}

export const openCasinoSlip = (market: CasinoMarketDto, ranks: Rank[] | null = null): CasinoSlip => ({
  market,
  ranks,
  stake: '',
  key: newSlipKey(),
});

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
 * The Place Bet panel of SPEC.md section 2 for a casino market (the exchange's slip parts): (Bet
 * for), Odds (the table's, read-only), Stake, Profit; the player's casino quick stakes; Reset; Submit.
 * The server decides: it refuses a closed round, a suspended table or a stake outside the limits
 * in its own words, which are toasted.
 */
export function CasinoBetPanel({
  slip,
  onChange,
  onClose,
  table,
  mid,
  open,
  userId,
  buttons,
  onPlaced,
}: CasinoBetPanelProps) {
  const { busy, inFlight, send } = useSlipSubmit();
  const stake = slip.stake === '' ? 0 : (rupeesToPaise(slip.stake) ?? 0);
  const odds = slip.market.odds;
  const name = slip.ranks ? pickedName(slip.market.nat, slip.ranks) : slip.market.nat;
  const profit = Math.floor(((Math.round(odds * 100) - 100) * stake) / 100);
  const edit = (next: Partial<CasinoSlip>): void => onChange({ ...slip, ...next, key: newSlipKey() });

  const submit = async (): Promise<void> => {
    if (inFlight.current) return;
    if (!(stake > 0)) return showErrorToast('Please enter a stake');
    if (mid === null) return showErrorToast('Betting is closed for this round, please wait for the next one');
    const body: CasinoBetInput = {
      user_id: userId,
      event_id: table._id,
      event_name: table.name,
      market_id: mid,
      market_type: CASINO_MARKET_TYPE,
      betOn: CASINO_MARKET_TYPE,
      selection: slip.market.sid,
      selection_name: name,
      odds,
      stake: paiseToRupees(stake),
      bet_type: 'casino',
      odds_type: 'back',
      isBack: true,
      table_id: table._id,
      game_round_id: mid,
      ...(slip.ranks && { ranks: slip.ranks.map(rankLabel) }),
      potential_win: paiseToRupees(profit),
      device_info: shortDevice(navigator.userAgent),
      reference_id: slip.key,
    };
    await send(
      () => placeCasinoBet(body, slip.key),
      onPlaced,
      () => onChange({ ...slip, key: newSlipKey() }),
    );
  };

  return (
    <SlipFrame side="back" className="casino-slip" onClose={onClose}>
      <div className="slip-grid">
        <SlipLabels />
        <div className="slip-for">
          <span className="side-tag back">Back</span>
          <b data-testid="slip-selection">{name}</b>
        </div>
        <div className="slip-odds">
          <input name="odds" readOnly value={odds.toFixed(2)} aria-label="Odds" />
        </div>
        <SlipStake value={slip.stake} onChange={(stake) => edit({ stake })} onSubmit={() => void submit()} />
        <div className="slip-profit" data-testid="slip-profit">
          <span className={profit > 0 ? 'positive' : undefined}>{formatPaise(profit)}</span>
        </div>
      </div>
      {slip.market.payTable && (
        <p className="slip-note">
          Pays by hand: {slip.market.payTable.map((p) => `${p.hand} ${p.odds.toFixed(2)}`).join(', ')}.
        </p>
      )}
      {!open && <p className="slip-note warn">Betting is closed for this round: wait for the next one.</p>}
      <SlipButtons
        buttons={buttons}
        onStake={(stake) => edit({ stake })}
        busy={busy}
        canSubmit={stake > 0}
        onSubmit={() => void submit()}
      />
    </SlipFrame>
  );
}
