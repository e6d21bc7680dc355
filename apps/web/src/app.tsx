import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { createAppRouter } from './router.tsx';
import { theme } from './theme.ts';
import { contrastResolver } from './theme-contrast.ts';

// Toasts are rare: their container (transitions, portal) loads with the first one shown, not with every
// page. The store is separate and small, so `notifications.show()` works before it has loaded.
const ToastContainer = lazy(() =>
  import('./components/feedback/toast-container.tsx').then((module) => ({ default: module.ToastContainer })),
);

function Toasts() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (notifications.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}

export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={contrastResolver}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
