import { describe, expect, it } from 'vitest';
import { flashOf, flashState } from './flash';

describe('flash', () => {
  it('reads back the notice it carries, and nothing else', () => {
    expect(flashOf(flashState('inviteAccepted'))).toBe('inviteAccepted');
    expect(flashOf(null)).toBeUndefined();
    expect(flashOf({ flash: 'other' })).toBeUndefined();
    expect(flashOf({ from: '/topics' })).toBeUndefined();
  });
});
