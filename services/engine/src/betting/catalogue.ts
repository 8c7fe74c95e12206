import {
  SPORTS,
  marketStream,
  matchStream,
  type DomainEvent,
  type Market,
  type MarketKind,
  type MarketRenamed,
  type SetMarketSettings,
  type SetMarketStatus,
  type SetNewsMessage,
  type SyncCatalogue,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { lapseAtInPlay } from './cancel.js';
import type { EngineState, MarketState } from '../state.js';

/** Defaults for a market the feed lists, by kind (admins change them per market). */
export const MARKET_DEFAULTS: Record<
  MarketKind,
  { minStake: number; maxStake: number; betDelaySec: number; commissionBp: number }
> = {
  match_odds: { minStake: 100_00, maxStake: 5_00_000_00, betDelaySec: 2, commissionBp: 200 },
  bookmaker: { minStake: 100_00, maxStake: 2_00_000_00, betDelaySec: 0, commissionBp: 0 },
  fancy: { minStake: 100_00, maxStake: 50_000_00, betDelaySec: 0, commissionBp: 0 },
};

/** Markets and sports set-up are for role admin and super admin only (SPEC.md section 6). */
export const isMarketAdmin = (state: Readonly<EngineState>, actor: string | null): boolean => {
  const role = actor ? state.users.get(actor)?.role : undefined;
  return role === 'admin' || role === 'super-admin';
};

/**
 * A listed market the catalogue names otherwise (its name, or a runner's): the runners it was listed
 * with, by selection id and in their order, each under the catalogue's name when it gives one.
 * Null when nothing changed, or when the market is settled (its bets and statements keep the names
 * they were settled under).
 */
function renamed(market: MarketState, listed: Market): MarketRenamed | null {
  if (market.status === 'SETTLED' || market.status === 'VOID') return null;
  const names = new Map(listed.runners.map((r) => [r.selectionId, r.name]));
  const runners = market.runners.map((r) => ({ selectionId: r.selectionId, name: names.get(r.selectionId) ?? r.name }));
  const same = listed.name === market.name && runners.every((r, i) => r.name === market.runners[i]!.name);
  return same ? null : { marketId: market.marketId, name: listed.name, runners };
}

/**
 * The feed's catalogue into the log: new matches and markets, matches that went in play, and the
 * names of listed matches and markets it now gives otherwise (a replay's later definitions name
 * runners its first ones did not; a catalogue names what a definition left as ids).
 */
export function decideSyncCatalogue(state: Readonly<EngineState>, c: SyncCatalogue, actor: string | null): Decision {
  if (actor !== null) return refuse('FORBIDDEN', 'The catalogue is synchronised by the system');
  const events: DomainEvent[] = [];
  const series = new Map(c.catalogue.series.map((s) => [s.id, s]));
  for (const m of c.catalogue.matches) {
    const known = state.matches[m.id];
    const seriesName = series.get(m.seriesId)?.name ?? m.seriesId;
    if (known && (known.name !== m.name || known.seriesName !== seriesName))
      events.push({
        type: 'MatchRenamed',
        streamId: matchStream(m.id),
        data: { matchId: m.id, name: m.name, seriesName },
      });
    if (!known) {
      const sportName =
        SPORTS.find((s) => s.id === m.sportId)?.name ??
        c.catalogue.sports?.find((s) => s.id === m.sportId)?.name ??
        `Sport ${m.sportId}`;
      events.push({
        type: 'MatchListed',
        streamId: matchStream(m.id),
        data: {
          matchId: m.id,
          sportId: m.sportId,
          sportName,
          seriesId: m.seriesId,
          seriesName,
          name: m.name,
          startTime: m.startTime,
          inPlay: m.inPlay,
        },
      });
    } else if (known.inPlay !== m.inPlay) {
      events.push({ type: 'MatchInPlaySet', streamId: matchStream(m.id), data: { matchId: m.id, inPlay: m.inPlay } });
      if (m.inPlay) events.push(...lapseAtInPlay(state, m.id));
    }
  }
  const listed = new Set(c.catalogue.matches.map((m) => m.id));
  for (const mk of c.catalogue.markets) {
    const known = state.markets.get(mk.marketId);
    const rename = known ? renamed(known, mk) : null;
    if (rename) events.push({ type: 'MarketRenamed', streamId: marketStream(mk.marketId), data: rename });
    if (known || !(mk.matchId in state.matches || listed.has(mk.matchId))) continue;
    const match = state.matches[mk.matchId] ?? c.catalogue.matches.find((m) => m.id === mk.matchId)!;
    events.push({
      type: 'MarketListed',
      streamId: marketStream(mk.marketId),
      data: {
        marketId: mk.marketId,
        matchId: mk.matchId,
        sportId: match.sportId,
        kind: mk.kind,
        name: mk.name,
        fancyType: mk.kind === 'fancy' ? mk.fancyType : null,
        runners: mk.runners.map((r) => ({ selectionId: r.selectionId, name: r.name })),
        ...MARKET_DEFAULTS[mk.kind],
        ...(mk.source ? { source: mk.source } : {}),
      },
    });
  }
  return accept(...events);
}

export function decideSetMarketSettings(
  state: Readonly<EngineState>,
  c: SetMarketSettings,
  actor: string | null,
): Decision {
  if (!isMarketAdmin(state, actor)) return refuse('FORBIDDEN', 'Only admin and super admin manage markets');
  const market = state.markets.get(c.marketId);
  if (!market) return refuse('MARKET_NOT_FOUND', 'Market not found');
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!whole(c.minStake) || !whole(c.maxStake) || c.minStake < 100)
    return refuse('INVALID_LIMITS', 'Min stake must be at least ₹1.00, in whole paise');
  if (c.maxStake < c.minStake) return refuse('INVALID_LIMITS', 'Max stake must not be below min stake');
  if (!Number.isInteger(c.betDelaySec) || c.betDelaySec < 0 || c.betDelaySec > 30)
    return refuse('INVALID_DELAY', 'Bet delay must be 0 to 30 seconds');
  if (!Number.isInteger(c.commissionBp) || c.commissionBp < 0 || c.commissionBp > 2_000)
    return refuse('INVALID_COMMISSION', 'Commission must be 0% to 20%, in steps of 0.01%');
  const { type: _t, ...data } = c;
  return accept({ type: 'MarketSettingsSet', streamId: marketStream(c.marketId), data });
}

export function decideSetMarketStatus(
  state: Readonly<EngineState>,
  c: SetMarketStatus,
  actor: string | null,
): Decision {
  if (!isMarketAdmin(state, actor)) return refuse('FORBIDDEN', 'Only admin and super admin manage markets');
  const market = state.markets.get(c.marketId);
  if (!market) return refuse('MARKET_NOT_FOUND', 'Market not found');
  if (!['ACTIVE', 'SUSPENDED', 'CLOSED'].includes(c.status))
    return refuse('INVALID_STATUS', 'Status must be ACTIVE, SUSPENDED or CLOSED');
  if (market.status === 'SETTLED' || market.status === 'VOID')
    return refuse('MARKET_SETTLED', 'The result of this market is declared; revoke it first');
  if (market.status === c.status) return accept();
  return accept({
    type: 'MarketStatusSet',
    streamId: marketStream(c.marketId),
    data: { marketId: c.marketId, status: c.status },
  });
}

export function decideSetNewsMessage(state: Readonly<EngineState>, c: SetNewsMessage, actor: string | null): Decision {
  if (!isMarketAdmin(state, actor)) return refuse('FORBIDDEN', 'Only admin and super admin set the news line');
  if (typeof c.text !== 'string' || c.text.length > 500)
    return refuse('INVALID_MESSAGE', 'The message is at most 500 characters');
  return accept({ type: 'NewsMessageSet', streamId: 'news', data: { text: c.text.trim() } });
}
