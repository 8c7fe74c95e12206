import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { casinoRoom, type CasinoTableLive } from '@exch/contracts';
import { fetchTableLive } from '../api/casino-calls';
import type { AuthContextName } from '../auth/auth-context';
import { useLiveEvent, useMatchRoom } from '../live/use-live';

export const casinoTableKey = (ctx: AuthContextName, code: string) => ['casino-table', ctx, code] as const;

/**
 * A table's live state: read once, then kept by the `casinoTable` pushes of its room (every step of
 * a round: open, each card, the result). `offsetMs` is the server's clock minus this one, so the
 * countdown ends when the server closes betting.
 */
export function useCasinoTable(ctx: AuthContextName, code: string) {
  const queryClient = useQueryClient();
  const [offsetMs, setOffsetMs] = useState(0);
  useMatchRoom(ctx, casinoRoom(code));
  const query = useQuery({
    queryKey: casinoTableKey(ctx, code),
    queryFn: () => fetchTableLive(ctx, code),
    refetchInterval: 30_000,
    retry: 1,
  });
  useLiveEvent(ctx, 'casinoTable', (live: CasinoTableLive) => {
    if (live.table._id !== code) return;
    queryClient.setQueryData(casinoTableKey(ctx, code), live);
  });
  const serverTime = query.data?.serverTime;
  useEffect(() => {
    if (serverTime) setOffsetMs(Date.parse(serverTime) - Date.now());
  }, [serverTime]);
  return { ...query, offsetMs };
}

const secondsLeft = (closesAt: string | null, offsetMs: number): number =>
  closesAt === null ? 0 : Math.max(0, Math.ceil((Date.parse(closesAt) - (Date.now() + offsetMs)) / 1000));

/** Whole seconds left until `closesAt` on the server's clock, ticking; 0 once passed. */
export function useCountdown(closesAt: string | null, offsetMs: number): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(closesAt, offsetMs));
  useEffect(() => {
    setSeconds(secondsLeft(closesAt, offsetMs));
    if (closesAt === null) return;
    const timer = setInterval(() => setSeconds(secondsLeft(closesAt, offsetMs)), 250);
    return () => clearInterval(timer);
  }, [closesAt, offsetMs]);
  return seconds;
}
