/**
 * Channels of the events that keep several server processes in step (issue 16, point 4), on the
 * bus of live events (Redis with REDIS_URL), under the deployment's REDIS_PREFIX.
 */
export const clusterChannels = (prefix: string) => ({
  /** What changed, for the caches of every process (cache/: `Caches.changed`). */
  cacheChanged: `${prefix}cache-changed`,
});
