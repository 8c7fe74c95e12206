import * as v from 'valibot';
import { MAX_AMOUNT_PAISE } from '../money.js';
import { idText } from '../api/text.js';

/**
 * The seamless wallet's HTTP protocol, QTech style (../shared/CASINO-PAYMENTS.md section 4): the
 * paths, the bodies and the statuses. Amounts are integer paise on the wire, both ways: no decimal
 * crosses between the two machines (Hub88 sends integers too).
 */
export const WALLET_BASE = '/api/qt/wallet';
export const walletPaths = {
  session: (playerId: string) => `${WALLET_BASE}/accounts/${encodeURIComponent(playerId)}/session`,
  balance: (playerId: string) => `${WALLET_BASE}/accounts/${encodeURIComponent(playerId)}/balance`,
  transactions: `${WALLET_BASE}/transactions`,
  rollback: `${WALLET_BASE}/transactions/rollback`,
};

/** The refusals a provider acts on, with their HTTP status (QTech's). */
export const WALLET_STATUS = {
  INVALID_TOKEN: 400,
  ACCOUNT_BLOCKED: 403,
  INSUFFICIENT_FUNDS: 400,
  REQUEST_DECLINED: 400,
} as const;
export type WalletStatus = keyof typeof WALLET_STATUS;
export const isWalletStatus = (code: unknown): code is WalletStatus =>
  typeof code === 'string' && code in WALLET_STATUS;

/** A refusal's body: the gateway's error shape, whose `code` is the status. INSUFFICIENT_FUNDS carries the balance. */
export interface WalletError {
  statusCode: number;
  code: WalletStatus | string;
  message: string;
  balance?: number;
}

/** Integer paise, as the wallet protocol carries amounts. */
export const paiseAmount = (field: string, { allowZero }: { allowZero: boolean }) =>
  v.pipe(
    v.number(`${field} must be a whole number of paise`),
    v.safeInteger(`${field} must be a whole number of paise`),
    v.minValue(allowZero ? 0 : 1, allowZero ? `${field} must not be negative` : `${field} must be greater than zero`),
    v.maxValue(MAX_AMOUNT_PAISE, `${field} is too large`),
  );

const currency = v.literal('INR', 'currency must be INR');

export const DebitCreditBody = v.strictObject({
  txnType: v.picklist(['DEBIT', 'CREDIT'], 'txnType must be DEBIT or CREDIT'),
  txnId: idText('txnId'),
  playerId: idText('playerId'),
  roundId: idText('roundId'),
  gameId: idText('gameId'),
  // A CREDIT of 0 closes a lost round; a DEBIT takes a stake.
  amount: paiseAmount('amount', { allowZero: true }),
  currency,
  walletSessionId: v.optional(idText('walletSessionId')),
});

export const RollbackBody = v.strictObject({
  txnId: idText('txnId'),
  betId: idText('betId'),
  playerId: idText('playerId'),
  roundId: idText('roundId'),
  gameId: idText('gameId'),
  amount: paiseAmount('amount', { allowZero: false }),
  currency,
});

/** The wallet session rides in a header on the session call (QTech's Wallet-Session). */
export const WALLET_SESSION_HEADER = 'wallet-session';

/** The body of a launch call to the provider (PROVIDER_API): who plays, and the wallet session to debit with. */
export const LaunchBodySchema = v.strictObject({
  playerId: idText('playerId'),
  displayName: idText('displayName'),
  currency: currency,
  country: idText('country'),
  lang: idText('lang'),
  mode: v.picklist(['real', 'demo'], 'mode must be real or demo'),
  device: v.picklist(['desktop', 'mobile'], 'device must be desktop or mobile'),
  walletSessionId: idText('walletSessionId'),
});
