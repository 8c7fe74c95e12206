import { createRoute } from '@tanstack/react-router';
import { comingPage } from '../coming-page';
import { adminLayoutRoute } from './admin-layout-route';

/** Deposit and withdrawal requests of the downline (SPEC.md section 2). */
export const adminPaymentRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/depositstatement',
    component: comingPage('Deposit statement', 'Deposit requests of your downline to approve or reject.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/withdrawstatement',
    component: comingPage('Withdraw statement', 'Withdrawal requests of your downline and their status.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/withdrawal-requests',
    component: comingPage('Withdrawal requests', 'Pending withdrawals waiting for your decision.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/payment-method',
    component: comingPage('Payment method', 'The UPI id and bank account players deposit to.'),
  }),
] as const;
