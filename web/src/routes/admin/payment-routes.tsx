import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './admin-layout-route';
import { RequirePrivilege } from './RequirePrivilege';
import { paymentRequestsSearch } from '../../payments/payment-requests-search';
import { lazyPage } from './lazy-page';
const PaymentRequestsPage = lazyPage(() => import('../../payments/PaymentRequestsPage'), 'PaymentRequestsPage');
const PaymentMethodPage = lazyPage(() => import('../../payments/PaymentMethodPage'), 'PaymentMethodPage');

/** Deposit and withdrawal requests of the downline, and the payment method it pays to (SPEC.md section 2). */
export const adminPaymentRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/depositstatement',
    validateSearch: paymentRequestsSearch,
    component: () => (
      <RequirePrivilege privilege="payment-requests">
        <PaymentRequestsPage key="deposit" type="deposit" title="Deposit statement" />
      </RequirePrivilege>
    ),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/withdrawstatement',
    validateSearch: paymentRequestsSearch,
    component: () => (
      <RequirePrivilege privilege="payment-requests">
        <PaymentRequestsPage key="withdraw" type="withdraw" title="Withdraw statement" />
      </RequirePrivilege>
    ),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/withdrawal-requests',
    validateSearch: paymentRequestsSearch,
    component: () => (
      <RequirePrivilege privilege="payment-requests">
        <PaymentRequestsPage key="requests" type="withdraw" title="Withdrawal requests" initialStatus="pending" />
      </RequirePrivilege>
    ),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/payment-method',
    component: () => (
      <RequirePrivilege privilege="payment-method">
        <PaymentMethodPage />
      </RequirePrivilege>
    ),
  }),
] as const;
