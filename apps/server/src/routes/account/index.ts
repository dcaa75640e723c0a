import {
  accountUpdateSchema,
  localeQueryObjectSchema,
  orgParamsSchema,
  resolveLocale,
  uploadedFileSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisationOrThrow, requireSession } from '../../http/context';
import type { Services } from '../../services';
import { errorBodySchema } from '../org/schemas';

const accountAnswer = z.object({
  account: z.object({
    user: z.object({
      id: z.object({ email: z.string(), username: z.string(), isOAuthUser: z.boolean() }),
    }),
    userGroups: z.array(z.object({ _id: z.string(), name: z.string(), isAdmin: z.boolean() })),
    name: z.object({ first: z.string(), last: z.string(), full: z.string() }),
    phone: z.string(),
    company: z.string(),
    employeeId: z.string(),
    profilePicture: z.object({ secure_url: z.string() }).optional(),
  }),
});
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export const accountRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { organisations, sessions, accounts } = services;

    app.get(
      '/api/org/:org/account/settings',
      {
        schema: {
          tags: ['account'],
          summary: 'The signed-in learner’s account',
          params: orgParamsSchema,
          querystring: localeQueryObjectSchema,
          response: { 200: accountAnswer, ...errors },
        },
      },
      async (request) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const session = await requireSession(request, sessions, org);
        return {
          account: await accounts.account(
            org,
            session.userId,
            resolveLocale(request.query.locale, org.settings.locales),
          ),
        };
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
          response: { 200: accountAnswer, ...errors },
        },
      },
      async (request) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const session = await requireSession(request, sessions, org);
        const locale = resolveLocale(request.query.locale, org.settings.locales);
        return { account: await accounts.update(org, session.userId, request.body, locale) };
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
          response: { 200: z.object({ file: uploadedFileSchema }), ...errors },
        },
      },
      async (request) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const session = await requireSession(request, sessions, org);
        return { file: await accounts.setProfilePicture(org, session.userId, request.body) };
      },
    );

    app.delete(
      '/api/org/:org/account/settings/profilePicture',
      {
        schema: {
          tags: ['account'],
          summary: 'Remove the profile picture',
          params: orgParamsSchema,
          response: { 200: z.object({ file: z.null() }), ...errors },
        },
      },
      async (request) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const session = await requireSession(request, sessions, org);
        await accounts.removeProfilePicture(org, session.userId);
        return { file: null };
      },
    );
  };
