/**
 * Google Analytics 4 (gtag.js) for an organisation that set a `gaUid`, loaded only once the
 * learner agreed (lib/analytics/consent.ts). The server's content security policy allows
 * Google's origins on that organisation's pages only. Page views are sent by the app on each
 * route change, so the automatic one is off.
 */
type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';

let loadedId: string | null = null;

export function loadGoogleAnalytics(gaUid: string): void {
  if (loadedId === gaUid) return;
  loadedId = gaUid;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the `arguments` objects it is given, as Google's snippet pushes them.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', gaUid, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTAG_URL}?id=${encodeURIComponent(gaUid)}`;
  document.head.appendChild(script);
}

/** One page view of the single-page app. */
export function sendGooglePageView(path: string): void {
  window.gtag?.('event', 'page_view', {
    page_location: `${window.location.origin}${path}`,
    page_path: path,
  });
}
