import { createRoute } from '@tanstack/react-router';
import { PaymentMethodPage } from '../../payments/PaymentMethodPage';
import { PaymentRequestsPage } from '../../payments/PaymentRequestsPage';
import { adminLayoutRoute } from './admin-layout-route';
import { RequirePrivilege } from './RequirePrivilege';

/** Deposit and withdrawal requests of the downline, and the payment method it pays to (SPEC.md section 2). */
export const adminPaymentRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/depositstatement',
    component: () => (
      <RequirePrivilege privilege="payment-requests">
        <PaymentRequestsPage key="deposit" type="deposit" title="Deposit statement" />
      </RequirePrivilege>
    ),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/withdrawstatement',
    component: () => (
      <RequirePrivilege privilege="payment-requests">
        <PaymentRequestsPage key="withdraw" type="withdraw" title="Withdraw statement" />
      </RequirePrivilege>
    ),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/withdrawal-requests',
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
