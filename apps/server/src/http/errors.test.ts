import { EN_US, errorText, idSchema } from '@portal/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError, invalid, notFound } from '../services/errors';
import { registerErrorHandling } from './errors';
import { tooMany } from './rate-limits';

/** The one error handler writes every message from its code, in the request's locale. */
describe('error answers by code', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.get('/long', () => {
      throw invalid(errorText('longMessage', { max: 2000 }), {
        body: errorText('atMostCharacters', { max: 2000 }),
      });
    });
    app.get('/link', () => {
      throw new DomainError('conflict', 'ssoLinkRequired', {
        errfor: { link: { verbatim: 'staff' } },
        extra: { oAuthGroupId: 'staff' },
      });
    });
    app.get('/worksheets', () => {
      throw invalid(
        errorText('tooManyWorksheets', {
          atMost: errorText('atMostWorksheets', { max: 2 }),
          topics: '"budget" (3)',
        }),
      );
    });
    app.get('/wait', () => {
      throw tooMany('30 seconds', 30);
    });
    app.get('/wait-minutes', () => {
      throw tooMany('2 minute(s)', 120);
    });
    app.get('/missing', () => {
      throw notFound('topicNotFound');
    });
    app.post(
      '/signup',
      { schema: { body: z.object({ email: z.string({ error: 'is required' }) }) } },
      () => ({}),
    );
    app.get(
      '/bundle/:bundleId',
      { schema: { params: z.object({ bundleId: idSchema }) } },
      () => ({}),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, locale?: string) =>
    app.inject({ url, headers: locale ? { 'accept-language': locale } : {} });

  it('answers in en-US the catalogue’s reference text, errfor included', async () => {
    const res = await get('/long');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: ['The message is longer than 2000 characters.'],
      errfor: { body: 'must be at most 2000 characters' },
    });
    expect((await get('/missing')).json()).toEqual({ errors: [EN_US.topicNotFound] });
  });

  it('answers in fr-CA, a message given as a parameter in French too', async () => {
    expect((await get('/long', 'fr-CA')).json()).toEqual({
      errors: ['Le message dépasse 2000 caractères.'],
      errfor: { body: 'doit compter au plus 2000 caractères' },
    });
    expect((await get('/worksheets', 'fr-CA')).json().errors).toEqual([
      'Un sujet peut avoir au plus 2 feuilles de travail; cet enregistrement en donnerait plus à "budget" (3). Supprimez d’abord une feuille de travail.',
    ]);
    expect((await get('/worksheets')).json().errors).toEqual([
      'A topic may have at most 2 worksheets; this save would give more to "budget" (3). Remove a worksheet first.',
    ]);
  });

  it('sends data of errfor and extra fields as they are', async () => {
    const res = await get('/link', 'fr-CA');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      oAuthGroupId: 'staff',
      errors: [
        'Un compte utilise déjà ce courriel. Pour y utiliser l’authentification unique, connectez-vous d’abord avec votre mot de passe, puis liez les deux.',
      ],
      errfor: { link: 'staff' },
    });
  });

  it('writes the rate limiter’s wait in the locale', async () => {
    expect((await get('/wait')).json().errors).toEqual([
      'Too many attempts. Please wait 30 seconds and try again.',
    ]);
    const fr = await get('/wait', 'fr-CA');
    expect(fr.statusCode).toBe(429);
    expect(fr.headers['retry-after']).toBe('30');
    expect(fr.json().errors).toEqual([
      'Trop de tentatives. Patientez 30 secondes, puis réessayez.',
    ]);
    expect((await get('/wait-minutes', 'fr-CA')).json().errors).toEqual([
      'Trop de tentatives. Patientez 2 minute(s), puis réessayez.',
    ]);
  });

  it('writes a schema’s known field message by code, and an unknown one as it is', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/signup',
      headers: { 'accept-language': 'fr-CA' },
      payload: {},
    });
    expect(res.json()).toEqual({
      errors: ['Valeur non valide (email) : est obligatoire'],
      errfor: { email: 'est obligatoire' },
    });
  });

  it('writes the id message of the route table’s path parameters by code', async () => {
    const en = await get('/bundle/-bad');
    expect(en.statusCode).toBe(400);
    expect(en.json().errfor).toEqual({ bundleId: EN_US.mustBeId });
    expect((await get('/bundle/-bad', 'fr-CA')).json().errfor).toEqual({
      bundleId: 'doit compter de 1 à 64 lettres, chiffres, « - » ou « _ »',
    });
  });
});
