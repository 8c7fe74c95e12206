import {
  BET_REQUIRED_FIELDS,
  formatPaise,
  isLadderPrice,
  MARKET_TYPE_OF,
  paiseToRupees,
  rupeesToPaise,
  type BetDto,
  type Paise,
  type ButtonValue,
  type MarketDto,
  type MatchSummary,
  type PlaceBetResponse,
} from '@exch/contracts';
import { placeBet, type PlaceBetInput } from '../api/betting-calls';
import { shortDevice } from '../ui/device';
import { formatInr } from '../ui/money';
import { showErrorToast } from '../ui/toasts';
import { betOutcome, matchedPositions, runnerBook, toHundredths } from './book';
import { formatOdds } from './format';
import { bestPrice, closedReason, type BetPick } from './pick';
import { fillPrices, slipFill, type SlipFill } from './slip-fill';
import { BookFigure } from './RunnerMarket';
import { SlipButtons, SlipFrame, SlipLabels, SlipStake, useSlipSubmit } from './slip-parts';

/**
 * SPEC.md sections 5 and 9: exchange odds step 0.01; odds input length 4 (stake: slip-parts.tsx). The
 * spinner counts in integer hundredths, so no float error builds up.
 */
const ODDS_STEP = 1;
const ODDS_MIN = 101;
const ODDS_MAX = 100_000;
const ODDS_MAX_LENGTH = 4;

/** The open bet slip: what was clicked, and the odds and stake as typed. */
export interface Slip {
  pick: BetPick;
  odds: number;
  stake: string;
  /** Sent as Idempotency-Key: a retry after a lost answer is not placed twice. */
  key: string;
  /** "Keep in play" as the player set it on this slip; unset, the saved default applies. */
  keep?: boolean;
}

export function newSlipKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const openSlip = (pick: BetPick, stake = ''): Slip => ({ pick, odds: pick.odds, stake, key: newSlipKey() });

/** The price the bet goes in at: exchange odds as the player set them; a bookmaker rate or fancy line always the live one. */
export function slipPrice(
  slip: Slip,
  market: MarketDto | undefined,
): { odds: number; volume: number | null; live: number | null } {
  const section = market?.section.find((s) => s.sid === slip.pick.sid);
  const live = bestPrice(section, slip.pick.side);
  if (slip.pick.kind === 'match_odds') return { odds: slip.odds, volume: null, live: live?.odds ?? null };
  return {
    odds: live?.odds ?? slip.pick.odds,
    volume: slip.pick.kind === 'fancy' ? (live?.size ?? slip.pick.volume) : null,
    live: live?.odds ?? null,
  };
}

/** The stake as typed (whole rupees) in paise, 0 while empty. */
const stakeOf = (slip: Slip): Paise => (slip.stake === '' ? 0 : (rupeesToPaise(slip.stake) ?? 0));

/** Each runner's book after the bet, from the player's matched bets on the market plus this one (runner markets only). */
export function slipPreview(
  slip: Slip,
  market: MarketDto | undefined,
  bets: readonly BetDto[],
): Map<number, Paise> | null {
  if (!market || market.kind === 'fancy') return null;
  const stake = stakeOf(slip);
  const { odds } = slipPrice(slip, market);
  const positions = matchedPositions(market.marketId, bets);
  if (stake > 0) positions.push({ selection: slip.pick.sid, side: slip.pick.side, parts: [{ odds, stake }] });
  return runnerBook(market, positions);
}

interface PlaceBetPanelProps {
  slip: Slip;
  onChange: (slip: Slip) => void;
  onClose: () => void;
  /** The market, live. */
  market: MarketDto | undefined;
  match: MatchSummary;
  userId: string;
  buttons: readonly ButtonValue[];
  /** The player's saved default for "Keep in play" (Button values page). */
  keepInPlay: boolean;
  /** The player's pending bets on the match, for the per-runner P&L after the bet. */
  bets: readonly BetDto[];
  onPlaced: (answer: PlaceBetResponse) => void;
}

/**
 * The Place Bet panel of SPEC.md section 2: (Bet for), Odds (read-only with an up/down spinner on
 * exchange markets), Stake, Profit; quick stake buttons; Reset; Submit, disabled and reading
 * 'Placing Bet...' while the bet is out; below, each runner's P&L if the bet is placed.
 */
export function PlaceBetPanel({
  slip,
  onChange,
  onClose,
  market,
  match,
  userId,
  buttons,
  keepInPlay,
  bets,
  onPlaced,
}: PlaceBetPanelProps) {
  const { busy, inFlight, send } = useSlipSubmit();
  const { pick } = slip;
  const kind = pick.kind;
  const { odds, volume, live } = slipPrice(slip, market);
  const stake = stakeOf(slip);
  const outcome = betOutcome(kind, pick.side, odds, stake, volume);
  const section = market?.section.find((s) => s.sid === pick.sid);
  const closed = !market || !section ? 'Closed' : closedReason(market, section);
  const preview = slipPreview(slip, market, bets);
  const sideName = kind === 'fancy' ? (pick.side === 'back' ? 'Yes' : 'No') : pick.side === 'back' ? 'Back' : 'Lay';
  const offMarket = kind === 'match_odds' && live !== null && toHundredths(odds) !== toHundredths(live);
  // SPEC.md steps odds by 0.01; the exchange's ladder is coarser above 2, and the server refuses prices off it.
  const offLadder = kind === 'match_odds' && !isLadderPrice(toHundredths(odds));
  // Only an exchange bet can rest unmatched, and the choice matters only before the turn in play.
  const persistable = kind === 'match_odds' && !match.inPlay;
  const keep = slip.keep ?? keepInPlay;
  // What the bet meets on the ladder shown: a whole paisa asks where an empty stake would match.
  const fill =
    kind === 'match_odds' && section
      ? slipFill(pick.marketId, section, pick.side, odds, Math.max(stake, 1), bets)
      : null;
  const delay = match.inPlay && market ? Math.max(market.betDelaySec, market.feedBetDelaySec) : 0;

  const edit = (next: Partial<Slip>): void => onChange({ ...slip, ...next, key: newSlipKey() });
  const stepOdds = (direction: 1 | -1): void =>
    edit({ odds: Math.min(ODDS_MAX, Math.max(ODDS_MIN, toHundredths(odds) + direction * ODDS_STEP)) / 100 });

  const submit = async (): Promise<void> => {
    if (inFlight.current) return; // SPEC.md section 5: duplicate submit blocked while a bet is in progress
    if (!(stake > 0)) return showErrorToast('Please enter a stake');
    const body: PlaceBetInput = {
      user_id: userId,
      event_id: match.matchId,
      event_name: match.name,
      event_type: match.sportName,
      sportId: match.sportId,
      matchId: match.matchId,
      match_id: match.matchId,
      market_id: pick.marketId,
      market_type: MARKET_TYPE_OF[kind],
      betOn: MARKET_TYPE_OF[kind],
      selection: pick.sid,
      selection_name: pick.name,
      odds,
      volume,
      odds_type: pick.side,
      isBack: pick.side === 'back',
      stake: paiseToRupees(stake),
      potential_win: paiseToRupees(outcome.win),
      bet_type: 'sports',
      type: offMarket ? 'unmatch' : 'match',
      currentMarketOdds: live,
      is_live_bet: match.inPlay,
      device_info: shortDevice(navigator.userAgent),
      reference_id: slip.key,
      ...(persistable ? { persistence_type: keep ? 'PERSIST' : 'LAPSE' } : {}),
    };
    const missing = BET_REQUIRED_FIELDS.filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
    if (missing.length > 0) return showErrorToast(`Missing required fields: ${missing.join(', ')}`);

    // The panel stays on a refusal.
    await send(
      () => placeBet(body, slip.key),
      onPlaced,
      () => onChange({ ...slip, key: newSlipKey() }),
    );
  };

  return (
    <SlipFrame side={pick.side} onClose={onClose}>
      <div className="slip-grid">
        <SlipLabels />
        <div className="slip-for">
          <span className={`side-tag ${pick.side}`}>{sideName}</span>
          <b data-testid="slip-selection">{pick.name}</b>
        </div>
        <div className="slip-odds">
          {kind === 'match_odds' && (
            <button
              type="button"
              className="spin"
              aria-label="Lower odds"
              onClick={() => stepOdds(-1)}
              disabled={toHundredths(odds) <= ODDS_MIN}
            >
              −
            </button>
          )}
          <input
            name="odds"
            readOnly
            maxLength={ODDS_MAX_LENGTH}
            value={formatOdds(kind, odds)}
            aria-label="Odds"
            onKeyDown={(e) => {
              if (kind !== 'match_odds') return;
              if (e.key === 'ArrowUp') stepOdds(1);
              if (e.key === 'ArrowDown') stepOdds(-1);
            }}
          />
          {kind === 'match_odds' && (
            <button
              type="button"
              className="spin"
              aria-label="Raise odds"
              onClick={() => stepOdds(1)}
              disabled={toHundredths(odds) >= ODDS_MAX}
            >
              +
            </button>
          )}
        </div>
        <SlipStake value={slip.stake} onChange={(stake) => edit({ stake })} onSubmit={() => void submit()} />
        <div className="slip-profit" data-testid="slip-profit">
          <span className={outcome.win > 0 ? 'positive' : undefined}>{formatPaise(outcome.win)}</span>
        </div>
      </div>
      {/* What the bet wins and what it risks: the Profit column is what it wins, for a lay and a fancy's No too. */}
      {kind !== 'fancy' && (
        <p className="slip-risk" data-testid="slip-risk">
          Wins <b className="positive">{formatPaise(outcome.win)}</b> · Risks{' '}
          <b className={outcome.lose > 0 ? 'negative' : undefined}>{formatPaise(outcome.lose)}</b>
        </p>
      )}
      {kind === 'fancy' && volume !== null && (
        <p className="slip-note" data-testid="slip-risk">
          {sideName} at {formatOdds('fancy', odds)} runs, rate {volume}: wins {formatInr(outcome.win)}, risks{' '}
          {formatInr(outcome.lose)}.
        </p>
      )}
      {persistable && (
        <label className="slip-keep">
          <input type="checkbox" name="keepInPlay" checked={keep} onChange={(e) => edit({ keep: e.target.checked })} />
          Keep in play
          <span className="muted">
            {keep ? 'unmatched stake stays at the off' : 'unmatched stake lapses at the off'}
          </span>
        </label>
      )}
      {offLadder && (
        <p className="slip-note warn">
          {formatOdds(kind, odds)} is not an exchange price: above 2 odds move in larger steps (2.02, 3.05, 4.1...).
        </p>
      )}
      {fill && !offLadder && closed === null && <FillNote fill={fill} odds={odds} stake={stake} delay={delay} />}
      {closed !== null && (
        <p className="slip-note warn">
          {closed === 'Closed' ? 'This market is closed.' : `${closed}: bets are not taken right now.`}
        </p>
      )}

      <SlipButtons
        buttons={buttons}
        onStake={(stake) => edit({ stake })}
        busy={busy}
        canSubmit={closed === null && stake > 0}
        onSubmit={() => void submit()}
      />

      {preview && market && (
        <div className="slip-book" aria-label="Profit and loss by runner">
          {market.section.map((s) => (
            <div key={s.sid} className="slip-book-row">
              <span>{s.nat}</span>
              <BookFigure value={preview.get(s.sid)} />
            </div>
          ))}
        </div>
      )}
    </SlipFrame>
  );
}

/**
 * What the slip will do, from the ladder the engine matches against: fill now (at a better price
 * than asked, it says so), fill in part and rest the remainder, or rest whole until the price comes.
 */
function FillNote({ fill, odds, stake, delay }: { fill: SlipFill; odds: number; stake: Paise; delay: number }) {
  const asked = formatOdds('match_odds', odds);
  const wait = delay > 0 ? ` (after the ${delay} s in-play delay, if the prices hold)` : '';
  if (fill.matched.length === 0)
    return (
      <p className="slip-note warn" data-testid="slip-fill">
        No one offers {asked} now: the bet waits unmatched until the price reaches it.
      </p>
    );
  const better = fill.matched.some((m) => m.price !== toHundredths(odds));
  if (fill.rest === 0 || stake === 0)
    return (
      <p className="slip-note" data-testid="slip-fill">
        Matches at {fillPrices(fill)}
        {better && `, better than the ${asked} asked`}
        {wait}.
      </p>
    );
  const now = fill.matched.reduce((sum, m) => sum + m.size, 0);
  return (
    <p className="slip-note warn" data-testid="slip-fill">
      <span className="nowrap">{formatInr(now)}</span> matches at {fillPrices(fill)}
      {wait}; <span className="nowrap">{formatInr(fill.rest)}</span> waits unmatched at {asked}
      {fill.deeper && ' unless more is offered past the prices shown'}.
    </p>
  );
}
