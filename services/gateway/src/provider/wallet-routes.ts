import * as v from 'valibot';
import {
  DebitCreditBody,
  idText,
  isWalletStatus,
  RollbackBody,
  WALLET_SESSION_HEADER,
  WALLET_STATUS,
  WALLET_BASE,
  walletPaths,
  type CommittedEvent,
  type ProviderCommand,
  type WalletBalance,
  type WalletReceipt,
  type WalletStatus,
} from '@exch/contracts';
import type { FastifyRequest } from 'fastify';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { availableBalance } from '@exch/projector/read';
import { needProvider, type ProviderDeps } from './deps.js';

const TAG = 'Casino wallet (provider)';
const PlayerParams = v.object({ playerId: idText('playerId') });
const BALANCE = {
  type: 'object',
  properties: {
    balance: { type: 'integer', description: 'Available balance, paise' },
    currency: { type: 'string', enum: ['INR'] },
  },
  required: ['balance', 'currency'],
};
const RECEIPT = {
  type: 'object',
  properties: {
    balance: { type: 'integer', description: 'Available balance after it, paise' },
    referenceId: { type: 'string' },
  },
  required: ['balance', 'referenceId'],
};

/** A wallet refusal as the provider reads it: QTech's status in `code`, its HTTP status, the balance with INSUFFICIENT_FUNDS. */
const refusal = (status: WalletStatus, message: string, balance?: number): HttpError =>
  new HttpError(
    WALLET_STATUS[status],
    message,
    status,
    status === 'INSUFFICIENT_FUNDS' && balance !== undefined ? { balance } : undefined,
  );

/**
 * The operator's seamless wallet, called by the game provider (QTech's calls,
 * ../shared/CASINO-PAYMENTS.md section 4): session and balance are read from the users read model;
 * every DEBIT, CREDIT and rollback is decided by the engine and answered from what it journalled.
 */
export function walletRoutes(deps: ProviderDeps): void {
  const { route, sql, directory, walletSessions, commands } = deps;

  /** Wallet minus exposure, paise. */
  const available = async (userId: string): Promise<number> => {
    return Number((await availableBalance(sql, userId)) ?? 0);
  };
  const player = async (userId: string) => {
    const user = await directory.user(userId);
    if (!user || user.role !== 'user') throw refusal('REQUEST_DECLINED', 'Unknown player');
    return user;
  };
  const balance = async (userId: string): Promise<WalletBalance> => ({
    balance: await available(userId),
    currency: 'INR',
  });

  /** Sends a wallet command and answers from its one event; a refusal keeps the engine's status. */
  const decide = async (req: FastifyRequest, command: ProviderCommand): Promise<WalletReceipt> => {
    let events: CommittedEvent[];
    try {
      ({ events } = await send(commands, req, command));
    } catch (err) {
      if (err instanceof HttpError && isWalletStatus(err.code))
        throw refusal(
          err.code,
          err.message,
          err.code === 'INSUFFICIENT_FUNDS' ? await available(command.userId) : undefined,
        );
      throw err;
    }
    const e = events[0]!;
    switch (e.type) {
      case 'ProviderTxnDeclined':
        throw refusal(e.data.status, e.data.message, e.data.balance);
      case 'ProviderDebited':
      case 'ProviderCredited':
      case 'ProviderRolledBack':
      case 'ProviderTxnRepeated':
        return { balance: e.data.balance, referenceId: e.data.referenceId };
      default:
        throw new Error(`a wallet call journalled ${e.type}`);
    }
  };

  route(
    {
      method: 'GET',
      url: `${WALLET_BASE}/accounts/:playerId/session`,
      access: 'provider',
      tag: TAG,
      summary: 'Check a wallet session (Wallet-Session header) and read the balance',
      params: PlayerParams,
      answer: BALANCE,
    },
    async (req, { params }) => {
      const { port } = needProvider(deps);
      const header = req.headers[WALLET_SESSION_HEADER];
      if (
        (await walletSessions.liveUser(port.id, typeof header === 'string' ? header : undefined)) !== params.playerId
      ) {
        throw refusal('INVALID_TOKEN', "The wallet session has ended or is not this player's");
      }
      const user = await player(params.playerId);
      if (user.accountLocked || user.betLocked) throw refusal('ACCOUNT_BLOCKED', 'The account is blocked');
      return balance(params.playerId);
    },
  );

  route(
    {
      method: 'GET',
      url: `${WALLET_BASE}/accounts/:playerId/balance`,
      access: 'provider',
      tag: TAG,
      summary: "The player's available balance (paise), session or not",
      params: PlayerParams,
      answer: BALANCE,
    },
    async (_req, { params }) => {
      needProvider(deps);
      await player(params.playerId);
      return balance(params.playerId);
    },
  );

  route(
    {
      method: 'POST',
      url: walletPaths.transactions,
      access: 'provider',
      tag: TAG,
      summary: "DEBIT a stake or CREDIT a round's win, once per txnId",
      body: DebitCreditBody,
      answer: RECEIPT,
      created: true,
    },
    async (req, { body }) => {
      const { port, catalogue } = needProvider(deps);
      const common = {
        provider: port.id,
        txnId: body.txnId,
        userId: body.playerId,
        roundId: body.roundId,
        gameId: body.gameId,
        gameName: catalogue.nameOf(body.gameId),
        amount: body.amount,
      };
      if (body.txnType === 'CREDIT') return decide(req, { type: 'ProviderCredit', ...common });
      return decide(req, {
        type: 'ProviderDebit',
        ...common,
        sessionUserId: await walletSessions.liveUser(port.id, body.walletSessionId),
      });
    },
  );

  route(
    {
      method: 'POST',
      url: walletPaths.rollback,
      access: 'provider',
      tag: TAG,
      summary: 'Give back the stake of a DEBIT (betId), once, unless its round is credited',
      body: RollbackBody,
      answer: RECEIPT,
      created: true,
    },
    async (req, { body }) => {
      const { port, catalogue } = needProvider(deps);
      return decide(req, {
        type: 'ProviderRollback',
        provider: port.id,
        txnId: body.txnId,
        betId: body.betId,
        userId: body.playerId,
        roundId: body.roundId,
        gameId: body.gameId,
        gameName: catalogue.nameOf(body.gameId),
        amount: body.amount,
      });
    },
  );
}
