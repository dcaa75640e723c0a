import { describe, expect, it } from 'vitest';
import { canSeePage, canSeeTopic, isShareable } from './visibility';

const visitor = { grantedTopicIds: new Set<string>() };
const member = { grantedTopicIds: new Set(['secret']) };

describe('visibility', () => {
  it('shows public topics to anyone and private ones to granted members only', () => {
    expect(canSeeTopic(visitor, { _id: 'open', visibility: 'Public' })).toBe(true);
    expect(canSeeTopic(visitor, { _id: 'secret', visibility: 'Private' })).toBe(false);
    expect(canSeeTopic(member, { _id: 'secret', visibility: 'Private' })).toBe(true);
    expect(canSeeTopic(member, { _id: 'other', visibility: 'Private' })).toBe(false);
  });
  it('shows private pages to those granted the topic', () => {
    expect(canSeePage(visitor, 'open', { visibility: 'Private' })).toBe(false);
    expect(canSeePage(member, 'secret', { visibility: 'Private' })).toBe(true);
    expect(canSeePage(visitor, 'open', { visibility: 'Public' })).toBe(true);
  });
  it('allows sharing only when group, topic and page are all public', () => {
    const group = { visibility: 'Public' as const };
    expect(
      isShareable({ visibility: 'Public', parentTopicGroup: group }, { visibility: 'Public' }),
    ).toBe(true);
    expect(
      isShareable(
        { visibility: 'Public', parentTopicGroup: { visibility: 'Private' } },
        { visibility: 'Public' },
      ),
    ).toBe(false);
    expect(
      isShareable({ visibility: 'Public', parentTopicGroup: group }, { visibility: 'Private' }),
    ).toBe(false);
    expect(
      isShareable({ visibility: 'Private', parentTopicGroup: group }, { visibility: 'Public' }),
    ).toBe(false);
    expect(isShareable({ visibility: 'Public' }, { visibility: 'Public' })).toBe(false);
  });
});
