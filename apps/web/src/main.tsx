// First: zod's settings before any schema is made (see zod-config.ts).
import './zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadRoute } from './app/routes';
import { ReplayEarlyClicks, takeEarlyClicks } from './app/start/early-clicks';
import { redirectOAuthLanding } from './app/start/oauth-redirect';
import { loadCatalog, loadLaterMessages } from './app/i18n/messages';
import { readBootData, seedQueries } from './lib/boot-data';
import { readStored, STORAGE_KEYS } from './lib/storage';
import './styles/index.css';

// An OAuth landing outside /sso goes to /sso before anything reads the address (docs/product-spec.md §2).
redirectOAuthLanding();
// The screen's code loads while the organisation does, not after it.
const screenCode = preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// What the server put in the page for a visitor's first paint, instead of the first API calls.
const queryClient = createQueryClient();
const boot = readBootData();
seedQueries(queryClient, boot);
// The interface catalog of the locale the page will speak loads beside the screen's code.
const catalog = loadCatalog(readStored(STORAGE_KEYS.locale) ?? boot?.locale ?? '');
catalog.catch(() => {
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

/** Resolves in a task of its own, after the browser's pending work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The first use of `Intl` in a page loads its locale data: done here, not within a render. */
function loadLocaleData(locale: string) {
  try {
    Intl.NumberFormat.supportedLocalesOf(locale);
    Intl.DateTimeFormat.supportedLocalesOf(locale);
  } catch {
    // Not a locale tag: react-intl says so and falls back when the page renders.
  }
}

/**
 * Hydrates the page the server drew, each step in a task of its own so that the browser answers
 * a tap between them (Lighthouse's blocking time on a phone, issue 14): the modules' evaluation,
 * the number and date formats' locale data (react-intl reads them first: some 15 ms on a
 * laptop), then the page, as a transition: hydration yields to the browser every few
 * milliseconds instead of holding the main thread for the whole page.
 */
async function hydrateDrawnPage(root: HTMLElement, isPhone: boolean) {
  await Promise.allSettled([screenCode, catalog]);
  await nextTask();
  loadLocaleData(boot?.locale ?? document.documentElement.lang);
  await nextTask();
  startTransition(() => {
    // Clicks made before now are clicked again once hydrated; React answers those after.
    const earlyClicks = takeEarlyClicks();
    hydrateRoot(
      root,
      <StrictMode>
        <App
          queryClient={queryClient}
          page={{ origin: window.location.origin, isPhone, isDrawnOnServer: true }}
        />
        <ReplayEarlyClicks clicks={earlyClicks} />
      </StrictMode>,
    );
  });
}

/**
 * A page the server drew for a visitor (apps/server/src/routes/web-render.ts) hydrates once the
 * screen's code and catalog are here, so the first render in the browser matches its markup.
 * A signed-in learner's browser, or one with its own language or answers, has set
 * `data-client-render` (the page's inline script): its page is drawn here instead, over the
 * visitor's markup, which stays hidden meanwhile (the page's inline style).
 */
const drawnFor = container.dataset.ssr;
if (drawnFor && !document.documentElement.hasAttribute('data-client-render')) {
  void hydrateDrawnPage(container, drawnFor === 'phone');
} else {
  if (drawnFor) {
    container.replaceChildren();
    delete container.dataset.ssr;
  }
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
