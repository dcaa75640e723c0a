/**
 * The server's clock, as this browser estimates it. Field times belong to the server (design
 * §8): the web app stamps its edits in the server's time, learned from the `serverTime` of the
 * workbook's answers, so that a device whose clock is wrong (a day ahead or behind) still
 * orders its edits right against those of other devices.
 */
let offsetMs = 0;

/**
 * Notes a time the server gave (`serverTime`, ISO) in an answer to a request sent at `sentAt`
 * and answered at `receivedAt` (this browser's milliseconds): the server read its clock about
 * halfway between the two.
 */
export function noteServerTime(serverTime: unknown, sentAt: number, receivedAt: number): void {
  if (typeof serverTime !== 'string') return;
  const server = Date.parse(serverTime);
  if (!Number.isFinite(server)) return;
  offsetMs = server - (sentAt + receivedAt) / 2;
}

/** The server's time now, in milliseconds since the epoch, as this browser estimates it. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
