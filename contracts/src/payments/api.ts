import * as v from 'valibot';
import { PageQuery, intParam } from '../api/paging.js';
import { TransactionPassword } from '../api/passwords.js';
import { optionalRupees, rupees } from '../api/amount.js';
import { dateFilter } from '../api/dates.js';
import { idText, text } from '../api/text.js';
import { ACCOUNT_NUMBER, DEPOSIT_METHODS, IFSC, UPI_ID, utrProblem, type DepositMethod } from './formats.js';

/** SPEC.md sections 5 and 8, word for word (their spelling too). */
export const AMOUNT_REQUIRED = 'Amount is required';
export const FILL_THIS_FIELD = 'Fill this field.';
export const IMAGE_REQUIRED = 'Image is required field';
export const SELECT_PAYOUT = 'Select one option from bank details or Upi';
export const ACCOUNT_ADDED = 'Account successfully added.';
export const UPI_ADDED = 'UPI Id successfully added.';
export const NO_RECORDS = 'No records found';

/** A required rupee amount: left out or blank is SPEC.md's 'Amount is required', then parsed exactly to paise. */
const requiredAmount = v.pipe(
  v.optional(v.union([v.number(), v.string()], 'Amount must be a number'), ''),
  v.check((a) => a !== '' && !(typeof a === 'string' && a.trim() === ''), AMOUNT_REQUIRED),
  rupees('Amount'),
);

/** A text field SPEC.md's form answers with 'Fill this field.' when it is left empty. */
const filled = (field: string, max: number) =>
  v.pipe(v.optional(text(field, { max }), ''), v.nonEmpty(FILL_THIS_FIELD));

const remark = v.optional(text('Remark', { max: 200 }), '');

/** A file part of a multipart form, as the gateway hands it to the body schema. */
export interface UploadedFile {
  filename: string;
  bytes: Uint8Array;
}
const isUploadedFile = (x: unknown): x is UploadedFile =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as UploadedFile).filename === 'string' &&
  (x as UploadedFile).bytes instanceof Uint8Array;

/**
 * POST /api/payments/deposits, a multipart form (SPEC.md section 7): the fields as text and the
 * payment screenshot as the file part `imageUrl`. Its content is checked by the gateway (magic bytes).
 */
export const DepositForm = v.pipe(
  v.strictObject({
    amount: requiredAmount,
    accountType: v.optional(v.picklist(DEPOSIT_METHODS, 'Choose UPI Payment or Account Transfer'), 'upi'),
    utrno: filled('UTR number', 40),
    remark,
    imageUrl: v.optional(v.custom<UploadedFile>(isUploadedFile, IMAGE_REQUIRED)),
  }),
  // Object-level: a missing optional key never reaches its own pipe.
  v.check((form) => form.imageUrl !== undefined, IMAGE_REQUIRED),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = utrProblem(dataset.value.accountType, dataset.value.utrno);
    if (problem) addIssue({ message: problem });
  }),
);
export type DepositForm = v.InferOutput<typeof DepositForm>;

/** POST /api/payments/withdrawals (JSON): the amount and the chosen saved bank account or UPI id. */
export const WithdrawBody = v.strictObject({
  amount: requiredAmount,
  bankDetail: v.pipe(v.optional(text('bankDetail', { max: 100 }), ''), v.nonEmpty(SELECT_PAYOUT)),
  accountType: v.optional(v.picklist(['bank', 'upi'], 'accountType must be bank or upi')),
  remark,
});

const ifsc = v.pipe(
  text('IFSC Code', { min: 1, max: 11 }),
  v.toUpperCase(),
  v.regex(IFSC, 'IFSC Code must be 4 letters, 0, then 6 letters or digits (e.g. SBIN0001234)'),
);
const accountNumber = v.pipe(
  text('Account Number', { min: 1, max: 18 }),
  v.regex(ACCOUNT_NUMBER, 'Account Number must be 9 to 18 digits'),
);
const upiId = v.pipe(text('UPI Id', { min: 1, max: 100 }), v.regex(UPI_ID, 'UPI Id must look like name@bank'));

export const BankAccountBody = v.strictObject({
  accountHolderName: text('Account Holder Name', { min: 1, max: 100 }),
  accountNumber,
  ifscCode: ifsc,
});

export const UpiBody = v.strictObject({ upiId });

/** Blank is "not offered": stored as null. */
const optionalField = <S extends v.GenericSchema<string, string>>(schema: S) =>
  v.pipe(
    v.optional(v.nullable(v.string('must be text')), null),
    v.transform((s) => (s === null || s.trim() === '' ? null : s)),
    v.nullable(schema),
  );

/** PUT /api/admin/payment-method: what this upline's downline pays deposits to. Each group is all or nothing. */
export const PaymentMethodBody = v.pipe(
  v.strictObject({
    upiId: optionalField(upiId),
    upiName: optionalField(text('UPI Name', { min: 1, max: 50 })),
    accountHolderName: optionalField(text('Account Holder Name', { min: 1, max: 100 })),
    accountNumber: optionalField(accountNumber),
    ifscCode: optionalField(ifsc),
    transactionPassword: TransactionPassword,
  }),
  v.check((b) => (b.upiId === null) === (b.upiName === null), 'Give both the UPI Id and the UPI Name, or neither'),
  v.check(
    (b) =>
      [b.accountHolderName, b.accountNumber, b.ifscCode].every((x) => x === null) ||
      [b.accountHolderName, b.accountNumber, b.ifscCode].every((x) => x !== null),
    'Give the account holder name, account number and IFSC Code together, or none of them',
  ),
  v.check((b) => b.upiId !== null || b.accountNumber !== null, 'Give a UPI Id or a bank account'),
);

export const ApproveBody = v.strictObject({
  transactionPassword: TransactionPassword,
  /** The wallet that pays a deposit or receives a withdrawal: the approver's own by default. */
  walletUserId: v.optional(idText('walletUserId')),
  remark,
});

export const RejectBody = v.strictObject({
  transactionPassword: TransactionPassword,
  remark: text('Remark', { min: 1, max: 200 }),
});

/** PUT /api/admin/approval-limits: the second level; an amount left empty means one approval is enough. */
export const ApprovalLimitsBody = v.strictObject({
  depositAbove: optionalRupees('Deposit limit'),
  withdrawalAbove: optionalRupees('Withdrawal limit'),
  transactionPassword: TransactionPassword,
});

export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentType = 'deposit' | 'withdraw';

/** GET /api/transactions/deposit-history/{userId} and withdrawal-history (SPEC.md section 7): 15 a page. */
export const HistoryQuery = v.object({
  from: dateFilter('from'),
  to: dateFilter('to'),
  /** SPEC.md's clients send it; a status narrows the list, anything else is ignored. */
  reportType: v.optional(text('reportType', { max: 50 })),
  page: PageQuery.page,
  limit: intParam('limit', 15, 100),
});

/** The back office's request lists: pending first, then newest. */
export const PaymentRequestsQuery = v.object({
  type: v.picklist(['deposit', 'withdraw'], 'type must be deposit or withdraw'),
  status: v.optional(v.picklist(['all', ...PAYMENT_STATUSES], 'Unknown status'), 'all'),
  from: dateFilter('from'),
  to: dateFilter('to'),
  user: v.optional(text('user', { max: 50 })),
  ...PageQuery,
});

export interface PaymentMethodDto {
  upiId: string | null;
  upiName: string | null;
  accountHolderName: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
}

/** What a player pays deposits to: the nearest upline's payment method. */
export interface PayeeDto extends PaymentMethodDto {
  payee: string;
}

export interface BankDetailDto {
  _id: string;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
}

export interface UpiDetailDto {
  _id: string;
  upiId: string;
}

/** SPEC.md section 7: data.data with the bank and UPI lists. */
export interface SavedAccountsDto {
  data: { bank: BankDetailDto[]; upi: UpiDetailDto[] };
}

/** SPEC.md section 3's transaction history row (amount in rupees). */
export interface TransactionHistoryRow {
  _id: string;
  type: PaymentType;
  amount: number;
  createdAt: string;
  status: PaymentStatus;
  remark: string;
  accountType: DepositMethod;
}

/** A request as the back office lists it (amounts in rupees). */
export interface PaymentRequestDto extends TransactionHistoryRow {
  user: { _id: string; username: string };
  utrno: string | null;
  /** Deposits: the screenshot is at GET /api/payments/requests/{_id}/screenshot. */
  hasScreenshot: boolean;
  /** Deposits: whose payment method the player paid to. */
  payee: string | null;
  /** Withdrawals: where to pay. */
  bankDetail: { accountHolderName: string; accountNumber: string; ifscCode: string } | { upiId: string } | null;
  decidedAt: string | null;
  decidedBy: string | null;
  /** Second level: a pending request an upline approved first, waiting for the admin. */
  endorsement: { by: string; at: string; remark: string } | null;
  /** Approved: the wallet that paid the deposit or received the withdrawal. */
  wallet: string | null;
}

/** The second level that applies to the caller's downline: amounts in rupees, null when one approval is enough. */
export interface ApprovalLimitsDto {
  depositAbove: number | null;
  withdrawalAbove: number | null;
  /** The top admin who sets them; only it may change them. */
  setBy: string;
  canSet: boolean;
}

export interface PendingCounts {
  deposit: number;
  withdraw: number;
}
