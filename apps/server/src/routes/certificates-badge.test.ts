import { PassThrough } from 'node:stream';
import { errorBodySchema } from '@portal/domain';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  importJWK,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer, newLearner, signup, waitFor } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { accountWithRoles } from '../test/studio';

/**
 * A certificate as an Open Badges 3.0 credential (docs/design.md §16, issue 28) on a real app and
 * database: the learner's badge is a VC-JWT that a standard JWT library verifies against the JWKS
 * its header's `kid` resolves to on the organisation's host, with the OB 3.0 contexts, types,
 * issuer (whose Profile answers at `issuer.id`), subject and achievement; a changed token, or
 * another organisation's key, does not verify; a revoked certificate has no badge (410); no
 * answer and no log line carries the private key.
 */

const ORG = 'badgeorg';
const RIVAL = 'badgerival';

function certificatePack(alias: string) {
  const pack = makePack(alias);
  pack.topics!.find((t) => t._id === 'budgeting')!.certificate = { enabled: true };
  return pack;
}

type Certificate = { _id: string; badgeUrl: string | null; verifyUrl: string; valid: boolean };

describe.each(DATABASE_KINDS)('Open Badges on %s', (kind) => {
  let t: TestApp;
  const logs: string[] = [];

  const inject = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const mine = async (token: string, org: string): Promise<Certificate[]> => {
    const res = await inject(`/api/org/${org}/account/certificates`, bearer(token));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().certificates as Certificate[];
  };
  /** A learner of `org` who completes the topic, and the certificate they are issued. */
  const earn = async (org: string, prefix: string) => {
    const learner = newLearner(prefix);
    const { token } = await signup(t.app, org, learner);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/org/${org}/workbook`,
      headers: bearer(token),
      payload: {
        workbook: {
          general: { data: {}, completedPages: [] },
          topics: { budgeting: [{ name: 'Mine', data: {}, completedPages: ['budgeting-p1'] }] },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.services.progress.settled();
    await waitFor(async () => ((await mine(token, org)).length === 1 ? true : undefined));
    const [certificate] = await mine(token, org);
    return { learner, token, certificate: certificate! };
  };
  /** The JWKS the token's `kid` names, fetched from its address (the host picks the issuer). */
  const jwksOf = async (kid: string): Promise<{ status: number; body: string }> => {
    const url = new URL(kid);
    const res = await inject(url.pathname, { host: url.host });
    return { status: res.statusCode, body: res.body };
  };
  const download = async (badgeUrl: string) => {
    const res = await inject(badgeUrl);
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.body, headers: res.headers };
  };
  const verify = async (token: string, jwks: string, issuer?: string) =>
    jwtVerify(token, createLocalJWKSet(JSON.parse(jwks) as JSONWebKeySet), {
      algorithms: ['ES256'],
      typ: 'JWT',
      ...(issuer && { issuer }),
    });
  /** Every private key the database holds, as the base64 of its PEM (no line breaks). */
  const privateKeys = async () =>
    (await t.database.db.kysely.selectFrom('signing_keys').select('private_key').execute()).map(
      (r) =>
        r.private_key
          .replace(/-----[A-Z ]+-----/g, '')
          .replace(/\s+/g, '')
          .slice(0, 40),
    );

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
    t = await startTestApp(kind, { LOG_LEVEL: 'debug' }, logStream);
    await mustImport(t.database.db, certificatePack(ORG));
    await mustImport(t.database.db, certificatePack(RIVAL));
  });
  afterAll(() => t?.close());

  it('answers a VC-JWT that verifies against the JWKS of the organisation’s host, with the OB 3.0 credential in it', async () => {
    const { learner, certificate } = await earn(ORG, 'badgea');
    expect(certificate.badgeUrl).toBe(`/api/verify/${certificate._id}/badge?locale=en-US`);
    const verified = await inject(`/api/verify/${certificate._id}`);
    expect(verified.json().certificate.badgeUrl).toBe(`/api/verify/${certificate._id}/badge`);

    const { token, headers } = await download(certificate.badgeUrl!);
    expect(headers['content-type']).toBe('application/vc+jwt');
    expect(headers['content-disposition']).toBe(
      `attachment; filename="open-badge-budgeting-${certificate._id.slice(0, 8)}.jwt"`,
    );
    expect(headers['cache-control']).toBe('no-store');
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const header = decodeProtectedHeader(token);
    expect(header).toEqual({ alg: 'ES256', kid: expect.any(String), typ: 'JWT' });
    const kid = new URL(header.kid!);
    expect(kid.pathname).toBe('/.well-known/jwks.json');
    const jwks = await jwksOf(header.kid!);
    expect(jwks.status, jwks.body).toBe(200);

    const issuer = `${kid.origin}/api/org/${ORG}/issuer`;
    const { payload, protectedHeader } = await verify(token, jwks.body, issuer);
    expect(protectedHeader.kid).toBe(header.kid);
    const vc = payload as JWTPayload & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(vc['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    // The registered claims repeat the credential (OB 3.0 §8.2.4).
    expect(vc.id).toBe(certificate.verifyUrl);
    expect(vc.jti).toBe(vc.id);
    expect(vc.issuer).toEqual({
      id: issuer,
      type: ['Profile'],
      name: `Test ${ORG}`,
      url: kid.origin,
    });
    expect(vc.iss).toBe(vc.issuer.id);
    expect(vc.sub).toBe(vc.credentialSubject.id);
    expect(vc.sub).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(new Date(vc.nbf! * 1000).toISOString().replace('.000Z', 'Z')).toBe(vc.validFrom);
    const name = `${learner.first} ${learner.last}`;
    expect(vc.credentialSubject).toMatchObject({
      type: ['AchievementSubject'],
      name,
      identifier: [{ type: 'IdentityObject', identityType: 'name', identityHash: name }],
      achievement: {
        type: ['Achievement'],
        name: 'Budgeting',
        description: expect.stringContaining('Budgeting'),
        criteria: { narrative: expect.stringContaining('every page') },
      },
    });
    expect(vc.credentialSubject.achievement.id).toBe(`${kid.origin}/topic/budgeting`);
    // Names, never an email, a username or an account id.
    const text = JSON.stringify(vc);
    for (const secret of [learner.email, learner.username]) expect(text).not.toContain(secret);

    // The issuer's Profile answers at issuer.id.
    const profile = await inject(new URL(issuer).pathname, { host: kid.host });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toEqual({ '@context': vc['@context'], ...vc.issuer, type: 'Profile' });

    // In French on request: the achievement's texts, the same key.
    const french = await download(`/api/verify/${certificate._id}/badge?locale=fr-CA`);
    const fr = (await verify(french.token, jwks.body, issuer)).payload as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(fr.credentialSubject.achievement.name).toBe('Budget');
    expect(fr.credentialSubject.achievement.criteria.narrative).toContain('Terminer toutes');
    expect(fr.issuer.name).toBe(`Essai ${ORG}`);
  });

  it('refuses a changed token, and another organisation’s key verifies none of ours', async () => {
    const ours = await earn(ORG, 'badgeb');
    const theirs = await earn(RIVAL, 'badgec');
    const { token } = await download(ours.certificate.badgeUrl!);
    const rivalToken = (await download(theirs.certificate.badgeUrl!)).token;
    const ourKeys = (await jwksOf(decodeProtectedHeader(token).kid!)).body;
    const rivalKeys = (await jwksOf(decodeProtectedHeader(rivalToken).kid!)).body;
    expect(ourKeys).not.toBe(rivalKeys);
    await expect(verify(token, ourKeys)).resolves.toBeDefined();
    await expect(verify(rivalToken, rivalKeys)).resolves.toBeDefined();

    // Another name in the payload, the signature kept: refused.
    const [head, body, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    claims.credentialSubject.name = 'Someone Else';
    const forged = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expect(verify(forged, ourKeys)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    await expect(verify(`${head}.${body}.${flipped}`, ourKeys)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );

    // The rival's JWKS has no key of that id; its key itself does not verify our signature.
    await expect(verify(token, rivalKeys)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    const rivalKey = await importJWK((JSON.parse(rivalKeys) as JSONWebKeySet).keys[0]!, 'ES256');
    await expect(jwtVerify(token, rivalKey)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    // Nor does our issuer's name pass for theirs.
    await expect(
      verify(token, ourKeys, `http://x.example/api/org/${RIVAL}/issuer`),
    ).rejects.toBeInstanceOf(errors.JWTClaimValidationFailed);
  });

  it('makes one key per organisation, publishes only its public part, and logs no private key', async () => {
    const { certificate } = await earn(ORG, 'badged');
    // Downloads at once: still one key of the organisation.
    const tokens = await Promise.all(
      [1, 2, 3].map(async () => (await download(certificate.badgeUrl!)).token),
    );
    const kids = new Set(tokens.map((x) => decodeProtectedHeader(x).kid));
    expect(kids.size).toBe(1);
    const jwks = await jwksOf([...kids][0]!);
    const set = JSON.parse(jwks.body) as JSONWebKeySet;
    expect(set.keys).toHaveLength(1);
    expect(Object.keys(set.keys[0]!).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    expect(set.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    const stored = await t.database.db.kysely
      .selectFrom('signing_keys')
      .select(['org_id', 'kid'])
      .execute();
    expect(new Set(stored.map((k) => k.org_id)).size).toBe(stored.length);
    // The private keys appear in no answer and no log line.
    const secrets = await privateKeys();
    expect(secrets.length).toBeGreaterThanOrEqual(1);
    const answers = [
      jwks.body,
      ...tokens,
      ...tokens.map((x) => Buffer.from(x.split('.')[1]!, 'base64url').toString('utf8')),
    ];
    for (const secret of secrets) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      expect(logs.join('')).not.toContain(secret);
    }
    expect(logs.join('')).not.toContain('PRIVATE KEY');
    expect(logs.length).toBeGreaterThan(0);
  });

  it('answers 410 for a revoked certificate, 404 for an unknown one or host, 400 for a malformed id', async () => {
    const admin = await accountWithRoles(t, ORG, ['admin'], 'badgeboss');
    const { token, certificate } = await earn(ORG, 'badgee');
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/admin/certificates/${certificate._id}/revoke`,
      headers: admin.headers,
      payload: { reason: 'Awarded by mistake' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const gone = await inject(`/api/verify/${certificate._id}/badge`);
    expect(gone.statusCode).toBe(410);
    expect(errorBodySchema.parse(gone.json()).errors[0]).toMatch(/revoked/);
    expect((await mine(token, ORG))[0]!.badgeUrl).toBeNull();
    expect((await inject(`/api/verify/${certificate._id}`)).json().certificate.badgeUrl).toBeNull();

    const unknown = await inject('/api/verify/0000000000000000000000000a/badge');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual(['There is no such certificate.']);
    expect((await inject('/api/verify/not-an-id/badge')).statusCode).toBe(400);
    const noOrg = await inject('/.well-known/jwks.json', { host: 'nobody.example' });
    expect(noOrg.statusCode).toBe(404);
    expect(errorBodySchema.safeParse(noOrg.json()).success).toBe(true);
    expect((await inject('/api/org/nobody/issuer')).statusCode).toBe(404);
  });
});
