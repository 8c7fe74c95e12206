/** JSON Schemas of the payment shapes (contracts/src/payments/api.ts), for the OpenAPI description. */

type Schema = Record<string, unknown>;

const str: Schema = { type: 'string' };
const maybe: Schema = { type: 'string', nullable: true };
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const object = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
});
const envelope = (name: string, nullable = false): Schema =>
  object({ message: str, data: nullable ? { ...ref(name), nullable: true } : ref(name) }, ['data']);

const METHOD = object({
  upiId: maybe,
  upiName: maybe,
  accountHolderName: maybe,
  accountNumber: maybe,
  ifscCode: maybe,
});
const BANK = object({ _id: str, accountHolderName: str, accountNumber: str, ifscCode: str });
const HISTORY_ROW = object({
  _id: str,
  type: { type: 'string', enum: ['deposit', 'withdraw'] },
  amount: { type: 'number', description: 'Rupees' },
  createdAt: { type: 'string', format: 'date-time' },
  status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
  remark: str,
  accountType: { type: 'string', enum: ['upi', 'bank'] },
});

export const PAYMENT_SCHEMAS: Record<string, Schema> = {
  PaymentMethod: METHOD,
  PaymentMethodEnvelope: envelope('PaymentMethod', true),
  Payee: {
    ...METHOD,
    properties: { ...(METHOD.properties as Schema), payee: { ...str, description: 'The upline whose method it is' } },
    required: [...(METHOD.required as string[]), 'payee'],
  },
  PayeeEnvelope: object({ data: { ...ref('Payee'), nullable: true } }),
  BankDetail: BANK,
  BankDetailEnvelope: envelope('BankDetail'),
  UpiDetail: object({ _id: str, upiId: str }),
  UpiDetailEnvelope: envelope('UpiDetail'),
  SavedAccounts: object({
    data: object({
      bank: { type: 'array', items: ref('BankDetail') },
      upi: { type: 'array', items: ref('UpiDetail') },
    }),
  }),
  PaymentHistoryRow: HISTORY_ROW,
  PaymentHistoryPage: object({
    data: { type: 'array', items: ref('PaymentHistoryRow') },
    pagination: ref('Pagination'),
  }),
  PaymentRequest: {
    ...HISTORY_ROW,
    properties: {
      ...(HISTORY_ROW.properties as Schema),
      user: object({ _id: str, username: str }),
      utrno: maybe,
      hasScreenshot: { type: 'boolean' },
      payee: maybe,
      bankDetail: {
        type: 'object',
        nullable: true,
        description: '{accountHolderName, accountNumber, ifscCode} or {upiId}',
      },
      decidedAt: { type: 'string', format: 'date-time', nullable: true },
      decidedBy: maybe,
      wallet: { ...maybe, description: 'The wallet that paid the deposit or received the withdrawal' },
      endorsement: {
        ...object({ by: str, at: { type: 'string', format: 'date-time' }, remark: str }),
        nullable: true,
        description: 'Second level: the first approval of a request waiting for the admin',
      },
    },
    required: [
      ...(HISTORY_ROW.required as string[]),
      'user',
      'utrno',
      'hasScreenshot',
      'payee',
      'bankDetail',
      'decidedAt',
      'decidedBy',
      'endorsement',
      'wallet',
    ],
  },
  PaymentRequestEnvelope: envelope('PaymentRequest'),
  PaymentRequestPage: object({ data: { type: 'array', items: ref('PaymentRequest') }, pagination: ref('Pagination') }),
  PendingCounts: object({ deposit: { type: 'integer' }, withdraw: { type: 'integer' } }),
  ApprovalLimits: object({
    depositAbove: { type: 'number', nullable: true },
    withdrawalAbove: { type: 'number', nullable: true },
    setBy: str,
    canSet: { type: 'boolean' },
  }),
  ApprovalLimitsEnvelope: envelope('ApprovalLimits'),
};
