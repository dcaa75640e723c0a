import {
  accountAnswerSchema,
  accountUpdateSchema,
  emailChangeBodySchema,
  emailConfirmBodySchema,
  fileAnswerSchema,
  localeQueryObjectSchema,
  orgParamsSchema,
  passwordChangeBodySchema,
  removedFileAnswerSchema,
  successAnswerSchema,
  uploadedFileSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perKeyLimit } from '../../http/rate-limits';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { errorBodySchema } from '../org/schemas';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const limited = { ...errors, 429: errorBodySchema };

export const accountRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { accounts } = services;
    const scale = services.rateLimitScale;
    /** A second limit, by the signed-in account, over the route's per-address one. */
    const perAccount = (name: string, max: number, timeWindow: string) =>
      perKeyLimit(app, {
        max: max * scale,
        timeWindow,
        keyGenerator: (request) => `${name}:${request.ctx.session?.userId ?? request.ip}`,
      });

    app.get(
      '/api/org/:org/account/settings',
      {
        schema: {
          tags: ['account'],
          summary: 'The signed-in learner’s account',
          params: orgParamsSchema,
          querystring: localeQueryObjectSchema,
          response: { 200: accountAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { account: await accounts.account(org, viewer.userId, locale) };
      },
    );

    app.put(
      '/api/org/:org/account/settings',
      {
        schema: {
          tags: ['account'],
          summary: 'Change names, phone, company or employee id (only what is sent)',
          params: orgParamsSchema,
          querystring: localeQueryObjectSchema,
          body: accountUpdateSchema,
          response: { 200: accountAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { account: await accounts.update(org, viewer.userId, request.body, locale) };
      },
    );

    app.post(
      '/api/org/:org/account/settings/profilePicture',
      {
        schema: {
          tags: ['account'],
          summary: 'Use an uploaded image (from POST /api/upload) as the profile picture',
          params: orgParamsSchema,
          body: uploadedFileSchema,
          response: { 200: fileAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer } = signedIn(request);
        return { file: await accounts.setProfilePicture(org, viewer.userId, request.body) };
      },
    );

    app.delete(
      '/api/org/:org/account/settings/profilePicture',
      {
        schema: {
          tags: ['account'],
          summary: 'Remove the profile picture',
          params: orgParamsSchema,
          response: { 200: removedFileAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer } = signedIn(request);
        await accounts.removeProfilePicture(org, viewer.userId);
        return { file: null };
      },
    );

    app.put(
      '/api/org/:org/account/settings/password',
      {
        schema: {
          tags: ['account'],
          summary:
            'Change the password with the current one; every other session of the account ends',
          params: orgParamsSchema,
          body: passwordChangeBodySchema,
          response: { 200: successAnswerSchema, ...limited },
        },
        // Like sign-in: by address, and by account (guesses at the current password).
        config: { session: 'required', rateLimit: { max: 30 * scale, timeWindow: '1 minute' } },
        preHandler: perAccount('password', 10, '15 minutes'),
      },
      async (request) => {
        const { org, viewer, session } = signedIn(request);
        await accounts.changePassword(org, viewer.userId, session.token, request.body);
        return { success: true as const };
      },
    );

    app.post(
      '/api/org/:org/account/settings/email',
      {
        schema: {
          tags: ['account'],
          summary:
            'Ask for a new email: a confirmation link goes to it, a notice to the current one',
          params: orgParamsSchema,
          querystring: localeQueryObjectSchema,
          body: emailChangeBodySchema,
          response: { 200: successAnswerSchema, ...limited },
        },
        config: { session: 'required', rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
        preHandler: perAccount('email', 5, '1 hour'),
      },
      async (request) => {
        const { org, viewer, locale } = signedIn(request);
        await accounts.requestEmailChange(org, viewer.userId, request.body.email, locale);
        return { success: true as const };
      },
    );

    app.post(
      '/api/org/:org/account/email/confirm',
      {
        schema: {
          tags: ['account'],
          summary: 'Confirm a new email with the link mailed to it (works once, for 24 hours)',
          params: orgParamsSchema,
          body: emailConfirmBodySchema,
          response: { 200: successAnswerSchema, ...limited },
        },
        config: { rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
      },
      async (request) => {
        const { org } = request.ctx;
        await accounts.confirmEmail(org, request.body.token);
        return { success: true as const };
      },
    );
  };
