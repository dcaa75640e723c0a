import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { CLIENT_RENDER_SCRIPT_HASH } from './client-render-script';

/**
 * helmet's headers for our options, computed once: with no per-request nonces they are the
 * same for every response, so helmet runs at start instead of on every request.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export const CONTENT_SECURITY_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The one inline script: the page's choice between hydrating and drawing in the browser.
      scriptSrc: ["'self'", CLIENT_RENDER_SCRIPT_HASH],
      connectSrc: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Google Analytics' origins (Google's CSP guide for GA4): the page of an organisation that set a
 * `gaUid` may load gtag.js and send hits there, and nothing more (issue 15, point 23). The
 * browser loads the script only after the learner agrees.
 */
export const GOOGLE_ANALYTICS_SCRIPT_ORIGINS = ['https://*.googletagmanager.com'];
export const GOOGLE_ANALYTICS_CONNECT_ORIGINS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];

/** The page policy of an organisation with Google Analytics: CONTENT_SECURITY_POLICY plus GA. */
export function withGoogleAnalytics(options: HelmetOptions): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  if (!csp || csp === true || !csp.directives) return options;
  const directives = csp.directives as Record<string, string[] | null>;
  return {
    ...options,
    contentSecurityPolicy: {
      ...csp,
      directives: {
        ...directives,
        scriptSrc: [...(directives.scriptSrc ?? []), ...GOOGLE_ANALYTICS_SCRIPT_ORIGINS],
        connectSrc: [...(directives.connectSrc ?? []), ...GOOGLE_ANALYTICS_CONNECT_ORIGINS],
      },
    },
  };
}

/**
 * The headers of an answer without `Strict-Transport-Security`: HSTS goes out over https only.
 * Browsers ignore it over plain http (RFC 6797 §8.1), and sending it there promises an https
 * the site may not have (issue 24, point 8).
 */
export function withoutTransportSecurity(
  headers: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const { 'strict-transport-security': _hsts, ...rest } = headers;
  return rest;
}

/**
 * The headers of the API's JSON answers (OWASP REST Security Cheat Sheet): nothing in them is
 * rendered, framed or run, so the policy allows nothing, and the rest of helmet's set (meant for
 * pages) is left out. Half the headers: every API answer pays for each one.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The API's headers for an answer over plain http: no HSTS. */
export const API_SECURITY_HEADERS_HTTP = withoutTransportSecurity(API_SECURITY_HEADERS);

/**
 * Whether a request came over https: its own TLS socket, or the `X-Forwarded-Proto` of a proxy
 * trusted by TRUST_PROXY (Fastify's `request.protocol`); a client's own header counts for nothing.
 */
export const isHttps = (request: { protocol: string }) => request.protocol === 'https';
