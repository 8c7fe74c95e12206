import {
  declaredWinnersProblem,
  HousePriceBody,
  MarketResultBody,
  TransactionPasswordBody,
  MarketSettingsBody,
  MarketStatusBody,
  NewsMessageBody,
  type BookmakerRunnerUpdate,
  type Command,
  type CommittedEvent,
  type FancyUpdate,
  type MarketDto,
} from '@exch/contracts';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import { findMarket } from './read.js';
import { marketAfter, type MarketRow } from '@exch/projector/read';
import { toMarketDto } from './sections.js';

const MarketParams = params('marketId');
const TAG = 'Market management';

/** Market settings, status, house prices, results and the news line: admin and super admin (docs/exchange-api.md, Market management). */
export function manageMarketRoutes({ sql, commands, prices, throttle, route }: ExchangeDeps): void {
  /** The market as it stands after the committed change: the answer, without reading it back. */
  const dto = (market: MarketRow, { events }: { events: CommittedEvent[] }): MarketDto =>
    toMarketDto(marketAfter(market, events), prices);

  route(
    {
      method: 'PUT',
      url: '/api/admin/markets/:marketId/settings',
      access: 'market-admin',
      tag: TAG,
      summary: 'Stake limits (rupees), bet delay, commission (percent)',
      params: MarketParams,
      body: MarketSettingsBody,
      answer: 'MarketEnvelope',
    },
    async (req, { params: p, body }) => {
      const market = await findMarket(sql, p.marketId);
      if (body.max < body.min) throw new HttpError(400, 'Max stake must not be below min stake');
      const result = await send(commands, req, {
        type: 'SetMarketSettings',
        marketId: market.market_id,
        minStake: body.min,
        maxStake: body.max,
        betDelaySec: body.betDelaySec,
        commissionBp: body.commissionPercent,
      });
      return { message: 'Market settings saved', data: dto(market, result) };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/admin/markets/:marketId/status',
      access: 'market-admin',
      tag: TAG,
      summary: 'Suspend, close or reopen a market',
      params: MarketParams,
      body: MarketStatusBody,
      answer: 'MarketEnvelope',
    },
    async (req, { params: p, body: { status } }) => {
      const market = await findMarket(sql, p.marketId);
      const result = await send(commands, req, { type: 'SetMarketStatus', marketId: market.market_id, status });
      return { message: `Market is ${status.toLowerCase()}`, data: dto(market, result) };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/admin/markets/:marketId/result',
      access: 'market-admin',
      tag: TAG,
      summary:
        'Declare the result and settle: the winner (selectionId), every placed runner of a place market (selectionIds) or the runs of a fancy; confirmed with the transaction password',
      params: MarketParams,
      body: MarketResultBody,
      answer: 'Message',
    },
    async (req, { params: p, body }) => {
      const market = await findMarket(sql, p.marketId);
      if (market.kind === 'fancy' && body.runs === undefined)
        throw new HttpError(400, 'A fancy is settled by the runs');
      if (market.kind !== 'fancy') {
        const places = market.number_of_winners;
        if (body.selectionId === undefined && body.selectionIds === undefined)
          throw new HttpError(
            400,
            places > 1 ? `Choose the ${places} placed runners (selectionIds)` : 'Choose the winner (selectionId)',
          );
        // Checked before the transaction password, so a wrong choice costs no attempt; the engine decides again.
        const running = market.runners
          .map((r) => r.selectionId)
          .filter((id) => !market.removed?.some((r) => r.selectionId === id));
        const problem = declaredWinnersProblem(running, places, body.selectionIds ?? [body.selectionId!]);
        if (problem) throw new HttpError(400, problem);
      }
      await checkTransactionPassword(sql, throttle, req, body.transaction_password);
      await send(commands, req, {
        type: 'SettleMarket',
        marketId: market.market_id,
        selectionId: body.selectionId ?? null,
        selectionIds: body.selectionIds ?? null,
        runs: body.runs ?? null,
      });
      return { message: 'Result declared' };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/admin/markets/:marketId/house-price',
      access: 'market-admin',
      tag: TAG,
      params: MarketParams,
      body: HousePriceBody,
      answer: 'MarketEnvelope',
      summary:
        'Price a bookmaker runner ({ selectionId, back, lay }) or a fancy ({ noLine, noRate, yesLine, yesRate }) by hand; the market then ignores the feed',
    },
    async (req, { params: p, body }) => {
      const market = await findMarket(sql, p.marketId);
      const status = body.status ?? 'ACTIVE';
      const given = (fields: (keyof typeof body)[]) => fields.filter((f) => body[f] !== undefined);
      const missing = (fields: (keyof typeof body)[]) => fields.filter((f) => body[f] === undefined);
      let price: BookmakerRunnerUpdate | FancyUpdate;
      if (market.kind === 'bookmaker') {
        const stray = given(['noLine', 'noRate', 'yesLine', 'yesRate']);
        if (stray.length > 0)
          throw new HttpError(
            400,
            `A bookmaker runner is priced by selectionId, back and lay, not ${stray.join(', ')}`,
          );
        const lacking = missing(['selectionId', 'back', 'lay']);
        if (lacking.length > 0) throw new HttpError(400, `Missing required fields: ${lacking.join(', ')}`);
        if (!market.runners.some((r) => r.selectionId === body.selectionId))
          throw new HttpError(400, 'selectionId must be a runner of this market');
        price = {
          type: 'bookmaker',
          marketId: market.market_id,
          selectionId: body.selectionId!,
          status,
          back: body.back!,
          lay: body.lay!,
        };
      } else if (market.kind === 'fancy') {
        const stray = given(['selectionId', 'back', 'lay']);
        if (stray.length > 0)
          throw new HttpError(400, `A fancy is priced by noLine, noRate, yesLine and yesRate, not ${stray.join(', ')}`);
        const lacking = missing(['noLine', 'noRate', 'yesLine', 'yesRate']);
        if (lacking.length > 0) throw new HttpError(400, `Missing required fields: ${lacking.join(', ')}`);
        price = {
          type: 'fancy',
          marketId: market.market_id,
          status,
          no: { line: body.noLine!, rate: body.noRate! },
          yes: { line: body.yesLine!, rate: body.yesRate! },
        };
      } else {
        throw new HttpError(400, 'Only bookmaker markets and fancies are priced by hand');
      }
      const result = await send(commands, req, { type: 'SetHousePrice', price });
      return { message: market.kind === 'fancy' ? 'Line set by hand' : 'Rates set by hand', data: dto(market, result) };
    },
  );

  route(
    {
      method: 'DELETE',
      url: '/api/admin/markets/:marketId/house-price',
      access: 'market-admin',
      tag: TAG,
      summary: 'Clear the house prices: the market follows the feed again',
      params: MarketParams,
      answer: 'MarketEnvelope',
    },
    async (req, { params: p }) => {
      const market = await findMarket(sql, p.marketId);
      const result = await send(commands, req, { type: 'ClearHousePrice', marketId: market.market_id });
      return { message: 'The market follows the feed again', data: dto(market, result) };
    },
  );

  const simple: [string, (marketId: string) => Command, string, string][] = [
    [
      'void',
      (marketId) => ({ type: 'VoidMarket', marketId }),
      'Market voided',
      'Void the market: every stake returned',
    ],
    [
      'revoke',
      (marketId) => ({ type: 'RevokeResult', marketId }),
      'Result revoked',
      'Revoke the declared result (compensating postings)',
    ],
    [
      'confirm-result',
      (marketId) => ({ type: 'ConfirmFeedResult', marketId }),
      'Result confirmed',
      "Settle on the result the market's feed proposed (FEED_SETTLE_DELAY_MS off, or before it runs out)",
    ],
  ];
  for (const [path, command, message, summary] of simple) {
    route(
      {
        method: 'POST',
        url: `/api/admin/markets/:marketId/${path}`,
        access: 'market-admin',
        tag: TAG,
        summary: `${summary}; confirmed with the transaction password`,
        params: MarketParams,
        body: TransactionPasswordBody,
        answer: 'Message',
      },
      async (req, { params: p, body }) => {
        const market = await findMarket(sql, p.marketId);
        await checkTransactionPassword(sql, throttle, req, body.transaction_password);
        await send(commands, req, command(market.market_id));
        return { message };
      },
    );
  }

  route(
    {
      method: 'PUT',
      url: '/api/messages',
      access: 'market-admin',
      tag: TAG,
      summary: 'Set the news line',
      body: NewsMessageBody,
      answer: 'Message',
    },
    async (req, { body: { text } }) => {
      await send(commands, req, { type: 'SetNewsMessage', text });
      return { message: 'Message saved' };
    },
  );
}
