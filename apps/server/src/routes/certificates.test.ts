import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer, newLearner, signup, waitFor } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { accountWithRoles } from '../test/studio';

/**
 * Certificates (docs/design.md §16) on a real app and database: completing a topic that offers
 * one (with its pass mark) issues exactly one, through the job runner; anyone with the link
 * verifies it on any host and reads no email; the learner lists theirs; an administrator revokes
 * one with a reason the verify answer shows; nobody else's certificates are reachable.
 */

const ORG = 'certorg';
const RIVAL = 'certrival';

function certificatePack(alias: string, passPercent?: number) {
  const pack = makePack(alias);
  const topic = pack.topics!.find((t) => t._id === 'budgeting')!;
  topic.certificate = { enabled: true, ...(passPercent !== undefined && { passPercent }) };
  return pack;
}

describe.each(DATABASE_KINDS)('certificates on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof accountWithRoles>>;
  let rivalAdmin: Awaited<ReturnType<typeof accountWithRoles>>;

  const save = (
    org: string,
    token: string,
    income: number,
    completed: string[],
    language = 'en-US',
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/org/${org}/workbook`,
      headers: { ...bearer(token), 'accept-language': language },
      payload: {
        workbook: {
          general: { data: {}, completedPages: [] },
          topics: { budgeting: [{ name: 'Mine', data: { income }, completedPages: completed }] },
        },
      },
    });
  const mine = async (token: string, org = ORG, locale = 'en-US') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/org/${org}/account/certificates?locale=${locale}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().certificates as {
      _id: string;
      topicName: string;
      valid: boolean;
      pdfUrl: string | null;
      verifyUrl: string;
    }[];
  };
  const settle = async () => {
    await t.services.progress.settled();
    // The issue is a job: wait for the queue to have run it.
    await waitFor(async () => {
      const queued = await t.database.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'certificate-issue')
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return queued.length === 0 ? true : undefined;
    });
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, certificatePack(ORG, 100));
    await mustImport(t.database.db, certificatePack(RIVAL));
    admin = await accountWithRoles(t, ORG, ['admin'], 'certboss');
    rivalAdmin = await accountWithRoles(t, RIVAL, ['admin'], 'certrivalboss');
  });
  afterAll(() => t?.close());

  it('issues one certificate on completion with the pass mark, none before, through the job runner', async () => {
    const learner = newLearner('certa');
    const { token } = await signup(t.app, ORG, learner);
    // The right answer, but a page left: not complete.
    expect((await save(ORG, token, 100, [])).statusCode).toBe(200);
    await settle();
    expect(await mine(token)).toEqual([]);
    // Every page done (a completed page stays completed), the answer wrong: below the pass mark.
    expect((await save(ORG, token, 5, ['budgeting-p1'])).statusCode).toBe(200);
    await settle();
    expect(await mine(token)).toEqual([]);
    // Both: earned. Saved again and again, one certificate.
    for (let i = 0; i < 3; i++)
      expect((await save(ORG, token, 100, ['budgeting-p1'])).statusCode).toBe(200);
    await settle();
    await waitFor(async () => ((await mine(token)).length === 1 ? true : undefined));
    const [cert] = await mine(token);
    expect(cert).toMatchObject({ topicName: 'Budgeting', valid: true });
    expect(cert!._id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
    expect(cert!.verifyUrl).toMatch(new RegExp(`/verify/${cert!._id}$`));
    const rows = await t.database.db.kysely
      .selectFrom('certificates')
      .select('id')
      .where('topic_id', '=', 'budgeting')
      .where('learner_name', '=', `${learner.first} ${learner.last}`)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('issues in the language the learner’s page shows (the app’s Accept-Language)', async () => {
    const learner = newLearner('certfr');
    const { token } = await signup(t.app, ORG, learner);
    await save(ORG, token, 100, ['budgeting-p1'], 'fr-CA');
    await settle();
    await waitFor(async () => ((await mine(token)).length === 1 ? true : undefined));
    const [cert] = await mine(token);
    const row = await t.database.db.kysely
      .selectFrom('certificates')
      .select('locale')
      .where('id', '=', cert!._id)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('fr-CA');
  });

  it('verifies on any host without a session: names, never an email; unknown and malformed ids refused', async () => {
    const learner = newLearner('certb');
    const { token } = await signup(t.app, ORG, learner);
    await save(ORG, token, 100, ['budgeting-p1']);
    await settle();
    await waitFor(async () => ((await mine(token)).length === 1 ? true : undefined));
    const [cert] = await mine(token);
    for (const host of ['learn.certorg.example', 'learn.certrival.example', 'elsewhere.example'])
      for (const locale of ['en-US', 'fr-CA']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/verify/${cert!._id}?locale=${locale}`,
          headers: { host },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().certificate).toMatchObject({
          learnerName: `${learner.first} ${learner.last}`,
          organisationName: locale === 'fr-CA' ? `Essai ${ORG}` : `Test ${ORG}`,
          valid: true,
          revokedReason: null,
        });
        expect(res.body).not.toContain(learner.email);
        expect(res.body).not.toContain(learner.username);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/verify/0000000000000000000000000a',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual(['There is no such certificate.']);
    for (const bad of ['short', 'UPPERCASEUPPERCASEUPPERCAS', `${cert!._id}x`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/verify/${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('lets an administrator list and revoke with a reason the verify answer shows, once, audited', async () => {
    const learner = newLearner('certc');
    const { token } = await signup(t.app, ORG, learner);
    await save(ORG, token, 100, ['budgeting-p1']);
    await settle();
    await waitFor(async () => ((await mine(token)).length === 1 ? true : undefined));
    const [cert] = await mine(token);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/admin/certificates?learner=${encodeURIComponent(learner.email)}`,
      headers: admin.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().certificates.map((c: { _id: string }) => c._id)).toEqual([cert!._id]);
    // The PDF, in the learner's language or another the organisation has, without a session.
    const pdfText = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const doc = await getDocumentProxy(new Uint8Array(res.rawPayload));
      return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
    };
    const english = await pdfText(cert!.pdfUrl!);
    expect(english).toContain(`${learner.first} ${learner.last}`);
    expect(english).toContain('Certificate of completion');
    expect(english).toContain(`Test ${ORG}`);
    const french = await pdfText(`/api/verify/${cert!._id}/pdf?locale=fr-CA`);
    expect(french).toContain('Attestation de réussite');
    expect(french).toContain('Budget');
    const revoke = (who: { headers: Record<string, string> }, org = ORG) =>
      t.app.inject({
        method: 'POST',
        url: `/api/org/${org}/admin/certificates/${cert!._id}/revoke`,
        headers: who.headers,
        payload: { reason: 'Awarded by mistake' },
      });
    // The learner, and the rival's administrator (in their own organisation): refused.
    expect((await revoke({ headers: bearer(token) })).statusCode).toBe(403);
    expect((await revoke(rivalAdmin, RIVAL)).statusCode).toBe(404);
    expect((await revoke(rivalAdmin)).statusCode).toBe(401);
    const done = await revoke(admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().certificate).toMatchObject({
      valid: false,
      revokedReason: 'Awarded by mistake',
    });
    expect((await revoke(admin)).statusCode).toBe(409);
    const verified = await t.app.inject({ method: 'GET', url: `/api/verify/${cert!._id}` });
    expect(verified.json().certificate).toMatchObject({
      valid: false,
      revokedReason: 'Awarded by mistake',
      pdfUrl: null,
    });
    expect((await mine(token))[0]).toMatchObject({ valid: false, pdfUrl: null });
    const revokedPdf = await t.app.inject({ method: 'GET', url: `/api/verify/${cert!._id}/pdf` });
    expect(revokedPdf.statusCode).toBe(410);
    expect(revokedPdf.json().errors[0]).toMatch(/revoked/);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/admin/audit?target=certificate:${cert!._id}`,
      headers: admin.headers,
    });
    expect(audit.json().events).toEqual([
      expect.objectContaining({
        action: 'certificate.revoke',
        before: { valid: true, revokedReason: null },
        after: { valid: false, revokedReason: 'Awarded by mistake' },
      }),
    ]);
    // A reason is required; a bad id is a 400.
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/admin/certificates/${cert!._id}/revoke`,
      headers: admin.headers,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('shows a learner only their own certificates, and the rival organisation’s none of ours', async () => {
    const a = await signup(t.app, ORG, newLearner('certd'));
    const b = await signup(t.app, ORG, newLearner('certe'));
    await save(ORG, a.token, 100, ['budgeting-p1']);
    await settle();
    await waitFor(async () => ((await mine(a.token)).length === 1 ? true : undefined));
    expect(await mine(b.token)).toEqual([]);
    const rivalList = await t.app.inject({
      method: 'GET',
      url: `/api/org/${RIVAL}/admin/certificates`,
      headers: rivalAdmin.headers,
    });
    expect(rivalList.json().certificates).toEqual([]);
    // A certificate of the rival (no pass mark there): issued on completion alone.
    const r = await signup(t.app, RIVAL, newLearner('certr'));
    await save(RIVAL, r.token, 1, ['budgeting-p1']);
    await settle();
    await waitFor(async () => ((await mine(r.token, RIVAL)).length === 1 ? true : undefined));
    const ours = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/admin/certificates?limit=200`,
      headers: admin.headers,
    });
    const rivalCert = (await mine(r.token, RIVAL))[0]!;
    expect(ours.body).not.toContain(rivalCert._id);
  });
});
