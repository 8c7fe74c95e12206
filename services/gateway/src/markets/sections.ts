import {
  MARKET_TYPE_OF,
  ODDS_TYPE_OF,
  paiseToRupees,
  type LiveStatus,
  type MarketDto,
  type MatchSummary,
  type PriceDto,
  type PriceSize,
  type SectionDto,
} from '@exch/contracts';
import type { MarketRow, MatchRow } from '@exch/projector/read';
import type { LivePrices } from './live-prices.js';

const ladder = (otype: 'back' | 'lay', levels: PriceSize[]): PriceDto[] =>
  levels.map((l, tno) => ({ otype, odds: l.price / 100, size: paiseToRupees(l.size), tno }));

/**
 * A runner's (or a fancy's) live offer with its status. The admin's status of the whole market
 * wins over the feed's; a runner the feed has not priced yet is suspended; a closed or settled
 * market shows no prices. A market priced by hand shows the house's prices only (a runner
 * without one is suspended), as the engine takes bets at them.
 */
function section(m: MarketRow, prices: LivePrices, sid: number, nat: string, sno: number): SectionDto {
  let feedStatus: LiveStatus = 'SUSPENDED';
  let odds: PriceDto[] = [];
  const house = m.manual ? m.house_prices?.[String(sid)] : undefined;
  if (m.kind === 'match_odds') {
    const u = prices.exchange(m.market_id, sid);
    if (u) [feedStatus, odds] = [u.status, [...ladder('back', u.back), ...ladder('lay', u.lay)]];
  } else if (m.kind === 'bookmaker') {
    const u = m.manual ? (house?.type === 'bookmaker' ? house : undefined) : prices.bookmaker(m.market_id, sid);
    if (u)
      [feedStatus, odds] = [
        u.status,
        [
          { otype: 'back', odds: u.back, size: 0, tno: 0 },
          { otype: 'lay', odds: u.lay, size: 0, tno: 0 },
        ],
      ];
  } else {
    const u = m.manual ? (house?.type === 'fancy' ? house : undefined) : prices.fancy(m.market_id);
    if (u)
      [feedStatus, odds] = [
        u.status,
        [
          { otype: 'back', odds: u.yes.line, size: u.yes.rate, tno: 0 },
          { otype: 'lay', odds: u.no.line, size: u.no.rate, tno: 0 },
        ],
      ];
  }
  if (m.removed?.some((r) => r.selectionId === sid)) return { sid, nat, sno, gstatus: 'REMOVED', odds: [] };
  // The admin's status first, then the feed's market definition, then the runner's own.
  const gstatus =
    m.status !== 'ACTIVE'
      ? m.status
      : m.feed_status === 'SUSPENDED' || m.feed_status === 'CLOSED'
        ? m.feed_status
        : feedStatus;
  return { sid, nat, sno, gstatus, odds: gstatus === 'CLOSED' || gstatus === 'SETTLED' ? [] : odds };
}

/** Every runner of a market, or only those named in `only` (a fancy's one line has sid 0). */
export function sectionsOf(m: MarketRow, prices: LivePrices, only?: ReadonlySet<number>): SectionDto[] {
  if (m.kind === 'fancy') return !only || only.has(0) ? [section(m, prices, 0, m.name, 1)] : [];
  return m.runners.flatMap((r, i) =>
    !only || only.has(r.selectionId) ? [section(m, prices, r.selectionId, r.name, i + 1)] : [],
  );
}

export function toMarketDto(m: MarketRow, prices: LivePrices): MarketDto {
  return {
    marketId: m.market_id,
    matchId: m.match_id,
    marketName: m.name,
    kind: m.kind,
    marketType: MARKET_TYPE_OF[m.kind],
    oddsType: ODDS_TYPE_OF[m.kind],
    fancyType: m.fancy_type,
    min: paiseToRupees(Number(m.min_stake)),
    max: paiseToRupees(Number(m.max_stake)),
    status: m.status,
    betDelaySec: m.bet_delay_sec,
    commissionBp: m.commission_bp,
    manual: m.manual === true,
    section: sectionsOf(m, prices),
    result: m.result,
    source: m.manual === true ? 'manual' : m.source === 'betfair' ? 'feed' : 'simulator',
    feedStatus: m.feed_status ?? null,
    // The feed's own word on why it holds the market suspended (silent, refused, its replay ended); a settled market is past it.
    feedStale: m.status === 'SETTLED' ? null : (prices.market(m.market_id)?.stale?.text ?? null),
    feedBetDelaySec: m.feed_bet_delay_sec ?? 0,
    numberOfWinners: m.number_of_winners ?? 1,
    removed: (m.removed ?? []).map(({ selectionId, adjustmentFactorBp }) => ({ selectionId, adjustmentFactorBp })),
    proposed: m.status === 'SETTLED' ? null : (m.proposed ?? null),
  };
}

/**
 * The market a match is listed by in the lobby, per match: its first match-odds market (listing
 * order) that pays one winner, else its first match-odds market. A race holds WIN and PLACE: the
 * lobby shows the WIN market, as the race card leads with it.
 */
export function leadMarkets(markets: readonly MarketRow[]): Map<string, MarketRow> {
  const lead = new Map<string, MarketRow>();
  for (const m of markets) {
    if (m.kind !== 'match_odds') continue;
    const held = lead.get(m.match_id);
    if (!held || (held.number_of_winners > 1 && m.number_of_winners <= 1)) lead.set(m.match_id, m);
  }
  return lead;
}

/** The lobby's line of a match: best back and lay per runner of its lead market (`leadMarkets`). */
export function toMatchSummary(match: MatchRow, lead: MarketRow | undefined, prices: LivePrices): MatchSummary {
  return {
    matchId: match.match_id,
    sportId: match.sport_id,
    sportName: match.sport_name,
    seriesId: match.series_id,
    seriesName: match.series_name,
    name: match.name,
    startTime: new Date(match.start_time).toISOString(),
    inPlay: match.in_play,
    runners: lead ? lobbyRunners(lead, prices) : [],
  };
}

/** Best back and lay of each runner of a match's lead market, as the lobby lists them (and its pushes send). */
export function lobbyRunners(lead: MarketRow, prices: LivePrices): MatchSummary['runners'] {
  return sectionsOf(lead, prices).map((s) => ({
    selectionId: s.sid,
    name: s.nat,
    back: s.odds.find((o) => o.otype === 'back' && o.tno === 0)?.odds ?? null,
    lay: s.odds.find((o) => o.otype === 'lay' && o.tno === 0)?.odds ?? null,
    status: s.gstatus,
  }));
}
