import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/500.css';
import '@fontsource/montserrat/600.css';
import '@fontsource/montserrat/700.css';
import './styles/public-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { authStore } from './lib/auth/auth-store.ts';
import { chunkReloader } from './lib/chunk-reload/chunk-reload.ts';
import { installSessionExpiry } from './lib/guard/session-expiry.ts';
import { createQueryClient } from './lib/query/query-client.ts';
import { createAppRouter, preloadFirstPageCode } from './router.tsx';

chunkReloader.install();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
preloadFirstPageCode(router, queryClient, window.location.pathname, authStore.getState().loggedIn);
installSessionExpiry(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
