import { describe, expect, it } from 'vitest';
import { shiftIntoView } from './use-keep-in-viewport';

describe('shiftIntoView', () => {
  it('leaves a menu that fits where its trigger put it', () => {
    expect(shiftIntoView({ left: 100, right: 340 }, 1366)).toBe(0);
  });

  it('moves a menu past the end edge back inside, 8 px from it', () => {
    // The avatar menu of a 1366 px window that ran 57 px off the right.
    expect(shiftIntoView({ left: 1183, right: 1423 }, 1366)).toBe(-65);
  });

  it('moves a menu past the start edge inside, and the start wins when it is too wide', () => {
    expect(shiftIntoView({ left: -20, right: 200 }, 390)).toBe(28);
    expect(shiftIntoView({ left: 50, right: 500 }, 390)).toBe(-42);
    expect(shiftIntoView({ left: 0, right: 600 }, 390)).toBe(8);
  });
});
