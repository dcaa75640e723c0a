import { describe, expect, it } from 'vitest';
import { describeContrastProblem, themeContrastProblems } from './theme-contrast';

const base = {
  primaryColor: '#1F6F5C',
  secondaryColor: '#E0A526',
  tertiaryColor: '#2B4C7E',
  primaryBackgroundColor: '#FFFFFF',
  secondaryBackgroundColor: '#F6F3EC',
  tertiaryBackgroundColor: '#E8F3EF',
};

describe('themeContrastProblems', () => {
  it('passes the demo themes, whose decorative amber is not text', () => {
    expect(themeContrastProblems(base)).toEqual([]);
    expect(
      themeContrastProblems({
        primaryColor: '#1B1F3B',
        secondaryColor: '#F2A900',
        tertiaryColor: '#C8102E',
        primaryBackgroundColor: '#FFFFFF',
        secondaryBackgroundColor: '#F4F5F8',
        tertiaryBackgroundColor: '#FFF6DC',
      }),
    ).toEqual([]);
  });

  it('names the pair, its ratio rounded down and the minimum, once per pair', () => {
    const problems = themeContrastProblems({ ...base, primaryColor: '#7fd3ff' });
    expect(problems.map(describeContrastProblem)).toEqual([
      'primaryColor #7fd3ff on primaryBackgroundColor #FFFFFF: 1.6:1, needs 4.5:1 (text)',
      'primaryColor #7fd3ff on secondaryBackgroundColor #F6F3EC: 1.4:1, needs 4.5:1 (text)',
      'primaryColor #7fd3ff on tertiaryBackgroundColor #E8F3EF: 1.4:1, needs 4.5:1 (text)',
    ]);
  });

  it('refuses a ratio just under the minimum (4.49 is not 4.5)', () => {
    // #767676 on white is 4.54:1, #777777 is 4.48:1.
    expect(
      themeContrastProblems({
        ...base,
        primaryColor: '#767676',
        secondaryBackgroundColor: '#FFFFFF',
        tertiaryBackgroundColor: '#FFFFFF',
      }),
    ).toEqual([]);
    const [problem] = themeContrastProblems({
      ...base,
      primaryColor: '#777777',
      secondaryBackgroundColor: '#FFFFFF',
      tertiaryBackgroundColor: '#FFFFFF',
    });
    expect(problem).toMatchObject({ ratio: 4.4, minimum: 4.5, use: 'text' });
  });

  it('checks a dark theme the same way', () => {
    const dark = {
      ...base,
      primaryBackgroundColor: '#101418',
      secondaryBackgroundColor: '#1b2128',
      tertiaryBackgroundColor: '#222a33',
    };
    expect(themeContrastProblems({ ...dark, primaryColor: '#7fd3ff' })).toEqual([]);
    expect(themeContrastProblems({ ...dark, primaryColor: '#1F6F5C' }).length).toBe(3);
  });
});
