import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer, signup } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { multipart, PNG_1X1 } from '../test/multipart';

const MiB = 1_048_576;

/**
 * Sends the headers of a 10 MiB multipart upload and its first 64 KiB only, then waits for the
 * answer: a server that reads the whole body first never answers.
 */
function startHugeUpload(base: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    sent: number;
    headers: http.IncomingHttpHeaders;
    body: string;
  }>((resolve, reject) => {
    const boundary = 'portal-huge';
    const url = new URL('/api/upload', base);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(10 * MiB),
      },
    });
    let sent = 0;
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, sent, headers: res.headers, body });
        request.destroy();
      });
    });
    request.on('error', reject);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    request.write(head);
    request.write(Buffer.alloc(64 * 1024));
    sent = head.length + 64 * 1024;
    // The rest is never sent: only an answer that comes before the body ends this.
    setTimeout(() => reject(new Error('no answer before the body was sent')), 5_000).unref();
  });
}

describe.each(DATABASE_KINDS)('upload limits on %s (issue 16, F5)', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      UPLOADS_PER_HOUR: '3',
      UPLOAD_BYTES_PER_HOUR: String(200 * 1024),
      UPLOAD_MAX_BYTES: String(150 * 1024),
    });
    await mustImport(t.database.db, makePack('doughmain'));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  const upload = (token: string, data = PNG_1X1) => {
    const body = multipart([
      { name: 'upload_preset', value: 'doughmain' },
      { name: 'file', filename: 'me.png', type: 'image/png', data },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };

  it('refuses an unauthenticated 10 MiB upload before its body is sent, and closes the connection', async () => {
    const none = await startHugeUpload(base, {});
    expect(none.status).toBe(401);
    expect(none.sent).toBeLessThan(MiB);
    expect(none.headers.connection).toBe('close');
    expect(JSON.parse(none.body)).toEqual({ errors: ['You must be signed in to do this.'] });
    const forged = await startHugeUpload(base, bearer('f'.repeat(43)));
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toEqual({
      errors: ['Your session has ended. Please sign in again.'],
    });
  });

  it('refuses a signed-in upload whose declared length is over the limit before reading it', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const big = await startHugeUpload(base, bearer(token));
    expect(big.status).toBe(413);
    expect(big.sent).toBeLessThan(MiB);
    expect(JSON.parse(big.body).errors).toEqual([`File is larger than ${150 * 1024} bytes`]);
  });

  it('keeps memory flat under 40 concurrent unauthenticated 10 MiB uploads', async () => {
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(Array.from({ length: 40 }, () => startHugeUpload(base, {})));
    expect(answers.every((a) => a.status === 401)).toBe(true);
    // Reading the bodies would take 400 MiB; refused before reading, they take next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
  });

  it('limits the uploads of an account per hour with 429 and Retry-After', async () => {
    const { token } = await signup(t.app, 'doughmain');
    for (let i = 0; i < 3; i++) expect((await upload(token)).statusCode).toBe(200);
    const refused = await upload(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      errors: ['You have uploaded too many files in the last hour. Please try again later.'],
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    const fr = await t.app.inject({
      method: 'POST',
      url: '/api/upload?locale=fr-CA',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(fr.statusCode).toBe(429);
    expect(fr.json()).toEqual({
      errors: [
        'Vous avez téléversé trop de fichiers au cours de la dernière heure. Veuillez réessayer plus tard.',
      ],
    });
    expect(
      Math.abs(Number(fr.headers['retry-after']) - Number(refused.headers['retry-after'])),
    ).toBeLessThanOrEqual(1);
    // Another learner is not limited by the first one's uploads.
    const other = await signup(t.app, 'doughmain');
    expect((await upload(other.token)).statusCode).toBe(200);
  });

  it('limits the bytes an account uploads per hour', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const file = Buffer.concat([PNG_1X1, Buffer.alloc(120 * 1024)]);
    expect((await upload(token, file)).statusCode).toBe(200);
    expect((await upload(token, file)).statusCode).toBe(200);
    const refused = await upload(token, file);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
  });
});
