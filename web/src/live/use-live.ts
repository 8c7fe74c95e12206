import { useEffect, useRef } from 'react';
import type { ServerMessages } from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { liveSocket, type LiveEvent } from './live-socket';

/** Calls `handler` with every push of `event` on the context's shared socket while the component is mounted. */
export function useLiveEvent<K extends LiveEvent>(
  ctx: AuthContextName,
  event: K,
  handler: (data: ServerMessages[K]) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const socket = liveSocket(ctx);
    const release = socket.hold();
    const off = socket.on(event, (data) => latest.current(data));
    return () => {
      off();
      release();
    };
  }, [ctx, event]);
}

/** Keeps the shared socket in a match room (joinRoom / leaveRoom of SPEC.md section 7) while mounted. */
export function useMatchRoom(ctx: AuthContextName, matchId: string | null): void {
  useEffect(() => {
    if (matchId === null) return;
    const socket = liveSocket(ctx);
    const release = socket.hold();
    const leave = socket.join(matchId);
    return () => {
      leave();
      release();
    };
  }, [ctx, matchId]);
}
