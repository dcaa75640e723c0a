/**
 * Channels of the events that keep several server processes in step (issue 16, point 4), on the
 * bus of live events (Redis with REDIS_URL), under the deployment's REDIS_PREFIX.
 */
export const clusterChannels = (prefix: string) => ({
  /** `token:{hash}` or `user:{id}`: sessions revoked (logout, password reset). */
  sessionsRevoked: `${prefix}sessions-revoked`,
  /** An organisation's alias: its content pack was imported (CLI). */
  organisationImported: `${prefix}organisation-imported`,
});
