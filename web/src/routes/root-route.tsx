import { Outlet, createRootRoute } from '@tanstack/react-router';
import { Toaster } from '../ui/Toaster';
import { NotFoundPage } from './public/NotFoundPage';

export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
