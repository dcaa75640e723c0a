import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadRoute } from './app/routes';
import { redirectOAuthLanding } from './app/start/oauth-redirect';
import './styles/index.css';

// An OAuth landing outside /sso goes to /sso before anything reads the address (docs/product-spec.md §2).
redirectOAuthLanding();
// The screen's code loads while the organisation does, not after it.
preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
