import { useEffect, useRef } from 'react';
import type { ServerMessage, ServerMessages } from '@exch/contracts';
import { readCredentials } from '../../../auth/credentials';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export interface MatchRoomHandlers {
  oddsUpdate?: (data: ServerMessages['oddsUpdate']) => void;
  placedBet?: (data: ServerMessages['placedBet']) => void;
  betDelete?: (data: ServerMessages['betDelete']) => void;
  /** After every (re)join: whatever was pushed while disconnected is fetched again. */
  joined?: () => void;
}

const socketUrl = (): string => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;

/**
 * A back-office socket in one match's room (SPEC.md section 7): logs in with the admin token, joins
 * the room, hands oddsUpdate, placedBet and betDelete to the page, leaves on unmount. Reconnects
 * with exponential backoff.
 */
export function useMatchRoom(matchId: string, handlers: MatchRoomHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = FIRST_RETRY_MS;
    let stopped = false;

    const connect = (): void => {
      const token = readCredentials('admin').token;
      if (token === null) return;
      const ws = new WebSocket(socketUrl());
      socket = ws;
      let loggedIn = false;
      ws.onopen = () => ws.send(JSON.stringify({ event: 'login', data: { token } }));
      ws.onmessage = (event: MessageEvent<string>) => {
        const message = parse(event.data);
        if (message === null) return;
        switch (message.event) {
          case 'loginSuccess':
            loggedIn = true;
            retryMs = FIRST_RETRY_MS;
            ws.send(JSON.stringify({ event: 'joinRoom', data: { matchId } }));
            return;
          case 'joined':
            if (message.data.matchId === matchId) latest.current.joined?.();
            return;
          case 'error':
            if (!loggedIn) ws.close();
            return;
          case 'oddsUpdate':
            if (message.data.matchId === matchId) latest.current.oddsUpdate?.(message.data);
            return;
          case 'placedBet':
            if (message.data.bet.event_id === matchId) latest.current.placedBet?.(message.data);
            return;
          case 'betDelete':
            if (message.data.matchId === matchId) latest.current.betDelete?.(message.data);
            return;
          default:
            return;
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
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ event: 'leaveRoom', data: { matchId } }));
      socket?.close();
    };
  }, [matchId]);
}

function parse(raw: string): ServerMessage | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && 'event' in value ? (value as ServerMessage) : null;
  } catch {
    return null;
  }
}
