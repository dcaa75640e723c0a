import { describe, expect, it } from 'vitest';
import { isShareable } from './visibility';

describe('visibility', () => {
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
