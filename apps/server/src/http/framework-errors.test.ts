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

  it('a path parameter over 100 characters is a 414 with the error body, not the URL', async () => {
    const long = 'x'.repeat(101);
    const body = await expectErrorBody(`/api/org/${long}/topic/a`, 414);
    expect(JSON.stringify(body)).not.toContain(long);
  });

  it('a URL that cannot be decoded is a 400 with the error body and errfor', async () => {
    const body = await expectErrorBody('/api/org/%E0%A4%A/topic/a', 400);
    expect(body.errfor).toEqual({ url: 'is not a valid address' });
  });

  it('the sitemap of a host no organisation has is a 404 with the error body', async () => {
    await expectErrorBody('/sitemap.xml', 404, 'nobody.example');
  });
});
