import {
  accountAnswerSchema,
  accountUpdateSchema,
  fileAnswerSchema,
  localeQueryObjectSchema,
  orgParamsSchema,
  removedFileAnswerSchema,
  uploadedFileSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { errorBodySchema } from '../org/schemas';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export const accountRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { accounts } = services;

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
  };
