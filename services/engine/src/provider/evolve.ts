import type { ProviderEventData } from '@exch/contracts';
import type { EngineState } from '../state.js';
import { providerKey, roundOf, txnOf, type ProviderRoundState } from './state.js';
import { turnProviderWindow } from './window.js';

type ProviderEvent = {
  [K in keyof ProviderEventData]: { type: K; streamId: string; data: ProviderEventData[K] };
}[keyof ProviderEventData];

const round = (
  state: EngineState,
  e: ProviderEvent,
  provider: string,
  roundId: string,
  userId: string,
): ProviderRoundState =>
  roundOf(state.provider, providerKey(provider, roundId)) ??
  (state.provider.rounds[providerKey(provider, roundId)] = {
    userId,
    debits: 0,
    held: 0,
    credited: false,
    stream: e.streamId,
  });

/** The provider half of evolve: folds in place, like the others. */
export function evolveProvider(state: EngineState, e: ProviderEvent): void {
  const d = e.data;
  const txns = state.provider.txns;
  if ('postings' in d)
    for (const p of d.postings) state.balances.set(p.account, (state.balances.get(p.account) ?? 0) + p.amount);
  switch (e.type) {
    case 'ProviderWindowTurned':
      turnProviderWindow(state.provider, e.data.turnedAt);
      break;
    case 'ProviderDebited':
    case 'ProviderCredited':
    case 'ProviderRolledBack': {
      const { provider, txnId, userId, roundId, gameId, amount, balance, referenceId } = e.data;
      const betId = e.type === 'ProviderRolledBack' ? e.data.betId : null;
      const txnType = e.type === 'ProviderDebited' ? 'DEBIT' : e.type === 'ProviderCredited' ? 'CREDIT' : 'ROLLBACK';
      txns[providerKey(provider, txnId)] = {
        txnType,
        userId,
        roundId,
        gameId,
        amount,
        betId,
        answer: { ok: true, balance, referenceId },
        rolledBackBy: null,
      };
      const r = round(state, e, provider, roundId, userId);
      if (e.type === 'ProviderDebited') {
        r.debits++;
        r.held += amount;
      } else if (e.type === 'ProviderCredited') {
        r.credited = true;
      } else {
        r.held -= amount;
        txnOf(state.provider, providerKey(provider, betId!))!.rolledBackBy = txnId;
      }
      break;
    }
    case 'ProviderTxnRepeated': {
      const { provider, txnId, balance, referenceId, ...request } = e.data;
      if (!txnOf(state.provider, providerKey(provider, txnId)))
        txns[providerKey(provider, txnId)] = {
          ...request,
          answer: { ok: true, balance, referenceId },
          rolledBackBy: null,
        };
      break;
    }
    case 'ProviderTxnDeclined': {
      const { provider, txnId, status, message, balance, tombstone, ...request } = e.data;
      const { userId, roundId, gameId, amount, betId } = request;
      txns[providerKey(provider, txnId)] = {
        ...request,
        answer: { ok: false, status, message, balance },
        rolledBackBy: null,
      };
      // The DEBIT this rollback named never came: if it ever does, it is refused.
      if (tombstone && betId !== null) {
        if (!txnOf(state.provider, providerKey(provider, betId)))
          txns[providerKey(provider, betId)] = {
            txnType: 'DEBIT',
            userId,
            roundId,
            gameId,
            amount,
            betId: null,
            answer: {
              ok: false,
              status: 'REQUEST_DECLINED',
              message: 'The debit was rolled back before it arrived',
              balance,
            },
            rolledBackBy: null,
          };
      }
      break;
    }
  }
}
