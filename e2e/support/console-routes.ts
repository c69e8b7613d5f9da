/** Every route of the console, as its router declares them (apps/web/src/app/router.tsx), and one
 * it does not know: the browser tests that walk them all take them from here. */
export const CONSOLE_ROUTES = [
  '/',
  '/vendors',
  '/prices',
  '/review',
  '/benchmarks',
  '/discovery',
  '/crawl-targets',
  '/analytics',
  '/reports',
  '/alerts',
  '/notifications',
  '/settings',
  '/profile',
  '/debug',
  '/toaster-test',
  '/welcome-debug',
  '/unsubscribe',
  '/no-such-page',
] as const;
