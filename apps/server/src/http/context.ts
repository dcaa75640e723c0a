import type { FastifyRequest } from 'fastify';
import type { OrganisationRecord, OrganisationService } from '../services/organisation-service';
import type { Session, SessionService } from '../services/session-service';
import { HttpError, notFound } from './errors';

export const NO_ORGANISATION = 'No organisation at this address';
export const SIGN_IN_REQUIRED = 'You must be signed in to do this.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export async function organisationOrThrow(
  organisations: OrganisationService,
  alias: string,
): Promise<OrganisationRecord> {
  const org = await organisations.find(alias);
  if (!org) throw notFound(NO_ORGANISATION);
  return org;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The signed-in learner of this organisation, or 401: a token of another organisation is refused. */
export async function requireSession(
  request: FastifyRequest,
  sessions: SessionService,
  org: OrganisationRecord,
): Promise<Session & { token: string }> {
  const token = bearerToken(request);
  if (!token)
    throw new HttpError(401, request.headers.authorization ? SESSION_ENDED : SIGN_IN_REQUIRED);
  const session = await sessions.find(token, org.id);
  if (!session) throw new HttpError(401, SESSION_ENDED);
  return { ...session, token };
}

/** The signed-in learner if there is a valid token, else null (for routes open to visitors). */
export async function optionalSession(
  request: FastifyRequest,
  sessions: SessionService,
  org: OrganisationRecord,
): Promise<Session | null> {
  const token = bearerToken(request);
  return token ? sessions.find(token, org.id) : null;
}
