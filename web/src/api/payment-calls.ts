import type {
  ApprovalLimitsDto,
  BankDetailDto,
  Paged,
  PayeeDto,
  PaymentMethodDto,
  PaymentRequestDto,
  PaymentStatus,
  PaymentType,
  PendingCounts,
  SavedAccountsDto,
  TransactionHistoryRow,
  UpiDetailDto,
} from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { apiRequest, queryString } from './client';

/**
 * The payment calls of the gateway (services/gateway/src/payments). Amounts go out as typed; the
 * forms show the server's message themselves, so mutations do not toast on their own.
 */

interface Answer<T> {
  message: string;
  data: T;
}

// The player's side

export const fetchPayee = (): Promise<{ data: PayeeDto | null }> => apiRequest('/payments/payee', { auth: 'user' });

/** The deposit form as multipart: amount, accountType, utrno, remark and the screenshot file (imageUrl). */
export const requestDeposit = (form: FormData, idempotencyKey: string): Promise<Answer<TransactionHistoryRow>> =>
  apiRequest('/payments/deposits', { method: 'POST', body: form, auth: 'user', toast: false, idempotencyKey });

export const requestWithdrawal = (
  body: { amount: string; bankDetail: string; accountType: 'bank' | 'upi' | undefined },
  idempotencyKey: string,
): Promise<Answer<TransactionHistoryRow>> =>
  apiRequest('/payments/withdrawals', { method: 'POST', body, auth: 'user', toast: false, idempotencyKey });

export const fetchSavedAccounts = (): Promise<SavedAccountsDto> => apiRequest('/payments/accounts', { auth: 'user' });

export const addBankAccount = (body: {
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
}): Promise<Answer<BankDetailDto>> =>
  apiRequest('/payments/accounts/bank', { method: 'POST', body, auth: 'user', toast: false });

export const addUpiId = (body: { upiId: string }): Promise<Answer<UpiDetailDto>> =>
  apiRequest('/payments/accounts/upi', { method: 'POST', body, auth: 'user', toast: false });

export const deleteSavedAccount = (type: 'bank' | 'upi', id: string): Promise<{ message: string }> =>
  apiRequest(`/payments/accounts/${type}/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'user' });

export interface HistoryParams {
  from: string;
  to: string;
  page: number;
}

/** SPEC.md section 7: 15 a page. */
export const fetchPaymentHistory = (
  type: PaymentType,
  userId: string,
  p: HistoryParams,
): Promise<Paged<TransactionHistoryRow>> =>
  apiRequest(
    `/transactions/${type === 'deposit' ? 'deposit' : 'withdrawal'}-history/${encodeURIComponent(userId)}${queryString({ ...p, limit: 15 })}`,
    { auth: 'user' },
  );

// The back office

export interface RequestListParams {
  type: PaymentType;
  status: PaymentStatus | 'all';
  from: string;
  to: string;
  user: string;
  page: number;
  limit: number;
}

export const fetchPaymentRequests = (p: RequestListParams): Promise<Paged<PaymentRequestDto>> =>
  apiRequest(`/admin/payment-requests${queryString({ ...p })}`, { auth: 'admin' });

export const fetchPendingCounts = (): Promise<PendingCounts> =>
  apiRequest('/admin/payment-requests/pending', { auth: 'admin', toast: false });

export const decideRequest = (
  id: string,
  decision: 'approve' | 'reject',
  body: { transactionPassword: string; remark: string; walletUserId?: string },
): Promise<Answer<PaymentRequestDto>> =>
  apiRequest(`/admin/payment-requests/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    body,
    auth: 'admin',
    toast: false,
  });

/** A request's screenshot, fetched with the login's token (an <img> could not send it). */
export const fetchScreenshot = (ctx: AuthContextName, id: string): Promise<Blob> =>
  apiRequest(`/payments/requests/${encodeURIComponent(id)}/screenshot`, { auth: ctx, toast: false, blob: true });

export const fetchPaymentMethod = (): Promise<{ data: PaymentMethodDto | null }> =>
  apiRequest('/admin/payment-method', { auth: 'admin' });

export const savePaymentMethod = (
  body: Record<keyof PaymentMethodDto, string> & { transactionPassword: string },
): Promise<Answer<PaymentMethodDto>> =>
  apiRequest('/admin/payment-method', { method: 'PUT', body, auth: 'admin', toast: false });

export const fetchApprovalLimits = (): Promise<{ data: ApprovalLimitsDto }> =>
  apiRequest('/admin/approval-limits', { auth: 'admin' });

export const saveApprovalLimits = (body: {
  depositAbove: string;
  withdrawalAbove: string;
  transactionPassword: string;
}): Promise<Answer<ApprovalLimitsDto>> =>
  apiRequest('/admin/approval-limits', { method: 'PUT', body, auth: 'admin', toast: false });
