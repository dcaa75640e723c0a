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

/**
 * Google's documented switch (`window['ga-disable-<id>']`, "Turn off Google Analytics"): while
 * true, gtag.js sends nothing for that property.
 */
function setGoogleAnalyticsDisabled(gaUid: string, isDisabled: boolean): void {
  (window as unknown as Record<string, unknown>)[`ga-disable-${gaUid}`] = isDisabled;
}

export function loadGoogleAnalytics(gaUid: string): void {
  setGoogleAnalyticsDisabled(gaUid, false);
  if (loadedId === gaUid) {
    // Loaded earlier in this visit, then refused, now allowed again.
    window.gtag?.('consent', 'update', { analytics_storage: 'granted' });
    return;
  }
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

/** The cookies gtag.js sets: _ga, _ga_<container>, and the older _gid and _gat ones. */
const GOOGLE_ANALYTICS_COOKIE = /^(_ga|_ga_\w+|_gid|_gat\w*)$/;

/**
 * The learner withdrew consent (the footer's Cookie settings): from now on this page sends
 * Google nothing (no page view is asked for, gtag.js is switched off and told consent is
 * denied), and the analytics cookies it set are removed.
 */
export function stopGoogleAnalytics(gaUid: string): void {
  setGoogleAnalyticsDisabled(gaUid, true);
  window.gtag?.('consent', 'update', { analytics_storage: 'denied' });
  removeGoogleAnalyticsCookies();
}

/**
 * Expires every Google Analytics cookie this page can see, on this host and on each parent
 * domain (gtag.js sets them on the widest domain it may: `cookie_domain: 'auto'`).
 */
export function removeGoogleAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => GOOGLE_ANALYTICS_COOKIE.test(name));
  if (names.length === 0) return;
  const labels = window.location.hostname.split('.');
  const domains = ['', ...labels.map((_, index) => `; domain=${labels.slice(index).join('.')}`)];
  for (const name of names)
    for (const domain of domains)
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
}
