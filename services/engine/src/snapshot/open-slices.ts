import { createHash } from 'node:crypto';
import { betStream } from '@exch/contracts';
import type { EngineState } from '../state.js';
import { OPEN_BETS_PER_PART, type OpenPart, openPartKey, type PlannedPart } from './parts.js';
import type { StreamVersions } from './stream-versions.js';

/** An open market's bets a snapshot writes: its list as of the snapshot (only ever appended to while open), and how far its slices got. */
export interface Captured {
  ids: readonly string[];
  length: number;
  written: number;
}

/** Where an open market's bets were last saved: how many, each slice's part, and the digest of its content. */
export interface OpenLayout {
  length: number;
  parts: string[];
  digests: string[];
}

/**
 * What events changed in open markets since a snapshot's position, by market: the bets they named,
 * or null once an event named the market and no bet (a settlement, a void, a revoke, an archive or
 * a restore may change every bet of it, so any such event counts as changing them all). Only open
 * markets are held, so it is bounded by the open bets.
 */
export type Changes = Map<string, Set<string> | null>;

/**
 * The open markets a snapshot being saved writes the bets of, and the bets changed since as they
 * were (JSON, stream version).
 */
export interface OpenSaving {
  seq: number;
  markets: Map<string, Captured>;
  before: Map<string, { bet: string; version: number | undefined }>;
}

/**
 * A loaded market's open slices as the layout a save compares with: only when each has a digest
 * and each but the last is full, as a save with today's slice size writes them.
 */
export function openLayoutOf(slices: readonly [string, OpenPart][]): OpenLayout | null {
  let length = 0;
  for (const [i, [, s]] of slices.entries()) {
    if (s.digest === undefined || s.slice !== i || (i < slices.length - 1 && s.bets.length !== OPEN_BETS_PER_PART))
      return null;
    length += s.bets.length;
  }
  return { length, parts: slices.map(([key]) => key), digests: slices.map(([, s]) => s.digest!) };
}

/**
 * Plans an open market's bets as of `position`, in slices, and returns where they go (filled in as
 * each slice settles), or null when it has none. Each slice settles in its own turn: the last
 * snapshot's part again when sameSlice finds it untouched, or when its content has the same digest,
 * and the store still holds it; else the part written now.
 */
export function planOpenMarket(
  plan: PlannedPart[],
  saving: OpenSaving,
  state: Readonly<EngineState>,
  versions: StreamVersions,
  marketId: string,
  position: number,
  last: OpenLayout | undefined,
  changed: ReadonlySet<string> | null | undefined,
  saved: (key: string) => boolean,
): OpenLayout | null {
  const ids = state.markets.get(marketId)!.betIds;
  if (ids.length === 0) return null;
  const captured: Captured = { ids, length: ids.length, written: 0 };
  saving.markets.set(marketId, captured);
  const next: OpenLayout = { length: captured.length, parts: [], digests: [] };
  for (let slice = 0; slice * OPEN_BETS_PER_PART < captured.length; slice++) {
    const key = openPartKey(marketId, position, slice);
    let body = '';
    plan.push({
      key,
      settle: () => {
        const unchanged = last && sameSlice(last, captured, slice, changed) ? last.parts[slice]! : undefined;
        if (unchanged !== undefined && saved(unchanged)) {
          next.digests[slice] = last!.digests[slice]!;
          return (next.parts[slice] = unchanged);
        }
        const { json, digest } = openSlice(saving, state, versions, marketId, position, slice);
        body = json;
        next.digests[slice] = digest;
        const same = last?.digests[slice] === digest ? last.parts[slice] : undefined;
        return (next.parts[slice] = same !== undefined && saved(same) ? same : key);
      },
      build: () => body,
    });
  }
  return next;
}

/**
 * Whether an open slice as of the snapshot is the one `last` saved, without serialising it: the
 * same bets (a market's list is only appended to while it is open, so the same count in the slice),
 * none of them changed since (`changed`: Changes' entry for the market). Its bets count as written either way.
 */
function sameSlice(
  last: OpenLayout,
  captured: Captured,
  slice: number,
  changed: ReadonlySet<string> | null | undefined,
): boolean {
  const start = slice * OPEN_BETS_PER_PART;
  const end = Math.min(captured.length, start + OPEN_BETS_PER_PART);
  captured.written = end;
  if (changed === null || slice >= last.parts.length || Math.min(last.length, start + OPEN_BETS_PER_PART) !== end)
    return false;
  if (changed) for (let i = start; i < end; i++) if (changed.has(captured.ids[i]!)) return false;
  return true;
}

/** A bet of an open market the snapshot writes, kept as it was before its first change since (placed since: not the snapshot's). */
export function keep(saving: OpenSaving, state: Readonly<EngineState>, versions: StreamVersions, betId: string): void {
  if (saving.before.has(betId)) return;
  const bet = state.bets.get(betId);
  if (!bet || bet.seq > saving.seq || !saving.markets.has(bet.marketId)) return;
  saving.before.set(betId, { bet: JSON.stringify(bet), version: versions.open[bet.marketId]?.[betStream(betId)] });
}

/** One slice of an open market's bets as of the snapshot, as the JSON of an OpenPart, and the digest of its content. */
function openSlice(
  saving: OpenSaving,
  state: Readonly<EngineState>,
  versions: StreamVersions,
  marketId: string,
  position: number,
  slice: number,
): { json: string; digest: string } {
  const captured = saving.markets.get(marketId)!;
  const end = Math.min(captured.length, (slice + 1) * OPEN_BETS_PER_PART);
  const streams = versions.open[marketId];
  const bets: string[] = [];
  const held: Record<string, number> = {};
  for (let i = slice * OPEN_BETS_PER_PART; i < end; i++) {
    const betId = captured.ids[i]!;
    const stream = betStream(betId);
    const was = saving.before.get(betId);
    bets.push(was ? was.bet : JSON.stringify(state.bets.get(betId)));
    const version = was ? was.version : streams?.[stream];
    if (version !== undefined) held[stream] = version;
  }
  captured.written = end;
  const content = `"versions":${JSON.stringify(held)},"bets":[${bets.join(',')}]`;
  const digest = createHash('sha256').update(content).digest('hex').slice(0, 24);
  const head = { kind: 'open', marketId, position, slice, digest } satisfies Omit<OpenPart, 'bets' | 'versions'>;
  return { json: `${JSON.stringify(head).slice(0, -1)},${content}}`, digest };
}
