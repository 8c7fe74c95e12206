import {
  kindOfMarketType,
  parseDecimal,
  parseRupees,
  type MarketKind,
  type Paise,
  type Persistence,
  type PlaceBetBody,
  type Side,
} from '@exch/contracts';
import { HttpError } from '../http/errors.js';

export interface PlacedBetInput {
  eventId: string;
  marketId: string;
  kind: MarketKind;
  selectionId: number | null;
  side: Side;
  /** Match odds in hundredths; bookmaker rate; fancy line. */
  odds: number;
  volume: number | null;
  stake: Paise;
  referenceId: string | undefined;
  persistence: Persistence;
}

/** Match odds to hundredths exactly (1.85 -> 185); bookmaker rates and fancy lines and volumes are whole numbers. */
function decimalOf(value: number | string, field: string, decimals: number, max: number, allowZero: boolean): number {
  const r = parseDecimal(value, field, { decimals, max, allowZero });
  if ('error' in r)
    throw new HttpError(
      400,
      decimals === 0 && r.error.endsWith('whole number')
        ? `${field} must be a whole number for bookmaker and fancy markets`
        : r.error,
    );
  return r.value;
}

/** A bet as the client sends it (SPEC.md section 3, checked by PlaceBetBody) to what the engine needs. */
export function parsePlaceBet(b: PlaceBetBody, callerId: string): PlacedBetInput {
  if (b.user_id !== callerId) throw new HttpError(403, 'You can only place bets for yourself', 'FORBIDDEN');
  if (b.ranks !== undefined) throw new HttpError(400, 'ranks are for casino bets only');

  const kind = kindOfMarketType(b.market_type);
  if (!kind) throw new HttpError(400, `Unknown market_type: ${b.market_type}`);
  const back = b.odds_type === undefined ? b.isBack : b.odds_type === 'back';
  if (back === undefined) throw new HttpError(400, 'Say odds_type (back or lay) or isBack');
  if (b.isBack !== undefined && b.isBack !== back) throw new HttpError(400, 'odds_type and isBack disagree');

  let selectionId: number | null = null;
  if (kind !== 'fancy') {
    selectionId = Number(b.selection);
    if (!/^\d{1,15}$/.test(b.selection)) throw new HttpError(400, 'selection must be the selection id of a runner');
  }
  let volume: number | null = null;
  if (kind === 'fancy') {
    if (b.volume === undefined || b.volume === null)
      throw new HttpError(400, 'Volume (the fancy rate) is required for a fancy bet');
    volume = decimalOf(b.volume, 'Volume', 0, 100_000, false);
  }
  const stake = parseRupees(b.stake, 'Stake', false);
  if ('error' in stake) throw new HttpError(400, stake.error);

  return {
    eventId: b.event_id,
    marketId: b.market_id,
    kind,
    selectionId,
    side: back ? 'back' : 'lay',
    odds:
      kind === 'match_odds'
        ? decimalOf(b.odds, 'Odds', 2, 100_000, false)
        : decimalOf(b.odds, 'Odds', 0, 100_000, kind === 'fancy'),
    volume,
    stake: stake.paise,
    referenceId: b.reference_id,
    persistence: b.persistence_type ?? 'LAPSE',
  };
}
