import { createBrowserRouter } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { RequireAuth, RequireGuest } from './auth-guards.tsx';
import { AppShell } from './layout/app-shell.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';

/** Every route of the console; screens load on first visit, so each adds nothing to the start.
 * The side navigation (layout/nav-items.ts) lists the main ones. */
export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: (
        <div className="route-loading">
          <Spinner size={28} />
        </div>
      ),
      children: [
        {
          element: <RequireGuest />,
          children: [
            {
              element: <PublicLayout />,
              children: [
                {
                  path: '/login',
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/login-page.tsx')).LoginPage,
                  }),
                },
              ],
            },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <AppShell />,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/components/dashboard-page.tsx'))
                      .DashboardPage,
                  }),
                },
                {
                  path: '/vendors',
                  lazy: async () => {
                    const { VendorsPage } = await import('../features/vendors/components/vendors-page.tsx');
                    // Viewers only read: the page hides its write actions for them.
                    function VendorsRoute() {
                      const me = useMe();
                      return <VendorsPage canManage={me.data?.role !== 'viewer'} />;
                    }
                    return { Component: VendorsRoute };
                  },
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
