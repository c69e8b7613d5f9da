import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { loadCatalogues } from '../i18n/catalogue.ts';
import { languageStore } from '../i18n/language-store.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { useMe } from '../lib/get-me.ts';
import type { ScreenProps } from '../lib/screen-props.ts';
import { RequireAuth, RequireGuest } from './auth-guards.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';

/** Loads a screen module on first visit and hands it the signed-in role. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType<ScreenProps>>>, name: K) {
  return async () => {
    const Screen: ComponentType<ScreenProps> = (await load())[name];
    function ScreenRoute() {
      const me = useMe();
      return <Screen role={me.data?.role ?? 'viewer'} />;
    }
    return { Component: ScreenRoute };
  };
}

/** Every route of the console; screens load on first visit, so each adds nothing to the start.
 * The signed-in layout (header, side navigation, user menu) loads with the first screen, in
 * parallel with it, and with the texts of the signed-in screens: /login needs only the shell,
 * the texts shown before sign-in and its form. The side navigation
 * (layout/nav-items.ts) lists the main ones. */
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
          // Signed in or not: the page an alert email's unsubscribe link opens.
          element: <PublicLayout />,
          children: [
            {
              path: '/unsubscribe',
              lazy: async () => ({
                Component: (await import('../features/unsubscribe/components/unsubscribe-page.tsx'))
                  .UnsubscribePage,
              }),
            },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              // The texts of the signed-in screens come with their layout, in the active language
              // (a language switch later brings the other's: i18n/language-store.ts).
              lazy: async () => {
                const [{ AppShell }] = await Promise.all([
                  import('./layout/app-shell.tsx'),
                  loadCatalogues(languageStore.get(), ['signed-in']),
                ]);
                return { Component: AppShell };
              },
              children: [
                {
                  index: true,
                  lazy: screen(
                    () => import('../features/dashboard/components/dashboard-page.tsx'),
                    'DashboardPage',
                  ),
                },
                {
                  path: '/vendors',
                  lazy: screen(
                    () => import('../features/vendors/components/vendors-page.tsx'),
                    'VendorsPage',
                  ),
                },
                {
                  path: '/prices',
                  lazy: screen(() => import('../features/prices/components/prices-page.tsx'), 'PricesPage'),
                },
                {
                  path: '/review',
                  lazy: screen(() => import('../features/review/components/review-page.tsx'), 'ReviewPage'),
                },
                {
                  path: '/benchmarks',
                  lazy: screen(
                    () => import('../features/benchmarks/components/benchmarks-page.tsx'),
                    'BenchmarksPage',
                  ),
                },
                {
                  path: '/discovery',
                  lazy: screen(
                    () => import('../features/discovery/components/discovery-page.tsx'),
                    'DiscoveryPage',
                  ),
                },
                {
                  path: '/crawl-targets',
                  lazy: screen(
                    () => import('../features/crawl-targets/components/crawl-targets-page.tsx'),
                    'CrawlTargetsPage',
                  ),
                },
                {
                  path: '/analytics',
                  lazy: screen(
                    () => import('../features/analytics/components/analytics-page.tsx'),
                    'AnalyticsPage',
                  ),
                },
                {
                  path: '/reports',
                  lazy: screen(
                    () => import('../features/reports/components/reports-page.tsx'),
                    'ReportsPage',
                  ),
                },
                {
                  path: '/alerts',
                  lazy: screen(() => import('../features/alerts/components/alerts-page.tsx'), 'AlertsPage'),
                },
                {
                  path: '/notifications',
                  lazy: screen(
                    () => import('../features/alerts/components/notifications-page.tsx'),
                    'NotificationsPage',
                  ),
                },
                {
                  path: '/settings',
                  lazy: screen(
                    () => import('../features/settings/components/settings-page.tsx'),
                    'SettingsPage',
                  ),
                },
                {
                  path: '/profile',
                  lazy: screen(
                    () => import('../features/profile/components/profile-page.tsx'),
                    'ProfilePage',
                  ),
                },
                {
                  path: '/debug',
                  lazy: screen(
                    () => import('../features/debug/components/api-debug-page.tsx'),
                    'ApiDebugPage',
                  ),
                },
                {
                  path: '/toaster-test',
                  lazy: screen(
                    () => import('../features/debug/components/toaster-test-page.tsx'),
                    'ToasterTestPage',
                  ),
                },
                {
                  path: '/welcome-debug',
                  lazy: screen(
                    () => import('../features/debug/components/welcome-debug-page.tsx'),
                    'WelcomeDebugPage',
                  ),
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
