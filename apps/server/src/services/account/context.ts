import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/database';
import { DomainError } from '../errors';
import type { InvitationService } from '../invitations';
import type { GuessCounter } from '../login-guesses';
import type { SessionService } from '../session-service';
import type { SiteLinks } from '../site-links';
import type { ViewerService } from '../viewer-service';

export const now = () => new Date().toISOString();

/** A password login by an account that signs in through its group's single sign-on. */
export const oAuthRequired = (oAuthGroupId: string) =>
  new DomainError('invalid', 'ssoAccount', {
    extra: { oAuthGroupId },
  });

/** Wrong passwords for an account, from any address, before its sign-ins are slowed down. */
const FREE_FAILED_LOGINS = 10;
const MAX_LOGIN_DELAY_MS = 4_000;

/** What the account use cases share: their adapters and this process's sign-in state. */
export interface AccountContext {
  db: Db;
  sessions: SessionService;
  mailer: Mailer;
  storage: FileStorage;
  links: SiteLinks;
  log: FastifyBaseLogger;
  invitations: InvitationService;
  viewers?: ViewerService | undefined;
  /** A real argon2id hash, verified when no account matches, so both cases take as long. */
  dummyHash: Promise<string> | undefined;
  /**
   * Sign-in attempts by account since its last right password, forgotten 15 minutes after the
   * last one; in Redis with REDIS_URL (`shareGuesses`), so that they add up across processes.
   * Past FREE_FAILED_LOGINS wrong ones, each sign-in of the account waits longer (doubling, at
   * most MAX_LOGIN_DELAY_MS): guesses from many addresses slow down, and the learner, who knows
   * the password, still signs in (issue 16 F8: slow down, never lock out).
   */
  guesses: GuessCounter;
  /** Password reset work started after its answer (forgot), awaited when the server closes. */
  afterAnswers: Set<Promise<void>>;
}

/** Counts an attempt at the account and waits as long as the attempts before it call for. */
export async function slowDownGuesses(ctx: AccountContext, userId: string): Promise<void> {
  const over = (await ctx.guesses.count(userId)) - 1 - FREE_FAILED_LOGINS;
  if (over < 0) return;
  const ms = Math.min(250 * 2 ** over, MAX_LOGIN_DELAY_MS);
  await new Promise((resolve) => setTimeout(resolve, ms));
}
