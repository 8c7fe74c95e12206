import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import {
  ACCOUNT_ADDED,
  BankAccountBody,
  DepositForm,
  MAX_SCREENSHOT_BYTES,
  NOT_AN_IMAGE,
  screenshotType,
  idText,
  normalizeUtr,
  paiseToRupees,
  UPI_ADDED,
  UpiBody,
  UTR_TAKEN,
  WithdrawBody,
  type BankDetailDto,
  type CommittedEvent,
  type PayeeDto,
  type SavedAccountsDto,
  type TransactionHistoryRow,
  type UpiDetailDto,
} from '@exch/contracts';
import { nearestPaymentMethod, savedAccountKind, savedAccounts, utrTaken } from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { storeScreenshot } from './screenshots.js';

/** A request as the player's statement will list it, from the event that asked for it. */
function askedRow(e: CommittedEvent): TransactionHistoryRow {
  if (e.type !== 'DepositRequested' && e.type !== 'WithdrawalRequested') throw new Error(`not a request: ${e.type}`);
  return {
    _id: e.data.requestId,
    type: e.type === 'DepositRequested' ? 'deposit' : 'withdraw',
    amount: paiseToRupees(e.data.amount),
    createdAt: e.at,
    status: 'pending',
    remark: e.data.remark,
    accountType: e.type === 'DepositRequested' ? e.data.method : e.data.account.kind,
  };
}

const AccountParams = v.object({ type: v.picklist(['bank', 'upi'], 'type must be bank or upi'), id: idText('id') });

/** The player's side of payments (SPEC.md sections 2 and 7): payee, deposit, withdraw, saved accounts. */
export function playerPaymentRoutes({ sql, commands, route }: AccountDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/payments/payee',
      access: 'player',
      tag: 'Payments',
      summary: "Where to pay a deposit: the nearest upline's payment method (data null when none has one)",
      answer: 'PayeeEnvelope',
    },
    async (req): Promise<{ data: PayeeDto | null }> => {
      const m = await nearestPaymentMethod(sql, req.auth!.sub);
      return {
        data: m
          ? {
              payee: m.username,
              upiId: m.upi_id,
              upiName: m.upi_name,
              accountHolderName: m.account_holder_name,
              accountNumber: m.account_number,
              ifscCode: m.ifsc_code,
            }
          : null,
      };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/payments/deposits',
      access: 'player',
      tag: 'Payments',
      created: true,
      answer: 'PaymentRequestEnvelope',
      summary:
        'Ask for a deposit (multipart form: amount, accountType upi or bank, utrno, remark, and the payment screenshot imageUrl as PNG or JPEG)',
      body: DepositForm,
      upload: {
        field: 'imageUrl',
        maxBytes: MAX_SCREENSHOT_BYTES,
        description: 'The payment screenshot: PNG or JPEG, checked by its content',
      },
    },
    async (req, { body }) => {
      const contentType = screenshotType(body.imageUrl!.bytes);
      if (!contentType) throw new HttpError(400, NOT_AN_IMAGE, 'NOT_AN_IMAGE');
      // Checked here too so a refused UTR stores no screenshot; the engine's rule is the one that counts.
      if (await utrTaken(sql, normalizeUtr(body.utrno))) throw new HttpError(409, UTR_TAKEN, 'UTR_TAKEN');
      const screenshotId = await storeScreenshot(sql, req.auth!.sub, body.imageUrl!.bytes, contentType);
      const { events } = await send(commands, req, {
        type: 'RequestDeposit',
        requestId: randomUUID(),
        method: body.accountType,
        amount: body.amount,
        utr: body.utrno,
        screenshotId,
        remark: body.remark,
      });
      return {
        message: 'Deposit request submitted. Your balance is updated once it is approved.',
        data: askedRow(events[0]!),
      };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/payments/withdrawals',
      access: 'player',
      tag: 'Payments',
      created: true,
      summary: 'Ask for a withdrawal to a saved bank account or UPI id (bankDetail): the amount is held at once',
      body: WithdrawBody,
      answer: 'PaymentRequestEnvelope',
    },
    async (req, { body }) => {
      const { events } = await send(commands, req, {
        type: 'RequestWithdrawal',
        requestId: randomUUID(),
        accountId: body.bankDetail,
        amount: body.amount,
        remark: body.remark,
      });
      return {
        message: 'Withdrawal request submitted. The amount is held until it is paid.',
        data: askedRow(events[0]!),
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/payments/accounts',
      access: 'player',
      tag: 'Payments',
      summary: 'Saved bank accounts and UPI ids (data.data.bank, data.data.upi)',
      answer: 'SavedAccounts',
    },
    async (req): Promise<SavedAccountsDto> => {
      const rows = await savedAccounts(sql, req.auth!.sub);
      return {
        data: {
          bank: rows
            .filter((r) => r.kind === 'bank')
            .map((r) => ({
              _id: r.account_id,
              accountHolderName: r.account_holder_name!,
              accountNumber: r.account_number!,
              ifscCode: r.ifsc_code!,
            })),
          upi: rows.filter((r) => r.kind === 'upi').map((r) => ({ _id: r.account_id, upiId: r.upi_id! })),
        },
      };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/payments/accounts/bank',
      access: 'player',
      tag: 'Payments',
      created: true,
      summary: 'Save a bank account to withdraw to',
      body: BankAccountBody,
      answer: 'BankDetailEnvelope',
    },
    async (req, { body }): Promise<{ message: string; data: BankDetailDto }> => {
      const accountId = randomUUID();
      await send(commands, req, { type: 'AddBankAccount', accountId, ...body });
      return { message: ACCOUNT_ADDED, data: { _id: accountId, ...body } };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/payments/accounts/upi',
      access: 'player',
      tag: 'Payments',
      created: true,
      summary: 'Save a UPI id to withdraw to',
      body: UpiBody,
      answer: 'UpiDetailEnvelope',
    },
    async (req, { body }): Promise<{ message: string; data: UpiDetailDto }> => {
      const accountId = randomUUID();
      await send(commands, req, { type: 'AddUpiId', accountId, upiId: body.upiId });
      return { message: UPI_ADDED, data: { _id: accountId, upiId: body.upiId } };
    },
  );

  route(
    {
      method: 'DELETE',
      url: '/api/payments/accounts/:type/:id',
      access: 'player',
      tag: 'Payments',
      summary: 'Delete a saved bank account or UPI id',
      params: AccountParams,
      answer: 'Message',
    },
    async (req, { params: p }) => {
      if ((await savedAccountKind(sql, p.id, req.auth!.sub)) !== p.type)
        throw new HttpError(404, 'Saved account not found', 'ACCOUNT_NOT_FOUND');
      await send(commands, req, { type: 'DeletePaymentAccount', accountId: p.id });
      return { message: p.type === 'bank' ? 'Bank account deleted' : 'UPI Id deleted' };
    },
  );
}
