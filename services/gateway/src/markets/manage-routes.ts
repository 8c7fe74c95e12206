import type { FastifyInstance } from 'fastify';
import { HousePriceBody, MarketResultBody, MarketSettingsBody, MarketStatusBody, NewsMessageBody, parseRupees, type BookmakerRunnerUpdate, type Command, type FancyUpdate, type MarketDto } from '@exch/contracts';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import type { ExchangeDeps } from './deps.js';
import { marketAdminGuard } from './market-admin.js';
import { findMarket } from './read.js';
import { toMarketDto } from './sections.js';

const paise = (value: string | number, field: string): number => {
  const r = parseRupees(value, field, false);
  if ('error' in r) throw new HttpError(400, r.error);
  return r.paise;
};

/** A percentage the schema checked (at most 2 decimals) to basis points exactly: 2.5 -> 250. */
const basisPoints = (percent: number): number => {
  const [whole, frac = ''] = String(percent).split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};

/** Market settings, status, house prices, results and the news line: admin and super admin (docs/exchange-api.md, Market management). */
export function manageMarketRoutes(app: FastifyInstance, deps: ExchangeDeps): void {
  const { sql, commands, prices } = deps;
  const preHandler = marketAdminGuard(deps.guard);
  const dto = async (marketId: string): Promise<MarketDto> => toMarketDto(await findMarket(sql, marketId), prices);

  app.put<{ Params: { marketId: string } }>('/api/admin/markets/:marketId/settings', { preHandler }, async (req) => {
    const body = parse(MarketSettingsBody, req.body);
    const market = await findMarket(sql, req.params.marketId);
    const minStake = paise(body.min, 'Min stake');
    const maxStake = paise(body.max, 'Max stake');
    if (maxStake < minStake) throw new HttpError(400, 'Max stake must not be below min stake');
    await send(commands, req, { type: 'SetMarketSettings', marketId: market.market_id, minStake, maxStake, betDelaySec: body.betDelaySec, commissionBp: basisPoints(body.commissionPercent) });
    return { message: 'Market settings saved', data: await dto(market.market_id) };
  });

  app.put<{ Params: { marketId: string } }>('/api/admin/markets/:marketId/status', { preHandler }, async (req) => {
    const { status } = parse(MarketStatusBody, req.body);
    const market = await findMarket(sql, req.params.marketId);
    await send(commands, req, { type: 'SetMarketStatus', marketId: market.market_id, status });
    return { message: `Market is ${status.toLowerCase()}`, data: await dto(market.market_id) };
  });

  app.post<{ Params: { marketId: string } }>('/api/admin/markets/:marketId/result', { preHandler }, async (req) => {
    const body = parse(MarketResultBody, req.body);
    const market = await findMarket(sql, req.params.marketId);
    if (market.kind === 'fancy' && body.runs === undefined) throw new HttpError(400, 'A fancy is settled by the runs');
    if (market.kind !== 'fancy') {
      if (body.selectionId === undefined) throw new HttpError(400, 'Choose the winner (selectionId)');
      if (!market.runners.some((r) => r.selectionId === body.selectionId)) throw new HttpError(400, 'The winner must be a runner of this market');
    }
    await send(commands, req, { type: 'SettleMarket', marketId: market.market_id, selectionId: body.selectionId ?? null, runs: body.runs ?? null });
    return { message: 'Result declared' };
  });

  app.put<{ Params: { marketId: string } }>('/api/admin/markets/:marketId/house-price', { preHandler }, async (req) => {
    const body = parse(HousePriceBody, req.body);
    const market = await findMarket(sql, req.params.marketId);
    const status = body.status ?? 'ACTIVE';
    const given = (fields: (keyof typeof body)[]) => fields.filter((f) => body[f] !== undefined);
    const missing = (fields: (keyof typeof body)[]) => fields.filter((f) => body[f] === undefined);
    let price: BookmakerRunnerUpdate | FancyUpdate;
    if (market.kind === 'bookmaker') {
      const stray = given(['noLine', 'noRate', 'yesLine', 'yesRate']);
      if (stray.length > 0) throw new HttpError(400, `A bookmaker runner is priced by selectionId, back and lay, not ${stray.join(', ')}`);
      const lacking = missing(['selectionId', 'back', 'lay']);
      if (lacking.length > 0) throw new HttpError(400, `Missing required fields: ${lacking.join(', ')}`);
      if (!market.runners.some((r) => r.selectionId === body.selectionId)) throw new HttpError(400, 'selectionId must be a runner of this market');
      price = { type: 'bookmaker', marketId: market.market_id, selectionId: body.selectionId!, status, back: body.back!, lay: body.lay! };
    } else if (market.kind === 'fancy') {
      const stray = given(['selectionId', 'back', 'lay']);
      if (stray.length > 0) throw new HttpError(400, `A fancy is priced by noLine, noRate, yesLine and yesRate, not ${stray.join(', ')}`);
      const lacking = missing(['noLine', 'noRate', 'yesLine', 'yesRate']);
      if (lacking.length > 0) throw new HttpError(400, `Missing required fields: ${lacking.join(', ')}`);
      price = { type: 'fancy', marketId: market.market_id, status, no: { line: body.noLine!, rate: body.noRate! }, yes: { line: body.yesLine!, rate: body.yesRate! } };
    } else {
      throw new HttpError(400, 'Only bookmaker markets and fancies are priced by hand');
    }
    await send(commands, req, { type: 'SetHousePrice', price });
    return { message: market.kind === 'fancy' ? 'Line set by hand' : 'Rates set by hand', data: await dto(market.market_id) };
  });

  app.delete<{ Params: { marketId: string } }>('/api/admin/markets/:marketId/house-price', { preHandler }, async (req) => {
    const market = await findMarket(sql, req.params.marketId);
    await send(commands, req, { type: 'ClearHousePrice', marketId: market.market_id });
    return { message: 'The market follows the feed again', data: await dto(market.market_id) };
  });

  const simple: [string, (marketId: string) => Command, string][] = [
    ['void', (marketId) => ({ type: 'VoidMarket', marketId }), 'Market voided'],
    ['revoke', (marketId) => ({ type: 'RevokeResult', marketId }), 'Result revoked'],
  ];
  for (const [path, command, message] of simple) {
    app.post<{ Params: { marketId: string } }>(`/api/admin/markets/:marketId/${path}`, { preHandler }, async (req) => {
      const market = await findMarket(sql, req.params.marketId);
      await send(commands, req, command(market.market_id));
      return { message };
    });
  }

  app.put('/api/messages', { preHandler }, async (req) => {
    const { text } = parse(NewsMessageBody, req.body);
    await send(commands, req, { type: 'SetNewsMessage', text });
    return { message: 'Message saved' };
  });
}
