/** Path parts that carry a secret (reset tokens today) are masked before a URL is logged. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/login\/reset\/)[^/?]+\/[^/?]+/i, '$1[redacted]/[redacted]')
    .replace(/([?&](token|code|password)=)[^&]*/gi, '$1[redacted]');
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
