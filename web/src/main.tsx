import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { installApiHooks } from './api/client';
import { loginPathFor } from './auth/auth-context';
import { validateStoredSessions } from './api/validate-sessions';
import { router } from './router';
import { CheckingAuth } from './ui/CheckingAuth';
import { showErrorToast } from './ui/toasts';
import './styles/base.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/accounts.css';
import './styles/exchange.css';
import './styles/payments.css';

const root = createRoot(document.getElementById('root')!);
root.render(<CheckingAuth />);

// Before any page renders; what it clears, the route guards then redirect from.
const { maintenance } = await validateStoredSessions();
if (maintenance) router.history.replace('/maintenance');

installApiHooks({
  onSessionLost: (ctx) => void router.navigate({ to: loginPathFor(ctx), replace: true }),
  onMaintenance: () => void router.navigate({ to: '/maintenance', replace: true }),
  onPasswordChangeRequired: (ctx) =>
    void router.navigate({ to: '/first-time-password-change', search: { ctx }, replace: true }),
  onError: showErrorToast,
});

// SPEC.md section 2: every route change scrolls to the top.
router.subscribe('onResolved', ({ pathChanged }) => {
  if (pathChanged) window.scrollTo(0, 0);
});

const queryClient = new QueryClient();

root.render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
