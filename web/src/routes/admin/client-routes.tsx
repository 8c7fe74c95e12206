import { createRoute } from '@tanstack/react-router';
import { comingPage } from '../coming-page';
import { adminLayoutRoute } from './admin-layout-route';

/** Managing the downline (SPEC.md section 2). */
export const adminClientRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/list-clients',
    component: comingPage('Client list', 'Your downline accounts with balance, exposure, credit and actions.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/list-clients/$username',
    component: comingPage('Client list', "The downline of one account, one level below it."),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/add-user',
    component: comingPage('Add user', 'Create an account one level below yours with its credit and exposure limit.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/add-user/$username',
    component: comingPage('Edit user', "Change an account's details, credit reference and exposure limit."),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/user-transactions/$userId',
    component: comingPage('User transactions', 'Deposits and withdrawals of one account.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/multi-login',
    component: comingPage('Multi login', 'Staff logins with their own privileges and password.'),
  }),
] as const;
