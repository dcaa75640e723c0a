import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

/** A pack whose general topic is called "general", as content-packs.md allows. */
function packWithGeneralId(alias: string) {
  const base = makePack(alias);
  return makePack(alias, {
    general: {
      ...base.general!,
      _id: 'general',
      pages: [
        {
          _id: `${alias}-general-p1`,
          name: 'About',
          fragments: [
            { _id: `${alias}-gf1`, type: 'content', content: `<p>About ${alias}</p>` },
            {
              _id: `${alias}-gf2`,
              type: 'field',
              field: { _id: `${alias}-region`, name: 'Region', type: 'string' },
            },
          ],
        },
      ],
    },
  });
}

describe.each(DATABASE_KINDS)('a general topic with the _id "general" on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, packWithGeneralId('genid'));
    // Another organisation, its general topic called otherwise.
    await mustImport(t.database.db, makePack('plain', { bundles: [] }));
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('is served at /topic/general', async () => {
    const res = await get('/api/org/genid/topic/general');
    expect(res.statusCode, res.body).toBe(200);
    const topic = res.json().topic;
    expect(topic).toMatchObject({ _id: 'general', isGeneral: true, name: 'General' });
    expect(topic.pages.map((p: { _id: string }) => p._id)).toEqual(['genid-general-p1']);
    expect(topic.pages[0].fragments[0].content.body).toBe('<p>About genid</p>');
    const content = await get('/api/org/genid/genid-gf1/content/');
    expect(content.json().content.body).toBe('<p>About genid</p>');
  });

  it('is the organisation’s general topic, and not one of its topics', async () => {
    const org = (await get('/api/org/genid')).json();
    expect(org.general).toMatchObject({ _id: 'general', isGeneral: true });
    expect(org.topics.map((x: { _id: string }) => x._id)).toEqual(['budgeting']);
  });

  it('is graded and saved as the general sheet of the workbook', async () => {
    const { token } = await signup(t.app, 'genid');
    const grade = await get('/api/org/genid/topic/general/worksheet/0/grade', bearer(token));
    expect(grade.statusCode, grade.body).toBe(200);
  });

  it('stays in its organisation', async () => {
    const other = await get('/api/org/plain/topic/general');
    expect(other.statusCode).toBe(200);
    expect(other.json().topic.pages[0].fragments[0].content.body).toBe('<p>About us</p>');
    expect((await get('/api/org/plain/genid-gf1/content/')).statusCode).toBe(404);
  });
});
