import './mantine-styles/first-screens.ts';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { CurrentUser } from '../domain/user.ts';
import { setUnauthenticatedHandler } from './api/client.ts';
import { settleOwedSignOut } from './api/station-session.ts';
import { prefetchCurrentUser, userKeys } from './api/user.ts';
import { startOutbox } from './outbox/outbox.ts';
import { createAppRouter } from './routes.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
// A session that ended on the server (idle timeout, password changed) sends the user to sign in.
setUnauthenticatedHandler(() => queryClient.setQueryData(userKeys.current, null));
prefetchCurrentUser(queryClient);
// After the user's request, which the work route's prefetch waits on.
const router = createAppRouter(queryClient);
// Presses kept offline are sent as the page opens and whenever the network returns.
startOutbox(() => queryClient.getQueryData<CurrentUser | null>(userKeys.current)?.employee_id ?? null);
void settleOwedSignOut();
window.addEventListener('online', () => void settleOwedSignOut());

// The service worker keeps the work screen openable without a network; it exists only in a build.
// Registered a while after the page has loaded, not at once: installing it downloads this build's
// files for its precache and takes over the page's requests, which on a tablet's first visit would
// compete with the first screen's own scripts, requests and drawing.
const SERVICE_WORKER_DELAY_MS = 5_000;
function registerServiceWorker(): void {
  // Without a network, or when the server cannot be reached: again when the network is back, or at the next load.
  const later = () => window.addEventListener('online', registerServiceWorker, { once: true });
  if (!navigator.onLine) return later();
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(later);
}
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => setTimeout(registerServiceWorker, SERVICE_WORKER_DELAY_MS));
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
