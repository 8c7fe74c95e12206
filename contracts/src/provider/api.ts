import * as v from 'valibot';
import { PageQuery } from '../api/paging.js';
import { dateFilter } from '../api/dates.js';
import { idText, text } from '../api/text.js';

/**
 * The international casino as the player site and the back office call it (SPEC.md sections 2 and
 * 7). Amounts are rupees as JSON numbers, like the rest of the player API.
 */

/**
 * POST /api/qt/game-lobby (SPEC.md section 7). The caller is the player of the bearer token:
 * `playerId` must name them, `accessToken` (if sent) must be that token, and `walletSessionId` (if
 * sent) one of their own live wallet sessions, reused; otherwise the operator opens a new one. A
 * client never chooses the token a provider will take stakes with.
 */
export const GameLobbyBody = v.strictObject({
  playerId: idText('playerId'),
  currency: v.literal('INR', 'currency must be INR'),
  country: v.optional(v.literal('IN', 'country must be IN'), 'IN'),
  lang: v.optional(
    v.pipe(text('lang', { min: 2, max: 10 }), v.regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'lang must look like en or en_US')),
    'en_US',
  ),
  mode: v.optional(v.picklist(['real', 'demo'], 'mode must be real or demo'), 'real'),
  device: v.optional(v.picklist(['desktop', 'mobile'], 'device must be desktop or mobile'), 'desktop'),
  walletSessionId: v.optional(idText('walletSessionId')),
  accessToken: v.optional(text('accessToken', { min: 1, max: 2000 })),
});
export type GameLobbyBody = v.InferOutput<typeof GameLobbyBody>;

/** `{ data: { url } }`: the address the player's frame opens. */
export interface GameLaunchAnswer {
  data: { url: string; walletSessionId: string; provider: string; gameId: string | null; gameName: string };
}

export interface IntlGameDto {
  gameId: string;
  name: string;
  category: string;
  subCategory: string;
  description: string;
  provider: string;
  providerName: string;
  /** Published return to player, percent (97.3). */
  rtp: number;
}

export interface IntlCatalogueDto {
  providers: { id: string; name: string }[];
  /** Categories in lobby order, each with its sub-category tabs. */
  categories: { name: string; subCategories: string[] }[];
  games: IntlGameDto[];
}

export const ThirdPartyReportQuery = v.object({ from: dateFilter('from'), to: dateFilter('to'), ...PageQuery });

/** One game's line in the back office's third-party report (the caller's downline, rupees). */
export interface ThirdPartyGameRow {
  provider: string;
  /** The provider's name to show ("Monsoon Games"); its id when it is no longer connected. */
  providerName: string;
  gameId: string;
  gameName: string;
  players: number;
  rounds: number;
  /** Stakes taken, less those given back. */
  turnover: number;
  /** Wins paid. */
  payout: number;
  /** The house's side: turnover - payout. */
  profit: number;
}

export interface ThirdPartyReport {
  data: ThirdPartyGameRow[];
  total: { rounds: number; turnover: number; payout: number; profit: number };
}

/** A player's own third-party rounds summed (the player's side: wins less stakes). */
export interface ThirdPartyPnlDto {
  rounds: number;
  turnover: number;
  payout: number;
  netProfitLoss: number;
}

export const GameIdParams = v.object({ gameId: idText('gameId') });
