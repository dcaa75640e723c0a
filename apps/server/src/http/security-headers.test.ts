import { describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, CONTENT_SECURITY_POLICY, securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('are helmet’s headers for our policy', () => {
    const headers = securityHeaders(CONTENT_SECURITY_POLICY);
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('for the API, allow nothing to be rendered, framed or sniffed', () => {
    expect(API_SECURITY_HEADERS['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(API_SECURITY_HEADERS['x-content-type-options']).toBe('nosniff');
    expect(API_SECURITY_HEADERS['x-frame-options']).toBe('DENY');
  });
});
