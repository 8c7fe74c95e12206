import type { FastifyInstance } from 'fastify';
import { MarketResultBody, MarketSettingsBody, MarketStatusBody, NewsMessageBody, parseRupees, type Command, type MarketDto } from '@exch/contracts';
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

/** Market settings, status, results and the news line: admin and super admin (docs/exchange-api.md, Market management). */
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
