import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { errorBodySchema } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';

// Issue 16's fuzzer: these answered Fastify's own body ({error, code, message} with the URL in
// it) or plain text, not the error body of design §4.
describe('errors the router and static routes answer themselves', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  async function expectErrorBody(url: string, status: number, host?: string) {
    const res = await t.app.inject({ method: 'GET', url, ...(host && { headers: { host } }) });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = errorBodySchema.strict().parse(res.json());
    expect(body.errors).toHaveLength(1);
    expect(res.body).not.toContain('FST_');
    return body;
  }

  it('a path parameter over 400 characters is a 414 with the error body, not the URL', async () => {
    const long = 'x'.repeat(401);
    const body = await expectErrorBody(`/api/org/${long}/topic/a`, 414);
    expect(JSON.stringify(body)).not.toContain(long);
    // Up to 400 the router takes it, and the route's schema bounds it.
    const shorter = 'x'.repeat(101);
    const refused = await expectErrorBody(`/api/org/${shorter}/topic/a`, 400);
    expect(refused.errfor).toEqual({ org: expect.any(String) });
  });

  it('a URL that cannot be decoded is a 400 with the error body and errfor', async () => {
    const body = await expectErrorBody('/api/org/%E0%A4%A/topic/a', 400);
    expect(body.errfor).toEqual({ url: 'is not a valid address' });
  });

  it('the sitemap of a host no organisation has is a 404 with the error body', async () => {
    await expectErrorBody('/sitemap.xml', 404, 'nobody.example');
  });
});

// Found when the fuzzer moved from `inject` to real HTTP: what Node's HTTP parser refuses (a
// request line or headers over 16 KiB, a malformed request) was answered with Fastify's own body,
// and the connection closed without `Connection: close`, so a keep-alive client sent its next
// request into a closing socket.
describe('requests the HTTP parser refuses', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  /** The raw answer to raw request bytes (the connection is closed by the server). */
  function exchange(raw: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(raw));
      let answer = '';
      socket.on('data', (chunk) => (answer += String(chunk)));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  async function expectClosingErrorBody(raw: string, status: number) {
    const answer = await exchange(raw);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head.toLowerCase()).toContain('\r\nconnection: close');
    expect(head.toLowerCase()).toContain('\r\ncontent-type: application/json; charset=utf-8');
    expect(head.toLowerCase()).toContain(`\r\ncontent-length: ${Buffer.byteLength(body)}`);
    const parsed = errorBodySchema.strict().parse(JSON.parse(body));
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]).toEqual({ 'en-US': expect.any(String), 'fr-CA': expect.any(String) });
  }

  it('a request line over 16 KiB is a 431 with the error body in both locales, and closes', async () => {
    await expectClosingErrorBody(
      `GET /api/org/alpha?q=${'y'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      431,
    );
  });

  it('a request Node cannot parse is a 400 with the error body in both locales, and closes', async () => {
    await expectClosingErrorBody(
      'GET /api/org/alpha HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n',
      400,
    );
  });

  // The server does not look for NUL characters in headers (http/nul-bytes.ts): Node's parser
  // refuses them, in a header's value or name and in the raw URL, before any route.
  it('a NUL in a header or the raw URL is a 400 with the error body, and closes', async () => {
    for (const raw of [
      'GET /api/org/alpha HTTP/1.1\r\nHost: localhost\r\nX-Note: a\u0000b\r\n\r\n',
      'GET /api/org/alpha HTTP/1.1\r\nHost: localhost\r\nX-\u0000Note: ab\r\n\r\n',
      'GET /api/org/al\u0000pha HTTP/1.1\r\nHost: localhost\r\n\r\n',
    ])
      await expectClosingErrorBody(raw, 400);
  });
});
