import type {
  GameLaunchAnswer,
  GameLobbyBody,
  IntlCatalogueDto,
  ThirdPartyPnlDto,
  ThirdPartyReport,
} from '@exch/contracts';
import { apiRequest, queryString } from './client';

/** The international casino's calls (docs/international-casino.md). Amounts are rupees. */

export const fetchIntlGames = (): Promise<IntlCatalogueDto> =>
  apiRequest('/casino-int/games', { auth: 'user', toast: false });

/** The provider's address for the frame: the lobby (gameId null) or one game. Failures show in the frame, not as toasts. */
export const launchIntl = (gameId: string | null, body: GameLobbyBody): Promise<GameLaunchAnswer> =>
  apiRequest(gameId === null ? '/qt/game-lobby' : `/qt/games/${encodeURIComponent(gameId)}/launch`, {
    method: 'POST',
    body,
    auth: 'user',
    toast: false,
  });

export interface MyThirdPartyPnl {
  total: ThirdPartyPnlDto;
  games: (ThirdPartyPnlDto & { gameId: string; gameName: string })[];
}

export const fetchMyThirdPartyPnl = (q: { from?: string; to?: string }): Promise<MyThirdPartyPnl> =>
  apiRequest(`/casino-int/profit-loss${queryString(q)}`, { auth: 'user', toast: false });

export const fetchThirdPartyReport = (q: {
  from?: string;
  to?: string;
  page: number;
  limit: number;
}): Promise<ThirdPartyReport & { totalGames: number }> =>
  apiRequest(`/admin/game-reports/third-party${queryString(q)}`, { auth: 'admin' });
