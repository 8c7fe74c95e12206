import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketDto, MatchDetail, OddsUpdate, ScoreDto, SectionDto } from '@exch/contracts';
import { fetchMatch } from '../api/betting-calls';
import type { AuthContextName } from '../auth/auth-context';
import { useLiveEvent, useMatchRoom } from '../live/use-live';

export const matchKey = (ctx: AuthContextName, matchId: string) => ['match', ctx, matchId] as const;

/** Market settings and admin statuses do not come over the socket; a slow poll picks them up. */
const MATCH_REFRESH_MS = 30_000;

/**
 * Merges a change-only push into the match held: sections replaced by market id and selection id
 * (a fancy's one section has sid 0), new ones appended. Untouched markets keep their identity, so
 * memoised tables of markets that did not change do not render again.
 */
export function mergeOddsUpdate(detail: MatchDetail, update: OddsUpdate): MatchDetail {
  if (update.matchId !== detail.match.matchId || update.markets.length === 0) return detail;
  const changes = new Map(update.markets.map((m) => [m.marketId, m.section]));
  let changed = false;
  const markets = detail.markets.map((market) => {
    const sections = changes.get(market.marketId);
    if (!sections || sections.length === 0) return market;
    changed = true;
    return { ...market, section: mergeSections(market.section, sections) };
  });
  return changed ? { ...detail, markets } : detail;
}

function mergeSections(held: SectionDto[], pushed: SectionDto[]): SectionDto[] {
  const bySid = new Map(pushed.map((s) => [s.sid, s]));
  const merged = held.map((s) => bySid.get(s.sid) ?? s);
  const known = new Set(held.map((s) => s.sid));
  for (const s of pushed) if (!known.has(s.sid)) merged.push(s);
  return merged;
}

/**
 * A match with its markets and score, kept live: the match room is joined on the shared socket,
 * odds and score pushes are merged into the cached copy, and the copy is fetched again whenever the
 * room is (re)joined, so nothing pushed while disconnected is missed.
 */
export function useLiveMatch(ctx: AuthContextName, matchId: string) {
  const queryClient = useQueryClient();
  const key = matchKey(ctx, matchId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchMatch(ctx, matchId),
    refetchInterval: MATCH_REFRESH_MS,
    retry: (count, error) => count < 2 && !/not found/i.test(error.message),
  });

  useMatchRoom(ctx, matchId);
  useLiveEvent(ctx, 'oddsUpdate', (update) => {
    if (update.matchId !== matchId) return;
    queryClient.setQueryData<MatchDetail>(key, (held) => held && mergeOddsUpdate(held, update));
  });
  useLiveEvent(ctx, 'scoreUpdate', (score: ScoreDto) => {
    if (score.matchId !== matchId) return;
    queryClient.setQueryData<MatchDetail>(key, (held) => held && { ...held, score });
  });
  useLiveEvent(ctx, 'joined', ({ matchId: joined }) => {
    if (joined === matchId) void queryClient.invalidateQueries({ queryKey: key });
  });
  return query;
}

/** The order markets are shown in: match odds, bookmaker, then fancies. */
export function splitMarkets(markets: readonly MarketDto[]): { runnerMarkets: MarketDto[]; fancies: MarketDto[] } {
  const order = { match_odds: 0, bookmaker: 1, fancy: 2 } as const;
  const sorted = [...markets].filter((m) => m.status !== 'SETTLED').sort((a, b) => order[a.kind] - order[b.kind]);
  return { runnerMarkets: sorted.filter((m) => m.kind !== 'fancy'), fancies: sorted.filter((m) => m.kind === 'fancy') };
}
