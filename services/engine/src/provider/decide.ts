import {
  thirdPartyCasinoAccount,
  walletAccount,
  type CommandEnvelope,
  type Paise,
  type ProviderCommand,
  type ProviderCredit,
  type ProviderDebit,
  type ProviderRequest,
  type ProviderRollback,
  type WalletStatus,
} from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { balanceOf, exposureOfUser, type EngineState } from '../state.js';
import { providerKey, roundOf, roundStream, txnOf, type ProviderTxnState } from './state.js';

/**
 * The seamless wallet's decisions (docs/international-casino.md). A transaction id keeps its first
 * answer: the same request again is answered alike (ProviderTxnRepeated, nothing moves), a different
 * request under a used id is refused. A DEBIT needs the player's live session, an open round, no
 * lock and the funds; a CREDIT or rollback is paid whether or not the session has ended since, but
 * only for a DEBIT that was taken, and never once the round is credited. Refused DEBITs and
 * rollbacks are journalled (final); a refused CREDIT is not, so it can be paid once its round is in
 * order.
 */

const available = (state: EngineState, userId: string): Paise =>
  balanceOf(state, walletAccount(userId)) - exposureOfUser(state, userId);

const requestOf = (c: ProviderCommand): ProviderRequest => ({
  txnType: c.type === 'ProviderDebit' ? 'DEBIT' : c.type === 'ProviderCredit' ? 'CREDIT' : 'ROLLBACK',
  userId: c.userId,
  roundId: c.roundId,
  gameId: c.gameId,
  amount: c.amount,
  betId: c.type === 'ProviderRollback' ? c.betId : null,
});

const sameRequest = (a: ProviderRequest, b: ProviderRequest): boolean =>
  a.txnType === b.txnType &&
  a.userId === b.userId &&
  a.roundId === b.roundId &&
  a.gameId === b.gameId &&
  a.amount === b.amount &&
  a.betId === b.betId;

const declined = (
  state: EngineState,
  c: ProviderDebit | ProviderRollback,
  status: WalletStatus,
  message: string,
  balance: Paise,
  tombstone = false,
): Decision => {
  const r = requestOf(c);
  return accept({
    type: 'ProviderTxnDeclined',
    streamId: roundStream(state.provider, c.provider, c.roundId),
    data: {
      provider: c.provider,
      txnId: c.txnId,
      ...r,
      txnType: r.txnType as 'DEBIT' | 'ROLLBACK',
      status,
      message,
      balance,
      tombstone,
    },
  });
};

/** The first answer again, for the same request; a refusal for another request under the same id. */
function repeat(state: EngineState, c: ProviderCommand, known: ProviderTxnState): Decision {
  const request = requestOf(c);
  if (!sameRequest(request, known))
    return refuse('REQUEST_DECLINED', `Transaction ${c.txnId} was already used for a different request`);
  if (!known.answer.ok) return refuse(known.answer.status, known.answer.message);
  return repeated(state, c, request, known.answer.balance, known.answer.referenceId);
}

const repeated = (
  state: EngineState,
  c: ProviderCommand,
  r: ProviderRequest,
  balance: Paise,
  referenceId: string,
): Decision =>
  accept({
    type: 'ProviderTxnRepeated',
    streamId: roundStream(state.provider, c.provider, c.roundId),
    data: { provider: c.provider, txnId: c.txnId, ...r, balance, referenceId },
  });

/** Money between the player's wallet and the provider's house account: positive pays the player. */
const postings = (c: ProviderCommand, toPlayer: Paise) =>
  toPlayer === 0
    ? []
    : [
        { account: walletAccount(c.userId), amount: toPlayer },
        { account: thirdPartyCasinoAccount(c.provider), amount: -toPlayer },
      ];

const facts = (state: EngineState, c: ProviderCommand, envelope: CommandEnvelope, toPlayer: Paise) => ({
  provider: c.provider,
  txnId: c.txnId,
  userId: c.userId,
  roundId: c.roundId,
  gameId: c.gameId,
  gameName: c.gameName,
  amount: c.amount,
  referenceId: envelope.commandId,
  balance: available(state, c.userId) + toPlayer,
  postings: postings(c, toPlayer),
});

function decideDebit(state: EngineState, c: ProviderDebit, envelope: CommandEnvelope): Decision {
  const user = state.users.get(c.userId);
  const balance = available(state, c.userId);
  if (!user || user.role !== 'user') return declined(state, c, 'INVALID_TOKEN', 'Unknown player', 0);
  if (user.accountLocked || user.betLocked)
    return declined(state, c, 'ACCOUNT_BLOCKED', 'The account is blocked', balance);
  if (c.sessionUserId !== c.userId)
    return declined(state, c, 'INVALID_TOKEN', "The wallet session has ended or is not this player's", balance);
  if (c.amount <= 0) return declined(state, c, 'REQUEST_DECLINED', 'A debit must take a stake', balance);
  const round = roundOf(state.provider, providerKey(c.provider, c.roundId));
  if (round && round.userId !== c.userId)
    return declined(state, c, 'REQUEST_DECLINED', "The round is another player's", balance);
  if (round?.credited) return declined(state, c, 'REQUEST_DECLINED', 'The round is already settled', balance);
  if (c.amount > balance) return declined(state, c, 'INSUFFICIENT_FUNDS', 'Insufficient balance', balance);
  return accept({
    type: 'ProviderDebited',
    streamId: roundStream(state.provider, c.provider, c.roundId),
    data: facts(state, c, envelope, -c.amount),
  });
}

function decideCredit(state: EngineState, c: ProviderCredit, envelope: CommandEnvelope): Decision {
  const round = roundOf(state.provider, providerKey(c.provider, c.roundId));
  if (!round || round.debits === 0) return refuse('REQUEST_DECLINED', 'No debit was taken in this round');
  if (round.userId !== c.userId) return refuse('REQUEST_DECLINED', "The round is another player's");
  if (round.credited) return refuse('REQUEST_DECLINED', 'The round is already settled');
  if (round.held === 0) return refuse('REQUEST_DECLINED', "The round's stakes were given back");
  return accept({
    type: 'ProviderCredited',
    streamId: roundStream(state.provider, c.provider, c.roundId),
    data: facts(state, c, envelope, c.amount),
  });
}

function decideRollback(state: EngineState, c: ProviderRollback, envelope: CommandEnvelope): Decision {
  const balance = available(state, c.userId);
  const debit = txnOf(state.provider, providerKey(c.provider, c.betId));
  if (!debit) return declined(state, c, 'REQUEST_DECLINED', 'Transaction not found', balance, true);
  if (debit.txnType !== 'DEBIT')
    return declined(state, c, 'REQUEST_DECLINED', `Transaction ${c.betId} is not a debit`, balance);
  if (!debit.answer.ok)
    return declined(state, c, 'REQUEST_DECLINED', 'The debit was not taken: nothing to give back', balance);
  if (
    debit.userId !== c.userId ||
    debit.roundId !== c.roundId ||
    debit.gameId !== c.gameId ||
    debit.amount !== c.amount
  ) {
    return declined(state, c, 'REQUEST_DECLINED', 'The rollback does not match its debit', balance);
  }
  if (debit.rolledBackBy !== null) {
    // Given back already (under another rollback id): answered like that rollback, nothing moves.
    const { answer } = txnOf(state.provider, providerKey(c.provider, debit.rolledBackBy))!;
    return answer.ok
      ? repeated(state, c, requestOf(c), answer.balance, answer.referenceId)
      : refuse(answer.status, answer.message);
  }
  if (roundOf(state.provider, providerKey(c.provider, c.roundId))?.credited)
    return declined(state, c, 'REQUEST_DECLINED', 'The round is already settled', balance);
  return accept({
    type: 'ProviderRolledBack',
    streamId: roundStream(state.provider, c.provider, c.roundId),
    data: { ...facts(state, c, envelope, c.amount), betId: c.betId },
  });
}

export function decideProvider(state: EngineState, c: ProviderCommand, envelope: CommandEnvelope): Decision {
  // The gateway's wallet routes send these once the provider's signature checked out; no user can.
  if (envelope.actor !== null) return refuse('FORBIDDEN', 'Wallet calls come from the game provider only');
  const known = txnOf(state.provider, providerKey(c.provider, c.txnId));
  if (known) return repeat(state, c, known);
  switch (c.type) {
    case 'ProviderDebit':
      return decideDebit(state, c, envelope);
    case 'ProviderCredit':
      return decideCredit(state, c, envelope);
    case 'ProviderRollback':
      return decideRollback(state, c, envelope);
  }
}
