// First: zod's settings before any schema is made (see zod-config.ts).
import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadRoute } from './app/routes';
import { redirectOAuthLanding } from './app/start/oauth-redirect';
import { loadCatalog, loadLaterMessages } from './app/i18n/messages';
import { readBootData, seedQueries } from './lib/boot-data';
import { readStored, STORAGE_KEYS } from './lib/storage';
import './styles/index.css';

// An OAuth landing outside /sso goes to /sso before anything reads the address (docs/product-spec.md §2).
redirectOAuthLanding();
// The screen's code loads while the organisation does, not after it.
preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// What the server put in the page for a visitor's first paint, instead of the first API calls.
const queryClient = createQueryClient();
const boot = readBootData();
seedQueries(queryClient, boot);
// The interface catalog of the locale the page will speak loads beside the screen's code.
loadCatalog(readStored(STORAGE_KEYS.locale) ?? boot?.locale ?? '').catch(() => {
  // The organisation gate tries again, and speaks en-US if that fails too.
});

// The rest of the interface messages, for the next screen, once the page has loaded.
window.addEventListener(
  'load',
  () => {
    loadLaterMessages().catch(() => {
      // The next screen asks again.
    });
  },
  { once: true },
);

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
