import { RouterProvider } from 'react-router';
import { Toaster } from '../components/toast/toaster.tsx';
import { AppErrorBoundary } from './routes/error-screen.tsx';
import { AppProvider } from './provider.tsx';
import type { createRouter } from './router.tsx';

/** The console around its router (created by main.tsx, so the first route's code loads while the
 * texts do). */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <AppErrorBoundary>
      <AppProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AppProvider>
    </AppErrorBoundary>
  );
}
