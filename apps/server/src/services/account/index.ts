import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/database';
import type { InvitationService } from '../invitations';
import { MemoryGuessCounter, type GuessCounter } from '../login-guesses';
import type { SessionService } from '../session-service';
import type { SiteLinks } from '../site-links';
import type { UseCaseArgs } from '../use-cases';
import type { ViewerService } from '../viewer-service';
import type { AccountContext } from './context';
import { confirmEmail, requestEmailChange } from './email';
import { changePassword, confirmPassword, forgot, reset, settle } from './password';
import { account, removeProfilePicture, setProfilePicture, update } from './profile';
import { acceptInvite, login, loginLimitKey, signup } from './sign-in';

export { oAuthRequired } from './context';

/**
 * Accounts of an organisation, one use case per module: signing in and up (sign-in.ts), the
 * password (password.ts), the email (email.ts), the profile (profile.ts).
 */
export class AccountService {
  private readonly ctx: AccountContext;

  constructor(
    db: Db,
    sessions: SessionService,
    mailer: Mailer,
    storage: FileStorage,
    links: SiteLinks,
    log: FastifyBaseLogger,
    invitations: InvitationService,
    viewers?: ViewerService,
  ) {
    this.ctx = {
      db,
      sessions,
      mailer,
      storage,
      links,
      log,
      invitations,
      viewers,
      dummyHash: undefined,
      guesses: new MemoryGuessCounter(),
      afterAnswers: new Set(),
    };
  }

  /** Counts sign-in attempts in `counter` (Redis, shared by every process) instead. */
  shareGuesses(counter: GuessCounter): void {
    this.ctx.guesses = counter;
  }

  loginLimitKey(...args: UseCaseArgs<typeof loginLimitKey>) {
    return loginLimitKey(this.ctx, ...args);
  }

  login(...args: UseCaseArgs<typeof login>) {
    return login(this.ctx, ...args);
  }

  acceptInvite(...args: UseCaseArgs<typeof acceptInvite>) {
    return acceptInvite(this.ctx, ...args);
  }

  signup(...args: UseCaseArgs<typeof signup>) {
    return signup(this.ctx, ...args);
  }

  confirmPassword(...args: UseCaseArgs<typeof confirmPassword>) {
    return confirmPassword(this.ctx, ...args);
  }

  forgot(...args: UseCaseArgs<typeof forgot>) {
    return forgot(this.ctx, ...args);
  }

  /** Waits for the work started after answers (the server closes once it is done). */
  settle() {
    return settle(this.ctx);
  }

  reset(...args: UseCaseArgs<typeof reset>) {
    return reset(this.ctx, ...args);
  }

  changePassword(...args: UseCaseArgs<typeof changePassword>) {
    return changePassword(this.ctx, ...args);
  }

  requestEmailChange(...args: UseCaseArgs<typeof requestEmailChange>) {
    return requestEmailChange(this.ctx, ...args);
  }

  confirmEmail(...args: UseCaseArgs<typeof confirmEmail>) {
    return confirmEmail(this.ctx, ...args);
  }

  account(...args: UseCaseArgs<typeof account>) {
    return account(this.ctx, ...args);
  }

  update(...args: UseCaseArgs<typeof update>) {
    return update(this.ctx, ...args);
  }

  setProfilePicture(...args: UseCaseArgs<typeof setProfilePicture>) {
    return setProfilePicture(this.ctx, ...args);
  }

  removeProfilePicture(...args: UseCaseArgs<typeof removeProfilePicture>) {
    return removeProfilePicture(this.ctx, ...args);
  }
}
