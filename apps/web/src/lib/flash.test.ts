import { describe, expect, it } from 'vitest';
import { flashGroup, flashOf, flashState } from './flash';

describe('flash', () => {
  it('reads back the notice it carries, and nothing else', () => {
    expect(flashOf(flashState('joined', 'Bakery · Club'))).toBe('joined');
    expect(flashGroup(flashState('joined', 'Bakery · Club'))).toBe('Bakery · Club');
    expect(flashGroup(flashState('resumed'))).toBe('');
    expect(flashOf(null)).toBeUndefined();
    expect(flashOf({ flash: 'other' })).toBeUndefined();
    expect(flashOf({ from: '/topics' })).toBeUndefined();
  });
});
