import { createRoute } from '@tanstack/react-router';
import { comingPage } from '../coming-page';
import { playerLayoutRoute } from './player-layout-route';

/** Deposits and withdrawals by UPI or bank transfer (SPEC.md section 2). */
export const paymentRoutes = [
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/deposit',
    component: comingPage('Deposit', 'Add chips by UPI or bank transfer with the UTR number and a payment screenshot.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/withdraw',
    component: comingPage('Withdraw', 'Withdraw to a saved bank account or UPI id.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/depositstatement',
    component: comingPage('Deposit statement', 'Your deposit requests and their status.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/withdrawstatement',
    component: comingPage('Withdraw statement', 'Your withdrawal requests and their status.'),
  }),
] as const;
