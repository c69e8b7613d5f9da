import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/toast/toaster.tsx';
import { AppErrorBoundary } from './routes/error-screen.tsx';
import { AppProvider } from './provider.tsx';
import { createRouter } from './router.tsx';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppErrorBoundary>
      <AppProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AppProvider>
    </AppErrorBoundary>
  );
}
