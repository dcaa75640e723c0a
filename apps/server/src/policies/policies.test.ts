import { describe, expect, it } from 'vitest';
import type { DomainError } from '../services/errors';
import {
  ALREADY_PURCHASED,
  assertMayBuy,
  ownsOrder,
  assertCanSeeTopic,
  assertGroupAdmin,
  canPostMessage,
  canSeeMessage,
  canSeePage,
  canSeeTopic,
  canSeeTopicGroupCard,
  ownsBundle,
  signedInViewer,
  topicAudienceKey,
  VISITOR,
} from '.';

const member = signedInViewer('u-member', [{ groupId: 'club', role: 'member', topicId: 'secret' }]);
const admin = signedInViewer('u-admin', [{ groupId: 'club', role: 'admin', topicId: 'secret' }]);
const outsider = signedInViewer('u-out', [{ groupId: 'other', role: 'admin', topicId: null }]);

const kindOf = (run: () => void) => {
  try {
    run();
    return 'allowed';
  } catch (err) {
    return (err as DomainError).kind;
  }
};

describe('topic policies', () => {
  it('shows public topics to anyone and private ones to members of a granting group', () => {
    const secret = { _id: 'secret', visibility: 'Private' as const };
    expect(canSeeTopic(VISITOR, { _id: 'open', visibility: 'Public' })).toBe(true);
    expect(canSeeTopic(VISITOR, secret)).toBe(false);
    expect(canSeeTopic(member, secret)).toBe(true);
    expect(canSeeTopic(outsider, secret)).toBe(false);
    expect(canSeePage(member, 'secret', { visibility: 'Private' })).toBe(true);
    expect(canSeePage(outsider, 'open', { visibility: 'Private' })).toBe(false);
  });

  it('refuses a visitor with 401 and a learner without the grant with 403', () => {
    const secret = { _id: 'secret', visibility: 'Private' as const };
    expect(kindOf(() => assertCanSeeTopic(VISITOR, secret))).toBe('unauthenticated');
    expect(kindOf(() => assertCanSeeTopic(outsider, secret))).toBe('forbidden');
    expect(kindOf(() => assertCanSeeTopic(member, secret))).toBe('allowed');
  });

  it('shows a private topic group card only to those granted one of its topics', () => {
    const group = { visibility: 'Private' as const, topicIds: ['secret', 'more'] };
    expect(canSeeTopicGroupCard(member, group)).toBe(true);
    expect(canSeeTopicGroupCard(outsider, group)).toBe(false);
    expect(canSeeTopicGroupCard(VISITOR, { visibility: 'Public', topicIds: [] })).toBe(true);
  });
});

describe('group and message policies', () => {
  it('answers 404 to outsiders and 403 to members for administrator-only actions', () => {
    expect(kindOf(() => assertGroupAdmin(outsider, 'club'))).toBe('not-found');
    expect(kindOf(() => assertGroupAdmin(member, 'club'))).toBe('forbidden');
    expect(kindOf(() => assertGroupAdmin(admin, 'club'))).toBe('allowed');
  });

  it('shows group messages to members, private ones to their sender and the administrators', () => {
    const toGroup = { isPrivate: false, authorId: 'u-admin' };
    const privateByMember = { isPrivate: true, authorId: 'u-member' };
    const privateByAnother = { isPrivate: true, authorId: 'u-someone' };
    expect(canSeeMessage(member, 'club', toGroup)).toBe(true);
    expect(canSeeMessage(outsider, 'club', toGroup)).toBe(false);
    expect(canSeeMessage(member, 'club', privateByMember)).toBe(true);
    expect(canSeeMessage(member, 'club', privateByAnother)).toBe(false);
    expect(canSeeMessage(admin, 'club', privateByAnother)).toBe(true);
    expect(canSeeMessage(VISITOR, 'club', toGroup)).toBe(false);
  });

  it('lets members post privately only when the organisation allows messages to administrators only', () => {
    const adminsOnly = { groupAdminMessagingOnly: true };
    const open = { groupAdminMessagingOnly: false };
    expect(canPostMessage(member, 'club', { isPrivate: false }, open)).toBe(true);
    expect(canPostMessage(member, 'club', { isPrivate: false }, adminsOnly)).toBe(false);
    expect(canPostMessage(member, 'club', { isPrivate: true }, adminsOnly)).toBe(true);
    expect(canPostMessage(outsider, 'club', { isPrivate: true }, open)).toBe(false);
  });

  it('knows which bundles a learner owns by the group they grant', () => {
    expect(ownsBundle(member, { userGroup: 'club' })).toBe(true);
    expect(ownsBundle(VISITOR, { userGroup: 'club' })).toBe(false);
  });
});

describe('store policies', () => {
  it('lets signed-in learners buy; a member buys more than one seat only', () => {
    expect(kindOf(() => assertMayBuy(VISITOR, { userGroup: 'club' }, 1))).toBe('unauthenticated');
    expect(kindOf(() => assertMayBuy(outsider, { userGroup: 'club' }, 1))).toBe('allowed');
    expect(kindOf(() => assertMayBuy(member, { userGroup: 'club' }, 1))).toBe('invalid');
    expect(kindOf(() => assertMayBuy(member, { userGroup: 'club' }, 2))).toBe('allowed');
    try {
      assertMayBuy(admin, { userGroup: 'club' }, 1);
    } catch (err) {
      expect((err as DomainError).message).toBe(ALREADY_PURCHASED);
    }
  });

  it('shows an order to its buyer only', () => {
    expect(ownsOrder(member, { userId: 'u-member' })).toBe(true);
    expect(ownsOrder(admin, { userId: 'u-member' })).toBe(false);
    expect(ownsOrder(VISITOR, { userId: 'u-member' })).toBe(false);
  });
});

describe('topicAudienceKey', () => {
  it('gives one key to viewers who see the same pages of a topic, and another to the others', () => {
    const pages = [{ visibility: 'Public' as const }, { visibility: 'Private' as const }];
    const seen = (v: typeof VISITOR, topicId: string) =>
      pages.filter((p) => canSeePage(v, topicId, p)).length;
    for (const topicId of ['secret', 'open'])
      for (const a of [VISITOR, member, admin, outsider])
        for (const b of [VISITOR, member, admin, outsider])
          if (topicAudienceKey(a, topicId) === topicAudienceKey(b, topicId))
            expect(seen(a, topicId)).toBe(seen(b, topicId));
    expect(topicAudienceKey(member, 'secret')).toBe('granted');
    expect(topicAudienceKey(VISITOR, 'secret')).toBe('public');
    expect(topicAudienceKey(outsider, 'secret')).toBe('public');
  });
});
