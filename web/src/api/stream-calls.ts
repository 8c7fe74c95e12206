import type { MatchStreams } from '@exch/contracts';
import type { MessageAnswer } from './account-calls';
import type { AuthContextName } from '../auth/auth-context';
import { apiRequest } from './client';

/** The frames a match page may show (each checked by the server; null when none). */
export const fetchMatchStreams = (ctx: AuthContextName, matchId: string): Promise<MatchStreams> =>
  apiRequest(`/matches/${encodeURIComponent(matchId)}/streams`, { auth: ctx, toast: false });

/** The URLs as set, for the admin's dialog (whether or not a page may show them now). */
export const fetchConfiguredStreams = (matchId: string): Promise<MatchStreams> =>
  apiRequest(`/admin/matches/${encodeURIComponent(matchId)}/streams`, { auth: 'admin', toast: false });

export const saveMatchStreams = (
  matchId: string,
  body: { tvUrl: string | null; scoreUrl: string | null },
): Promise<MessageAnswer> =>
  apiRequest(`/admin/matches/${encodeURIComponent(matchId)}/streams`, {
    method: 'PUT',
    body,
    auth: 'admin',
    toast: false,
  });
