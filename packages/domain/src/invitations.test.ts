import { describe, expect, it } from 'vitest';
import {
  cohortName,
  invitationLink,
  invitationSchema,
  invitationState,
  isUnused,
  pastedEmails,
} from './invitations';

describe('invitation rules', () => {
  const blank = { emailKey: null, usedBy: null, revokedAt: null };

  it('says open, pending, used or revoked, revoked first', () => {
    expect(invitationState(blank)).toBe('open');
    expect(invitationState({ ...blank, emailKey: 'a@x.org' })).toBe('pending');
    expect(invitationState({ ...blank, emailKey: 'a@x.org', usedBy: 'u1' })).toBe('used');
    // A used seat freed when its member was removed is revoked, not used.
    expect(invitationState({ ...blank, usedBy: 'u1', revokedAt: '2026-01-01' })).toBe('revoked');
    expect(isUnused({ ...blank, emailKey: 'a@x.org' })).toBe(true);
    expect(isUnused({ ...blank, usedBy: 'u1' })).toBe(false);
  });

  it('links an open seat to sign-up, a sent one with its email locked, an account to sign-in', () => {
    expect(invitationLink('i/1', null, false)).toBe('/signup?inviteId=i%2F1');
    expect(invitationLink('i1', 'a+b@x.org', false)).toBe(
      '/signup?email=a%2Bb%40x.org&inviteId=i1',
    );
    expect(invitationLink('i1', 'a@x.org', true)).toBe('/signin?email=a%40x.org&inviteId=i1');
  });

  it('splits pasted addresses on commas, semicolons, spaces and new lines', () => {
    expect(pastedEmails(' a@x.org, b@x.org;\n<c@x.org>\t d ')).toEqual([
      'a@x.org',
      'b@x.org',
      'c@x.org',
      'd',
    ]);
    expect(pastedEmails(' \n ,; ')).toEqual([]);
  });

  it('names a cohort after the buyer’s company, else their name, else their username', () => {
    const group = { 'en-US': 'Small Business Cohort', 'fr-CA': 'Cohorte Petite entreprise' };
    const buyer = {
      company: 'Marchetti Bakery',
      first: 'Rosa',
      last: 'Marchetti',
      username: 'rosa',
    };
    expect(cohortName(buyer, group)).toEqual({
      'en-US': 'Marchetti Bakery · Small Business Cohort',
      'fr-CA': 'Marchetti Bakery · Cohorte Petite entreprise',
    });
    expect(cohortName({ ...buyer, company: ' ' }, 'Club')).toEqual({
      'en-US': 'Rosa Marchetti · Club',
    });
    expect(cohortName({ company: '', first: '', last: '', username: 'rosa' }, 'Club')).toEqual({
      'en-US': 'rosa · Club',
    });
  });

  it('describes an invitation as the API answers it', () => {
    const invitation = {
      _id: 'i1',
      group: 'cohort-1',
      email: null,
      state: 'open',
      createdAt: '2026-01-01T00:00:00.000Z',
      usedBy: null,
      usedAt: null,
      revokedAt: null,
      link: '/signup?inviteId=i1',
    };
    expect(invitationSchema.parse(invitation)).toEqual(invitation);
    expect(invitationSchema.safeParse({ ...invitation, state: 'taken' }).success).toBe(false);
  });
});
