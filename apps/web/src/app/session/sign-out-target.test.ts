import { describe, expect, it } from 'vitest';
import { signOutTarget } from './sign-out-target';

describe('signOutTarget', () => {
  it('ends on /signin, which says why after the idle timeout or an erasure', () => {
    expect(signOutTarget({}, null)).toEqual({ to: '/signin' });
    expect(signOutTarget({ idle: true }, null)).toEqual({ to: '/signin?timeout=1' });
    // Erased: /signin says so, even for an account of single sign-on.
    expect(signOutTarget({ erased: true }, 'staff')).toEqual({
      to: '/signin',
      state: { flash: 'erased' },
    });
  });

  it('ends on the group’s single sign-on for its learners', () => {
    expect(signOutTarget({}, 'staff team')).toEqual({ to: '/sso?oauth=staff%20team' });
  });

  it('comes back to `returnTo` after logging in again (design §18: a fresh log-in)', () => {
    expect(signOutTarget({ returnTo: '/admin/people?person=ann' }, null)).toEqual({
      to: '/signin?returnTo=%2Fadmin%2Fpeople%3Fperson%3Dann',
    });
    // The single sign-on's callback goes back to the address kept for it.
    expect(signOutTarget({ returnTo: '/account' }, 'staff')).toEqual({
      to: '/sso?oauth=staff',
      ssoReturnTo: '/account',
    });
  });
});
