import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
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

describe.each(DATABASE_KINDS)('Strict-Transport-Security on %s', (kind) => {
  describe('served over plain http (no proxy trusted)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { PUBLIC_ORIGIN: 'https://portal.example.com' });
      await mustImport(t.database.db, makePack('doughmain'));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is never sent over http, whatever a client’s X-Forwarded-Proto says', async () => {
      for (const url of ['/api/org/doughmain', '/healthz', '/api/org/%E0%A4%A', '/nope']) {
        for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
          const res = await t.app.inject({ url, headers });
          expect(res.headers['strict-transport-security'], url).toBeUndefined();
          expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        }
      }
    });
  });

  describe('by what the answer is', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
      await mustImport(t.database.db, makePack('doughmain'));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('gives data (the API, the probes, /metrics) the API’s short set, and a page its CSP', async () => {
      for (const url of ['/api/org/doughmain', '/healthz', '/readyz', '/metrics', '/healthz?x=1']) {
        const res = await t.app.inject({ url });
        expect(res.headers['content-security-policy'], url).toBe(
          API_SECURITY_HEADERS['content-security-policy'],
        );
        expect(res.headers['x-frame-options'], url).toBe('DENY');
      }
      for (const url of ['/', '/topics', '/healthzz', '/metrics-page']) {
        const res = await t.app.inject({ url });
        expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      }
    });
  });

  describe('behind a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
      await mustImport(t.database.db, makePack('doughmain'));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is sent on the answers to https requests only', async () => {
      for (const url of ['/api/org/doughmain', '/healthz', '/nope']) {
        const https = await t.app.inject({
          url,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(String(https.headers['strict-transport-security']), url).toMatch(/^max-age=\d+/);
        const http = await t.app.inject({
          url,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-proto': 'http' },
        });
        expect(http.headers['strict-transport-security'], url).toBeUndefined();
      }
    });
  });
});
