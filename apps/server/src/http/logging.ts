/**
 * The pages and routes whose path carries a secret, by the part before it: a password reset
 * (its address and token), an email confirmation, an unsubscribe link (a signed token), on the
 * site as a mail's link opens it and under /api as the page or the mail client calls it.
 */
const SECRET_PATHS =
  /(\/(?:login\/reset|resetPassword)\/)[^/?]+\/[^/?]+|(\/(?:confirmEmail|unsubscribe)\/)[^/?]+/gi;
/** Query values that are secrets (an OpenID code, a token, an invitation's id) or an address. */
const SECRET_QUERY = /([?&](?:token|code|password|inviteId|email)=)[^&#]*/gi;
/** A quick look first: most URLs have none of these words, and skip both replacements. */
const MAYBE_SECRET = /reset|confirmEmail|unsubscribe|token|code|password|invite|email/i;

/** The URL as a log may hold it: every secret above masked (docs/decisions.md, logs). */
export function redactUrl(url: string): string {
  if (!MAYBE_SECRET.test(url)) return url;
  return url
    .replace(SECRET_PATHS, (_match, twoParts?: string, onePart?: string) =>
      twoParts ? `${twoParts}[redacted]/[redacted]` : `${onePart}[redacted]`,
    )
    .replace(SECRET_QUERY, '$1[redacted]');
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; host?: string; ip?: string }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
