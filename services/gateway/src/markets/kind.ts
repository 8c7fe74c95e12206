import { kindOfMarketType, MARKET_TYPE_OF, type MarketKind } from '@exch/contracts';
import { HttpError } from '../http/errors.js';

/** A market type as SPEC.md names it (MATCH_ODDS, Bookmaker, FANCY) or as a kind (match_odds...). */
export function kindOf(text: string): MarketKind {
  const kind =
    kindOfMarketType(text) ?? (Object.keys(MARKET_TYPE_OF) as MarketKind[]).find((k) => k === text.toLowerCase());
  if (!kind) throw new HttpError(400, `Unknown market type: ${text}`);
  return kind;
}
