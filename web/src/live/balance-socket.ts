import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerMessage, UserDto } from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { readCredentials } from '../auth/credentials';
import { profileKey } from '../api/profile-query';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

const socketUrl = (): string => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;

/**
 * Keeps a websocket open while the context's user is logged in: logs in with the stored token and
 * writes pushed balances into the profile cache, so the header changes without a reload.
 * Reconnects with exponential backoff.
 */
export function useBalanceSocket(ctx: AuthContextName): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = FIRST_RETRY_MS;
    let stopped = false;

    const connect = (): void => {
      const token = readCredentials(ctx).token;
      if (token === null) return;
      const ws = new WebSocket(socketUrl());
      socket = ws;
      let loggedIn = false;
      ws.onopen = () => ws.send(JSON.stringify({ event: 'login', data: { token } }));
      ws.onmessage = (event: MessageEvent<string>) => {
        const message = parseMessage(event.data);
        if (message?.event === 'loginSuccess') {
          loggedIn = true;
          retryMs = FIRST_RETRY_MS;
        }
        // A refused login (say, an access token that expired and has been refreshed since): start again with the stored token.
        if (message?.event === 'error' && !loggedIn) ws.close();
        if (message?.event === 'balance') {
          const { balance, exposer } = message.data;
          queryClient.setQueryData<UserDto>(profileKey(ctx), (user) => user && { ...user, balance: { balance, exposer } });
        }
      };
      ws.onclose = () => {
        if (stopped) return;
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      socket?.close();
    };
  }, [ctx, queryClient]);
}

function parseMessage(raw: string): ServerMessage | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && 'event' in value ? (value as ServerMessage) : null;
  } catch {
    return null;
  }
}
