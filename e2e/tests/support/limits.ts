/**
 * Time limits of the browser tests, written for a good day on two cores and scaled on CI, whose
 * machine has run the same tests two to three times slower (2026-11-30). The config's default
 * and every longer limit a test sets go through here, so that a long test stays long on CI.
 */
export const PACE = process.env.CI ? 2 : 1;

/** The default limit of a test. */
export const TEST_TIMEOUT = longTest(30_000);

/** The limit of a test that does more than most: `ms` on a good day, scaled as the default is. */
export function longTest(ms: number): number {
  return ms * PACE;
}

/**
 * How long an assertion waits: 7 s on a good day. The start error page, for one, shows after
 * the app's two retries (1 s and 2 s apart) and took longer than 7 s on CI's slow day.
 */
export const EXPECT_TIMEOUT = longTest(7_000);
