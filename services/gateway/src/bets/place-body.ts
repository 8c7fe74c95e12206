import { BET_OPTIONAL_FIELDS, BET_REQUIRED_FIELDS, kindOfMarketType, parseRupees, PlaceBetBody, type MarketKind, type Paise, type Side } from '@exch/contracts';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';

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
}

const ALLOWED = new Set<string>([...BET_REQUIRED_FIELDS, ...BET_OPTIONAL_FIELDS]);
const isBlank = (x: unknown) => x === undefined || x === null || x === '';

/** Decimal odds as typed, to hundredths exactly (1.85 -> 185): never through floating point. */
function hundredths(n: number): number {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(n));
  if (!m) throw new HttpError(400, 'Odds must be a decimal number like 1.85');
  if ((m[2] ?? '').length > 2) throw new HttpError(400, 'Odds can have at most 2 decimals');
  if (m[1]!.length > 4) throw new HttpError(400, 'Odds must be between 1.01 and 1000');
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

function wholeOdds(n: number, kind: MarketKind): number {
  if (!Number.isSafeInteger(n) || n < 0 || (kind === 'bookmaker' && n === 0)) throw new HttpError(400, 'Odds must be a whole number for bookmaker and fancy markets');
  return n;
}

/**
 * A bet as the client sends it (SPEC.md section 3) to what the engine needs. The required
 * fields are checked first with SPEC.md's message, then unknown fields are refused by name.
 */
export function parsePlaceBet(body: unknown, callerId: string): PlacedBetInput {
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const missing = BET_REQUIRED_FIELDS.filter((f) => isBlank(fields[f]));
  if (missing.length > 0) throw new HttpError(400, `Missing required fields: ${missing.join(', ')}`, 'MISSING_FIELDS');
  const unknown = Object.keys(fields).find((k) => !ALLOWED.has(k));
  if (unknown !== undefined) throw new HttpError(400, `Unknown field: ${unknown}`, 'UNKNOWN_FIELD');
  const b = parse(PlaceBetBody, fields);
  if (String(b.user_id) !== callerId) throw new HttpError(403, 'You can only place bets for yourself', 'FORBIDDEN');

  const kind = kindOfMarketType(b.market_type);
  if (!kind) throw new HttpError(400, `Unknown market_type: ${b.market_type}`);
  const back = b.odds_type === undefined ? b.isBack : b.odds_type === 'back';
  if (back === undefined) throw new HttpError(400, 'Say odds_type (back or lay) or isBack');
  if (b.isBack !== undefined && b.isBack !== back) throw new HttpError(400, 'odds_type and isBack disagree');

  let selectionId: number | null = null;
  if (kind !== 'fancy') {
    selectionId = Number(b.selection);
    if (!Number.isSafeInteger(selectionId) || selectionId < 0) throw new HttpError(400, 'selection must be the selection id of a runner');
  }
  let volume: number | null = null;
  if (kind === 'fancy') {
    if (b.volume === undefined || b.volume === null) throw new HttpError(400, 'Volume (the fancy rate) is required for a fancy bet');
    if (!Number.isSafeInteger(b.volume) || b.volume <= 0) throw new HttpError(400, 'Volume must be a whole positive number');
    volume = b.volume;
  }
  const stake = parseRupees(b.stake, 'Stake', false);
  if ('error' in stake) throw new HttpError(400, stake.error);

  return {
    eventId: String(b.event_id),
    marketId: b.market_id,
    kind,
    selectionId,
    side: back ? 'back' : 'lay',
    odds: kind === 'match_odds' ? hundredths(b.odds) : wholeOdds(b.odds, kind),
    volume,
    stake: stake.paise,
    referenceId: b.reference_id,
  };
}
