import { createRoute } from '@tanstack/react-router';
import { DepositPage } from '../../payments/DepositPage';
import { paymentStatementSearch } from '../../payments/payment-statement-search';
import { PaymentStatementPage } from '../../payments/PaymentStatementPage';
import { WithdrawPage } from '../../payments/WithdrawPage';
import { playerLayoutRoute } from './player-layout-route';

/** Deposits and withdrawals by UPI or bank transfer (SPEC.md section 2). */
export const paymentRoutes = [
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/deposit',
    component: DepositPage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/withdraw',
    component: WithdrawPage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/depositstatement',
    validateSearch: paymentStatementSearch,
    component: () => <PaymentStatementPage type="deposit" />,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/withdrawstatement',
    validateSearch: paymentStatementSearch,
    component: () => <PaymentStatementPage type="withdraw" />,
  }),
] as const;
